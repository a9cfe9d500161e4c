"""Marks for moderators.

Platform decision (specs/platform.md): "A pace too regular [...] leaves the Daily Front unranked and leaves a
mark. A game view reloaded more than 60 times a minute and games between linked accounts leave a mark for
moderators. A mark changes nothing else by itself."

A mark names one member, what they did (``kind``), in which game, and for linked accounts the other member and
what the two shared (a device id or an address: moderators may see it, members never see marks). Its id is
drawn from the game, the member and the kind, so the end of a game written twice marks once.

Moderators deal with a mark by closing it, saying why (specs/platform.md: "Every moderator action is written
to an audit log with who, when, what and why"): a closed mark leaves the open list for the closed one, and
stays closed.
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass, replace

from gameserver.platform.fairplay.links import Link


class MarkKind(enum.StrEnum):
    """Why fair play left a mark for the moderators."""

    LINKED_ACCOUNTS = "linked-accounts"
    PACE_TOO_REGULAR = "pace-too-regular"


class MarkStatus(enum.StrEnum):
    """Whether a moderator has reviewed a mark."""

    OPEN = "open"
    """Left by fair play, waiting for a moderator."""
    CLOSED = "closed"
    """Reviewed by a moderator, who said why."""


class MarkClosed(ValueError):
    """A mark is closed once: a moderator cannot close a closed mark again."""

    def __init__(self, mark: Mark) -> None:
        assert mark.closure is not None
        super().__init__(f"mark {mark.mark_id} of {mark.member} was closed by {mark.closure.by} "
                         f"at {mark.closure.at}")


@dataclass(frozen=True)
class Closure:
    """Who closed a mark, when (ISO UTC) and why."""

    by: str
    at: str
    why: str


@dataclass(frozen=True)
class Mark:
    member: str
    kind: MarkKind
    game_id: str
    at: str
    """When the game ended (ISO UTC, whole seconds): the same for every retry of that end."""
    other: str | None = None
    """The other member, for linked accounts."""
    shared: Link | None = None
    """What linked the two members."""
    closure: Closure | None = None
    """Once a moderator closed the mark."""

    @property
    def mark_id(self) -> str:
        return mark_id(self.game_id, self.member, self.kind)

    @property
    def status(self) -> MarkStatus:
        return MarkStatus.OPEN if self.closure is None else MarkStatus.CLOSED

    def closed(self, closure: Closure) -> Mark:
        """The mark closed by a moderator; ``MarkClosed`` when it already is."""
        if self.closure is not None:
            raise MarkClosed(self)
        return replace(self, closure=closure)


def mark_id(game_id: str, member: str, kind: MarkKind) -> str:
    """The same game, member and kind always give the same id."""
    return hashlib.sha256(f"{game_id}#{member}#{kind}".encode()).hexdigest()[:20]


def linked_marks(game_id: str, members: tuple[str, str], shared: Link, at: str) -> tuple[Mark, Mark]:
    """A game between linked accounts marks both members, each naming the other."""
    first, second = members
    return (Mark(first, MarkKind.LINKED_ACCOUNTS, game_id, at, other=second, shared=shared),
            Mark(second, MarkKind.LINKED_ACCOUNTS, game_id, at, other=first, shared=shared))
