"""The limits of an order set. "An order set that breaks any rule is refused whole, and the turn does not
resolve on it." Everything checked here is visible to the side: `check_orders` needs only its view.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .layouts import Layout
from .orders import (
    Entrench,
    IllegalOrderError,
    Move,
    Order,
    OrderSet,
    Reinforce,
    Scout,
    parse_orders,
)
from .positions import HQ, POSITIONS, POSTS, RELAYS, Position, Side

if TYPE_CHECKING:
    from .fog import SideView

UNIT_COST = 2
DECOY_COST = 1
ENTRENCH_COST = 1
SCOUT_COST = 2
HQ_CAP = 4
""""On your HQ (4 units and decoys at most per turn)"."""
RELAY_CAP = 2
""""or on one of your relays linked to the HQ through your positions (2 units and decoys at most)"."""
MAX_SCOUTS = 2
MAX_PREDICTIONS = 1
_POSITIONS = frozenset(POSITIONS)


def linked_relays(layout: Layout, flags: Mapping[Position, Side | None], side: Side) -> frozenset[Position]:
    """Relays of `side` linked to its HQ: reachable from the HQ along paths through positions whose flag is
    this side's at the start of the turn (the relay's own flag included)."""
    hq = HQ[side]
    if flags.get(hq) != side:
        return frozenset()
    seen = {hq}
    frontier = [hq]
    while frontier:
        for n in layout.neighbours(frontier.pop()):
            if n not in seen and flags.get(n) == side:
                seen.add(n)
                frontier.append(n)
    return frozenset(p for p in RELAYS if p in seen)


def order_cost(order: Order, side: Side) -> int:
    """Points an order costs: 2 a unit, 1 a decoy, 1 an entrenchment (0 on one's own HQ), 2 a scouting."""
    if isinstance(order, Reinforce):
        return UNIT_COST * order.units + DECOY_COST * order.decoys
    if isinstance(order, Entrench):
        return 0 if order.at == HQ[side] else ENTRENCH_COST
    if isinstance(order, Scout):
        return SCOUT_COST
    return 0


def check_side(
    side: Side,
    layout: Layout,
    flags: Mapping[Position, Side | None],
    units: Mapping[Position, int],
    decoys: Mapping[Position, int],
    points: int,
    orders: Iterable[object] | OrderSet,
) -> OrderSet:
    """Check one side's orders against what it holds at the start of the turn; return them typed.

    Raises `IllegalOrderError` naming the first order that breaks a rule (limits shared by several orders are
    charged in the order given, so the order that goes over is the one named).
    """
    return check_and_cost(side, layout, flags, units, decoys, points, orders)[0]


def check_and_cost(
    side: Side,
    layout: Layout,
    flags: Mapping[Position, Side | None],
    units: Mapping[Position, int],
    decoys: Mapping[Position, int],
    points: int,
    orders: Iterable[object] | OrderSet,
) -> tuple[OrderSet, int]:
    """`check_side`, also returning the points the orders cost."""
    try:
        order_set = parse_orders(orders)
    except IllegalOrderError as error:
        raise error.for_side(side) from None

    def refuse(rule: str, message: str, i: int, order: Order) -> IllegalOrderError:
        return IllegalOrderError(rule, message, i, order.kind, side)

    spent = 0
    placed: dict[Position, int] = {}
    placed_units = {o.at for o in order_set.orders if isinstance(o, Reinforce) and o.units > 0}
    moved_units: dict[Position, int] = {}
    moved_decoys: dict[Position, int] = {}
    named: set[tuple] = set()
    scouts = predictions = 0
    linked: frozenset[Position] | None = None
    hq = HQ[side]

    for i, order in enumerate(order_set.orders):
        kind = order.kind
        if isinstance(order, Move):
            at, to = order.frm, order.to
        else:
            at = to = order.at
        if at not in _POSITIONS or to not in _POSITIONS:
            raise refuse("unknown-position", f"{at!r} or {to!r} is not a position of the map", i, order)
        key = (kind, at, to)
        if key in named:
            where = f"from {at} to {to}" if kind == "move" else f"at {at}"
            raise refuse("duplicate", f"a second {kind} order {where}: an order set names a position once per kind", i, order)
        named.add(key)

        if isinstance(order, Reinforce | Move):
            n_units, n_decoys = order.units, order.decoys
            if n_units < 0 or n_decoys < 0:
                raise refuse("count", "counts are 0 or more", i, order)
            if n_units + n_decoys == 0:
                raise refuse("zero", "each order places or moves at least one unit or decoy", i, order)
            if isinstance(order, Reinforce):
                if at in POSTS:
                    raise refuse("post", f"{at} is a post: reinforcements are never placed on a post", i, order)
                if at == hq:
                    cap = HQ_CAP
                elif at in RELAYS:
                    if linked is None:
                        linked = linked_relays(layout, flags, side)
                    if at not in linked:
                        raise refuse(
                            "relay-link",
                            f"{at} is not one of your relays linked to your HQ through your positions at the start "
                            "of the turn",
                            i,
                            order,
                        )
                    cap = RELAY_CAP
                else:
                    raise refuse(
                        "reinforce-where", f"reinforcements go on your HQ or on your linked relays, not on {at}", i, order
                    )
                total = placed.get(at, 0) + n_units + n_decoys
                if total > cap:
                    raise refuse(
                        "hq-cap" if at == hq else "relay-cap",
                        f"{total} units and decoys placed on {at} this turn; at most {cap}",
                        i,
                        order,
                    )
                placed[at] = total
                spent += UNIT_COST * n_units + DECOY_COST * n_decoys
            else:
                if not layout.adjacent(at, to):
                    raise refuse("neighbour", f"{to} is not a neighbour of {at}: one step per turn", i, order)
                mu = moved_units.get(at, 0) + n_units
                md = moved_decoys.get(at, 0) + n_decoys
                if mu > units.get(at, 0) or md > decoys.get(at, 0):
                    raise refuse(
                        "move-count",
                        f"moving {mu} units and {md} decoys from {at}, which had {units.get(at, 0)} units and "
                        f"{decoys.get(at, 0)} decoys at the start of the turn (what is placed this turn does not move)",
                        i,
                        order,
                    )
                moved_units[at] = mu
                moved_decoys[at] = md
        elif isinstance(order, Entrench):
            if at != hq:
                if units.get(at, 0) == 0 and at not in placed_units:
                    raise refuse(
                        "entrench-units",
                        f"no units of yours at {at} at the start of the turn nor placed there this turn",
                        i,
                        order,
                    )
                spent += ENTRENCH_COST
        elif isinstance(order, Scout):
            scouts += 1
            if scouts > MAX_SCOUTS:
                raise refuse("scout-count", f"at most {MAX_SCOUTS} positions scouted a turn", i, order)
            if flags.get(at) == side:
                raise refuse("scout-own", f"{at} is yours: scouting is never on one of your positions", i, order)
            spent += SCOUT_COST
        else:
            predictions += 1
            if predictions > MAX_PREDICTIONS:
                raise refuse("predict-count", "at most one prediction a turn", i, order)

        if spent > points:
            raise refuse("points", f"the orders cost {spent} points so far, more than the {points} you have", i, order)
    return order_set, spent


def check_orders(view: SideView, orders: Iterable[object] | OrderSet) -> OrderSet:
    """Check a side's orders against its view (flags, own units and decoys at the start of the turn, points
    spendable this turn); return them typed, or raise `IllegalOrderError` (the set is refused whole)."""
    if view.over:
        raise IllegalOrderError("game-over", "the game is over: no more orders", side=view.side)
    return check_side(view.side, view.layout, view.flags, view.units, view.decoys, view.points, orders)

