"""The hard level's search: its candidate order sets against likely order sets of the others.

"Before deciding, simulates several scenarios: several candidate order sets of its own against several
likely order sets of the others (the member's modelled from their past play), each adjudicated with the
engine, and plays the best on average."

- The likely order sets: every power's policy with different draws (as many as the most scenarios a
  deciding level asks for), sampled once per phase and shared by all the powers that search (the scenario
  ``k`` is every other power's ``k``-th set).
- The candidates of a searching power (made by :mod:`.decisions`): its policy's stochastic choices under
  varied postures (balanced, attack, defend) and, when it has agreements, with them kept and broken.
- Each candidate meets each scenario: the movement phase is adjudicated by this engine and the board after
  it is scored for the searching power by ``evaluate``; the candidate's value is its mean over the
  scenarios.

The sizes are the levels' (``levels.STYLES``): hard weighs 20 balanced candidates and the attack and defend
postures against 32 scenarios, sized to the latency budget ("hard median <= 1.0 s, p95 <= 2.0 s for the six
AI powers' decisions of one phase"); normal checks 3 candidates against 2 scenarios ("coordinates attacks and
defences").  The measured figures are in the rules doc.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..board import ARMY, ARMY_MOVES, CENTRES, FLEET_MOVES, Power, Province
from ..movement import CheckedOrders, MovementOutcome, adjudicate_checked, check_orders
from ..orders import Convoy, Hold, Move, SupportHold, SupportMove
from ..position import Position, Season, Unit
from .policy import Bounds, UnitOrder, movement_orders
from .values import Values, reach

CAPTURE = {Season.SPRING: 0.4, Season.FALL: 1.0}
"""Standing on a centre the power does not own: taken after a fall, half-way there after a spring."""
LOSS = CAPTURE
"""One of the power's centres with another power's unit on it."""
DISLODGED = 0.6
"""A unit of the power driven out (it may still retreat)."""
STRANDED = 1.0
"""A unit driven out with nowhere to retreat: lost."""
PLACE = 0.15
"""Per unit: the destination value of where it stands, in neutral-centre units (the policy's sense of
where a unit is useful)."""


@dataclass(frozen=True, slots=True)
class Model:
    """How a power is expected to play this phase: what the board is worth to it, what its agreements
    allow, how noisy its choices are."""

    values: Values
    bounds: Bounds
    noise: float
    cautious: bool = False
    coordinated: bool = False


def likely_sets(
    position: Position, models: Mapping[Power, Model], draws: Mapping[Power, Sequence[random.Random]]
) -> dict[Power, list[list[UnitOrder]]]:
    """Order sets per power from its model, one per draw."""
    return {
        power: [
            movement_orders(position, power, m.values, rng, m.bounds, m.noise, m.cautious, m.coordinated)
            for rng in draws[power]
        ]
        for power, m in sorted(models.items())
    }


def evaluate(outcome: MovementOutcome, position: Position, power: Power, values: Values, rivals: float = 0.0) -> float:
    """The board after a movement phase, for ``power``, in centres (the module's weights; ``rivals``: what a
    centre another power stands on and does not own costs the power, as a share of a capture of its own)."""
    season = position.phase.season
    capture, loss = CAPTURE[season], LOSS[season]
    scale = values.unit_scale
    score = 0.0
    for province, unit in outcome.units.items():
        if unit.power != power:
            owner = position.centres.get(province)
            if owner == power:
                score -= loss
            elif rivals and province in CENTRES and owner != unit.power:
                score -= rivals * capture
            continue
        score += PLACE * values.at(unit, unit.location) / scale
        if province in CENTRES and position.centres.get(province) != power:
            score += capture
    for dislodgement in outcome.dislodged.values():
        if dislodgement.unit.power == power:
            score -= DISLODGED if dislodgement.retreats else STRANDED
    return score


class Opponents:
    """The other powers' likely order sets, as one searching power meets them: scenario ``k`` is every other
    power's ``k``-th set, checked against the position once, however many candidates meet it."""

    __slots__ = ("position", "power", "rivals", "_others", "_checked")

    def __init__(
        self,
        position: Position,
        power: Power,
        likely: Mapping[Power, Sequence[Sequence[UnitOrder]]],
        rivals: float = 0.0,
    ) -> None:
        self.position = position
        self.power = power
        self.rivals = rivals
        """``evaluate``'s price of the others' gains."""
        self._others = [(p, sets) for p, sets in likely.items() if p != power]
        self._checked: list[CheckedOrders] = []

    def scenario(self, k: int) -> CheckedOrders:
        checked = self._checked
        while len(checked) <= k:
            n = len(checked)
            checked.append(check_orders(self.position, {p: sets[n] for p, sets in self._others}))
        return checked[k]

    def score(self, candidate: Sequence[UnitOrder], values: Values, scenarios: int) -> float:
        """The candidate's mean value over the first ``scenarios`` scenarios (each adjudicated)."""
        position, power, rivals = self.position, self.power, self.rivals
        own = check_orders(position, {power: candidate})
        total = 0.0
        for k in range(scenarios):
            total += evaluate(adjudicate_checked(position, self.scenario(k), own), position, power, values, rivals)
        return total / scenarios


