"""What a doctrine sees: one side's view, read once into plain lookups.

"On each turn, the rules are read in order on what their side sees." A `Sight` is built from a
`SideView` and from nothing else, so a doctrine can only ever know what its side knows: the map,
the flags, its own units and decoys, its points, the enemy presence marks ("?") and the last number
observed at each position with the turn it was seen.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..fog import SideView
    from ..layouts import Layout

from ..positions import HQ, MIRROR, RELAY_N, RELAY_S, RELAYS, Position, Side, other

FORWARD_RELAY: dict[Side, Position] = {"south": RELAY_S, "north": RELAY_N}
# "left" as seen from one's own HQ looking at the enemy's: the board is symmetrical by a half turn,
# so south's left post (west) is north's right one, and a doctrine plays the same on both sides.
LEFT_POST: dict[Side, Position] = {"south": "p-w", "north": "p-e"}
RIGHT_POST: dict[Side, Position] = {"south": "p-e", "north": "p-w"}
_SEATS: dict[Side, dict[Position, Position]] = {"south": {p: p for p in MIRROR}, "north": dict(MIRROR)}


class Observation(NamedTuple):
    """The last number seen at a position (a scouting count or a combat strength) and its turn."""

    number: float
    turn: int


@dataclass(frozen=True, slots=True)
class Ground:
    """The layout as a doctrine uses it: neighbours and path distances, computed once per layout."""

    positions: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]]
    distance: dict[str, dict[str, int]]


_GROUNDS: dict[str, tuple[tuple, Ground]] = {}


def ground_of(layout: Layout) -> Ground:
    """The `Ground` of a layout, computed once per layout id (and again if a layout of that id, such as a
    one-turn case's, comes with other paths)."""
    known = _GROUNDS.get(layout.id)
    if known is not None and (known[0] is layout.paths or known[0] == layout.paths):
        return known[1]
    found = ground(layout.paths)
    if len(_GROUNDS) < 64:
        _GROUNDS[layout.id] = (layout.paths, found)
    return found


def ground(paths: tuple[tuple[str, str], ...]) -> Ground:
    """The neighbours and all-pairs distances of a layout's paths (breadth first; seven positions)."""
    neighbours: dict[str, list[str]] = {}
    for a, b in paths:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    positions = tuple(sorted(neighbours))
    distance: dict[str, dict[str, int]] = {}
    for start in positions:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for near in neighbours[here]:
                if near not in seen:
                    seen[near] = seen[here] + 1
                    queue.append(near)
        distance[start] = seen
    return Ground(positions, {p: tuple(sorted(n)) for p, n in neighbours.items()}, distance)


@dataclass(slots=True)
class Sight:
    """One side's knowledge at the opening of a turn, in the words of the rules. Read-only by convention
    (not frozen: it is built on every turn of every doctrine, and a frozen init costs a third more)."""

    side: Side
    enemy: Side
    turn: int
    points: int
    ground: Ground
    flags: dict[str, Side | None]
    units: dict[str, int]
    decoys: dict[str, int]
    presence: frozenset[str]
    observations: dict[str, Observation]
    enemy_known: frozenset[str]
    """Where the enemy is believed to be: a presence mark, or its flag where no eye saw it empty."""
    mine: frozenset[str]
    """The positions flying this side's flag."""
    occupied: tuple[str, ...]
    """The positions where this side has units at the start of the turn."""
    near_units: frozenset[str]
    """The neighbours of those positions."""
    home: dict[str, int]
    """Path distances to this side's HQ."""
    goal: dict[str, int]
    """Path distances to the enemy HQ."""
    seats: dict[str, str]
    """Each position's name as seen from south's seat: the last tie-break between positions, so that a
    doctrine chooses the same way on both sides of the board (which is symmetrical by a half turn)."""

    def step_toward(self, start: str, goal: str) -> str | None:
        """The neighbour of `start` on a shortest path to `goal` (None when already there); among
        equally short paths, through a relay first, for its income."""
        if start == goal:
            return None
        to_goal = self.ground.distance[goal]
        seats = self.seats
        return min(self.ground.neighbours[start], key=lambda near: (to_goal[near], near not in RELAYS, seats[near]))

    def held(self, side: Side) -> tuple[str, ...]:
        """The positions whose flag is `side`'s."""
        return tuple(p for p in self.ground.positions if self.flags.get(p) == side)

    def enemy_there(self, position: str) -> bool:
        """A presence mark stands there, or the enemy flag does and no eye saw it empty last turn."""
        return position in self.enemy_known

    def estimate(self, position: str, unknown_as: float) -> float:
        """The enemy strength a doctrine expects at `position`.

        The last number observed there when the enemy still holds it or is seen there; `unknown_as`
        when a presence mark or the enemy flag stands there without a number; 0 where the enemy is
        not known to be (no flag, no mark) or where the last turn watched it and saw no one.
        """
        if not self.enemy_there(position):
            return 0.0
        seen = self.observations.get(position)
        if seen is not None:
            return seen.number
        return unknown_as


def sight_of(view: SideView) -> Sight:
    """Read a side's view into a `Sight`. Nothing but the view is consulted.

    Presence marks are the view's marks of the last resolved turn; a position watched that turn
    without a mark is known empty. The numbers are the last scouting count or combat strength kept
    in each position's observation, with the turn it was seen.
    """
    numbers: dict[str, Observation] = {}
    watched = set()
    marks = set()
    last = view.seen_turn
    for position, seen in view.observations.items():
        count = seen.count
        if seen.turn == last:
            # The view's marks, read in the same pass: enemy units or decoys seen (watched or scouted).
            if seen.presence is not None:
                watched.add(position)
            if seen.presence or (count or 0) > 0:
                marks.add(position)
        number = count if count is not None else seen.strength
        if number is not None:
            numbers[position] = Observation(float(number), seen.turn)
    side = view.side
    enemy = other(side)
    layout = ground_of(view.layout)
    occupied = tuple(sorted([p for p, n in view.units.items() if n > 0]))
    near_units: set[str] = set()
    for p in occupied:
        near_units.update(layout.neighbours[p])
    flags = view.flags
    return Sight(
        side,
        enemy,
        view.turn,
        view.points,
        layout,
        flags,
        view.units,
        view.decoys,
        frozenset(marks),
        numbers,
        frozenset(p for p, flag in flags.items() if (flag == enemy and p not in watched) or p in marks),
        frozenset(p for p, flag in flags.items() if flag == side),
        occupied,
        frozenset(near_units),
        layout.distance[HQ[side]],
        layout.distance[HQ[enemy]],
        _SEATS[side],
    )
