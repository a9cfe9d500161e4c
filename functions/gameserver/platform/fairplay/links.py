"""Linked accounts.

Platform decision (specs/platform.md): "Linked accounts: members seen with the same device id (a client header)
or the same source address within 30 days."

Choice (docs/platform.md): two members are linked at a time ``now`` when both were seen with the same device id,
or the same source address, each within the 30 days before ``now`` (the window includes its start).

The sightings store keeps UTC days, not instants (one item per member, one attribute per day): a value seen on a
day counts as seen at that day's last second, or at ``now`` for today (``day_sightings``). A member is linked
up to one day longer than an instant would say, never shorter: a sighting is never dropped too early.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

LINK_WINDOW = timedelta(days=30)


class LinkKind(enum.StrEnum):
    """What two members were seen sharing."""

    DEVICE = "device"
    ADDRESS = "address"


@dataclass(frozen=True)
class Sighting:
    """A member seen on a request: the device id header (None when absent) and the source address (None when
    a stored day holds only the device)."""

    member: str
    device_id: str | None
    address: str | None
    at: datetime


@dataclass(frozen=True)
class Link:
    """Why two members are linked: what they shared."""

    kind: LinkKind
    value: str


def _recent(sightings: Iterable[Sighting], now: datetime) -> list[Sighting]:
    start = now - LINK_WINDOW
    return [s for s in sightings if start <= s.at <= now]


def _shared(sightings: Iterable[Sighting]) -> dict[tuple[LinkKind, str], set[str]]:
    seen: dict[tuple[LinkKind, str], set[str]] = defaultdict(set)
    for sighting in sightings:
        if sighting.device_id:
            seen[(LinkKind.DEVICE, sighting.device_id)].add(sighting.member)
        if sighting.address:
            seen[(LinkKind.ADDRESS, sighting.address)].add(sighting.member)
    return seen


_LAST_SECOND = time(23, 59, 59, tzinfo=UTC)


def day_sightings(member: str, days: Mapping[date, Iterable[Link]], now: datetime) -> list[Sighting]:
    """A member's stored days as sightings: each value seen on ``day`` at that day's last second (times are in
    whole seconds), or at ``now`` for a day not over yet; a day after ``now`` is not seen yet."""
    found = []
    for day, values in days.items():
        at = min(datetime.combine(day, _LAST_SECOND), now)
        if day > now.astimezone(UTC).date():
            continue
        for value in values:
            device = value.value if value.kind is LinkKind.DEVICE else None
            address = value.value if value.kind is LinkKind.ADDRESS else None
            found.append(Sighting(member, device, address, at))
    return found


def link_between(first: str, second: str, sightings: Iterable[Sighting], now: datetime) -> Link | None:
    """What links two different members at ``now`` (a device id before an address), or None."""
    if first == second:
        raise ValueError("a link is between two different members")
    found = [key for key, members in _shared(_recent(sightings, now)).items() if {first, second} <= members]
    if not found:
        return None
    kind, value = min(found, key=lambda key: (key[0] is not LinkKind.DEVICE, key[1]))
    return Link(kind, value)
