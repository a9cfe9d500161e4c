"""One power's orders from the values of the board: moves, supports, convoys, retreats, builds, disbands.

The movement policy follows DumbBot's published outline: each unit, in a random order, picks a destination
among its place and its neighbours by destination value, stepping down to the next-best with a chance that
grows as the two values get close (a stochastic choice among close alternatives); a unit whose pick is
already the destination of one of its own power's units supports that move when the move will need it,
else it picks again; units left holding are then turned into supports of the moves and holds that need
them.  Beyond DumbBot, an army on a coast may be carried by the power's own fleets at sea: the fleets on
the route are given the convoy orders then, so no move ever needs a convoy the power did not order.  The
easy level first guards its threatened centres (holds, and supports of those holds); the normal and hard
levels coordinate their units' attacks (the supports a move against a defended unit needs) and, in the
fall, their defence (no threatened centre left empty for a place that is no centre).

Every order made here is legal by construction (moves along the adjacency tables, supports into places the
supporter can reach, convoys by fleets at sea on a chain of the power's own fleets); the tests check each
one against ``legal_movement_orders``.  What the power's agreements forbid comes in as ``Bounds``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..adjustments import adjustment_counts, buildable_sites
from ..board import (
    ARMY,
    ARMY_MOVES,
    CENTRES,
    COASTAL,
    COASTS,
    FLEET,
    FLEET_MOVES,
    SEA_NEIGHBOURS,
    SEAS,
    Location,
    Power,
    Province,
)
from ..notation import unit_ref
from ..orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove
from ..position import Position, Season, Unit
from .values import Values, reach

ALTERNATIVE_SPAN = 0.25
"""Two destinations are close when their values differ by less than this share of the better one; the
chance of stepping down falls linearly from the level's noise (equal values) to 0 (this far apart)."""
CONVOY_COST = 0.35
"""Share of a carrying fleet's own best move given up when it convoys instead, charged to the army."""


