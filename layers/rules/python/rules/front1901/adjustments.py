"""The winter adjustment phase: builds and disbands.

"With more centres, you build new units in your free, still-controlled home centres; with fewer centres,
you must disband units."  A power's count is its centres minus its units.  The first N valid build or
disband orders in list order count; the rest are void.  Missing builds are waived; missing disbands are made
by the civil-disorder rule: furthest first from any of the power's home centres (in moves: armies through
any province, fleets along the coasts), at equal distance fleets before armies, then by province code.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .board import (
    ARMY,
    ARMY_MOVES,
    COASTS,
    FLEET,
    FLEET_MOVES,
    FLEET_REACH,
    HOME_CENTRES,
    SEA_NEIGHBOURS,
    Location,
    Power,
    Province,
    UnitKind,
    can_stand,
    province_of,
)
from .legality import IllegalOrderError
from .movement import VoidOrder, read_orders
from .orders import Build, Disband, Order, Waive
from .position import Position, Unit


@dataclass
class AdjustmentOutcome:
    """The board after the winter; ``results`` holds ``built`` and ``removed`` keyed by province."""

    units: dict[Province, Unit]
    results: dict[Province, str]
    reasons: dict[Province, str]
    void_orders: list[VoidOrder] = field(default_factory=list)


def adjustment_counts(position: Position) -> dict[Power, int]:
    """Centres minus units for every power with either: positive builds, negative disbands."""
    counts: dict[Power, int] = {}
    for owner in position.centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    for unit in position.units.values():
        counts[unit.power] = counts.get(unit.power, 0) - 1
    return counts


def buildable_sites(position: Position, power: Power) -> list[Province]:
    """Home centres of the power that it still owns and that are free."""
    return [
        c for c in HOME_CENTRES.get(power, ()) if position.centres.get(c) == power and c not in position.units
    ]


def _check_build(position: Position, power: Power, order: Build, built: set[Province]) -> Unit:
    """"You can only build in your home centres, if they are free and still under your control ... A fleet
    can only be built in a coastal centre; in St Petersburg you choose the coast." """
    ref = order.unit
    province = ref.province
    if ref.kind is None:
        raise IllegalOrderError(order, "a build names the kind of unit")
    if province not in HOME_CENTRES.get(power, ()):
        raise IllegalOrderError(order, f"{province} is not a home centre of {power}")
    if position.centres.get(province) != power:
        raise IllegalOrderError(order, f"{power} does not control {province}")
    if province in position.units or province in built:
        raise IllegalOrderError(order, f"{province} is not free")
    location: Location = ref.location
    if ref.kind is ARMY:
        location = province
    elif province in COASTS and location == province:
        raise IllegalOrderError(order, f"name the coast of {province} for a fleet")
    if not can_stand(ref.kind, location):
        raise IllegalOrderError(order, f"a {'fleet' if ref.kind is FLEET else 'army'} cannot be built in {location}")
    return Unit(power, ref.kind, location)


def adjudicate_adjustments(position: Position, orders: Mapping[Power, Sequence[Order | str]]) -> AdjustmentOutcome:
    void: list[VoidOrder] = []
    counts = adjustment_counts(position)
    units = dict(position.units)
    results: dict[Province, str] = {}
    reasons: dict[Province, str] = {}
    done: dict[Power, int] = {}
    built: set[Province] = set()
    for power, order, given_as in read_orders(position, orders, void):
        count = counts.get(power, 0)
        if isinstance(order, Build | Waive):
            if count <= done.get(power, 0):
                void.append(VoidOrder(power, str(given_as), f"{power} has no build left"))
                continue
            if isinstance(order, Waive):
                done[power] = done.get(power, 0) + 1
                void.append(VoidOrder(power, str(given_as), "build waived"))
                continue
            try:
                unit = _check_build(position, power, order, built)
            except IllegalOrderError as error:
                void.append(VoidOrder(power, str(given_as), error.rule))
                continue
            done[power] = done.get(power, 0) + 1
            built.add(unit.province)
            units[unit.province] = unit
            results[unit.province], reasons[unit.province] = "built", f"built {unit}"
        elif isinstance(order, Disband):
            standing = units.get(order.unit.province)
            if -count <= done.get(power, 0):
                void.append(VoidOrder(power, str(given_as), f"{power} has no unit to disband"))
            elif standing is None or standing.power != power or order.unit.province in built:
                void.append(VoidOrder(power, str(given_as), f"no unit of {power} in {order.unit.province}"))
            elif order.unit.kind is not None and order.unit.kind is not standing.kind:
                void.append(VoidOrder(power, str(given_as), f"the unit in {standing.province} is {standing}"))
            else:
                done[power] = done.get(power, 0) + 1
                del units[standing.province]
                results[standing.province], reasons[standing.province] = "removed", "disbanded as ordered"
        else:
            void.append(VoidOrder(power, str(given_as), "only build, disband and waive orders in the winter"))
    for power, count in sorted(counts.items()):
        missing = -count - done.get(power, 0)
        if missing > 0:
            for unit in civil_disorder(units, power, missing):
                del units[unit.province]
                results[unit.province], reasons[unit.province] = "removed", "civil disorder: disband missing"
    return AdjustmentOutcome(units, results, reasons, void)


def civil_disorder(units: Mapping[Province, Unit], power: Power, count: int) -> list[Unit]:
    """The ``count`` units the civil-disorder rule removes: furthest from a home centre first, fleets
    before armies at equal distance, then by province code."""
    homes = set(HOME_CENTRES.get(power, ()))
    own = [u for u in units.values() if u.power == power]
    own.sort(key=lambda u: (-distance_home(u, homes), u.kind is not FLEET, u.province))
    return own[:count]


def distance_home(unit: Unit, homes: set[Province]) -> int:
    """Moves from the unit to the nearest of the home centres: armies through any province (a convoy
    counts its sea steps, DATC 6.J.10), fleets along the coasts; unreachable counts as very far."""
    start: Location = unit.location
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        here, steps = queue.popleft()
        if province_of(here) in homes:
            return steps
        for nxt in _steps(unit.kind, here):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, steps + 1))
    return 1_000


def _steps(kind: UnitKind, here: Location) -> frozenset[Location] | set[Province]:
    if kind is FLEET:
        return FLEET_MOVES[here]
    province = province_of(here)
    found = set(SEA_NEIGHBOURS[province])
    if province in ARMY_MOVES:
        found |= ARMY_MOVES[province]
    else:
        found |= FLEET_REACH[province]
    return found

