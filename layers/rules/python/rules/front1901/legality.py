"""Which orders a unit may be given, and checking a written order against the position.

An illegal order does not spoil the set: the adjudicator turns it into a hold and reports it void with
the ``IllegalOrderError``'s reason.  The same checks generate every legal order of every unit, which is what
an order picker or an AI enumerates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .board import (
    ARMY,
    ARMY_MOVES,
    COASTAL,
    COASTS,
    FLEET,
    FLEET_MOVES,
    FLEET_REACH,
    SEA_NEIGHBOURS,
    SEAS,
    Location,
    Power,
    Province,
    UnitKind,
    province_of,
)
from .notation import unit_ref
from .orders import Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitRef, Waive
from .position import Position, Unit


class IllegalOrderError(ValueError):
    """An order the rules do not allow here; ``order`` is the order, ``rule`` says which rule it breaks."""

    def __init__(self, order: object, rule: str) -> None:
        super().__init__(f"{order}: {rule}")
        self.order = order
        self.rule = rule


class ConvoyGeometry:
    """Which armies could be carried where, given the fleets now at sea.

    "A coastal army can cross the sea if a fleet, or a chain of fleets, at sea carries it."  A chain is a
    connected group of seas holding fleets; an army on a coast touching a group can be carried to any coast
    that group touches.  A move with no such chain is illegal (DATC 6.D.32); a fleet may only convoy along a
    chain it belongs to (DATC 6.G.7).
    """

    __slots__ = ("coasts", "group", "touching")

    def __init__(self, fleet_seas: Iterable[Province]) -> None:
        seas = set(fleet_seas)
        self.group: dict[Province, int] = {}
        for start in seas:
            if start in self.group:
                continue
            label = len(self.group)
            self.group[start] = label
            stack = [start]
            while stack:
                here = stack.pop()
                for nxt in SEA_NEIGHBOURS[here]:
                    if nxt in seas and nxt not in self.group:
                        self.group[nxt] = label
                        stack.append(nxt)
        self.touching: dict[Province, frozenset[int]] = {}
        self.coasts: dict[int, frozenset[Province]] = {}

    @classmethod
    def of(cls, units: Mapping[Province, Unit]) -> ConvoyGeometry:
        return cls(p for p, u in units.items() if p in SEAS)

    def groups_touching(self, province: Province) -> frozenset[int]:
        found = self.touching.get(province)
        if found is None:
            group = self.group
            found = frozenset(group[s] for s in SEA_NEIGHBOURS[province] if s in group)
            self.touching[province] = found
        return found

    def can_carry(self, start: Province, end: Province) -> bool:
        """Whether some chain of fleets at sea touches both coasts."""
        if start == end or start not in COASTAL or end not in COASTAL:
            return False
        return not self.groups_touching(start).isdisjoint(self.groups_touching(end))

    def on_route(self, fleet_sea: Province, start: Province, end: Province) -> bool:
        """Whether the fleet in this sea belongs to a chain joining the two coasts."""
        label = self.group.get(fleet_sea)
        return (
            label is not None
            and start != end
            and start in COASTAL
            and end in COASTAL
            and label in self.groups_touching(start)
            and label in self.groups_touching(end)
        )

    def coasts_of_group(self, label: int) -> frozenset[Province]:
        """The coasts a chain of fleets touches."""
        found = self.coasts.get(label)
        if found is None:
            found = frozenset(
                province_of(n)
                for sea, other in self.group.items()
                if other == label
                for n in FLEET_MOVES[sea]
                if province_of(n) in COASTAL
            )
            self.coasts[label] = found
        return found

    def destinations(self, start: Province) -> set[Province]:
        """Every coast an army on ``start`` could be carried to by the fleets at sea."""
        found: set[Province] = set()
        for label in self.groups_touching(start):
            found |= self.coasts_of_group(label)
        found.discard(start)
        return found


def fleet_destination(unit: Unit, to: Location, order: object) -> Location:
    """The coast a fleet's move, retreat or build goes to: a coast left out is filled in when only one
    can be reached; the order fails when two could (DATC 6.B.1, 6.B.2); a wrong coast fails (6.B.3)."""
    moves = FLEET_MOVES[unit.location]
    province = province_of(to)
    if province in COASTS and to == province:
        options = [c for c in COASTS[province] if c in moves]
        if len(options) == 1:
            return options[0]
        if options:
            raise IllegalOrderError(order, f"{province} has two coasts within reach: name one")
        raise IllegalOrderError(order, f"a fleet in {unit.location} cannot reach {province}")
    if to not in moves:
        raise IllegalOrderError(order, f"a fleet in {unit.location} cannot reach {to}")
    return to


def own_unit(position: Position, power: Power, ref: UnitRef, order: object) -> Unit:
    """The ordering power's unit in the named province (the coast written is ignored, DATC 6.B.10)."""
    unit = position.units.get(ref.province)
    if unit is None or (ref.kind is not None and ref.kind is not unit.kind):
        raise IllegalOrderError(order, f"no {_kind_word(ref.kind)} in {ref.province}")
    if unit.power != power:
        raise IllegalOrderError(order, f"the unit in {ref.province} belongs to {unit.power}")
    return unit


