"""Which orders a unit may be given, and checking a written order against the position.

An illegal order does not spoil the set: the adjudicator turns it into a hold and reports it void with
the rule it breaks (``unit_order_or_rule``; a caller checking one order gets an ``IllegalOrderError``).  The
same checks generate every legal order of every unit, which is what an order picker or an AI enumerates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

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

    # No __init__ of its own at run time (ValueError's keeps the two as ``args``, a third cheaper to raise):
    # the retreats and adjustments raise one for every illegal order of a phase and read ``rule`` alone; the
    # message is written only when asked for.
    args: tuple[object, str]

    if TYPE_CHECKING:

        def __init__(self, order: object, rule: str) -> None: ...

    @property
    def order(self) -> object:
        return self.args[0]

    @property
    def rule(self) -> str:
        return self.args[1]

    def __str__(self) -> str:
        return f"{self.order}: {self.rule}"


# The seas as bits of an int, so that a chain of fleets is one int and "touches" is one ``&``.
_SEA_BIT: dict[Province, int] = {sea: 1 << i for i, sea in enumerate(sorted(SEAS))}
_SEA_OF_BIT: dict[int, Province] = {bit: sea for sea, bit in _SEA_BIT.items()}
_NEXT_SEAS: dict[int, int] = {_SEA_BIT[sea]: sum(_SEA_BIT[n] for n in SEA_NEIGHBOURS[sea]) for sea in SEAS}
"""Per sea's bit: the bits of the seas next to it."""
_TOUCHING: dict[Province, int] = {p: sum(_SEA_BIT[s] for s in seas) for p, seas in SEA_NEIGHBOURS.items()}
"""Per province: the bits of the seas it touches."""
_SEA_COASTS: dict[Province, frozenset[Province]] = {
    sea: frozenset(province_of(n) for n in FLEET_MOVES[sea] if province_of(n) in COASTAL) for sea in SEAS
}
"""Per sea: the coasts a fleet there could carry an army to."""


def _chains(fleets: int) -> tuple[int, ...]:
    """The connected groups of seas in ``fleets`` (a set of sea bits), each as its bits."""
    chains = []
    while fleets:
        chain = frontier = fleets & -fleets
        while frontier:
            reach = 0
            while frontier:
                low = frontier & -frontier
                reach |= _NEXT_SEAS[low]
                frontier ^= low
            frontier = reach & fleets & ~chain
            chain |= frontier
        chains.append(chain)
        fleets &= ~chain
    return tuple(chains)


def _seas_of(chain: int) -> list[Province]:
    """The seas whose bits ``chain`` holds."""
    seas = []
    while chain:
        low = chain & -chain
        seas.append(_SEA_OF_BIT[low])
        chain ^= low
    return seas


class ConvoyGeometry:
    """Which armies could be carried where, given the fleets now at sea.

    "A coastal army can cross the sea if a fleet, or a chain of fleets, at sea carries it."  A chain is a
    connected group of seas holding fleets; an army on a coast touching a group can be carried to any coast
    that group touches.  A move with no such chain is illegal (DATC 6.D.32); a fleet may only convoy along a
    chain it belongs to (DATC 6.G.7).  A chain is labelled by its index in ``chains``.
    """

    __slots__ = ("_fleet_seas", "_chains", "_group", "_touching", "_coasts")

    def __init__(self, fleet_seas: Iterable[Province]) -> None:
        # The chains are found when first asked for: most orders are checked without them.
        self._fleet_seas = fleet_seas
        self._chains: tuple[int, ...] | None = None
        self._group: dict[Province, int] | None = None
        self._touching: dict[Province, frozenset[int]] = {}
        self._coasts: dict[int, frozenset[Province]] = {}

    @classmethod
    def of(cls, units: Mapping[Province, Unit]) -> ConvoyGeometry:
        """The geometry of these units' fleets at sea (``units`` is read when first needed: not to be changed
        meanwhile, which a Position's never are)."""
        return cls(units)

    @property
    def chains(self) -> tuple[int, ...]:
        """Each chain of fleets at sea, as the bits of its seas."""
        chains = self._chains
        if chains is None:
            bits = _SEA_BIT
            fleets = 0
            for sea in bits.keys() & self._fleet_seas:  # the seas with a fleet, found without a loop here
                fleets |= bits[sea]
            chains = self._chains = _chains(fleets)
            self._fleet_seas = ()
        return chains

    @property
    def group(self) -> dict[Province, int]:
        """The chain (its label) each fleet at sea belongs to."""
        group = self._group
        if group is None:
            chains = self.chains
            group = self._group = {sea: label for label, chain in enumerate(chains) for sea in _seas_of(chain)}
        return group

    def groups_touching(self, province: Province) -> frozenset[int]:
        found = self._touching.get(province)
        if found is None:
            touching = _TOUCHING[province]
            found = frozenset(label for label, chain in enumerate(self.chains) if chain & touching)
            self._touching[province] = found
        return found

    def can_carry(self, start: Province, end: Province) -> bool:
        """Whether some chain of fleets at sea touches both coasts."""
        if start == end or start not in COASTAL or end not in COASTAL:
            return False
        from_start, from_end = _TOUCHING[start], _TOUCHING[end]
        for chain in self.chains:  # noqa: SIM110 (a loop: no generator to make on this hot path)
            if chain & from_start and chain & from_end:
                return True
        return False

    def on_route(self, fleet_sea: Province, start: Province, end: Province) -> bool:
        """Whether the fleet in this sea belongs to a chain joining the two coasts."""
        bit = _SEA_BIT.get(fleet_sea)
        if bit is None or start == end or start not in COASTAL or end not in COASTAL:
            return False
        for chain in self.chains:
            if chain & bit:
                return bool(chain & _TOUCHING[start] and chain & _TOUCHING[end])
        return False

    def coasts_of_group(self, label: int) -> frozenset[Province]:
        """The coasts a chain of fleets touches."""
        found = self._coasts.get(label)
        if found is None:
            chain = self.chains[label]
            found = frozenset().union(*(_SEA_COASTS[sea] for sea in _seas_of(chain)))
            self._coasts[label] = found
        return found

    def destinations(self, start: Province) -> set[Province]:
        """Every coast an army on ``start`` could be carried to by the fleets at sea."""
        found: set[Province] = set()
        for label in self.groups_touching(start):
            found |= self.coasts_of_group(label)
        found.discard(start)
        return found


