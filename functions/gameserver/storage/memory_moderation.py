"""The moderation area of the in-memory store (``MemoryStore.moderation``), with the same conditions as the
DynamoDB adapter (``storage.dynamodb.moderation``); the contract tests hold the two to one behaviour. Kept in
its own module beside ``storage.memory``, which owns the lock, the transactions and the other areas."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from gameserver.storage.errors import WriteConflict
from gameserver.storage.moderation import (
    AccountFrozen,
    Freeze,
    FreezeSettled,
    FreezeWrite,
    NotFrozen,
    Unfreeze,
)
from gameserver.storage.records import Page

if TYPE_CHECKING:
    from gameserver.storage.memory import MemoryStore

MODERATION_WRITES = (FreezeWrite, Unfreeze, FreezeSettled, NotFrozen)
"""The writes of this area that ``MemoryStore.transact`` hands to it."""

Check = Callable[[], None]
Apply = Callable[[], None]


@dataclass
class ModerationTables:
    freezes: dict[str, Freeze] = field(default_factory=dict)


class MemoryModeration:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    @property
    def t(self) -> ModerationTables:
        return self.store.tables.moderation

    def freezes(self, subs: tuple[str, ...]) -> dict[str, Freeze]:
        with self.store.lock:
            return {sub: self.t.freezes[sub] for sub in subs if sub in self.t.freezes}

    def frozen(self, cursor: str | None, limit: int) -> Page:
        from gameserver.storage.memory import _page

        with self.store.lock:
            return _page(sorted(self.t.freezes.items()), cursor, limit, "frozen")

    def due_freezes(self, now: str, limit: int) -> list[Freeze]:
        with self.store.lock:
            due = [f for f in self.t.freezes.values() if f.settle_at is not None and f.settle_at <= now]
        return sorted(due, key=lambda f: (f.settle_at or "", f.member))[:limit]

    def write_steps(self, write: FreezeWrite | Unfreeze | FreezeSettled | NotFrozen) -> tuple[Check, Apply]:
        held = self.t.freezes
        if isinstance(write, FreezeWrite):
            def check_new() -> None:
                if write.freeze.member in held:
                    raise WriteConflict(f"{write.freeze.member} is frozen already")

            return check_new, lambda: held.__setitem__(write.freeze.member, write.freeze)
        if isinstance(write, NotFrozen):
            def check_none() -> None:
                for member in write.members:
                    if member in held:
                        raise AccountFrozen(member)

            return check_none, lambda: None
        member, at = write.member, write.at

        def check_same() -> None:
            if member not in held or held[member].at != at:
                raise WriteConflict(f"{member} is not frozen by the freeze of {at}")

        def apply_unfreeze() -> None:
            del held[member]

        if isinstance(write, Unfreeze):
            return check_same, apply_unfreeze
        return check_same, lambda: held.__setitem__(member, replace(held[member], settle_at=None))