UnitOrder = Hold | Move | SupportHold | SupportMove | Convoy
"""An order of a movement phase (every one names its unit)."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """What a power's agreements allow its orders this phase.

    ``forbidden``: provinces it may not move, support or convoy a move into; ``promised``: orders it
    promised to give, in canonical form (a support promise).  Holding where one stands is always allowed,
    but in ``leave``: provinces its units must move out of (a demand it accepted; the decisions turn it
    into promised moves out).
    """

    forbidden: frozenset[Province] = frozenset()
    promised: tuple[UnitOrder, ...] = ()
    leave: frozenset[Province] = frozenset()


FREE = Bounds()


def move_target(order: Order) -> Province | None:
    """The province a move, a move support or a convoy sends a unit into; None for the others."""
    if isinstance(order, Move | SupportMove | Convoy):
        return order.to[:3]
    return None


@dataclass(slots=True)
class _Plan:
    """The orders decided so far for one power, by unit province."""

    units: dict[Province, Unit]
    orders: dict[Province, UnitOrder] = field(default_factory=dict)
    moving_to: dict[Province, Province] = field(default_factory=dict)
    """Destination province -> the province of the own unit moving there."""
    fixed: set[Province] = field(default_factory=set)
    """Units whose orders later steps leave alone (promised orders, convoys and the armies they carry)."""

    def replace(self, province: Province, order: UnitOrder) -> None:
        """A new order for a unit already ordered (its old move, if any, no longer counted)."""
        old = self.orders.get(province)
        if isinstance(old, Move) and self.moving_to.get(old.to[:3]) == province:
            del self.moving_to[old.to[:3]]
        _commit(self, order)

    def repair_supports(self) -> None:
        """Supports of own moves that are no longer ordered become holds (never a void support of our own)."""
        for p, order in list(self.orders.items()):
            if isinstance(order, SupportMove) and order.supported.province in self.units:
                move = self.orders.get(order.supported.province)
                if not isinstance(move, Move) or move.to[:3] != order.to[:3]:
                    self.orders[p] = Hold(order.unit)


@dataclass(frozen=True, slots=True)
class _Choice:
    value: float
    to: Location
    route: tuple[Province, ...] = ()
    """For a convoy: the seas whose fleets carry the army."""


def movement_orders(
    position: Position,
    power: Power,
    values: Values,
    rng: random.Random,
    bounds: Bounds = FREE,
    noise: float = 0.3,
    cautious: bool = False,
    coordinated: bool = False,
) -> list[UnitOrder]:
    """The power's orders for a movement phase (the module's rules), in province order."""
    own = {p: u for p, u in sorted(position.units.items()) if u.power == power}
    plan = _Plan(own)
    for order in bounds.promised:
        if order.unit.province in own:
            _commit(plan, order)
            plan.fixed.add(order.unit.province)
    if cautious:
        _guard_centres(position, plan, power, values)
    routes = _convoy_routes(position, power, own)
    order_of_play = [p for p in own if p not in plan.orders]
    rng.shuffle(order_of_play)
    # Armies that could be carried choose first, so that their fleets are still free to carry them.
    order_of_play.sort(key=lambda p: 0 if routes.get(p) else 1)
    for p in order_of_play:
        if p not in plan.orders:
            _choose(position, plan, own[p], values, rng, bounds, noise, routes.get(p, {}))
    if coordinated:
        _keep_centres(position, plan, power, values, bounds)
        _back_attacks(position, plan, power, values, bounds)
        plan.repair_supports()
    _holds_into_supports(position, plan, values, rng, bounds)
    return [plan.orders[p] for p in sorted(plan.orders)]


def _guard_centres(position: Position, plan: _Plan, power: Power, values: Values) -> None:
    """The easy level's caution: "holds and supports its own centres before it attacks".  Each own centre
    that another power's units could enter, and that has a unit of ours on it, is held; then units next
    to it support that hold until the hold is as strong as the most units one rival can bring (most
    threatened first)."""
    guarded = sorted(
        (p for p in plan.units if p not in plan.orders and position.centres.get(p) == power and values.competition.get(p, 0) > 0),
        key=lambda p: (-values.competition[p], p),
    )
    for p in guarded:
        unit = plan.units[p]
        _commit(plan, Hold(unit_ref(unit.kind, unit.location)))
        plan.fixed.add(p)
    for p in guarded:
        need = values.competition[p] - 1
        held = plan.units[p]
        for q, helper in plan.units.items():
            if need <= 0:
                break
            if q in plan.orders or p not in reach(helper):
                continue
            _commit(plan, SupportHold(unit_ref(helper.kind, helper.location), unit_ref(held.kind, held.location)))
            plan.fixed.add(q)
            need -= 1


def _keep_centres(position: Position, plan: _Plan, power: Power, values: Values, bounds: Bounds) -> None:
    """The normal level's coordinated defence, in the fall (centres change hands after it): an own centre
    another power could enter is not left empty for a place that is no centre; an empty one is entered by
    a neighbour whose own move goes to no centre."""
    if position.phase.season is not Season.FALL:
        return
    for centre in sorted(c for c, owner in position.centres.items() if owner == power):
        if values.competition.get(centre, 0) == 0 or centre in plan.moving_to:
            continue
        unit = plan.units.get(centre)
        if unit is not None:
            order = plan.orders.get(centre)
            if centre not in plan.fixed and isinstance(order, Move) and order.to[:3] not in CENTRES:
                plan.replace(centre, Hold(order.unit))
            continue
        if centre in bounds.forbidden:
            continue
        for q, helper in plan.units.items():
            order = plan.orders.get(q)
            if q in plan.fixed or q in CENTRES or isinstance(order, SupportMove | Convoy):
                continue
            if isinstance(order, Move) and order.to[:3] in CENTRES:
                continue
            to = _step_into(helper, centre)
            if to is not None:
                plan.replace(q, Move(unit_ref(helper.kind, helper.location), to))
                break


def _step_into(unit: Unit, province: Province) -> Location | None:
    """The location by which a unit moves into a province next door (a fleet's coast), if it can."""
    if unit.kind is ARMY:
        return province if province in ARMY_MOVES[unit.location] else None
    return next((loc for loc in sorted(FLEET_MOVES[unit.location]) if loc[:3] == province), None)


def _back_attacks(position: Position, plan: _Plan, power: Power, values: Values, bounds: Bounds) -> None:
    """The normal level's coordinated attack: a move against another power's unit gets the supports it
    needs to beat every other unit of that power able to support the defence, taken from own units whose
    own moves go to no centre (holding units first)."""
    for target, mover in sorted(plan.moving_to.items()):
        other = position.units.get(target)
        if plan.moving_to.get(target) != mover or other is None or other.power == power or target in bounds.forbidden:
            continue
        defenders = sum(1 for u in position.units.values() if u.power == other.power and u is not other and target in reach(u))
        backing = sum(1 for o in plan.orders.values() if isinstance(o, SupportMove) and o.supported.province == mover)
        need = 1 + defenders - backing
        move = plan.orders[mover]
        assert isinstance(move, Move)
        helpers = sorted(
            (q for q, u in plan.units.items() if q != mover and q not in plan.fixed and target in reach(u)),
            key=lambda q: (not isinstance(plan.orders.get(q), Hold), q),
        )
        for q in helpers:
            if need <= 0:
                break
            order = plan.orders.get(q)
            if isinstance(order, Move | SupportMove | SupportHold | Convoy) and not (isinstance(order, Move) and order.to[:3] not in CENTRES):
                continue
            if isinstance(order, Move) and order.to[:3] == q:
                continue
            helper = plan.units[q]
            plan.replace(q, SupportMove(unit_ref(helper.kind, helper.location), move.unit, target))
            need -= 1


def _commit(plan: _Plan, order: UnitOrder) -> None:
    p = order.unit.province
    plan.orders[p] = order
    if isinstance(order, Move):
        plan.moving_to[order.to[:3]] = p


def _convoy_routes(
    position: Position, power: Power, own: Mapping[Province, Unit]
) -> dict[Province, dict[Province, tuple[Province, ...]]]:
    """For each own army on a coast: the coasts its own fleets at sea could carry it to (not reachable by
    land), each with the shortest route of seas."""
    fleets = {p for p, u in own.items() if p in SEAS}
    if not fleets:
        return {}
    found: dict[Province, dict[Province, tuple[Province, ...]]] = {}
    for p, unit in own.items():
        if unit.kind is not ARMY or p not in COASTAL:
            continue
        paths: dict[Province, tuple[Province, ...]] = {}
        frontier: list[tuple[Province, tuple[Province, ...]]] = [(s, (s,)) for s in sorted(SEA_NEIGHBOURS[p]) if s in fleets]
        seen = {s for s, _ in frontier}
        while frontier:
            sea, route = frontier.pop(0)
            for loc in sorted(FLEET_MOVES[sea]):
                coast = loc[:3]
                if coast in COASTAL and coast != p and coast not in ARMY_MOVES[p] and coast not in paths:
                    paths[coast] = route
            for nxt in sorted(SEA_NEIGHBOURS[sea]):
                if nxt in fleets and nxt not in seen:
                    seen.add(nxt)
                    frontier.append((nxt, (*route, nxt)))
        if paths:
            found[p] = paths
    return found


def _choices(
    plan: _Plan,
    unit: Unit,
    values: Values,
    bounds: Bounds,
    routes: Mapping[Province, tuple[Province, ...]],
) -> list[_Choice]:
    here = unit.location
    moves = ARMY_MOVES[here] if unit.kind is ARMY else FLEET_MOVES[here]
    choices = [_Choice(values.at(unit, here), here)]
    choices += [_Choice(values.at(unit, to), to) for to in sorted(moves) if to[:3] not in bounds.forbidden]
    for coast, route in sorted(routes.items()):
        if coast in bounds.forbidden or any(sea in plan.orders for sea in route):
            continue
        cost = 0.0
        for sea in route:
            fleet = plan.units[sea]
            best = max(values.at(fleet, to) for to in FLEET_MOVES[sea])
            cost += CONVOY_COST * max(0.0, best - values.at(fleet, sea))
        choices.append(_Choice(values.army_at(coast) - cost, coast, route))
    choices.sort(key=lambda c: (-c.value, c.to))
    return choices


def _pick(choices: list[_Choice], rng: random.Random, noise: float) -> int:
    """DumbBot's stochastic choice: from the best, step down while the next is close and the dice say so."""
    i = 0
    while i + 1 < len(choices):
        better, worse = choices[i].value, choices[i + 1].value
        span = ALTERNATIVE_SPAN * max(abs(better), 1e-9)
        closeness = max(0.0, 1.0 - (better - worse) / span)
        if rng.random() >= noise * closeness:
            break
        i += 1
    return i


def _choose(
    position: Position,
    plan: _Plan,
    unit: Unit,
    values: Values,
    rng: random.Random,
    bounds: Bounds,
    noise: float,
    routes: Mapping[Province, tuple[Province, ...]],
) -> None:
    choices = _choices(plan, unit, values, bounds, routes)
    first = _pick(choices, rng, noise)
    here = unit.province
    ref = unit_ref(unit.kind, unit.location)
    for choice in choices[first:] + choices[:first]:
        to = choice.to
        target = to[:3]
        if target == here:
            _commit(plan, Hold(ref))
            return
        if choice.route and any(sea in plan.orders for sea in choice.route):
            continue
        standing = plan.units.get(target)
        if standing is not None:
            # Into an own unit's place only behind it: it must already be moving elsewhere.
            order = plan.orders.get(target)
            if not isinstance(order, Move) or order.to[:3] == here:
                continue
        mover = plan.moving_to.get(target)
        if mover is not None:
            other = position.units.get(target)
            if not choice.route and ((other is not None and other.power != unit.power) or values.competition.get(target, 0) > 0):
                move = plan.orders[mover]
                assert isinstance(move, Move)
                _commit(plan, SupportMove(ref, move.unit, target))
                return
            continue
        if choice.route:
            _commit(plan, Move(ref, target))
            army = unit_ref(unit.kind, unit.location)
            plan.fixed.add(here)
            for sea in choice.route:
                fleet = plan.units[sea]
                _commit(plan, Convoy(unit_ref(fleet.kind, fleet.location), army, target))
                plan.fixed.add(sea)
            return
        _commit(plan, Move(ref, to))
        return
    _commit(plan, Hold(ref))


def _needs(position: Position, plan: _Plan, power: Power, target: Province, values: Values) -> int:
    """How many more supports a move into ``target`` would want: beat the unit there (if foreign) and the
    most units another power can bring in."""
    mover = plan.moving_to[target]
    supports = sum(1 for o in plan.orders.values() if isinstance(o, SupportMove) and o.supported.province == mover)
    strength = 1 + supports
    other = position.units.get(target)
    resistance = values.competition.get(target, 0)
    if other is not None and other.power != power:
        resistance = max(resistance, 1)
    return resistance + 1 - strength if resistance else 0


def _holds_into_supports(
    position: Position, plan: _Plan, values: Values, rng: random.Random, bounds: Bounds
) -> None:
    """"Holds turned into supports": a unit left holding supports the own move that needs it most, else
    an own unit standing under threat."""
    holders = [p for p, o in plan.orders.items() if isinstance(o, Hold) and o not in bounds.promised]
    rng.shuffle(holders)
    power = values.power
    for p in sorted(holders, key=lambda q: 0 if values.competition.get(q, 0) == 0 else 1):
        unit = plan.units[p]
        ref = unit_ref(unit.kind, unit.location)
        reachable = reach(unit)
        best: tuple[float, UnitOrder] | None = None
        for target in sorted(reachable & plan.moving_to.keys()):
            if target in bounds.forbidden:
                continue
            need = _needs(position, plan, power, target, values)
            if need > 0:
                mover = plan.orders[plan.moving_to[target]]
                assert isinstance(mover, Move)
                score = need * (values.unit_scale + max(0.0, values.at(plan.units[mover.unit.province], mover.to)))
                if best is None or score > best[0]:
                    best = (score, SupportMove(ref, mover.unit, target))
        for q in sorted(reachable):
            other = plan.units.get(q)
            order = plan.orders.get(q)
            if other is None or isinstance(order, Move) or values.competition.get(q, 0) == 0:
                continue
            # Support a threatened own unit that stays, unless this unit is itself as threatened.
            if values.competition.get(p, 0) >= values.competition[q]:
                continue
            score = values.competition[q] * (values.unit_scale + max(0.0, values.at(other, other.location)))
            if best is None or score > best[0]:
                best = (score, SupportHold(ref, unit_ref(other.kind, other.location)))
        if best is not None:
            plan.orders[p] = best[1]


def retreat_orders(position: Position, power: Power, values: Values) -> list[Order]:
    """Each dislodged unit to its best free retreat (two own units never to one place), else disbanded."""
    taken: set[Province] = set()
    orders: list[Order] = []
    own = [d for p, d in sorted(position.dislodged.items()) if d.unit.power == power]
    for dislodgement in own:
        unit = dislodgement.unit
        ref = unit_ref(unit.kind, unit.location)
        options = sorted((o for o in dislodgement.retreats if o[:3] not in taken), key=lambda o: (-values.at(unit, o), o))
        if options:
            taken.add(options[0][:3])
            orders.append(Retreat(ref, options[0]))
        else:
            orders.append(Disband(ref))
    return orders


def adjustment_orders(position: Position, power: Power, values: Values) -> list[Order]:
    """Builds on the most valuable free home centres (army or fleet, whichever is worth more there), or
    disbands of the units standing on the least valuable places.  Builds left over are waived by omission."""
    count = adjustment_counts(position).get(power, 0)
    if count > 0:
        options: list[tuple[float, Build]] = []
        for site in buildable_sites(position, power):
            kinds: list[tuple[float, Build]] = []
            if site in ARMY_MOVES:
                kinds.append((values.army_at(site), Build(unit_ref(ARMY, site))))
            kinds += [
                (values.fleet_at(loc), Build(unit_ref(FLEET, loc))) for loc in COASTS.get(site, (site,)) if loc in FLEET_MOVES
            ]
            options.append(max(kinds, key=lambda k: (k[0], str(k[1]))))
        options.sort(key=lambda k: (-k[0], str(k[1])))
        return [build for _, build in options[:count]]
    if count < 0:
        units = sorted(
            (u for u in position.units.values() if u.power == power), key=lambda u: (values.at(u, u.location), u.province)
        )
        return [Disband(unit_ref(u.kind, u.location)) for u in units[:-count]]
    return []
