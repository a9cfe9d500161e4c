"""The result of a finished Daily Front (the ``daily`` mode): judged from its turns, written once on the member's
entry and, ranked, on the day's board and in the month's table.

"A game counts for the day of its Front, even if it ends after midnight": the day is the one the game was
started on. Nobody waits on the member, so deadlines are lazy; after the step that ends a Front, the mode
records its result.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from gameserver.clock import Clock, iso, parse_iso
from gameserver.domain.feinthold import rules
from gameserver.platform.daily import (
    POINTS,
    DayResult,
    NotRanked,
    Outcome,
    board_final_at,
    not_ranked,
    sort_key,
)
from gameserver.platform.daily.result import PlayedTurn, day_result, front_game, outcome_of
from gameserver.platform.fairplay.marks import Mark, play_marks
from gameserver.play.modes import Deadlines, Mode, register
from gameserver.play.steps import ATTEMPTS, members
from gameserver.storage.daily import FrontStopped, MonthLine
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import GameClose, StepCommit, StepRead
from gameserver.storage.records import Game, HiddenState, StepRecord

if TYPE_CHECKING:
    from gameserver.play.modes import Stop
    from gameserver.storage.port import Store, Write

log = logging.getLogger(__name__)


def day_of(game: Game) -> date:
    """The day a Front counts for: the one its game was started on."""
    return date.fromisoformat(game.created_at[:10])


class DailyMode(Mode):
    name = "daily"
    deadlines = Deadlines.LAZY

    def record_opens_at(self, game: Game) -> str | None:
        """Nobody rehearses the day: the house AI plays the same way against everyone who plays the same way, so
        a Front's record (its orders, every turn) stays closed to its player until the day's board is final."""
        return iso(board_final_at(day_of(game)))

    def after_end(self, store: Store, clock: Clock, commit: StepCommit) -> None:
        """The step that ends a Front records its result. A failure is logged, never raised: the turn stands,
        and reading the Front records the result later."""
        try:
            record_result(store, commit.game, commit.board)
        except Exception:
            log.exception("the result of Front game %s was not recorded; reading the Front will",
                          commit.game.game_id)


    def writes_with_stop(self, store: Store, clock: Clock, close: GameClose, read: StepRead, stop: Stop
                         ) -> Sequence[Write]:
        """"Not ranked: [...] a stopped game": the member's Front of its day finished without a result."""
        before = close.game
        (member,) = members(before)
        entry = store.daily.read_day(day_of(before), member, front=False).entry
        if entry is None or entry.game_id != before.game_id or entry.status != "playing":
            return ()
        return (FrontStopped(replace(entry, status="finished", not_ranked=str(NotRanked.STOPPED),
                                     finished_at=close.game.finished_at)),)


MODE = register(DailyMode())


def played_turns(records: list[StepRecord], side: str, board: HiddenState) -> list[PlayedTurn]:
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
            turn=record.step, opened_at=parse_iso(record.opened_at), resolved_at=resolved,
            sent_at=None if missed or not submission.sent_at else parse_iso(submission.sent_at),
            by_doctrine=missed and board.stand_ins.get(side) is not None,
        ))
    return played


def record_result(store: Store, game: Game, board: HiddenState) -> str:
    """Write a finished Front's result: ``recorded``, ``already`` (written before), ``missing`` (no entry)."""
    member, (side,) = next(iter(members(game).items()))
    state = rules().load(board.state)
    outcome = outcome_of(game.winner, side)
    played = played_turns(store.games.step_records(game.game_id), side, board)
    positions, income = rules().standing(state, side)
    result = day_result(member, outcome, played, positions, income)
    day = day_of(game)
    judged = front_game(outcome, played)
    finished_at = game.finished_at or game.opened_at
    # "A pace too regular leaves the Daily Front unranked and leaves a mark", whichever reason is reported first;
    # so do orders faster than a human's.
    marks = play_marks(game.game_id, {member: judged.delays}, judged.turns, finished_at)
    return save_result(store, day, game.game_id, result, not_ranked(judged), finished_at, marks)


def save_result(store: Store, day: date, game_id: str, result: DayResult, reason: NotRanked | None,
                finished_at: str, marks: tuple[Mark, ...] = ()) -> str:
    """Write a result on the member's entry of ``day`` and, ranked, on the board and in the month's line, once:
    ``recorded``, ``already`` (written before), ``missing`` (no entry for that game). ``marks`` for moderators
    are written in the same transaction."""
    ds = store.daily
    for _ in range(ATTEMPTS):
        read = ds.read_day(day, result.member, front=False, frozen=True)
        entry = read.entry
        if entry is None or entry.game_id != game_id:
            return "missing"
        if read.frozen:  # "Not ranked: [...] frozen ratings", judged when the Front ends; checked before the rest
            reason = NotRanked.FROZEN
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
        except WriteConflict:
            continue
        return "recorded"
    raise WriteConflict(f"the result of Front game {game_id} kept meeting other writes")
