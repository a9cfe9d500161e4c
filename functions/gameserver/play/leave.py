"""A member leaves a game that goes on: each of their seats passes to a stand-in (a bot), from the open step on.

The game's players change, and the game item says so (``Game.replaced``: the seat, who played it, who plays it
now, the step that was open), which is how the game's history tells it. If the open step waited on the seat
and it had not sent, the stand-in decides it now, as a stand-in decides a step it is given when it opens; a
step that then awaits no member resolves in the same request, and so do the steps after it that await no member
(the game plays on to the next decision of a member, or to its end when none is left).

The member's list entry stays, with the status ``left``; their views go (in the same transaction), and the game
is no longer theirs to read (404, as for anyone it does not seat).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gameserver.clock import Clock, iso
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.play import events
from gameserver.play.steps import (
    ATTEMPTS,
    close,
    commit,
    is_due,
    member_views,
    opening_submissions,
    plays_of,
    read_step,
    settle,
)
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import StepCommit
from gameserver.storage.port import Store
from gameserver.storage.records import Game, Json, Play, Replacement, Seat, Submission, is_member

LEFT = "left"
"""The status of a leaver's entry in their list of games."""

StandIn = Callable[[Seat], tuple[str, Json | None]]
"""Who takes a seat over: its player's name (``bot:2``) and its stand-in (what ``Engine.stand_in`` is given)."""


def leave(store: Store, clock: Clock, sub: str, game_id: str, *, kind: str, stand_in_of: StandIn,
          check: Callable[[Game], None] = lambda game: None) -> Game:
    """``sub`` leaves their game of ``kind``; each of their seats passes to ``stand_in_of(seat)``. Returns the
    game as it stands after (the next decision of a member open, or over). ``NotFound`` for a game ``sub`` does
    not play, ``Conflict`` (``game_over``) once it is over; ``check(game)`` raises for a game its mode does not
    let a member leave. One read and one transaction (more when the steps that then await no member run past
    one transaction)."""
    for _ in range(ATTEMPTS):
        loaded = read_step(store, game_id, kind=kind)
        if loaded is None or loaded.game.kind != kind or not loaded.game.seats_of(sub):
            raise NotFound(f"no game {game_id} of yours", field="game_id")
        now = clock.now()
        if is_due(loaded.game, now):
            settled = settle(store, clock, loaded).loaded
            if settled is None or settled.board.epoch != settled.game.epoch:
                continue
            loaded = settled
        game, board, engine, state = loaded.game, loaded.board, loaded.engine, loaded.state
        if game.status != "open":
            raise Conflict(f"game {game_id} is over", code=ErrorCode.GAME_OVER)
        check(game)
        seats = game.seats_of(sub)
        taken = {seat: stand_in_of(seat) for seat in seats}
        if any(is_member(player) for player, _ in taken.values()):
            raise ValueError("a seat left by a member passes to a stand-in, not to another member")
        players = {seat: taken[seat][0] if seat in taken else who for seat, who in game.players.items()}
        moved_board = replace(board, stand_ins={**board.stand_ins, **{seat: s for seat, (_, s) in taken.items()}})
        step = engine.step(state, players)
        assert step is not None, "an open game has a step to play"
        # The first step the stand-in decides: the open one, unless the seat had sent for it (or is not in it).
        first = {seat: game.step if seat in game.submissions and not game.submissions[seat].sent else game.step + 1
                 for seat in seats}
        moved = replace(game, players=players,
                        replaced=(*game.replaced, *(Replacement(seat, sub, taken[seat][0], first[seat], iso(now))
                                                    for seat in seats)),
                        awaiting=tuple(seat for seat in players if seat in step.awaiting))
        # The stand-ins decide the seats of the open step that had yet to send, as if it had just opened.
        fresh = opening_submissions(engine, state, step, moved, moved_board, game.step, iso(now))
        moved = replace(moved, submissions={
            seat: sent if sent.sent or seat not in seats else fresh.get(seat, Submission())
            for seat, sent in game.submissions.items()})
        left = _left_entry(moved, sub, seats)
        try:
            if all(moved.submissions[seat].sent for seat in moved.awaiting):
                closed = close(loaded.moved(moved, moved_board), now)
                closed = closed._replace(commit=closed.commit._replace(plays=[*closed.commit.plays, left],
                                                                       dropped=(sub,)))
                after = commit(store, clock, closed)
                if is_due(closed.after, now):
                    return settle(store, clock, after).game
                return after.game
            written = replace(moved, version=game.version + 1)
            store.transact(events.added([StepCommit(
                before_version=game.version, game=written, board=moved_board,
                views=member_views(engine, written, state, game.epoch), records=[],
                plays=[*plays_of(written), left], dropped=(sub,))]))
            return written
        except WriteConflict:
            continue
    raise Conflict("the game changed while you were leaving it; send it again", code=ErrorCode.BUSY)


def _left_entry(game: Game, sub: str, seats: tuple[Seat, ...]) -> Play:
    return Play(sub=sub, game_id=game.game_id, kind=game.kind, created_at=game.created_at, seats=seats,
                players=dict(game.players), mode=game.mode, status=LEFT, step=game.step, label=game.label,
                deadline=None, winner=None)