def _kind_word(kind: UnitKind | None) -> str:
    return {ARMY: "army", FLEET: "fleet", None: "unit"}[kind]


def _other_unit(position: Position, ref: UnitRef, order: object) -> Unit:
    unit = position.units.get(ref.province)
    if unit is None or (ref.kind is not None and ref.kind is not unit.kind):
        raise IllegalOrderError(order, f"no {_kind_word(ref.kind)} in {ref.province} to support or convoy")
    return unit


def can_move(unit: Unit, to: Location, geometry: ConvoyGeometry) -> bool:
    """Whether a move of this unit to ``to`` is possible at all (by land, along the coast, or by a convoy
    the fleets at sea could give).  A coast on ``to`` must be reachable; without one, any coast will do."""
    province = province_of(to)
    if province == unit.province:
        return False
    if unit.kind is ARMY:
        return province in ARMY_MOVES[unit.location] or geometry.can_carry(unit.province, province)
    if to == province:
        return province in FLEET_REACH[unit.location]
    return to in FLEET_MOVES[unit.location]


def check_movement_order(position: Position, power: Power, order: Order, geometry: ConvoyGeometry) -> Order:
    """The order in canonical form for its unit (actual location, coast filled in), or IllegalOrderError."""
    if isinstance(order, Waive):
        raise IllegalOrderError(order, "only hold, move, support and convoy orders in a movement phase")
    return check_unit_order(position, own_unit(position, power, order.unit, order), order, geometry)


def check_unit_order(position: Position, unit: Unit, order: Order, geometry: ConvoyGeometry) -> Order:
    """As :func:`check_movement_order`, for an order already known to name ``unit``.  An order already in
    canonical form is returned as it is."""
    if isinstance(order, Waive):
        raise IllegalOrderError(order, "only hold, move, support and convoy orders in a movement phase")
    ref = order.unit
    if ref.location != unit.location or ref.kind is not unit.kind:
        ref = unit_ref(unit.kind, unit.location)
    if isinstance(order, Move):
        # The common case first: a move next door (along the coast, for a fleet), as written.
        if unit.kind is ARMY:
            if order.unit is ref and order.to in ARMY_MOVES[unit.location]:
                return order
        elif order.unit is ref and not order.via and order.to in FLEET_MOVES[unit.location]:
            return order
        return _check_move(unit, ref, order, geometry)
    if isinstance(order, Hold):
        return order if order.unit is ref else Hold(ref)
    if isinstance(order, SupportHold | SupportMove):
        # The common case first: a support written canonically, into a province next door.
        supported = order.supported
        target = position.units.get(supported.province)
        if (
            target is not None
            and target is not unit
            and order.unit is ref
            and supported.location == target.location
            and supported.kind is target.kind
        ):
            reach = ARMY_MOVES if unit.kind is ARMY else FLEET_REACH
            if isinstance(order, SupportHold):
                if target.province in reach[unit.location]:
                    return order
            else:
                moves = ARMY_MOVES if target.kind is ARMY else FLEET_REACH
                to = order.to
                if to != unit.province and to in reach[unit.location] and to in moves[target.location]:
                    return order
        if isinstance(order, SupportHold):
            return _check_support_hold(position, unit, ref, order)
        return _check_support_move(position, unit, ref, order, geometry)
    if isinstance(order, Convoy):
        return _check_convoy(position, unit, ref, order, geometry)
    raise IllegalOrderError(order, "only hold, move, support and convoy orders in a movement phase")


def _reach(unit: Unit) -> frozenset[Province]:
    """The provinces the unit could move into (any coast): where it may give support (DATC 6.B.4)."""
    return ARMY_MOVES[unit.location] if unit.kind is ARMY else FLEET_REACH[unit.location]


def _check_support_hold(position: Position, unit: Unit, ref: UnitRef, order: SupportHold) -> SupportHold:
    target = _other_unit(position, order.supported, order)
    if target is unit:
        raise IllegalOrderError(order, "a unit cannot support itself")
    if target.province not in _reach(unit):
        raise IllegalOrderError(order, f"{unit} cannot reach {target.province}, so cannot support there")
    supported = unit_ref(target.kind, target.location)
    return order if order.unit is ref and order.supported is supported else SupportHold(ref, supported)


