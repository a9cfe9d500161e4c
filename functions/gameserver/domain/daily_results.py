"""The result of a finished Daily Front: judged from its turns, written once on the member's entry and, ranked,
on the day's board and in the month's table.

"A game counts for the day of its Front, even if it ends after midnight": the day is the one the game was
started on. The spine calls ``turn_committed`` after each of a Front's turns; nothing here plays a turn, so
the spine (``domain.turns``) can call it without a loop back.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import date
from typing import Any

from gameserver.clock import parse_iso
from gameserver.daily import POINTS, DayResult, NotRanked, Outcome, not_ranked, sort_key
from gameserver.daily.result import PlayedTurn, day_result, front_game, outcome_of
from gameserver.domain.words import as_side
from gameserver.fairplay import pace_too_regular
from gameserver.fairplay.marks import Mark, MarkKind
from gameserver.storage import port
from gameserver.storage.daily import DailyStorage, MonthLine
from gameserver.storage.records import Board, Game, TurnRecord

log = logging.getLogger(__name__)

_ATTEMPTS = 4


def daily_storage(store: Any) -> DailyStorage:
    """The Daily Front's side of the spine's adapter: same client, same table."""
    return DailyStorage(store.client, store.table)


def turn_committed(store: Any, game: Game, board: Board) -> None:
    """The hook the spine calls after a Front's turn committed: the final one records the result. A failure is
    logged, never raised: the turn stands, and reading the Front records the result later."""
    if game.status != "over":
        return
    try:
        record_result(store, game, board)
    except Exception:
        log.exception("the result of Front game %s was not recorded; reading the Front will", game.game_id)


def played_turns(records: list[TurnRecord], side: str, board: Board) -> list[PlayedTurn]:
    """The turns of a finished Front from the member's side; a missed turn is the default doctrine's when the
    game snapshotted one."""
    played = []
    for record in records:
        resolved = parse_iso(record.resolved_at)
        if record.closed_by == "deadline" and record.deadline:
            resolved = min(resolved, parse_iso(record.deadline))
        submission = record.submissions[side]
        missed = record.missed[side]
        played.append(PlayedTurn(
            turn=record.turn, opened_at=parse_iso(record.opened_at), resolved_at=resolved,
            sent_at=None if missed or not submission.sent_at else parse_iso(submission.sent_at),
            by_doctrine=missed and board.doctrines.get(side) is not None,
        ))
    return played


def record_result(store: Any, game: Game, board: Board) -> str:
    """Write a finished Front's result: ``recorded``, ``already`` (written before), ``missing`` (no entry)."""
    from rules.feinthold import GameState

    side, member = next(iter(game.members().items()))
    state = GameState.from_json(board.state)
    outcome = outcome_of(state.winner, side)
    played = played_turns(store.turn_records(game.game_id), side, board)
    engine_side = as_side(side)
    result = day_result(member, outcome, played, state.positions_held(engine_side),
                        state.income_total[engine_side])
    day = date.fromisoformat(game.created_at[:10])
    judged = front_game(outcome, played)
    finished_at = game.finished_at or game.opened_at
    # "A pace too regular leaves the Daily Front unranked and leaves a mark", whichever reason is reported first.
    regular = pace_too_regular([judged.delays[turn] for turn in sorted(judged.delays)])
    marks = (Mark(member, MarkKind.PACE_TOO_REGULAR, game.game_id, finished_at),) if regular else ()
    return save_result(store, day, game.game_id, result, not_ranked(judged), finished_at, marks)


def save_result(store: Any, day: date, game_id: str, result: DayResult, reason: NotRanked | None,
                finished_at: str, marks: tuple[Mark, ...] = ()) -> str:
    """Write a result on the member's entry of ``day`` and, ranked, on the board and in the month's line, once:
    ``recorded``, ``already`` (written before), ``missing`` (no entry for that game). ``marks`` for moderators
    are written in the same transaction."""
    ds = daily_storage(store)
    for _ in range(_ATTEMPTS):
        entry = ds.read_day(day, result.member, front=False).entry
        if entry is None or entry.game_id != game_id:
            return "missing"
        if entry.status == "finished":
            return "already"
        finished = replace(
            entry, status="finished", outcome=str(result.outcome), turns=result.turns, seconds=result.seconds,
            positions=result.positions, income=result.income,
            board_key=sort_key(result) if reason is None else None,
            not_ranked=None if reason is None else str(reason), finished_at=finished_at,
        )
        month = None
        if reason is None:
            name = day.isoformat()[:7]
            line = ds.month_line(result.member, name) or MonthLine(result.member, name, entry.name)
            month = replace(line, points=line.points + POINTS[result.outcome],
                            wins=line.wins + (result.outcome is Outcome.WIN), ranked_days=line.ranked_days + 1)
        try:
            ds.finish(finished, month, marks)
        except port.Conflict:
            continue
        return "recorded"
    raise port.Conflict(f"the result of Front game {game_id} kept meeting other writes")
