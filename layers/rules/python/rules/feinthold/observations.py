"""What a side notes about the board after each turn (the raw material of its fog view).

"From each position where you have a unit, and from your HQ, you see an enemy presence ("?") on the neighbors,
without the number: unit or decoy. A decoy sees nothing. Scouting gives the count, a combat reveals the enemy
strength; each position keeps its last observation and its turn, in grey."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .layouts import Layout
from .positions import HQ, POSITIONS, Position, Side


@dataclass(frozen=True, slots=True)
class Observation:
    """The last thing a side saw at one position, and the turn it saw it (0: the start of the game).

    `presence`: whether enemy units or decoys stood there after that turn (None when the position was not
    watched that turn); `count`: the enemy units + decoys there after the turn, from scouting; `strength`: the
    enemy strength met there in combat that turn. Unseen facets are None.
    """

    turn: int
    presence: bool | None = None
    count: int | None = None
    strength: float | None = None

    def to_json(self) -> dict:
        return {"turn": self.turn, "presence": self.presence, "count": self.count, "strength": self.strength}

    @classmethod
    def from_json(cls, data: Mapping) -> Observation:
        return cls(int(data["turn"]), data.get("presence"), data.get("count"), data.get("strength"))


@lru_cache(maxsize=64)
def _sighting(turn: int, present: bool) -> Observation:
    """The plain observation of a watched position; shared, since observations are immutable values."""
    return Observation(turn, present)


def watched(layout: Layout, side: Side, own_units: Mapping[Position, int]) -> list[Position]:
    """Positions a side sees after a turn, in map order: where it has units, its HQ, and every neighbour of
    those. Decoys are not in `own_units`: "A decoy sees nothing."
    """
    eyes = {p for p, n in own_units.items() if n > 0}
    eyes.add(HQ[side])
    seen = set(eyes)
    for p in eyes:
        seen.update(layout.neighbours(p))
    return [p for p in POSITIONS if p in seen]


def observe(
    layout: Layout,
    side: Side,
    turn: int,
    own_units: Mapping[Position, int],
    enemy_units: Mapping[Position, int],
    enemy_decoys: Mapping[Position, int],  # counts list only positions above 0
    scouted: Mapping[Position, int],
    combat: Mapping[Position, float],
    previous: Mapping[Position, Observation],
) -> dict[Position, Observation]:
    """`previous` updated with this turn's sightings: watched positions, scouting counts, combat strengths.

    A position seen this turn replaces its older observation; an unseen one keeps its last observation.
    """
    out = dict(previous)
    # Counts hold only positions above 0, so membership is presence.
    for p in watched(layout, side, own_units):
        present = p in enemy_units or p in enemy_decoys
        if (scouted and p in scouted) or (combat and p in combat):
            out[p] = Observation(turn, present, scouted.get(p), combat.get(p))
        else:
            out[p] = _sighting(turn, present)
    for p, n in scouted.items():
        if p not in out or out[p].turn != turn:
            out[p] = Observation(turn, n > 0, n, combat.get(p))
    for p, s in combat.items():
        if p not in out or out[p].turn != turn:
            out[p] = Observation(turn, None, None, s)
    return out
