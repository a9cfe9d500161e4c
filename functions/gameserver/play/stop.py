"""Stopping a game off the board, whatever the game and the mode: its member abandons it, a moderator stops it,
a freeze cancels it or forfeits it, its mode's rules name a forfeit's winner.

One transaction, as a resolved step: the game's end (over, the winner named or none, the board's state
stopped, the members' views and lists saying so, who stopped it and why on the game item), the writes its mode
adds to a stop (``Mode.writes_with_stop``: a duel cancelled with its stakes returned, a tournament's bracket
moving on, a Daily Front entry not ranked) and the caller's own (the audit lines); then, once it has committed,
the mode's follow-up (``Mode.after_stop``: the notices, a daily challenge's result on the day's board).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

from gameserver.clock import Clock, iso
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.play import events
from gameserver.play.engine import Outcome
from gameserver.play.modes import Stop, StopReason
from gameserver.play.steps import ATTEMPTS, Loaded, load, member_views, plays_of, read_step
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import GameClose, StepRead
from gameserver.storage.records import Game, Stopped, Submission

if TYPE_CHECKING:
    from gameserver.storage.port import Store, Write


def ending(loaded: Loaded, stop: Stop, now: datetime) -> GameClose:
    """The write that ends the loaded game off the board (pure): over, ``stop``'s winner named, claimed by the
    game's version. The board's state is stopped too, so the members' views say the game is over and its record
    opens, with the steps that were played; a moderator's stop has no result, whatever the stopped state says."""
    game, board, engine = loaded.game, loaded.board, loaded.engine
    state = engine.stop(loaded.state, stop.winner)
    if stop.reason is StopReason.MODERATOR:
        ended = Outcome(None)
    else:
        ended = engine.outcome(state) or Outcome(stop.winner)  # as the stopped state tells it (a member's result)
    closed = replace(game, status="over", version=game.version + 1, deadline=None, winner=ended.winner,
                     awaiting=(), result=ended.result, actions=(), finished_at=iso(now),
                     submissions={seat: Submission() for seat in game.submissions},
                     stopped=Stopped(str(stop.reason), stop.by, iso(now)))
    return GameClose(game.version, closed, replace(board, state=engine.dump(state)),
                     member_views(engine, closed, state, game.epoch), plays_of(closed))


def end_off_the_board(store: Store, game: Game, stop: Stop, now: datetime) -> GameClose:
    """``ending`` of ``game`` as stored now, for a mode whose own transition ends it with other games or items
    (a tournament's freeze deciding several matches, a duel's catch-up finding no orders at all);
    ``WriteConflict`` when the board is not at the game's epoch (a step resolved meanwhile)."""
    board = store.games.board(game.game_id)
    loaded = load(StepRead(game, board))
    if loaded is None or loaded.board.epoch != game.epoch:
        raise WriteConflict(f"the board of game {game.game_id} is not at the game's epoch")
    return ending(loaded, stop, now)


class Ended(NamedTuple):
    """A committed stop: the game's end and the writes its mode added to it (a duel's end, to answer with)."""

    close: GameClose
    own: Sequence[Write]


def stop(store: Store, clock: Clock, game_id: str, why: Stop | Callable[[Game], Stop], riders: Sequence[Write] = (),
         *, may_stop: Callable[[Game], bool] | None = None, kind: str | None = None) -> Ended:
    """Stop the open game ``game_id`` (``riders``: the caller's writes, in the same transaction): 404 for no such
    game or one ``may_stop`` refuses (a member's stop of a game not theirs: the same 404), 409 ``game_over`` once it is over,
    ``busy`` when it kept changing (a step resolving, its mode's items moving on) for ``ATTEMPTS`` reads.
    ``why``: the stop, or how it follows from the game as read (a forfeit's winner, named by a member, sits at a
    seat only the game knows). ``kind``: the game's, when the caller knows it (its read then asks only for its
    modes' companions)."""
    for _ in range(ATTEMPTS):
        loaded = read_step(store, game_id, kind=kind)
        if loaded is None or (may_stop is not None and not may_stop(loaded.game)):
            raise NotFound(f"no game {game_id}" if may_stop is None else f"no game {game_id} of yours",
                           field="game_id")
        if loaded.game.status != "open":
            raise Conflict(f"game {game_id} is over", field="game_id", code=ErrorCode.GAME_OVER)
        game_mode = loaded.mode
        stopped = why(loaded.game) if callable(why) else why
        close = ending(loaded, stopped, clock.now())
        own = game_mode.writes_with_stop(store, clock, close, loaded.read, stopped)
        if own is None:
            continue  # its mode's items moved on (caught up meanwhile): read again
        try:
            store.transact(events.added([close, *own, *riders]))
        except WriteConflict:
            continue
        game_mode.after_stop(store, clock, close, stopped, own)
        return Ended(close, own)
    raise Conflict(f"game {game_id} kept changing while it was being stopped; send it again", code=ErrorCode.BUSY)
