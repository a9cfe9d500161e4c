"""Every legal order of every unit, as the compact notation an order picker or an AI enumerates.

The orders that depend only on the map (holds, moves by land and along the coast, supports into a
neighbouring province) are written once, at import, for every kind of unit on every location; a position
then only selects those whose units are there.  Convoys, and moves and supports that need a convoy, depend
on the fleets at sea and are written per position.  Every order listed passes
:func:`~rules.front1901.legality.check_movement_order`, and every order that passes it is listed (up to
the spelling: province codes canonical, a support's destination with and without its coast).
"""

from __future__ import annotations

from .adjustments import adjustment_counts, buildable_sites
from .board import (
    ARMY,
    ARMY_MOVES,
    COASTAL,
    COASTS,
    FLEET,
    FLEET_MOVES,
    FLEET_REACH,
    UNIT_TEXT,
    Location,
    Power,
    Province,
    UnitKind,
    province_of,
)
from .legality import ConvoyGeometry
from .position import Position

UnitText = str
"""A unit as the notation writes it (``"F STP/SC"``), used as its key."""


def _unit_keys() -> list[tuple[UnitText, UnitKind, Location]]:
    keys = [(UNIT_TEXT[(ARMY, p)], ARMY, p) for p in ARMY_MOVES]
    keys += [(UNIT_TEXT[(FLEET, loc)], FLEET, loc) for loc in FLEET_MOVES]
    return keys


def _destinations(kind: UnitKind, location: Location) -> list[Location]:
    return sorted(ARMY_MOVES[location] if kind is ARMY else FLEET_MOVES[location])


def _reach(kind: UnitKind, location: Location) -> frozenset[Province]:
    return ARMY_MOVES[location] if kind is ARMY else FLEET_REACH[location]


def _build() -> tuple[
    dict[UnitText, tuple[str, ...]],
    dict[UnitText, tuple[tuple[Province, tuple[str, ...]], ...]],
    dict[UnitText, tuple[tuple[Province, dict[UnitText, str], dict[UnitText, tuple[str, ...]]], ...]],
    dict[Province, tuple[tuple[Province, UnitText], ...]],
]:
    keys = _unit_keys()
    own: dict[UnitText, tuple[str, ...]] = {}
    moves: dict[UnitText, tuple[tuple[Province, tuple[str, ...]], ...]] = {}
    reach: dict[UnitText, tuple[Province, ...]] = {}
    for text, kind, location in keys:
        own[text] = (f"{text} H", *(f"{text} - {to}" for to in _destinations(kind, location)))
        reached: dict[Province, list[str]] = {}
        for to in _destinations(kind, location):
            reached.setdefault(province_of(to), []).append(to)
        # How a support for this unit's move into each province may name it: the province, and the coast.
        moves[text] = tuple(
            (p, (p, *(t for t in tos if t != p)) if p in COASTS else (p,)) for p, tos in sorted(reached.items())
        )
        reach[text] = tuple(sorted(_reach(kind, location)))
    standing: dict[Province, list[UnitText]] = {}
    entering: dict[Province, list[tuple[UnitText, tuple[str, ...]]]] = {}
    for text, _kind, location in keys:
        standing.setdefault(province_of(location), []).append(text)
        for target, spellings in moves[text]:
            entering.setdefault(target, []).append((text, spellings))
    # For each unit, per province it can support into: the hold-support text per unit standing there, and
    # the move-support texts per unit that could move there.
    supports: dict[UnitText, tuple[tuple[Province, dict[UnitText, str], dict[UnitText, tuple[str, ...]]], ...]] = {}
    for text in own:
        supports[text] = tuple(
            (
                target,
                {other: f"{text} S {other}" for other in standing[target]},
                {other: tuple(f"{text} S {other} - {to}" for to in spellings) for other, spellings in entering[target]},
            )
            for target in reach[text]
        )
    reachers: dict[Province, list[tuple[Province, UnitText]]] = {}
    for text, _kind, location in keys:
        for target in reach[text]:
            reachers.setdefault(target, []).append((province_of(location), text))
    return own, moves, supports, {p: tuple(rs) for p, rs in reachers.items()}


_OWN, _MOVES, _SUPPORTS, _REACHERS = _build()


def legal_movement_orders(position: Position) -> dict[Province, list[str]]:
    """Every legal order of every unit in a movement phase, keyed by the unit's province: hold, moves (by
    land, along the coast, or by convoy when fleets at sea could carry the army, with ``VIA`` when the
    destination is also next door), supports of holds and of moves, and convoys."""
    occupant = {p: u.text for p, u in position.units.items()}
    movers: dict[Province, list[tuple[Province, UnitText]]] = {}
    for p, text in occupant.items():
        for target, _spellings in _MOVES[text]:
            if target in movers:
                movers[target].append((p, text))
            else:
                movers[target] = [(p, text)]
    result: dict[Province, list[str]] = {}
    get = occupant.get
    no_movers: tuple[tuple[Province, UnitText], ...] = ()
    for p, text in occupant.items():
        orders = list(_OWN[text])
        for target, holds, moves in _SUPPORTS[text]:
            held = get(target)
            if held is not None:
                orders.append(holds[held])
            for source, other in movers.get(target, no_movers):
                if source != p:
                    orders += moves[other]
        result[p] = orders
    geometry = ConvoyGeometry.of(position.units)
    if not geometry.group:
        return result
    # Per chain of fleets at sea: its fleets, and the coasts it touches.
    seas: dict[int, list[Province]] = {}
    for sea, label in geometry.group.items():
        seas.setdefault(label, []).append(sea)
    coasts = {label: sorted(geometry.coasts_of_group(label)) for label in seas}
    for p, unit in position.units.items():
        if unit.kind is not ARMY or p not in COASTAL:
            continue
        labels = geometry.groups_touching(p)
        if not labels:
            continue
        army = occupant[p]
        land = ARMY_MOVES[p]
        for to in sorted(geometry.destinations(p)):
            if to in land:
                result[p].append(f"{army} - {to} VIA")
                continue
            result[p].append(f"{army} - {to}")
            for source, other in _REACHERS[to]:
                if source != p and get(source) == other:
                    result[source].append(f"{other} S {army} - {to}")
        for label in labels:
            lines = [f"C {army} - {to}" for to in coasts[label] if to != p]
            for sea in seas[label]:
                fleet = occupant[sea]
                result[sea] += [f"{fleet} {line}" for line in lines]
    return result


def legal_retreat_orders(position: Position) -> dict[Province, list[str]]:
    """For each dislodged unit: a retreat to each of its options, and disband."""
    result: dict[Province, list[str]] = {}
    for p, dislodgement in position.dislodged.items():
        text = str(dislodgement.unit)
        result[p] = [f"{text} R {to}" for to in dislodgement.retreats] + [f"{text} D"]
    return result


def legal_adjustment_orders(position: Position) -> dict[Power, list[str]]:
    """For each power with adjustments: its possible builds and ``WAIVE``, or its possible disbands."""
    result: dict[Power, list[str]] = {}
    for power, count in sorted(adjustment_counts(position).items()):
        if count > 0:
            builds = []
            for site in buildable_sites(position, power):
                if site in ARMY_MOVES:
                    builds.append(f"A {site} B")
                builds += [f"F {c} B" for c in COASTS.get(site, (site,)) if c in FLEET_MOVES]
            result[power] = builds + ["WAIVE"]
        elif count < 0:
            result[power] = sorted(f"{u} D" for u in position.units.values() if u.power == power)
    return result
