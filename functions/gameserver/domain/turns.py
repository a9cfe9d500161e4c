"""Turns: opening one, closing one, and the idempotent resolve the timers, the sweep and the players share.

"Resolve is idempotent: it claims the turn with a conditional write; a duplicate, late or early call changes
nothing (an early one leaves the turn to its timer and the sweep). It fills missed orders (the default
doctrine snapshotted at the start of the game, else hold), calls the engine, writes the new state, the
per-player views and the events in one transaction, and opens the next turn." (architecture.md)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from rules.feinthold import SIDES, GameState, Side, check_orders, resolve, view

from gameserver.clock import Clock, iso, parse_iso
from gameserver.domain import house, timers
from gameserver.domain.boards import doctrine_submissions, member_views, plays_of
from gameserver.domain.pace import turn_deadline
from gameserver.storage.port import Conflict, Storage
from gameserver.storage.records import Board, Game, Play, SideView, Submission, TurnRecord

_CLAIM_ATTEMPTS = 4


@dataclass(frozen=True)
class ClosedTurn:
    """Everything one resolved turn writes, in one transaction."""

    before: Game
    after: Game
    board: Board
    views: list[SideView]
    record: TurnRecord
    plays: list[Play]
    state: GameState


def missed_orders(board: Board, side: Side, state: GameState) -> list[dict[str, Any]]:
    """A missed turn "is played without your orders: your default doctrine plays in your place, otherwise your
    troops stay in place and your income goes to the reserve" (an empty order set spends nothing)."""
    snapshot = board.doctrines.get(side)
    if snapshot is None:
        return []
    side_view = view(state, side)
    return check_orders(side_view, house.doctrine_orders(snapshot, side_view)).to_json()


def close_turn(
    game: Game, board: Board, now: datetime, sent: dict[str, Submission] | None = None
) -> ClosedTurn:
    """Resolve ``game``'s open turn on what was sent (``sent`` adds submissions not stored yet) and open the
    next one. Pure: nothing is written here."""
    submissions = {**game.submissions, **(sent or {})}
    state = GameState.from_json(board.state)
    orders: dict[Side, list[dict[str, Any]]] = {}
    missed: dict[str, bool] = {}
    for side in SIDES:
        missed[side] = not submissions[side].sent
        orders[side] = missed_orders(board, side, state) if missed[side] else submissions[side].orders
    after_state = resolve(state, orders)
    closed_by = "deadline" if any(missed.values()) else "orders"
    # A turn closed by its deadline opens the next at that deadline when nobody is waiting on a member
    # (a house game settled lazily replays its deadlines as they fell); otherwise the next turn opens now.
    if closed_by == "deadline" and game.mode in house.SOLO_MODES and game.deadline:
        opened = min(parse_iso(game.deadline), now)
    else:
        opened = now
    opened_at = iso(opened)
    epoch = game.epoch + 1
    if after_state.over:
        after = replace(
            game,
            status="over",
            epoch=epoch,
            version=game.version + 1,
            deadline=None,
            winner=after_state.winner,
            finished_at=iso(now),
            submissions={side: Submission() for side in SIDES},
        )
    else:
        after = replace(
            game,
            turn=after_state.turn,
            epoch=epoch,
            version=game.version + 1,
            opened_at=opened_at,
            deadline=iso(turn_deadline(game.pace, opened)),
            submissions=doctrine_submissions(game.players, board.doctrines, after_state, opened_at),
        )
    record = TurnRecord(
        game_id=game.game_id,
        turn=game.turn,
        opened_at=game.opened_at,
        deadline=game.deadline,
        resolved_at=iso(now),
        closed_by=closed_by,
        submissions=submissions,
        missed=missed,
        state_after=after_state.board_json(),
    )
    return ClosedTurn(
        before=game,
        after=after,
        board=replace(board, epoch=epoch, state=after_state.to_json()),
        views=member_views(game.game_id, game.players, after_state, epoch),
        record=record,
        plays=plays_of(after),
        state=after_state,
    )


