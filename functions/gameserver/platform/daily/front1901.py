"""Front 1901's daily challenge: the day's power, level and seed, its board's order, the 48-hour window.

Rules (front1901.md, "Daily challenge"): "Every day at 00:00 UTC the schedule that rotates the Daily Front also
sets the day's challenge: a power, a level and a seed drawn from the date and the secret salt; the same for
everyone. It is a short game." "One attempt a day per member. It is ranked if finished within 48 hours of that
day's start, and not ranked if a linked account started that day's challenge earlier. Its record (the AI's
answers and orders) stays private until that 48-hour window closes, so nobody rehearses the day." "The day's
board: ``won`` (the earlier the year, the better; then more centres), then ``shared`` (more centres first), then
``survived`` (more centres first), then ``eliminated`` (the later the elimination, the better), then
``abandoned``; then fewer phases whose submitted orders equalled that phase's suggestion; equal results share a
rank."

The board is written as the Daily Front's is (``board``: a sort key DynamoDB keeps in order, write shards, shared
ranks), under its own name (``BOARD``), so the two boards of a day never mix. Pure: no storage, no clock.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from gameserver.platform.daily.rotation import day_draw, day_seed
from gameserver.platform.fairplay.links import LINK_WINDOW, Link

BOARD = "challenge"
"""The board's name: its draws' (``day_draw``) and its index partitions' (``board_partition``)."""
WINDOW = timedelta(hours=48)
""""Ranked if finished within 48 hours of that day's start"; the record stays private until then."""
LENGTH = "short"
""""It is a short game"."""

_CLASS = {"won": 1, "shared": 2, "survived": 3, "eliminated": 4, "abandoned": 5}
"""The board's order of results, best first."""
MAX_YEAR = 9999
MAX_CENTRES = 99
MAX_MATCHED = 999


@dataclass(frozen=True)
class Challenge:
    """One day's challenge: the same game for everyone."""

    day: date
    power: str
    level: str
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"day": self.day.isoformat(), "power": self.power, "level": self.level, "seed": self.seed}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Challenge:
        return cls(date.fromisoformat(data["day"]), data["power"], data["level"], int(data["seed"]))


def challenge_of_the_day(day: date, salt: bytes, powers: Sequence[str], levels: Sequence[str]) -> Challenge:
    """The challenge of ``day``: each parameter its own draw of the date under the salt (``day_draw``), on this
    board's name, so the Daily Front of the day tells nothing of it."""
    power = powers[day_draw(salt, day, "power", BOARD) % len(powers)]
    level = levels[day_draw(salt, day, "level", BOARD) % len(levels)]
    return Challenge(day, power, level, day_seed(salt, day, "seed", BOARD))


def window_closes_at(day: date) -> datetime:
    """When ``day``'s 48-hour window closes: its results ranked until then, its records private until then."""
    return datetime.combine(day, time(0, 0), tzinfo=UTC) + WINDOW


class NotRanked(enum.StrEnum):
    """Why a finished challenge stays off the board (checked in this order)."""

    LATE = "finished-after-48-hours"
    """"Ranked if finished within 48 hours of that day's start"."""
    LINKED_ACCOUNT = "linked-account-started-earlier"
    """"Not ranked if a linked account started that day's challenge earlier"."""
    STOPPED = "stopped"
    """Stopped by a moderator: "ends it with no result"."""


def not_ranked(day: date, finished_at: datetime, linked_earlier: bool) -> NotRanked | None:
    """None when the result is ranked, else the first reason it is not."""
    if finished_at > window_closes_at(day):
        return NotRanked.LATE
    if linked_earlier:
        return NotRanked.LINKED_ACCOUNT
    return None


MAX_STARTER_VALUES = 60
"""Values a start records at most (its transaction holds 100 items; a member is seen with a few a month)."""


def linked_values(seen: Mapping[date, Iterable[Link]], current: Sequence[str], now: datetime) -> tuple[str, ...]:
    """The device ids and addresses a start looks up among the day's earlier starts and records for the later
    ones (``device:{id}``, ``address:{ip}``): the request's own first, then every value the member was seen with
    within the linked-account window ("members seen with the same device id or the same source address within
    30 days"), most recent days first, ``MAX_STARTER_VALUES`` at most. Two members linked by a value both were
    seen with meet on it: the earlier recorded it, the later looks it up."""
    since = (now - LINK_WINDOW).astimezone(UTC).date()
    values = list(dict.fromkeys(current))
    for day in sorted((d for d in seen if since <= d <= now.astimezone(UTC).date()), reverse=True):
        values += sorted(f"{link.kind}:{link.value}" for link in seen[day])
    return tuple(dict.fromkeys(values))[:MAX_STARTER_VALUES]


@dataclass(frozen=True)
class ChallengeResult:
    """A finished challenge as the board ranks it: the member's result, its centres and year, and how many
    movement phases the member played the suggestion."""

    member: str
    kind: str
    centres: int
    year: int
    matched: int

    def __post_init__(self) -> None:
        if self.kind not in _CLASS:
            raise ValueError(f"no result {self.kind!r}")
        if "#" in self.member:
            raise ValueError("a member id never holds '#', the key's separator")


def result_key(result: ChallengeResult) -> str:
    """The result part of the sort key, best first in ascending order; equal results, equal strings:

        {class}.{first:04}.{second:02}.{matched:03}

    ``won``: the year, then 99 - centres; ``shared`` and ``survived``: 99 - centres; ``eliminated``: 9999 - the
    year; ``abandoned``: nothing; then the phases that equalled the suggestion, fewer first."""
    more_centres = MAX_CENTRES - min(result.centres, MAX_CENTRES)
    first, second = {
        "won": (result.year, more_centres),
        "shared": (0, more_centres),
        "survived": (0, more_centres),
        "eliminated": (MAX_YEAR - result.year, 0),
        "abandoned": (0, 0),
    }[result.kind]
    return f"{_CLASS[result.kind]}.{first:04d}.{second:02d}.{min(result.matched, MAX_MATCHED):03d}"


def sort_key(result: ChallengeResult) -> str:
    """The index sort key: the result, then the member (one item per member and day)."""
    return f"{result_key(result)}#{result.member}"
