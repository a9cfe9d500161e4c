"""Small builders for tournament tests: members m1..m8 whose ratings put them in seed order."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from gameserver.platform.tournaments import (
    GameOver,
    Join,
    Seeding,
    Tallies,
    Tournament,
    apply,
    create,
)

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
ACCOUNTS = datetime(2025, 1, 1, tzinfo=UTC)
MEMBERS = tuple(f"m{n}" for n in range(1, 9))
#: Everyone's balance in the builders: enough for any fee they use.
RICH = 1000


def seeding(members: tuple[str, ...] = MEMBERS) -> dict[str, Seeding]:
    """m1 rated best, then m2, ...: the seeds follow the names."""
    return {
        member: Seeding(Decimal(2000 - 10 * index), ACCOUNTS + timedelta(days=index))
        for index, member in enumerate(members)
    }


def opened(size: int = 8, fee: int = 10, joined: int | None = None, tournament_id: str = "t1") -> Tournament:
    """Created by m1 (who joins on creation), then joined by the next members until ``joined`` are in (one
    seat left by default)."""
    tournament = create(tournament_id, MEMBERS[0], "Winter Cup", size, fee, T0, balance=RICH)
    for index, member in enumerate(MEMBERS[1 : (size - 1 if joined is None else joined)], start=1):
        tournament = apply(tournament, Join(member, T0 + timedelta(hours=index), RICH))
    return tournament


def full(size: int = 8, fee: int = 10, seeds: dict[str, Seeding] | None = None) -> Tournament:
    """Every seat taken: seeds m1..m{size} unless ``seeds`` says otherwise."""
    tournament = opened(size, fee)
    last = MEMBERS[size - 1]
    return apply(tournament, Join(last, T0 + timedelta(days=1), RICH, seeds or seeding(MEMBERS[:size])))


def at(days: float) -> datetime:
    return T0 + timedelta(days=days)


def won(tournament: Tournament, slot: int, winner: str, days: float = 2) -> Tournament:
    return apply(tournament, GameOver(slot, at(days), winner))


def drawn(tournament: Tournament, slot: int, tallies: dict[str, Tallies], days: float = 2) -> Tournament:
    return apply(tournament, GameOver(slot, at(days), None, tallies))
