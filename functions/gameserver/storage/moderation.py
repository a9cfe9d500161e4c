"""The moderation area of the store: the freezes of members' ratings (docs/storage.md, "Moderation").

"Freeze an account / unfreeze: no new duels or duel proposals, tournaments or challenges; no rating moves; no
prizes or titles" (issue 16). A freeze is one item per member, there while the member is frozen: written with its
audit line in one transaction (``FreezeWrite``), deleted by an unfreeze with its own (``Unfreeze``). Whatever a
frozen member may no longer start carries a ``NotFrozen`` guard in its own transaction, so a freeze and a new
duel racing each other cannot both hold. A freeze stays on the due index until its effects on what the member
was playing (duels ended, tournament matches forfeited) have been applied a second time by the sweep
(``FreezeSettled``), so a freeze whose request died halfway is finished within the minute.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from gameserver.storage.errors import WriteConflict
from gameserver.storage.records import Page


@dataclass(frozen=True)
class Freeze:
    """A member's ratings frozen by a moderator: since when, by whom, and when the sweep applies its effects
    again (None once it has)."""

    member: str
    at: str
    by: str
    settle_at: str | None = None


class AccountFrozen(WriteConflict):
    """A ``NotFrozen`` guard failed: the member's ratings are frozen."""

    def __init__(self, member: str) -> None:
        super().__init__(f"{member}'s ratings are frozen")
        self.member = member


@dataclass(frozen=True)
class NotFrozen:
    """A guard riding in a transaction: none of ``members`` is frozen (``AccountFrozen`` naming the first who
    is). A ``Store.transact`` write that writes nothing."""

    members: tuple[str, ...]


@dataclass(frozen=True)
class FreezeWrite:
    """A freeze written (the member must not be frozen already: ``WriteConflict``)."""

    freeze: Freeze


@dataclass(frozen=True)
class Unfreeze:
    """A freeze removed (the member must be frozen by the freeze of ``at``: ``WriteConflict``)."""

    member: str
    at: str


@dataclass(frozen=True)
class FreezeSettled:
    """The freeze of ``at`` off the due index: its effects were applied again after it was written."""

    member: str
    at: str


class ModerationPort(Protocol):
    def freezes(self, subs: tuple[str, ...]) -> dict[str, Freeze]:
        """The freezes of those of ``subs`` who are frozen (one consistent request)."""
        ...

    def frozen(self, cursor: str | None, limit: int) -> Page:
        """A page of every freeze (``Freeze``), by member; ``InvalidCursor`` for one this list did not hand out."""
        ...

    def due_freezes(self, now: str, limit: int) -> list[Freeze]:
        """Freezes whose effects are to be applied again at or before ``now``, earliest first."""
        ...
