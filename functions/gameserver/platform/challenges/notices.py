"""Feed notices to a doctrine's author: it was challenged, and how those games ended, at most one an hour.

Issue 15: "Feed notices to the author when their doctrine is challenged and the result (aggregated: at most one
notice per doctrine per hour)."

Choices (docs/platform.md, "Doctrine challenges"): a challenge's start and its result are events kept for the
doctrine (``events``, derived from the challenge's change of state, like a duel's ledger lines). A notice is due
as soon as an event waits and the doctrine's last notice is an hour old or more (the first event after a quiet
hour is told at once); it tells every event that waits (counts of challenges and of the doctrine's wins, draws
and losses, with their games), so nothing is told twice nor lost. The hour is rolling: two notices of a doctrine
are never less than 60 minutes apart. House AIs have no author, hence no notices; a stopped game has no result.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from gameserver.platform.challenges.challenge import Challenge, ChallengeStatus

#: "at most one notice per doctrine per hour".
NOTICE_SPACING = timedelta(hours=1)


class NoticeKind(enum.StrEnum):
    CHALLENGED = "challenged"
    """A member started a challenge of the doctrine."""
    WON = "won"
    """The doctrine won the game (its challenger lost)."""
    DRAWN = "drawn"
    LOST = "lost"
    """The doctrine lost the game (its challenger won)."""


_RESULT = {0.0: NoticeKind.WON, 0.5: NoticeKind.DRAWN, 1.0: NoticeKind.LOST}


@dataclass(frozen=True)
class AuthorEvent:
    """Something to tell a doctrine's author; ``(game, kind)`` is its key, so an event written twice is one."""

    doctrine: str
    author: str
    game: str
    kind: NoticeKind
    at: datetime


def events(before: Challenge | None, after: Challenge) -> tuple[AuthorEvent, ...]:
    """The events a challenge's change of state adds for its doctrine's author (none for a house AI)."""
    if after.author is None:
        return ()
    found = []
    if before is None:
        found.append(AuthorEvent(after.doctrine, after.author, after.id, NoticeKind.CHALLENGED, after.started_at))
    if after.status is ChallengeStatus.FINISHED and (before is None or before.status is not ChallengeStatus.FINISHED):
        if after.score is None or after.ended_at is None:
            raise ValueError(f"challenge {after.id} finished without a score or an end time")
        found.append(AuthorEvent(after.doctrine, after.author, after.id, _RESULT[after.score], after.ended_at))
    return tuple(found)


@dataclass(frozen=True)
class AuthorNotice:
    """One notice of the author's feed, telling every event that waited for it."""

    doctrine: str
    author: str
    at: datetime
    told: tuple[AuthorEvent, ...]
    """The events it tells, in time order: they leave the waiting list in the notice's transaction."""

    @property
    def id(self) -> str:
        return f"{self.doctrine}#{self.at.isoformat()}"

    def count(self, kind: NoticeKind) -> int:
        return sum(1 for event in self.told if event.kind is kind)

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(event.game for event in self.told))


def _waiting(pending: Iterable[AuthorEvent], now: datetime | None) -> list[AuthorEvent]:
    unique = {(event.game, event.kind): event for event in pending}
    return sorted((e for e in unique.values() if now is None or e.at <= now), key=lambda e: (e.at, e.game, e.kind))


def next_notice_at(pending: Iterable[AuthorEvent], last_sent: datetime | None) -> datetime | None:
    """When the next notice of the doctrine is due: the first waiting event's time, but not within the hour after
    the last notice; None when nothing waits."""
    waiting = _waiting(pending, None)
    if not waiting:
        return None
    first = waiting[0].at
    return first if last_sent is None else max(first, last_sent + NOTICE_SPACING)


def notice_due(pending: Iterable[AuthorEvent], last_sent: datetime | None, now: datetime) -> AuthorNotice | None:
    """The notice to write at ``now`` for one doctrine's waiting events, or None (nothing waits, or the last
    notice is less than an hour old). Events after ``now`` keep waiting."""
    waiting = _waiting(pending, now)
    if not waiting or (last_sent is not None and now < last_sent + NOTICE_SPACING):
        return None
    doctrines = {(event.doctrine, event.author) for event in waiting}
    if len(doctrines) > 1:
        raise ValueError(f"a notice tells one doctrine's events, not {sorted(doctrines, key=str)}")
    doctrine, author = doctrines.pop()
    return AuthorNotice(doctrine, author, now, tuple(waiting))
