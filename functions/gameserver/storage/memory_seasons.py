"""The seasons area of the in-memory store (``MemoryStore.seasons``), with the same conditions as the DynamoDB
adapter (``storage.dynamodb.seasons``); the contract tests hold the two to one behaviour. Given what it holds of
the store (``memory_base.Held``) and its own tables; it never imports the store."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import singledispatchmethod
from typing import Any

from gameserver.storage.errors import WriteConflict
from gameserver.storage.memory_base import (
    Apply,
    Check,
    Held,
    apply_credits,
    check_credits,
    page_of_desc,
    put_notices,
)
from gameserver.storage.records import Page
from gameserver.storage.seasons import CloseWrite, HistoryLine, Paid, PrizePaid, SeasonRead, StoredClose


@dataclass
class SeasonTables:
    closes: dict[str, tuple[StoredClose, str | None]] = field(default_factory=dict)
    """Each season's close and when the sweep comes back to it (None: nothing due)."""
    paid: dict[str, dict[str, Paid]] = field(default_factory=dict)
    history: dict[tuple[str, str], HistoryLine] = field(default_factory=dict)
    """(member, its place in their history) -> the line."""


class MemorySeasons:
    def __init__(self, store: Held, tables: SeasonTables) -> None:
        self.store = store
        self.t = tables

    def read(self, season: str) -> SeasonRead:
        with self.store.lock:
            held = self.t.closes.get(season)
            return SeasonRead(None if held is None else held[0], dict(self.t.paid.get(season, {})))

    def closes(self, cursor: str | None, limit: int) -> Page:
        with self.store.lock:
            ordered = sorted(((season, stored) for season, (stored, _) in self.t.closes.items()), reverse=True)
            return page_of_desc(ordered, cursor, limit, "seasons")

    def history(self, member: str, cursor: str | None, limit: int) -> Page:
        with self.store.lock:
            ordered = sorted(((what, line) for (who, what), line in self.t.history.items() if who == member),
                             key=lambda pair: pair[0], reverse=True)
            return page_of_desc(ordered, cursor, limit, f"history#{member}")

    def due(self, now: str, limit: int) -> list[str]:
        with self.store.lock:
            return sorted(season for season, (_, due_at) in self.t.closes.items()
                          if due_at is not None and due_at <= now)[:limit]

    @singledispatchmethod
    def write_steps(self, write: Any) -> tuple[Check, Apply]:
        """A write of the seasons in a transaction: its checks, then its writes (one method a kind)."""
        raise TypeError(f"no memory write for {type(write).__name__}")

    @write_steps.register
    def _close(self, write: CloseWrite) -> tuple[Check, Apply]:
        t, tables = self.t, self.store.tables
        season = write.close.season

        def check_close() -> None:
            held = t.closes.get(season)
            if (None if held is None else held[0].version) != write.before_version:
                raise WriteConflict(f"the close of {season} changed meanwhile")
            if held is not None and write.fixes is not None and held[0].close.done(write.fixes):
                raise WriteConflict(f"the {write.fixes} of {season} are fixed already")
            for _, history, _ in write.titles:
                if (history.member, history.what) in t.history:
                    raise WriteConflict(f"{history.what} of {history.member} is written already")

        def apply_close() -> None:
            version = 1 if write.before_version is None else write.before_version + 1
            t.closes[season] = (StoredClose(write.close, version, write.status), write.due_at)
            for _, history, notice in write.titles:
                t.history[(history.member, history.what)] = history
                put_notices(tables, (notice,))

        return check_close, apply_close

    @write_steps.register
    def _paid(self, write: PrizePaid) -> tuple[Check, Apply]:
        t, tables = self.t, self.store.tables
        payment = write.payment

        def check_paid() -> None:
            if payment.id in t.paid.get(payment.season, {}):
                raise WriteConflict(f"prize {payment.id} is paid already")
            check_credits(tables, (write.line,))

        def apply_paid() -> None:
            t.paid.setdefault(payment.season, {})[payment.id] = Paid(payment, write.line.at)
            apply_credits(tables, (write.line,))
            t.history[(write.history.member, write.history.what)] = write.history
            put_notices(tables, (write.notice,))

        return check_paid, apply_paid