def fleet_destination(unit: Unit, to: Location) -> tuple[Location | None, str]:
    """The coast a fleet's move goes to, and ``""``; or None and the rule the move breaks.  A coast left out
    is filled in when only one can be reached; the order fails when two could (DATC 6.B.1, 6.B.2); a wrong
    coast fails (6.B.3)."""
    moves = FLEET_MOVES[unit.location]
    province = province_of(to)
    if province in COASTS and to == province:
        options = [c for c in COASTS[province] if c in moves]
        if len(options) == 1:
            return options[0], ""
        if options:
            return None, f"{province} has two coasts within reach: name one"
        return None, f"a fleet in {unit.location} cannot reach {province}"
    if to not in moves:
        return None, f"a fleet in {unit.location} cannot reach {to}"
    return to, ""


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


def _other_unit(position: Position, ref: UnitRef) -> Unit | str:
    """The unit a support or convoy names, or the rule the order breaks."""
    unit = position.units.get(ref.province)
    if unit is None or (ref.kind is not None and ref.kind is not unit.kind):
        return f"no {_kind_word(ref.kind)} in {ref.province} to support or convoy"
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
    checked = unit_order_or_rule(position, unit, order, geometry)
    if isinstance(checked, str):
        raise IllegalOrderError(order, checked)
    return checked


def unit_order_or_rule(position: Position, unit: Unit, order: Order, geometry: ConvoyGeometry) -> Order | str:
    """As :func:`check_unit_order`, the rule an illegal order breaks returned, not raised: the adjudicator
    meets illegal orders in most phases, and a raise through the checks costs several times a return."""
    # Dispatch by a type lookup (fast, and it accepts a class derived from one of the four): the type
    # checker cannot follow it, so each branch says what it knows in a `TYPE_CHECKING` block: at run time a
    # global read and a jump, no call and no isinstance per order.
    cls = _MOVEMENT_ORDERS.get(type(order)) or _movement_class(order)
    if cls is None:
        return "only hold, move, support and convoy orders in a movement phase"
    if TYPE_CHECKING:
        assert isinstance(order, Hold | Move | SupportHold | SupportMove | Convoy)
    ref = order.unit
    # Written as the unit stands (kind and location), the order keeps its own UnitRef.
    as_written = ref.location == unit.location and ref.kind is unit.kind
    if not as_written:
        ref = unit_ref(unit.kind, unit.location)
    if cls is Move:
        if TYPE_CHECKING:
            assert isinstance(order, Move)
        # The common case first: a move next door (along the coast, for a fleet), as written.
        if as_written:
            if unit.kind is ARMY:
                if order.to in ARMY_MOVES[unit.location]:
                    return order
            elif not order.via and order.to in FLEET_MOVES[unit.location]:
                return order
        return _check_move(unit, ref, order, geometry)
    if cls is Hold:
        return order if as_written else Hold(ref)
    hold = cls is SupportHold
    if hold or cls is SupportMove:
        if TYPE_CHECKING:
            assert isinstance(order, SupportHold | SupportMove)
        # The common case first: a support written canonically, into a province next door.
        supported = order.supported
        target = position.units.get(supported.province)
        if (
            as_written
            and target is not None
            and target is not unit
            and supported.location == target.location
            and supported.kind is target.kind
        ):
            reach = ARMY_MOVES if unit.kind is ARMY else FLEET_REACH
            if hold:
                if target.province in reach[unit.location]:
                    return order
            else:
                if TYPE_CHECKING:
                    assert isinstance(order, SupportMove)
                moves = ARMY_MOVES if target.kind is ARMY else FLEET_REACH
                to = order.to
                if to != unit.province and to in reach[unit.location] and to in moves[target.location]:
                    return order
        if hold:
            if TYPE_CHECKING:
                assert isinstance(order, SupportHold)
            return _check_support_hold(position, unit, ref, order)
        if TYPE_CHECKING:
            assert isinstance(order, SupportMove)
        return _check_support_move(position, unit, ref, order, geometry)
    if TYPE_CHECKING:
        assert isinstance(order, Convoy)
    return _check_convoy(position, unit, ref, order, geometry)