def _check_support_move(
    position: Position, unit: Unit, ref: UnitRef, order: SupportMove, geometry: ConvoyGeometry
) -> SupportMove:
    target = _other_unit(position, order.supported, order)
    to = province_of(order.to) if target.kind is ARMY else order.to
    destination = province_of(to)
    if target is unit:
        raise IllegalOrderError(order, "a unit cannot support its own move")
    if destination == unit.province:
        raise IllegalOrderError(order, "a unit cannot support a move into its own province")
    if destination not in _reach(unit):
        raise IllegalOrderError(order, f"{unit} cannot reach {destination}, so cannot support there")
    if not can_move(target, to, geometry):
        raise IllegalOrderError(order, f"{target} cannot move to {to}")
    supported = unit_ref(target.kind, target.location)
    if order.unit is ref and order.supported is supported and order.to == to:
        return order
    return SupportMove(ref, supported, to)


def _check_move(unit: Unit, ref: UnitRef, order: Move, geometry: ConvoyGeometry) -> Move:
    destination = province_of(order.to)
    if destination == unit.province:
        raise IllegalOrderError(order, "a unit cannot move to its own province")
    if unit.kind is ARMY:
        if destination not in ARMY_MOVES[unit.location] and not geometry.can_carry(unit.province, destination):
            if destination in SEAS:
                raise IllegalOrderError(order, "an army cannot move to sea")
            raise IllegalOrderError(order, f"{destination} is not next to {unit.province} and no fleets could convoy")
        return order if order.unit is ref and order.to == destination else Move(ref, destination, order.via)
    if order.via:
        raise IllegalOrderError(order, "only armies are convoyed")
    to = fleet_destination(unit, order.to, order)
    return order if order.unit is ref and order.to == to else Move(ref, to)


def _check_convoy(position: Position, unit: Unit, ref: UnitRef, order: Convoy, geometry: ConvoyGeometry) -> Convoy:
    if unit.province not in SEAS:
        raise IllegalOrderError(order, "only a fleet at sea can convoy")
    army = _other_unit(position, order.army, order)
    if army.kind is not ARMY:
        raise IllegalOrderError(order, "only armies are convoyed")
    destination = province_of(order.to)
    if not geometry.on_route(unit.province, army.province, destination):
        raise IllegalOrderError(order, f"{unit} is on no chain of fleets from {army.province} to {destination}")
    army_ref = unit_ref(army.kind, army.location)
    if order.unit is ref and order.army is army_ref and order.to == destination:
        return order
    return Convoy(ref, army_ref, destination)


def check_retreat_order(position: Position, power: Power, order: Order) -> Order:
    """A retreat to one of the unit's retreat options, or a disband; a move is read as a retreat."""
    if isinstance(order, Move):
        order = Retreat(order.unit, order.to)
    if not isinstance(order, Retreat | Disband):
        raise IllegalOrderError(order, "only retreat and disband orders in a retreat phase")
    dislodgement = position.dislodged.get(order.unit.province)
    if dislodgement is None or (order.unit.kind is not None and order.unit.kind is not dislodgement.unit.kind):
        raise IllegalOrderError(order, f"no dislodged {_kind_word(order.unit.kind)} in {order.unit.province}")
    unit = dislodgement.unit
    if unit.power != power:
        raise IllegalOrderError(order, f"the unit in {order.unit.province} belongs to {unit.power}")
    ref = UnitRef(unit.kind, unit.location)
    if isinstance(order, Disband):
        return Disband(ref)
    options = dislodgement.retreats
    to = order.to if unit.kind is FLEET else province_of(order.to)
    if unit.kind is FLEET and to in COASTS:
        matching = [c for c in COASTS[to] if c in options]
        if len(matching) == 2:
            raise IllegalOrderError(order, f"{to} has two coasts to retreat to: name one")
        to = matching[0] if matching else to
    if to not in options:
        raise IllegalOrderError(order, f"{unit} cannot retreat to {order.to}")
    return Retreat(ref, to)


def retreat_options(
    unit: Unit, attacker_from: Province | None, after: Mapping[Province, Unit], contested: frozenset[Province]
) -> tuple[Location, ...]:
    """"A dislodged unit must withdraw to a free neighbouring province, other than the one the attacker came
    from and other than a province left empty by a bounce." (An attacker carried by convoy does not close
    its origin: DATC 6.H.11, 6.H.12.)"""
    options = ARMY_MOVES[unit.location] if unit.kind is ARMY else FLEET_MOVES[unit.location]
    return tuple(
        sorted(
            loc
            for loc in options
            if (q := province_of(loc)) not in after and q not in contested and q != attacker_from
        )
    )
