"""The fair-play area of the store: where members were seen (linked accounts) and the moderators' marks.

Marks are written in the same transaction as what they mark (a duel's end, a Daily Front's result), never
cancelling it and never reopening a mark a moderator closed; a moderator closes one with its audit line.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Protocol

from gameserver.platform.fairplay.links import Link
from gameserver.platform.fairplay.marks import Mark, MarkStatus
from gameserver.storage.audit import AuditLine
from gameserver.storage.records import Page

Seen = dict[date, set[Link]]
"""A member's sightings: each UTC day and what they were seen with (device ids, source addresses)."""


@dataclass(frozen=True)
class Marks:
    """Marks written on their own (a ``Store.transact`` write: a game's end judged once it is written); a mark
    written again is the same item and keeps a moderator's closing."""

    marks: tuple[Mark, ...]


class FairPlayPort(Protocol):
    def record_sighting(self, sub: str, day: date, device: str | None, address: str | None) -> bool:
        """Add today's device id (None when the header was absent) and address to the member's sightings;
        False, writing nothing, once the member's day holds its cap of values."""
        ...

    def sightings(self, subs: tuple[str, ...]) -> dict[str, Seen]:
        """The sightings of each of ``subs`` (a member never seen: none); one request (a table's members, whose
        links are judged when their game starts)."""
        ...

    def marks(self, cursor: str | None, limit: int, status: MarkStatus = MarkStatus.OPEN
              ) -> tuple[list[Mark], str | None]:
        """A page of the marks of ``status``, newest first; ``InvalidCursor`` for one this list did not hand out."""
        ...

    def marks_of(self, member: str, cursor: str | None, limit: int) -> Page:
        """A page of the member's marks (``Mark``), open and closed, newest first."""
        ...

    def find_mark(self, member: str, mark_id: str) -> Mark | None: ...

    def close_mark(self, closed: Mark, audit: AuditLine) -> None:
        """The mark closed (only while still open) and its audit line, in one transaction; ``WriteConflict``
        otherwise."""
        ...