def commit(store: Storage, closed: ClosedTurn) -> None:
    """Write a closed turn (one transaction, claimed by the game's version), then start the next turn's timer.

    A duel's game carries its duel's update in that same transaction (senders, fair play, the next turn's
    notices, or the end with its payout and ratings), claimed by the duel's version too: refused in any part,
    nothing is written and the caller's retry (or the sweep) does it all again. When the duel cannot ride,
    the duel's hook catches it up once the turn has committed."""
    if closed.after.mode == "duel":  # the duel follows its game: senders, fair play, the end and its payout
        from gameserver.clock import get_clock
        from gameserver.domain import duel_game, notices

        change = duel_game.riding_write(store, get_clock(), closed.before, closed.after, closed.record)
        if change is not None:
            store.commit_turn(closed.before, closed.after, closed.board, closed.views, closed.record, closed.plays,
                              duel=duel_game.riding_items(store, change))
            timers.turn_opened(closed.after)
            notices.publish(change.notices)
            return
    store.commit_turn(closed.before, closed.after, closed.board, closed.views, closed.record, closed.plays)
    timers.turn_opened(closed.after)
    if closed.after.mode == "duel":
        from gameserver.clock import get_clock
        from gameserver.domain import duel_game

        duel_game.turn_committed(store, get_clock(), closed.after, closed.record)
    elif closed.after.mode == "daily":  # the Front's last turn records its result on the day's board
        from gameserver.domain import daily_results

        daily_results.turn_committed(store, closed.after, closed.board)


def is_overdue(game: Game, now: datetime) -> bool:
    return game.status == "open" and game.deadline is not None and parse_iso(game.deadline) <= now


def resolve_turn(store: Storage, clock: Clock, game_id: str, turn: int) -> str:
    """Resolve ``turn`` of ``game_id`` if it is still open and due; say what happened.

    ``resolved``; ``stale`` (the game is past that turn, or over: a duplicate or late call); ``early`` (its
    deadline has not come and someone has yet to send: left to its timer and the sweep); ``missing``.
    One read and one transaction; a lost race re-reads and finds the turn ``stale``.
    """
    return _resolve(store, clock, game_id, turn)[0]


def _resolve(store: Storage, clock: Clock, game_id: str, turn: int) -> tuple[str, ClosedTurn | None]:
    for _ in range(_CLAIM_ATTEMPTS):
        game, board, _view = store.read_for_turn(game_id)
        if game is None or board is None:
            return "missing", None
        if game.status != "open" or game.turn != turn:
            return "stale", None
        now = clock.now()
        everyone_sent = all(s.sent for s in game.submissions.values())
        if not everyone_sent and not is_overdue(game, now):
            return "early", None
        closed = close_turn(game, board, now)
        try:
            commit(store, closed)
        except Conflict:
            continue
        return "resolved", closed
    return "contended", None


def settle(store: Storage, clock: Clock, game: Game, board: Board | None = None) -> tuple[Game, Board | None, bool]:
    """Resolve every turn of ``game`` whose deadline has passed ("every read or write of such a game first
    resolves each turn whose deadline has passed"). Returns the game as it now stands, its board when known,
    and whether anything was resolved."""
    changed = False
    now = clock.now()
    while is_overdue(game, now):
        if board is None or board.epoch != game.epoch:
            fresh, board, _ = store.read_for_turn(game.game_id)
            if fresh is None or board is None:
                break
            game = fresh
            if not is_overdue(game, now):
                break
        try:
            closed = close_turn(game, board, now)
            commit(store, closed)
        except Conflict:
            board = None
            fresh = store.get_game(game.game_id)
            if fresh is None:
                break
            game = fresh
            continue
        game, board, changed = closed.after, closed.board, True
    return game, board, changed


def sweep(store: Storage, clock: Clock, limit: int = 100) -> dict[str, int]:
    """Resolve what the due index says is overdue: the timers' safety net, and how house games left open end."""
    outcomes: dict[str, int] = {}
    for game_id, turn, _due_at in store.due_turns(iso(clock.now()), limit):
        outcome, closed = _resolve(store, clock, game_id, turn)
        if closed is not None and is_overdue(closed.after, clock.now()):
            # A house game left open for several deadlines: its later turns are due as well.
            settle(store, clock, closed.after, closed.board)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes
