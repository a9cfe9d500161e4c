"""Paces and clocks: blitz 60 s a turn (120 s the first), rapid 5 min, correspondence 1-3 days, ready room 30 min;
12 hours a turn is a tournament match's pace, never a duel's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from gameserver.platform.duels import (
    DUEL_PACES,
    DuelRuleError,
    Pace,
    propose,
    ready_room_closes,
    turn_deadline,
    turn_time,
)

OPEN = datetime(2026, 11, 2, 12, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("pace", "turn", "seconds"),
    [
        (Pace.BLITZ, 1, 120),
        (Pace.BLITZ, 2, 60),
        (Pace.BLITZ, 8, 60),
        (Pace.RAPID, 1, 300),
        (Pace.RAPID, 8, 300),
        (Pace.DAY, 1, 86_400),
        (Pace.TWO_DAYS, 4, 172_800),
        (Pace.THREE_DAYS, 8, 259_200),
        (Pace.TWELVE_HOURS, 3, 43_200),
    ],
)
def test_turn_time(pace: Pace, turn: int, seconds: int) -> None:
    assert turn_time(pace, turn) == timedelta(seconds=seconds)


def test_only_blitz_and_rapid_have_a_ready_room() -> None:
    assert [pace for pace in Pace if pace.has_ready_room] == [Pace.BLITZ, Pace.RAPID]
    assert Pace("5m") is Pace.RAPID and Pace("3d").correspondence and Pace("12h").correspondence


def test_a_duel_is_never_played_at_a_tournament_match_s_pace() -> None:
    assert Pace.TWELVE_HOURS not in DUEL_PACES and len(DUEL_PACES) == len(Pace) - 1
    with pytest.raises(DuelRuleError) as refused:
        propose("d1", "ann", "bob", Pace.TWELVE_HOURS, 0, OPEN, balance=100)
    assert refused.value.rule == "duel-pace"


def test_deadline_is_in_whole_seconds_rounded_up() -> None:
    assert turn_deadline(Pace.BLITZ, 2, OPEN) == OPEN + timedelta(seconds=60)
    late = OPEN.replace(microsecond=300_000)
    assert turn_deadline(Pace.BLITZ, 2, late) == OPEN + timedelta(seconds=61)


def test_refuses_turns_outside_1_to_8_and_naive_times() -> None:
    with pytest.raises(ValueError):
        turn_time(Pace.BLITZ, 9)
    with pytest.raises(ValueError):
        turn_time(Pace.BLITZ, 0)
    with pytest.raises(ValueError):
        turn_deadline(Pace.BLITZ, 1, datetime(2026, 11, 2, 12))


def test_ready_room_closes_30_minutes_after_acceptance() -> None:
    assert ready_room_closes(OPEN) == OPEN + timedelta(minutes=30)
