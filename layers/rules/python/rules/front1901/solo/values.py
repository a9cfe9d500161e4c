"""What each place on the board is worth to one power: province values in the spirit of DumbBot.

Written from the published description of David Norman's DumbBot, not from its code:

- every power has a *size* from its centre count, ``a*x^2 + b*x + c``: bigger powers are worth attacking
  and worth fearing;
- a centre the power does not own is worth attacking by the size of its owner (an unowned centre as if a
  power of ``NEUTRAL_AS`` centres held it); a centre it owns is worth defending by the size of the largest
  power with a unit that can move into it; other provinces are worth nothing by themselves;
- the values are *spread over distance*: level ``n`` of a place is the sum of level ``n-1`` over the place
  and its neighbours, divided by 5 (for the unit's kind: armies by land, fleets along the coasts), and the destination
  value of a place sums the levels with weights (the spring weights favour being next to what is valuable,
  the fall weights being on it, since centres change hands after the fall);
- *strength vs competition*: the power's units that can reach a province add to its value, the most units
  any other single power can bring there subtract from it.

Agreements enter as an ``Outlook``: the centres of the power's partners are not worth attacking, their units
are feared less, and the target of an alliance is worth more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from operator import mul

from ..board import ARMY, ARMY_MOVES, CENTRES, FLEET_MOVES, FLEET_REACH, POWERS, Location, Power, Province
from ..position import Position, Season, Unit

SIZE_SQUARE, SIZE_LINEAR, SIZE_CONSTANT = 1.0, 4.0, 16.0
"""``size = a*x^2 + b*x + c`` for ``x`` centres (DumbBot's published defaults)."""
NEUTRAL_AS = 3
"""An unowned centre is worth attacking as much as a centre of a power with this many centres: in 1901
the neutrals are the cheapest growth on the board."""
LEVELS = 10
"""Spreading steps: a value is felt up to nine moves away."""
SPRING_PROXIMITY = (100.0, 1000.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
FALL_PROXIMITY = (1000.0, 100.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
"""Weights of the levels in a destination's value (DumbBot's published spring and fall weights)."""
SPRING_ATTACK, SPRING_DEFENCE = 70.0, 30.0
FALL_ATTACK, FALL_DEFENCE = 60.0, 40.0
STRENGTH = 0.25
COMPETITION = 0.30
"""Per unit that can reach the province (ours add, the strongest other power's subtract), as a share of the
value of a neutral centre at level 0."""
FRIEND_THREAT = 0.25
"""A partner's units count for this share of a threat: trusted, not blindly."""
TARGET_BONUS = 1.6
"""The centres of an alliance's target are worth this many times more to attack."""


def power_size(centres: int) -> float:
    """DumbBot's size of a power: what it is worth to attack, and to fear."""
    return SIZE_SQUARE * centres * centres + SIZE_LINEAR * centres + SIZE_CONSTANT


@dataclass(frozen=True, slots=True)
class Posture:
    """A way of weighing attack against defence (the hard level varies them among its candidates)."""

    name: str
    attack: float
    defence: float


BALANCED = Posture("balanced", 1.0, 1.0)
ATTACK = Posture("attack", 1.6, 0.5)
DEFEND = Posture("defend", 0.5, 1.8)


@dataclass(frozen=True, slots=True)
class Outlook:
    """How a power sees the others this phase: its partners (pact or alliance: their centres are not
    targets, their units feared less) and the targets of its alliances."""

    friends: frozenset[Power] = frozenset()
    targets: frozenset[Power] = frozenset()


ALONE = Outlook()

# The two graphs the values spread over: army nodes are provinces, fleet nodes are locations (coasts named).
_ARMY_NODES: tuple[Location, ...] = tuple(sorted(ARMY_MOVES))
_FLEET_NODES: tuple[Location, ...] = tuple(sorted(FLEET_MOVES))


def _neighbour_indices(nodes: tuple[Location, ...], moves: Mapping[Location, frozenset[Location]]) -> tuple[tuple[int, ...], ...]:
    index = {node: i for i, node in enumerate(nodes)}
    return tuple(tuple(sorted(index[n] for n in moves[node])) for node in nodes)


_ARMY_NEXT = _neighbour_indices(_ARMY_NODES, ARMY_MOVES)
_FLEET_NEXT = _neighbour_indices(_FLEET_NODES, FLEET_MOVES)
_ARMY_INDEX = {node: i for i, node in enumerate(_ARMY_NODES)}
_FLEET_INDEX = {node: i for i, node in enumerate(_FLEET_NODES)}
_SORTED_CENTRES = tuple(sorted(CENTRES))


def reach(unit: Unit) -> frozenset[Province]:
    """The provinces a unit could move into next (any coast, no convoy): where it threatens and supports."""
    return ARMY_MOVES[unit.location] if unit.kind is ARMY else FLEET_REACH[unit.location]


class Values:
    """The destination value of every place for one power in one position (see the module's rules)."""

    __slots__ = ("power", "army", "fleet", "competition", "unit_scale")

    def __init__(
        self, power: Power, army: list[float], fleet: list[float], competition: dict[Province, int], unit_scale: float
    ) -> None:
        self.power = power
        self.army = army
        self.fleet = fleet
        self.competition = competition
        """Per province: the most units one other power could bring into it next phase."""
        self.unit_scale = unit_scale
        """The value of a neutral centre at level 0: the unit every other figure is measured in."""

    def at(self, unit: Unit, location: Location) -> float:
        """The value of ``location`` for this unit's kind (a unit's destination or its place)."""
        if unit.kind is ARMY:
            return self.army[_ARMY_INDEX[location]]
        return self.fleet[_FLEET_INDEX[location]]

    def army_at(self, province: Province) -> float:
        return self.army[_ARMY_INDEX[province]]

    def fleet_at(self, location: Location) -> float:
        return self.fleet[_FLEET_INDEX[location]]


def values(
    position: Position, power: Power, posture: Posture = BALANCED, outlook: Outlook = ALONE, neutral_power: bool = False
) -> Values:
    """The destination values of every army and fleet place for ``power`` (the module's rules).
    ``neutral_power``: the unowned centres are worth attacking as DumbBot values them, as the centres of one
    more power holding them all (12 in 1901: worth far more than any power's), rather than as ``NEUTRAL_AS``."""
    fall = position.phase.season is Season.FALL
    attack_weight = (FALL_ATTACK if fall else SPRING_ATTACK) * posture.attack
    defence_weight = (FALL_DEFENCE if fall else SPRING_DEFENCE) * posture.defence
    proximity = FALL_PROXIMITY if fall else SPRING_PROXIMITY
    counts = dict.fromkeys(POWERS, 0)
    for owner in position.centres.values():
        counts[owner] += 1
    sizes = {p: power_size(n) for p, n in counts.items()}
    friends, targets = outlook.friends, outlook.targets
    # Who can reach each province: the biggest threat, our strength, the strongest competitor.
    threat: dict[Province, float] = {}
    strength: dict[Province, int] = {}
    rivals: dict[Province, dict[Power, int]] = {}
    for unit in position.units.values():
        owner = unit.power
        places = (unit.province, *reach(unit))
        if owner == power:
            for p in places:
                strength[p] = strength.get(p, 0) + 1
            continue
        weight = sizes[owner] * (FRIEND_THREAT if owner in friends else 1.0)
        for p in places:
            if weight > threat.get(p, 0.0):
                threat[p] = weight
            if owner not in friends:
                per = rivals.setdefault(p, {})
                per[owner] = per.get(owner, 0) + 1
    competition = {p: max(per.values()) for p, per in rivals.items()}
    base: list[float] = []
    neutral = power_size(NEUTRAL_AS)
    unowned = power_size(len(CENTRES) - len(position.centres)) if neutral_power else neutral
    for centre in _SORTED_CENTRES:
        holder = position.centres.get(centre)
        if holder == power:
            base.append(defence_weight * threat.get(centre, 0.0))
        elif holder is None:
            base.append(attack_weight * unowned)
        elif holder in friends:
            base.append(0.0)
        else:
            base.append(attack_weight * sizes[holder] * (TARGET_BONUS if holder in targets else 1.0))
    unit_scale = max(FALL_ATTACK, SPRING_ATTACK) * neutral * proximity[0] / 1000.0
    army_kernel, fleet_kernel = _KERNELS[fall]
    army = [sum(map(mul, base, column)) for column in army_kernel]
    fleet = [sum(map(mul, base, column)) for column in fleet_kernel]
    # Strength vs competition, in the unit of a neutral centre.
    for nodes, table in ((_ARMY_NODES, army), (_FLEET_NODES, fleet)):
        for i, node in enumerate(nodes):
            p = node[:3]
            table[i] += unit_scale * (STRENGTH * strength.get(p, 0) - COMPETITION * competition.get(p, 0))
    return Values(power, army, fleet, competition, unit_scale)


def _spread(
    nodes: tuple[Location, ...],
    neighbours: tuple[tuple[int, ...], ...],
    base: Mapping[Province, float],
    weights: tuple[float, ...],
) -> list[float]:
    """Sum over the levels of ``weights[n] * level n``; level n is the sum of level n-1 over the node and
    its neighbours, divided by 5 (DumbBot's spreading: a node and about four neighbours)."""
    level = [base.get(node[:3], 0.0) for node in nodes]
    first = weights[0] / 1000.0
    total = [v * first for v in level]
    for n in range(1, LEVELS):
        level = [(level[i] + sum(level[j] for j in nexts)) / 5.0 for i, nexts in enumerate(neighbours)]
        w = weights[n] / 1000.0
        total = [t + v * w for t, v in zip(total, level, strict=True)]
    return total


def _kernel(nodes: tuple[Location, ...], neighbours: tuple[tuple[int, ...], ...], weights: tuple[float, ...]) -> list[tuple[float, ...]]:
    """Per node, what a value of 1 on each centre (in ``_SORTED_CENTRES`` order) is worth there once spread:
    the spreading is linear, so a position's values are these columns weighted by its centres' values."""
    spread = [_spread(nodes, neighbours, {centre: 1.0}, weights) for centre in _SORTED_CENTRES]
    return [tuple(column[i] for column in spread) for i in range(len(nodes))]


_KERNELS = {
    fall: (_kernel(_ARMY_NODES, _ARMY_NEXT, weights), _kernel(_FLEET_NODES, _FLEET_NEXT, weights))
    for fall, weights in ((False, SPRING_PROXIMITY), (True, FALL_PROXIMITY))
}
"""The spread values of each centre, per season (spring weights also serve the winter) and graph, made once."""