def score(
    position: Position,
    power: Power,
    candidate: Sequence[UnitOrder],
    likely: Mapping[Power, Sequence[Sequence[UnitOrder]]],
    values: Values,
    scenarios: int,
) -> float:
    """The candidate's mean value over the first ``scenarios`` scenarios (each adjudicated)."""
    return Opponents(position, power, likely).score(candidate, values, scenarios)


def unit_options(unit: Unit, orders: Mapping[Province, UnitOrder], bounds: Bounds) -> list[UnitOrder]:
    """The orders the climb tries for one unit: hold, a move to each neighbour, a support of each own move
    into a province it can reach, a support of each own unit staying next to it (never into a province the
    bounds forbid)."""
    ref = orders[unit.province].unit
    forbidden = bounds.forbidden
    here = unit.location
    tried: list[UnitOrder] = [Hold(ref)]
    tried += [Move(ref, to) for to in sorted(ARMY_MOVES[here] if unit.kind is ARMY else FLEET_MOVES[here]) if to[:3] not in forbidden]
    near = reach(unit)
    for q, order in sorted(orders.items()):
        if q == unit.province:
            continue
        if type(order) is Move:
            target = order.to[:3]
            if target in near and target != unit.province and target not in forbidden and _by_land(order):
                tried.append(SupportMove(ref, order.unit, target))
        elif q in near and q not in forbidden:
            tried.append(SupportHold(ref, order.unit))
    return tried


def _by_land(move: Move) -> bool:
    """A move that needs no convoy (an army's next door, or any fleet's)."""
    return move.unit.kind is not ARMY or move.to in ARMY_MOVES[move.unit.location]


def repaired(orders: dict[Province, UnitOrder]) -> dict[Province, UnitOrder]:
    """Supports of the power's own units that no longer match their orders become holds (the power never
    voids its own support)."""
    for p, order in list(orders.items()):
        cls = type(order)
        if cls is SupportMove:
            move = orders.get(order.supported.province)  # type: ignore[union-attr]
            if move is not None and (type(move) is not Move or move.to[:3] != order.to[:3]):  # type: ignore[union-attr]
                orders[p] = Hold(order.unit)
        elif cls is SupportHold:
            held = orders.get(order.supported.province)  # type: ignore[union-attr]
            if held is not None and type(held) is Move:
                orders[p] = Hold(order.unit)
    return orders


def climb(
    position: Position,
    power: Power,
    start: Sequence[UnitOrder],
    likely: Mapping[Power, Sequence[Sequence[UnitOrder]]],
    values: Values,
    scenarios: int,
    budget: int,
    bounds: Bounds,
    allowed: Callable[[Sequence[UnitOrder]], bool],
    rivals: float = 0.0,
) -> list[UnitOrder]:
    """The candidate improved one unit at a time: each unit in province order takes the order among its
    options (``unit_options``) that raises the candidate's mean over the first ``scenarios`` scenarios most,
    sweep after sweep until a sweep changes nothing or ``budget`` adjudications are spent.  Units carrying
    or carried by a convoy and promised orders stay as they are; a trial the agreements do not ``allow``
    is not played."""
    current = {o.unit.province: o for o in start}
    units = position.units
    fixed = {p for p, o in current.items() if type(o) is Convoy or (type(o) is Move and not _by_land(o))}
    fixed |= {o.army.province for o in current.values() if isinstance(o, Convoy)}
    fixed |= {o.unit.province for o in bounds.promised}
    opponents = Opponents(position, power, likely, rivals)
    best = opponents.score(list(current.values()), values, scenarios)
    spent = scenarios
    changed = True
    while changed:
        changed = False
        for p in sorted(current):
            if p in fixed:
                continue
            choice: tuple[float, dict[Province, UnitOrder]] | None = None
            for option in unit_options(units[p], current, bounds):
                if option == current[p]:
                    continue
                if spent + scenarios > budget:
                    return [current[q] for q in sorted(current)]
                trial = repaired({**current, p: option})
                orders = [trial[q] for q in sorted(trial)]
                if not allowed(orders):
                    continue
                value = opponents.score(orders, values, scenarios)
                spent += scenarios
                if value > best + 1e-9 and (choice is None or value > choice[0]):
                    choice = (value, trial)
            if choice is not None:
                best, current = choice
                changed = True
    return [current[q] for q in sorted(current)]
