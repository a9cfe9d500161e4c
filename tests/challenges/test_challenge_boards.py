"""The month's challenge leaderboards: who is on them (8 rated challenges, 10 faced and public), their order."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from gameserver.platform.challenges import (
    ChallengerLine,
    DoctrineLine,
    DoctrineStatus,
    challenger_order,
    doctrine_order,
    on_challenger_board,
    on_doctrine_board,
)
from gameserver.platform.ratings import Glicko2Rating


def challenger(member: str, rating: int, rated: int = 8, year: int = 2025) -> ChallengerLine:
    return ChallengerLine(member, Decimal(rating), rated, datetime(year, 1, 1, tzinfo=UTC))


def line(doctrine: str, rating: int, faced: int = 10, year: int = 2025, author: str | None = "ann",
         status: DoctrineStatus = DoctrineStatus.PUBLISHED) -> DoctrineLine:
    return DoctrineLine(doctrine, author, Decimal(rating), faced, datetime(year, 1, 1, tzinfo=UTC), status)


def test_challengers_need_8_rated_challenges_this_month() -> None:
    assert not on_challenger_board(challenger("seven", 1900, rated=7))
    assert on_challenger_board(challenger("eight", 1400, rated=8))


def test_challengers_by_rating_then_more_rated_challenges_then_oldest_account() -> None:
    lines = [challenger("young", 1600, 9, 2026), challenger("old", 1600, 9, 2024), challenger("busy", 1600, 12),
             challenger("top", 1700)]
    assert [c.member for c in sorted(lines, key=challenger_order)] == ["top", "busy", "old", "young"]


def test_doctrines_need_10_rated_challenges_faced_and_to_be_public() -> None:
    assert not on_doctrine_board(line("nine", 1900, faced=9))
    assert on_doctrine_board(line("ten", 1400, faced=10))
    assert not on_doctrine_board(line("hidden", 1900, status=DoctrineStatus.HIDDEN))
    assert not on_doctrine_board(line("withdrawn", 1900, status=DoctrineStatus.WITHDRAWN))
    assert on_doctrine_board(line("house-ram", 1900, author=None)), "the house AIs are on the board"


def test_doctrines_by_rating_then_more_faced_then_oldest_publication() -> None:
    lines = [line("young", 1600, 11, 2026), line("old", 1600, 11, 2024), line("busy", 1600, 15), line("top", 1650)]
    assert [d.doctrine for d in sorted(lines, key=doctrine_order)] == ["top", "busy", "old", "young"]


def test_a_rated_challenge_moves_the_month_lines() -> None:
    after = Glicko2Rating(Decimal("1612.5"), Decimal(90))
    assert challenger("bob", 1600, rated=3).after(after) == ChallengerLine(
        "bob", Decimal("1612.5"), 4, datetime(2025, 1, 1, tzinfo=UTC))
    moved = line("d1", 1600, faced=9).after(after)
    assert (moved.rating, moved.faced) == (Decimal("1612.5"), 10) and on_doctrine_board(moved)
