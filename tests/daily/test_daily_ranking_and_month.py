"""Which Fronts are not ranked, and the month: points and table. (Front of the month: tests/seasons.)"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from gameserver.platform.daily import (
    FrontGame,
    NotRanked,
    Outcome,
    RankedDay,
    month_table,
    not_ranked,
)

HUMAN = {turn: 20 + 7 * (turn % 3) for turn in range(1, 9)}  # 27, 34, 20, ...: irregular, slow enough


def game(outcome: Outcome | None = Outcome.WIN, turns: int = 8, doctrine: int = 0, delays=None, **flags) -> FrontGame:
    return FrontGame(outcome, turns, doctrine, HUMAN if delays is None else delays, **flags)


def test_a_fair_game_is_ranked() -> None:
    assert not_ranked(game()) is None


def test_a_win_or_draw_played_mostly_by_the_default_doctrine() -> None:
    """"a win or a draw played mostly by your default doctrine": more than half of the turns."""
    own_four = {turn: HUMAN[turn] for turn in range(1, 5)}
    assert not_ranked(game(Outcome.WIN, doctrine=4, delays=own_four)) is None  # exactly half
    assert not_ranked(game(Outcome.WIN, doctrine=5, delays=own_four)) is NotRanked.DEFAULT_DOCTRINE
    assert not_ranked(game(Outcome.DRAW, turns=5, doctrine=3, delays=own_four)) is NotRanked.DEFAULT_DOCTRINE
    assert not_ranked(game(Outcome.LOSS, doctrine=7, delays={1: 30})) is None  # a loss is ranked


def test_orders_faster_than_a_human() -> None:
    assert not_ranked(game(delays={turn: 2 for turn in range(1, 9)})) is NotRanked.FASTER_THAN_A_HUMAN
    # A game that ended at turn 3 is judged over its 3 turns.
    assert not_ranked(game(turns=3, delays={1: 1, 2: 2, 3: 30})) is NotRanked.FASTER_THAN_A_HUMAN


def test_a_pace_too_regular() -> None:
    assert not_ranked(game(delays={turn: 30 for turn in range(1, 9)})) is NotRanked.PACE_TOO_REGULAR
    assert not_ranked(game(delays={turn: 30 for turn in range(1, 5)})) is None  # 4 turns: not judged


def test_moderation_and_frozen_ratings() -> None:
    assert not_ranked(game(removed=True)) is NotRanked.REMOVED
    assert not_ranked(game(frozen=True)) is NotRanked.FROZEN
    assert not_ranked(game(None, stopped=True)) is NotRanked.STOPPED


def days(member: str, outcomes: str, start: date = date(2026, 11, 1)) -> list[RankedDay]:
    code = {"w": Outcome.WIN, "d": Outcome.DRAW, "l": Outcome.LOSS}
    return [RankedDay(member, start + timedelta(days=index), code[c]) for index, c in enumerate(outcomes)]


def test_a_win_3_points_a_draw_1_and_the_table_by_points_then_wins() -> None:
    rows = month_table([*days("ann", "wdl"), *days("bob", "ddddl"), *days("cid", "wd"), *days("dan", "dl")])
    assert [(r.member, r.points, r.wins, r.rank) for r in rows] == [
        ("ann", 4, 1, 1),
        ("cid", 4, 1, 1),
        ("bob", 4, 0, 3),
        ("dan", 1, 0, 4),
    ]
    assert rows[0].ranked_days == 3


def test_one_front_a_day() -> None:
    with pytest.raises(ValueError, match="one game a day"):
        month_table([*days("ann", "w"), *days("ann", "l")])
