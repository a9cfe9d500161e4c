"""The moderation and season HTTP tests' world: the API handler in-process (``gateway.call``) on the in-memory
store, moto answering the idempotency table, a manual clock; members, a moderator, and the credits invariant read
back from the store."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from gameserver.clock import ManualClock
from gameserver.identity import Caller
from gameserver.storage.memory import MemoryStore
from gateway import call
from moto_tables import environment, manual_clock, moto_tables, set_environment

START = datetime(2026, 11, 23, 9, 0, 0, tzinfo=UTC)
"""A Monday morning of November, far from midnight."""
MODERATOR = Caller(sub="mod-sub", groups=frozenset({"moderators"}), username="mod")
WHY = {"why": "reviewed: offensive play"}


def member(name: str) -> Caller:
    return Caller(sub=f"{name}-sub", groups=frozenset(), username=name)


@dataclass
class World:
    store: MemoryStore
    clock: ManualClock

    def act(self, method: str, path: str, caller: Caller, body: Any = None, key: str | None = None
            ) -> tuple[int, Any]:
        headers = {"Idempotency-Key": key} if key else None
        return call(method, path, caller, body, headers=headers)

    def audit(self, sub: str) -> list[dict[str, Any]]:
        status, body = call("GET", f"/v1/moderation/audit?member={sub}", MODERATOR)
        assert status == 200
        return list(body["actions"])

    def balance(self, sub: str) -> int:
        return self.store.tables.profiles[sub].credits

    def invariant(self) -> list[str]:
        """The platform's credits invariant over everything stored (balances, escrows, pots, the ledger)."""
        from gameserver.platform.duels.credits import CreditKind, LedgerLine, check_invariant
        from gameserver.platform.duels.settlement import escrowed

        t = self.store.tables
        return check_invariant(
            {sub: profile.credits for sub, profile in t.profiles.items()},
            {duel_id: sum(escrowed(stored.duel).values()) for duel_id, (stored, _) in t.duels.items()},
            {tid: stored.tournament.pot for tid, stored in t.tournaments.items()},
            [LedgerLine(line.sub, line.amount, CreditKind(line.kind), line.ref) for line in t.ledger.values()])


@contextmanager
def world_on_memory(patch: pytest.MonkeyPatch) -> Iterator[World]:
    from gameserver import services
    from gameserver.domain.daily.front import forget_known_fronts

    set_environment(patch, environment("moderation", DAILY_SALT="moderation-salt-0123456789abcdef",
                                       DAILY_SALT_PARAMETER="", EVENT_BUS_NAME="",
                                       POWERTOOLS_METRICS_NAMESPACE="Feinthold",
                                       POWERTOOLS_SERVICE_NAME="gameserver"))
    forget_known_fronts()
    with moto_tables(forget_known_fronts), manual_clock(START) as clock:
        store = MemoryStore()
        services._storage = store
        yield World(store, clock)
