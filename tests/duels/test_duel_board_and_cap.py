"""The month's duel leaderboard and its prizes; the cap of 5 submissions a turn."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from gameserver.platform.duels import DuelStanding, duel_leaderboard, season_prizes
from gameserver.play.submissions import MAX_SUBMISSIONS, SubmissionCapError, next_submission


def standing(member: str, rating: int, duels: int = 8, year: int = 2025, frozen: bool = False) -> DuelStanding:
    return DuelStanding(member, Decimal(rating), duels, datetime(year, 1, 1, tzinfo=UTC), frozen)


def test_only_members_with_8_rated_duels_and_not_frozen_are_placed() -> None:
    board = duel_leaderboard(
        [standing("seven", 2000, duels=7), standing("frozen", 1900, frozen=True), standing("eight", 1500)]
    )
    assert [s.member for s in board] == ["eight"]


def test_rating_then_more_rated_duels_then_oldest_account() -> None:
    board = duel_leaderboard(
        [
            standing("young", 1600, duels=9, year=2026),
            standing("old", 1600, duels=9, year=2024),
            standing("busy", 1600, duels=12, year=2026),
            standing("top", 1700),
        ]
    )
    assert [s.member for s in board] == ["top", "busy", "old", "young"]


def test_prizes_150_100_60_then_25_to_the_tenth() -> None:
    prizes = season_prizes([standing(f"m{i:02d}", 2000 - i) for i in range(12)])
    assert [amount for _, amount in prizes] == [150, 100, 60, 25, 25, 25, 25, 25, 25, 25]
    assert prizes[0][0] == "m00" and prizes[-1][0] == "m09"


def test_fewer_than_ten_placed_members_share_fewer_prizes() -> None:
    assert season_prizes([standing("a", 1500), standing("b", 1400, duels=3)]) == [("a", 150)]


def test_five_submissions_per_turn_at_most() -> None:
    count = 0
    for _ in range(MAX_SUBMISSIONS):
        count = next_submission(3, count)
    assert count == 5
    with pytest.raises(SubmissionCapError) as refused:
        next_submission(3, count)
    assert refused.value.rule == "five-submissions-per-turn" and "turn 3" in str(refused.value)
