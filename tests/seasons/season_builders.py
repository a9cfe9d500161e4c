"""Builders of the season tests: board lines, a board read that counts what it gave, a board in order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Generic, TypeVar

from gameserver.platform.duels import DuelStanding, duel_order

SEASON = "2026-11"
OLD = datetime(2024, 1, 1, tzinfo=UTC)
Line = TypeVar("Line")


def duelist(member: str, rating: int | str, duels: int = 8, created: datetime = OLD) -> DuelStanding:
    return DuelStanding(member, Decimal(rating), duels, created)


def duel_board(*lines: DuelStanding) -> list[DuelStanding]:
    return sorted(lines, key=duel_order)


class Read(Generic[Line]):
    """A board read page by page: counts the lines it handed out, so a test sees how far a selection read."""

    def __init__(self, lines: Iterable[Line]) -> None:
        self.lines = lines
        self.given = 0

    def __iter__(self) -> Iterator[Line]:
        for line in self.lines:
            self.given += 1
            yield line


def big_duel_board(size: int, eligible_every: int = 1) -> Iterator[DuelStanding]:
    """``size`` members in board order, every ``eligible_every``-th with 8 rated duels (the rest 7), built lazily."""
    for n in range(size):
        duels = 8 if n % eligible_every == 0 else 7
        yield DuelStanding(f"m{n:06d}", Decimal(90000 - n) / 10, duels, OLD + timedelta(seconds=n))


class Unread:
    """A board that must not be read (a stage already fixed)."""

    def __iter__(self) -> Iterator:
        raise AssertionError("a fixed stage read a board again")
