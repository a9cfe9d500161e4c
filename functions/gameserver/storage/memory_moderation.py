"""The moderation area of the in-memory store (``MemoryStore.moderation``), with the same conditions as the
DynamoDB adapter (``storage.dynamodb.moderation``); the contract tests hold the two to one behaviour. Given what
it holds of the store (``memory_base.Held``); the freezes are a shared record (``Tables.freezes``: a challenge's
start and end and a Daily Front's end read them too). It never imports the store."""

from __future__ import annotations

from dataclasses import replace
from functools import singledispatchmethod
from typing import Any

from gameserver.storage.errors import WriteConflict
from gameserver.storage.memory_base import Apply, Check, Held, page_of
from gameserver.storage.moderation import (
    AccountFrozen,
    Freeze,
    FreezeSettled,
    FreezeWrite,
    NotFrozen,
    Unfreeze,
)
from gameserver.storage.records import Page


class MemoryModeration:
    def __init__(self, store: Held) -> None:
        self.store = store

    def freezes(self, subs: tuple[str, ...]) -> dict[str, Freeze]:
        with self.store.lock:
            return {sub: self.store.tables.freezes[sub] for sub in subs if sub in self.store.tables.freezes}

    def frozen(self, cursor: str | None, limit: int) -> Page:
        with self.store.lock:
            return page_of(sorted(self.store.tables.freezes.items()), cursor, limit, "frozen")

    def due_freezes(self, now: str, limit: int) -> list[Freeze]:
        with self.store.lock:
            due = [f for f in self.store.tables.freezes.values() if f.settle_at is not None and f.settle_at <= now]
        return sorted(due, key=lambda f: (f.settle_at or "", f.member))[:limit]

    @singledispatchmethod
    def write_steps(self, write: Any) -> tuple[Check, Apply]:
        """A write of the freezes in a transaction: its checks, then its writes (one method a kind)."""
        raise TypeError(f"no memory write for {type(write).__name__}")

    @write_steps.register
    def _freeze(self, write: FreezeWrite) -> tuple[Check, Apply]:
        held = self.store.tables.freezes

        def check_new() -> None:
            if write.freeze.member in held:
                raise WriteConflict(f"{write.freeze.member} is frozen already")

        return check_new, lambda: held.__setitem__(write.freeze.member, write.freeze)

    @write_steps.register
    def _not_frozen(self, write: NotFrozen) -> tuple[Check, Apply]:
        held = self.store.tables.freezes

        def check_none() -> None:
            for member in write.members:
                if member in held:
                    raise AccountFrozen(member)

        return check_none, lambda: None

    def _check_same(self, member: str, at: str) -> Check:
        """The check of a change of a freeze: the member is frozen by the freeze of ``at`` still."""
        held = self.store.tables.freezes

        def check_same() -> None:
            if member not in held or held[member].at != at:
                raise WriteConflict(f"{member} is not frozen by the freeze of {at}")

        return check_same

    @write_steps.register
    def _unfreeze(self, write: Unfreeze) -> tuple[Check, Apply]:
        held = self.store.tables.freezes
        return self._check_same(write.member, write.at), lambda: held.__delitem__(write.member)

    @write_steps.register
    def _settled(self, write: FreezeSettled) -> tuple[Check, Apply]:
        held = self.store.tables.freezes
        return (self._check_same(write.member, write.at),
                lambda: held.__setitem__(write.member, replace(held[write.member], settle_at=None)))