_MOVEMENT_ORDERS: dict[type, type] = {cls: cls for cls in (Hold, Move, SupportHold, SupportMove, Convoy)}


def _movement_class(order: object) -> type | None:
    """Which of the four orders ``order`` is (for a class derived from one), or None for any other order."""
    if not isinstance(order, Waive):
        for cls in (Move, Hold, SupportHold, SupportMove, Convoy):
            if isinstance(order, cls):
                return cls
    return None


def _reach(unit: Unit) -> frozenset[Province]:
    """The provinces the unit could move into (any coast): where it may give support (DATC 6.B.4)."""
    return ARMY_MOVES[unit.location] if unit.kind is ARMY else FLEET_REACH[unit.location]


def _check_support_hold(
    position: Position, unit: Unit, ref: UnitRef, order: SupportHold
) -> SupportHold | str:
    target = _other_unit(position, order.supported)
    if isinstance(target, str):
        return target
    if target is unit:
        return "a unit cannot support itself"
    if target.province not in _reach(unit):
        return f"{unit} cannot reach {target.province}, so cannot support there"
    supported = unit_ref(target.kind, target.location)
    return order if order.unit is ref and order.supported is supported else SupportHold(ref, supported)


def _check_support_move(
    position: Position, unit: Unit, ref: UnitRef, order: SupportMove, geometry: ConvoyGeometry
) -> SupportMove | str:
    target = _other_unit(position, order.supported)
    if isinstance(target, str):
        return target
    to = province_of(order.to) if target.kind is ARMY else order.to
    destination = province_of(to)
    if target is unit:
        return "a unit cannot support its own move"
    if destination == unit.province:
        return "a unit cannot support a move into its own province"
    if destination not in _reach(unit):
        return f"{unit} cannot reach {destination}, so cannot support there"
    if not can_move(target, to, geometry):
        return f"{target} cannot move to {to}"
    supported = unit_ref(target.kind, target.location)
    if order.unit is ref and order.supported is supported and order.to == to:
        return order
    return SupportMove(ref, supported, to)


def _check_move(unit: Unit, ref: UnitRef, order: Move, geometry: ConvoyGeometry) -> Move | str:
    destination = province_of(order.to)
    if destination == unit.province:
        return "a unit cannot move to its own province"
    if unit.kind is ARMY:
        if destination not in ARMY_MOVES[unit.location] and not geometry.can_carry(unit.province, destination):
            if destination in SEAS:
                return "an army cannot move to sea"
            return f"{destination} is not next to {unit.province} and no fleets could convoy"
        return order if order.unit is ref and order.to == destination else Move(ref, destination, order.via)
    if order.via:
        return "only armies are convoyed"
    to, rule = fleet_destination(unit, order.to)
    if to is None:
        return rule
    return order if order.unit is ref and order.to == to else Move(ref, to)


def _check_convoy(
    position: Position, unit: Unit, ref: UnitRef, order: Convoy, geometry: ConvoyGeometry
) -> Convoy | str:
    if unit.province not in SEAS:
        return "only a fleet at sea can convoy"
    army = _other_unit(position, order.army)
    if isinstance(army, str):
        return army
    if army.kind is not ARMY:
        return "only armies are convoyed"
    destination = province_of(order.to)
    if not geometry.on_route(unit.province, army.province, destination):
        return f"{unit} is on no chain of fleets from {army.province} to {destination}"
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
