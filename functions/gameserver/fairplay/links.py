"""Linked accounts.

Platform decision (specs/platform.md): "Linked accounts: members seen with the same device id (a client header)
or the same source address within 30 days."

Choice (docs/platform.md): two members are linked at a time ``now`` when both were seen with the same device id,
or the same source address, each within the 30 days before ``now`` (the window includes its start).
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

LINK_WINDOW = timedelta(days=30)


class LinkKind(enum.StrEnum):
    DEVICE = "device"
    ADDRESS = "address"


@dataclass(frozen=True)
class Sighting:
    """A member seen on a request: the device id header (None when absent) and the source address."""

    member: str
    device_id: str | None
    address: str
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
        seen[(LinkKind.ADDRESS, sighting.address)].add(sighting.member)
    return seen


def link_between(first: str, second: str, sightings: Iterable[Sighting], now: datetime) -> Link | None:
    """What links two different members at ``now`` (a device id before an address), or None."""
    if first == second:
        raise ValueError("a link is between two different members")
    found = [key for key, members in _shared(_recent(sightings, now)).items() if {first, second} <= members]
    if not found:
        return None
    kind, value = min(found, key=lambda key: (key[0] is not LinkKind.DEVICE, key[1]))
    return Link(kind, value)


def linked_members(member: str, sightings: Iterable[Sighting], now: datetime) -> set[str]:
    """Every other member linked to ``member`` at ``now``."""
    linked: set[str] = set()
    for members in _shared(_recent(sightings, now)).values():
        if member in members:
            linked |= members
    linked.discard(member)
    return linked
