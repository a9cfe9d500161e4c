"""The doctrines area of the store: a member's doctrines in three slots, and a copy of the default one (what a
game snapshots when it starts: duels and the Daily Front read it in their own requests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class SlotDoctrine:
    doctrine: dict[str, Any]
    updated_at: str


@dataclass(frozen=True)
class Doctrines:
    """A member's doctrines by slot, and the slot of their default (None: no default)."""

    slots: dict[int, SlotDoctrine]
    default: int | None


class DoctrinesPort(Protocol):
    def doctrines(self, sub: str) -> Doctrines:
        """One consistent read of the member's doctrines."""
        ...

    def put(self, sub: str, slot: int, doctrine: dict[str, Any], at: str, *, new: bool, is_default: bool) -> None:
        """Create (``new``: the slot must be free) or replace a doctrine; the default's copy follows it (and is
        checked to still be ``slot`` when ``is_default``, else checked not to be). ``WriteConflict`` otherwise."""
        ...

    def delete(self, sub: str, slot: int, *, is_default: bool) -> None:
        """Delete a doctrine, and the default's copy with it when it is the default."""
        ...

    def set_default(self, sub: str, slot: int, doctrine: dict[str, Any], updated_at: str) -> None:
        """Make ``slot`` the default: its copy replaces the previous default's, if the doctrine is unchanged."""
        ...
