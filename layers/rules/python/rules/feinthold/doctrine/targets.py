"""Symbolic targets: where a rule acts, named so that it means the same on every layout and side.

"The map changes every game (ten layouts), always symmetrical." A doctrine cannot name `r-s` or
`p-w`: it names "my forward relay", "the left post", "the weakest enemy neighbour", and the name is
resolved each turn on the view's layout, flags, presence marks and observations.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Literal, get_args

from ..positions import HQ, RELAYS
from .sight import FORWARD_RELAY, LEFT_POST, RIGHT_POST, Sight

# An enemy position seen without a number is assumed to hold this strength when targets are ranked.
UNKNOWN_STRENGTH = 2.0


class Target(StrEnum):
    """A position named relative to one's side, resolved on the view each turn."""

    MY_HQ = "my-hq"
    """One's own HQ."""
    ENEMY_HQ = "enemy-hq"
    """The other side's HQ."""
    CENTRE = "centre"
    """The centre relay."""
    MY_RELAY = "my-relay"
    """One's forward relay (the relay on one's own half)."""
    ENEMY_RELAY = "enemy-relay"
    """The other side's forward relay."""
    LEFT_POST = "left-post"
    """The post on the left, looking from one's HQ towards the enemy's."""
    RIGHT_POST = "right-post"
    """The post on the right, looking from one's HQ towards the enemy's."""
    FRONTIER = "frontier"
    """One's position with units that borders a position not one's own, nearest the enemy HQ."""
    MY_LARGEST = "my-largest"
    """One's position holding the most units."""
    THREATENED = "threatened"
    """One's position with the most enemy presence marks next to it (none if no mark)."""
    OPEN_RELAY = "open-relay"
    """A relay not one's own next to one's units, nearest one's HQ."""
    OPEN_GROUND = "open-ground"
    """A position not one's own next to one's units: neutral and unmarked first, relays first, then
    nearest the enemy HQ."""
    WEAKEST_ENEMY = "weakest-enemy"
    """The enemy-held or marked position next to one's units with the lowest expected strength."""
    STRONGEST_ENEMY = "strongest-enemy"
    """The enemy-held or marked position next to one's positions with the highest expected strength."""
    STALE = "stale"
    """The position not one's own whose last number (count or strength) is oldest, never numbered first;
    enemy-held first."""
    LIKELY_ENTRY = "likely-entry"
    """The position next to the most enemy-held or marked positions: where the enemy will likely move."""


TargetName = Literal[
    "my-hq", "enemy-hq", "centre", "my-relay", "enemy-relay", "left-post", "right-post", "frontier",
    "my-largest", "threatened", "open-relay", "open-ground", "weakest-enemy", "strongest-enemy", "stale",
    "likely-entry",
]
"""A target as doctrines carry it: the plain string of a `Target` (fast to hash, every turn). Spelled out
so that a type checker reads it; it lists the `Target` values in their order (checked below)."""
assert get_args(TargetName) == tuple(t.value for t in Target), "TargetName must list the Target values in order"


def resolve_target(target: str, sight: Sight) -> str | None:
    """The position `target` names in `sight`, or None when no position fits this turn."""
    return _RESOLVERS[target](sight)


def _first(candidates: list[tuple[tuple, str]]) -> str | None:
    return min(candidates)[1] if candidates else None


def _frontier(sight: Sight) -> str | None:
    nbrs, mine, seats = sight.ground.neighbours, sight.mine, sight.seats
    return _first([
        ((sight.goal[p], -sight.units[p], seats[p]), p)
        for p in sight.occupied
        if p in mine and not mine.issuperset(nbrs[p])
    ])


def _largest(sight: Sight) -> str | None:
    return _first([((-sight.units[p], sight.goal[p], sight.seats[p]), p) for p in sight.occupied])


def _threatened(sight: Sight) -> str | None:
    nbrs, presence, hq = sight.ground.neighbours, sight.presence, HQ[sight.side]
    ranked = []
    for p in sight.mine:
        marks = len(presence.intersection(nbrs[p]))
        if marks:
            ranked.append(((-marks, p != hq, p not in RELAYS, sight.seats[p]), p))
    return _first(ranked)


def _open_relay(sight: Sight) -> str | None:
    return _first([
        ((p in sight.presence, sight.home[p], sight.seats[p]), p)
        for p in sight.near_units
        if p in RELAYS and p not in sight.mine
    ])


def _open_ground(sight: Sight) -> str | None:
    known = sight.enemy_known
    return _first([
        ((p in known, p not in RELAYS, sight.goal[p], sight.seats[p]), p)
        for p in sight.near_units
        if p not in sight.mine
    ])


def _weakest_enemy(sight: Sight) -> str | None:
    return _first([
        ((sight.estimate(p, UNKNOWN_STRENGTH), sight.goal[p], sight.seats[p]), p)
        for p in sight.near_units
        if p in sight.enemy_known
    ])


def _strongest_enemy(sight: Sight) -> str | None:
    nbrs = sight.ground.neighbours
    near = {n for p in sight.mine for n in nbrs[p]}
    return _first([
        ((-sight.estimate(p, UNKNOWN_STRENGTH), sight.home[p], sight.seats[p]), p)
        for p in near
        if p in sight.enemy_known and p not in sight.mine
    ])


def _stale(sight: Sight) -> str | None:
    ranked = []
    for p in sight.ground.positions:
        if p in sight.mine:
            continue
        seen = sight.observations.get(p)
        age = -1 if seen is None else seen.turn
        ranked.append(((age, sight.flags.get(p) != sight.enemy, sight.home[p], sight.seats[p]), p))
    return _first(ranked)


def _likely_entry(sight: Sight) -> str | None:
    nbrs, sources = sight.ground.neighbours, sight.enemy_known
    ranked = []
    for p in sight.ground.positions:
        count = len(sources.intersection(nbrs[p]))
        if count:
            ranked.append(((-count, sight.home[p], sight.seats[p]), p))
    return _first(ranked)


_RESOLVERS: dict[str, Callable[[Sight], str | None]] = {
    Target.MY_HQ.value: lambda s: HQ[s.side],
    Target.ENEMY_HQ.value: lambda s: HQ[s.enemy],
    Target.CENTRE.value: lambda s: "c",
    Target.MY_RELAY.value: lambda s: FORWARD_RELAY[s.side],
    Target.ENEMY_RELAY.value: lambda s: FORWARD_RELAY[s.enemy],
    Target.LEFT_POST.value: lambda s: LEFT_POST[s.side],
    Target.RIGHT_POST.value: lambda s: RIGHT_POST[s.side],
    Target.FRONTIER.value: _frontier,
    Target.MY_LARGEST.value: _largest,
    Target.THREATENED.value: _threatened,
    Target.OPEN_RELAY.value: _open_relay,
    Target.OPEN_GROUND.value: _open_ground,
    Target.WEAKEST_ENEMY.value: _weakest_enemy,
    Target.STRONGEST_ENEMY.value: _strongest_enemy,
    Target.STALE.value: _stale,
    Target.LIKELY_ENTRY.value: _likely_entry,
}
