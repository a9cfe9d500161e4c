"""A finished Front's result and fair-play inputs, from its turns (pure: no storage)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from gameserver.domain.daily.results import played_turns
from gameserver.platform.daily import NotRanked, Outcome, not_ranked
from gameserver.platform.daily.result import PlayedTurn, day_result, delays, front_game, outcome_of
from gameserver.storage.records import HiddenState, StepRecord, Submission
from hypothesis import given
from hypothesis import strategies as st

T0 = datetime(2026, 11, 23, 9, 0, 0, tzinfo=UTC)


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


def blitz(delays_by_turn: list[int | None], doctrine: bool = False) -> list[PlayedTurn]:
    """Turns of a blitz Front: 120 s for turn 1, 60 s after; ``None`` is a missed turn (resolved at its deadline)."""
    turns, opened = [], 0
    for number, delay in enumerate(delays_by_turn, start=1):
        allowed = 120 if number == 1 else 60
        resolved = opened + (allowed if delay is None else delay)
        turns.append(PlayedTurn(number, at(opened), at(resolved), None if delay is None else at(opened + delay),
                                by_doctrine=doctrine and delay is None))
        opened = resolved
    return turns


def test_seconds_run_from_turn_1_opening_to_the_final_resolution():
    turns = blitz([10, 20, 30])
    result = day_result("m", Outcome.WIN, turns, positions=4, income=30)
    assert (result.turns, result.seconds, result.positions, result.income) == (3, 60, 4, 30)


def test_a_missed_turn_counts_its_whole_time():
    assert day_result("m", Outcome.LOSS, blitz([None, 5]), 1, 10).seconds == 125


def test_the_outcome_is_read_from_the_members_side():
    assert outcome_of("north", "north") is Outcome.WIN
    assert outcome_of("south", "north") is Outcome.LOSS
    assert outcome_of("draw", "south") is Outcome.DRAW
    with pytest.raises(ValueError, match="winner"):
        outcome_of(None, "south")


def test_turns_must_be_one_to_n_each_once():
    with pytest.raises(ValueError, match="1..n"):
        day_result("m", Outcome.WIN, blitz([3, 4])[1:], 1, 1)
    with pytest.raises(ValueError, match="only a turn the member missed"):
        PlayedTurn(1, at(0), at(5), at(5), by_doctrine=True)


def test_delays_are_those_of_the_turns_the_member_sent():
    assert delays(blitz([7, None, 12])) == {1: 7, 3: 12}


def test_a_win_played_by_the_doctrine_on_5_of_8_turns_is_not_ranked_but_4_of_8_is():
    mostly = front_game(Outcome.WIN, blitz([9, 14, 11, None, None, None, None, None], doctrine=True))
    half = front_game(Outcome.WIN, blitz([9, 14, 11, 17, None, None, None, None], doctrine=True))
    assert (mostly.doctrine_turns, half.doctrine_turns) == (5, 4)
    assert not_ranked(mostly) is NotRanked.DEFAULT_DOCTRINE
    assert not_ranked(half) is None


def test_missed_turns_without_a_doctrine_are_nobodys():
    held = front_game(Outcome.DRAW, blitz([9, None, None, None, None, None, None, None]))
    assert held.doctrine_turns == 0 and not_ranked(held) is None


def test_orders_faster_than_a_human_and_a_machines_pace_leave_the_front_unranked():
    assert not_ranked(front_game(Outcome.LOSS, blitz([1, 2, 1, 3, 2, 1]))) is NotRanked.FASTER_THAN_A_HUMAN
    assert not_ranked(front_game(Outcome.WIN, blitz([20, 20, 21, 20, 20]))) is NotRanked.PACE_TOO_REGULAR
    assert not_ranked(front_game(Outcome.WIN, blitz([12, 30, 8, 41, 19]))) is None


@given(st.lists(st.one_of(st.none(), st.integers(0, 59)), min_size=1, max_size=8))
def test_the_seconds_are_the_sum_of_the_turns_times(delays_by_turn):
    turns = blitz(delays_by_turn)
    expected = sum((120 if n == 0 else 60) if d is None else d for n, d in enumerate(delays_by_turn))
    assert day_result("m", Outcome.LOSS, turns, 0, 0).seconds == expected


def record(turn: int, opened: int, deadline: int, resolved: int, sent: int | None) -> StepRecord:
    mine = Submission(orders=[], count=1, sent_at=at(sent).strftime("%Y-%m-%dT%H:%M:%SZ")) if sent else Submission()
    iso = {name: at(value).strftime("%Y-%m-%dT%H:%M:%SZ")
           for name, value in {"opened": opened, "deadline": deadline, "resolved": resolved}.items()}
    return StepRecord(
        game_id="g", step=turn, label=str(turn), opened_at=iso["opened"], deadline=iso["deadline"], resolved_at=iso["resolved"],
        closed_by="orders" if sent else "deadline",
        submissions={"north": mine, "south": Submission(orders=[], count=1, sent_at=iso["opened"])},
        missed={"north": sent is None, "south": False}, record={},
    )


@pytest.mark.parametrize("doctrine", [None, {"name": "mine", "rules": []}])
def test_a_turn_resolved_lazily_counts_at_its_deadline(doctrine):
    """Nobody waits on a member against a house AI: the turn missed at 120 s was resolved only when the member
    came back at 600 s; it counts as resolved at its deadline, and as the doctrine's when one was snapshotted."""
    records = [record(1, 0, 120, 600, None), record(2, 120, 180, 150, 150)]
    board = HiddenState(game_id="g", epoch=2, state={}, seed=1, stand_ins={"north": doctrine, "south": {}})
    first, second = played_turns(records, "north", board)
    assert (first.resolved_at, first.sent_at, first.by_doctrine) == (at(120), None, doctrine is not None)
    assert (second.opened_at, second.resolved_at, second.sent_at) == (at(120), at(150), at(150))
    assert day_result("m", Outcome.LOSS, [first, second], 0, 0).seconds == 150
