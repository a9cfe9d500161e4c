"""The audit area of the store, the moderators' log (docs/storage.md): "Every moderator action is written to an
audit log with who, when, what and why". One line per action, written in the same transaction as the action
itself (an ``AuditLine`` is a write of ``Store.transact``), so an action never happens without its line nor a
line without its action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from gameserver.storage.records import Page


@dataclass(frozen=True)
class AuditLine:
    moderator: str
    at: str
    action: str
    """What was done, e.g. ``remove-daily-front``."""
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
