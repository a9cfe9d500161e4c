"""Marks for moderators.

Platform decision (specs/platform.md): "A pace too regular [...] leaves the Daily Front unranked and leaves a
mark. A game view reloaded more than 60 times a minute and games between linked accounts leave a mark for
moderators. A mark changes nothing else by itself." "Marks for moderators: ``too-fast`` (orders faster than a
human's, any game), ``pace-too-regular`` (duels, tournament matches, challenges and the Daily Front),
``reload-storm``, ``linked-accounts``."

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
from collections.abc import Mapping
from dataclasses import dataclass, replace

from gameserver.platform.fairplay.delays import faster_than_a_human_in_game, pace_too_regular
from gameserver.platform.fairplay.links import Link


class MarkKind(enum.StrEnum):
    """Why fair play left a mark for the moderators."""

    LINKED_ACCOUNTS = "linked-accounts"
    """A game between linked accounts (the same device id or source address within 30 days)."""
    PACE_TOO_REGULAR = "pace-too-regular"
    """Order delays whose coefficient of variation is under 0.1 over at least 5 turns."""
    TOO_FAST = "too-fast"
    """Orders faster than a human can read a turn (the median delay under 4 seconds, from turn 5 on)."""
    RELOAD_STORM = "reload-storm"
    """A game view reloaded more than 60 times in a minute."""


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


def play_marks(game_id: str, delays: Mapping[str, Mapping[int, int]], turns: int, at: str) -> tuple[Mark, ...]:
    """The marks a finished game of ``turns`` turns leaves its members by their order delays (member -> turn ->
    seconds): ``too-fast`` ("These orders [...] also leave a mark") and ``pace-too-regular`` ("a sending pace
    that is too regular")."""
    marks: list[Mark] = []
    for member in sorted(delays):
        own = delays[member]
        if faster_than_a_human_in_game(own, turns):
            marks.append(Mark(member, MarkKind.TOO_FAST, game_id, at))
        if pace_too_regular([own[turn] for turn in sorted(own)]):
            marks.append(Mark(member, MarkKind.PACE_TOO_REGULAR, game_id, at))
    return tuple(marks)
