"""The audit area of the store, the moderators' log (docs/storage.md): "Every moderator action is written to an
audit log with who, when, what and why". One line per action, written in the same transaction as the action
itself (an ``AuditLine`` is a write of ``Store.transact``), so an action never happens without its line nor a
line without its action.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from gameserver.storage.records import Page


class AuditAction(enum.StrEnum):
    """What a moderator did."""

    CLOSE_MARK = "close-mark"
    """Closed a mark fair play left, after review."""
    REMOVE_DAILY_FRONT = "remove-daily-front"
    """Took a member's Daily Front off the day's board (its points out of the month)."""
    STOP_GAME = "stop-game"
    """Stopped a game in progress: it ended without a result."""
    VOID_DUEL = "void-duel"
    """Voided a finished duel: its rating changes taken back, its stakes returned."""
    VOID_GAME = "void-game"
    """Voided a finished rated game of online Front 1901: its rating changes taken back."""
    FREEZE = "freeze"
    """Froze a member's ratings."""
    HIDE_DOCTRINE = "hide-doctrine"
    """Hid a published doctrine with an offensive name: out of every listing, challenges refused."""
    UNFREEZE = "unfreeze"
    """Unfroze a member's ratings: the right to play again, not what was lost."""


@dataclass(frozen=True)
class AuditLine:
    moderator: str
    at: str
    action: str
    """What was done (``AuditAction``)."""
    member: str
    """Whom it concerns."""
    target: str
    """What it was done to, e.g. the day of a Front."""
    why: str
    audit_id: str


class AuditPort(Protocol):
    def of_member(self, member: str, cursor: str | None, limit: int) -> Page:
        """A page of the lines about ``member`` (``AuditLine``), newest first."""
        ...

    def lines(self, cursor: str | None, limit: int) -> Page:
        """A page of every line (``AuditLine``), newest first."""
        ...
