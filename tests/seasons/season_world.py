"""A month's boards on the in-memory store, for the close's stored tests: members with profiles, their month
lines on the duel board, the challenge board and the Daily Front's table, freezes, and the credits read back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from gameserver.clock import iso
from gameserver.platform.challenges import ChallengerLine
from gameserver.storage.daily import MonthLine as FrontMonth
from gameserver.storage.duels import MonthLine as DuelMonth
from gameserver.storage.memory import MemoryStore
from gameserver.storage.moderation import Freeze, FreezeWrite
from gameserver.storage.records import LedgerLine, Profile

SEASON = "2026-11"
PRIZES_AT = datetime(2026, 12, 1, 0, 0, 5, tzinfo=UTC)
TITLES_AT = datetime(2026, 12, 1, 0, 31, tzinfo=UTC)
GRANT = 100
OLDEST = datetime(2024, 1, 1, tzinfo=UTC)


def member(store: MemoryStore, sub: str, created: datetime = OLDEST) -> str:
    at = iso(created)
    store.members.create_profile(Profile(sub, sub, at, GRANT), LedgerLine(sub, GRANT, "grant", at, f"grant-{sub}"))
    return sub


def duelist(store: MemoryStore, sub: str, rating: int, rated: int = 8, season: str = SEASON,
            created: datetime = OLDEST) -> str:
    member(store, sub, created)
    store.tables.duel_months[(sub, season)] = DuelMonth(sub, season, rated, Decimal(rating), iso(created))
    return sub


def challenger(store: MemoryStore, sub: str, rating: int, rated: int = 8, season: str = SEASON) -> str:
    member(store, sub)
    store.tables.challenges.challenger_months[(sub, season)] = ChallengerLine(sub, Decimal(rating), rated, OLDEST)
    return sub


def fronter(store: MemoryStore, sub: str, points: int, wins: int, days: int = 8, season: str = SEASON,
            created: datetime = OLDEST) -> str:
    if store.members.get_profile(sub) is None:
        member(store, sub, created)
    store.tables.front_months[(sub, season)] = FrontMonth(sub, season, sub, points, wins, days, version=1)
    return sub


def freeze(store: MemoryStore, sub: str, at: datetime = PRIZES_AT - timedelta(days=1)) -> None:
    store.transact([FreezeWrite(Freeze(sub, iso(at), "mod"))])


def balances(store: MemoryStore) -> dict[str, int]:
    return {sub: profile.credits for sub, profile in store.tables.profiles.items()}


def prize_lines(store: MemoryStore) -> list[LedgerLine]:
    return [line for line in store.tables.ledger.values() if line.kind == "prize"]


def credits_conserved(store: MemoryStore) -> bool:
    """"the sum of all balances [...] equals the sum of grants plus season prizes paid" (no duel here)."""
    grants = sum(line.amount for line in store.tables.ledger.values() if line.kind == "grant")
    return sum(balances(store).values()) == grants + sum(line.amount for line in prize_lines(store))
