"""The limits of an order set. "An order set that breaks any rule is refused whole, and the turn does not
resolve on it." Everything checked here is visible to the side: `check_orders` needs only its view.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from .layouts import Layout
from .orders import (
    Entrench,
    IllegalOrderError,
    Order,
    OrderSet,
    Reinforce,
    Scout,
    parse_orders,
)
from .positions import HQ, POSITIONS, POSTS, RELAYS, Position, Side


class Holdings(Protocol):
    """What a side holds at the start of the turn, as its own view shows it (`fog.SideView` is one): all that the
    limits of an order set read, so that checking orders needs nothing hidden."""

    @property
    def side(self) -> Side: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def flags(self) -> Mapping[Position, Side | None]: ...
    @property
    def units(self) -> Mapping[Position, int]: ...
    @property
    def decoys(self) -> Mapping[Position, int]: ...
    @property
    def points(self) -> int: ...
    @property
    def over(self) -> bool: ...

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
    tally = OrderTally(side, layout, flags, units, decoys, points)
    tally.add(order_set.orders)
    return order_set, tally.spent


class OrderTally:
    """The running totals of one side's order set, checked order by order against what the side holds at the
    start of the turn: points spent, what is placed where, what is moved away from where, the positions named
    per kind, the scoutings and predictions made.

    `add` checks the next orders of the set; checking a set in one `add` or in several gives the same answer
    (the same first broken rule, or the same totals), since every check reads only the orders before it, except
    the entrenchment check, which also counts units placed by any order of the set (`placed_units` grows with
    each `add`, and growing it never refuses an entrenchment accepted before). A refused `add` leaves the tally
    part-way: start again from `restarted` with the orders that stand.
    """

    __slots__ = (
        "side", "layout", "flags", "units", "decoys", "points", "hq", "spent", "placed", "placed_units",
        "moved_units", "moved_decoys", "named", "scouts", "predictions", "linked", "checked",
    )

    def __init__(
        self,
        side: Side,
        layout: Layout,
        flags: Mapping[Position, Side | None],
        units: Mapping[Position, int],
        decoys: Mapping[Position, int],
        points: int,
    ) -> None:
        self.side = side
        self.layout = layout
        self.flags = flags
        self.units = units
        self.decoys = decoys
        self.points = points
        self.hq = HQ[side]
        self.spent = 0
        self.placed: dict[Position, int] = {}
        self.placed_units: set[Position] = set()
        self.moved_units: dict[Position, int] = {}
        self.moved_decoys: dict[Position, int] = {}
        self.named: set[tuple] = set()
        self.scouts = 0
        self.predictions = 0
        self.linked: frozenset[Position] | None = None
        self.checked = 0
        """How many orders of the set are checked so far (the next order's index)."""

    def restarted(self) -> OrderTally:
        """An empty tally on the same board (the relays linked to the HQ, once found, kept: the board is the same)."""
        fresh = OrderTally(self.side, self.layout, self.flags, self.units, self.decoys, self.points)
        fresh.linked = self.linked
        return fresh

    def add(self, orders: Iterable[Order]) -> None:
        """Check `orders` as the next orders of the set and count them in.

        Raises `IllegalOrderError` naming the first order that breaks a rule (limits shared by several orders
        are charged in the order given, so the order that goes over is the one named); the tally is then left
        part-way and must be dropped.
        """
        if type(orders) is not tuple:
            orders = tuple(orders)
        placed_units = self.placed_units
        for order in orders:
            if isinstance(order, Reinforce) and order.units > 0:
                placed_units.add(order.at)
        side, hq, units, decoys, points = self.side, self.hq, self.units, self.decoys, self.points
        placed, moved_units, moved_decoys, named = self.placed, self.moved_units, self.moved_decoys, self.named
        spent = self.spent
        i = self.checked - 1
        for order in orders:
            i += 1
            kind = order.kind
            if kind == "move":
                at, to = order.frm, order.to  # type: ignore[union-attr]
            else:
                at = to = order.at  # type: ignore[union-attr]
            if at not in _POSITIONS or to not in _POSITIONS:
                raise IllegalOrderError(
                    "unknown-position", f"{at!r} or {to!r} is not a position of the map", i, kind, side
                )
            key = (kind, at, to)
            if key in named:
                where = f"from {at} to {to}" if kind == "move" else f"at {at}"
                raise IllegalOrderError(
                    "duplicate", f"a second {kind} order {where}: an order set names a position once per kind",
                    i, kind, side,
                )
            named.add(key)

            if kind == "reinforce" or kind == "move":
                n_units, n_decoys = order.units, order.decoys  # type: ignore[union-attr]
                if n_units < 0 or n_decoys < 0:
                    raise IllegalOrderError("count", "counts are 0 or more", i, kind, side)
                if n_units + n_decoys == 0:
                    raise IllegalOrderError(
                        "zero", "each order places or moves at least one unit or decoy", i, kind, side
                    )
                if kind == "reinforce":
                    if at in POSTS:
                        raise IllegalOrderError(
                            "post", f"{at} is a post: reinforcements are never placed on a post", i, kind, side
                        )
                    if at == hq:
                        cap = HQ_CAP
                    elif at in RELAYS:
                        if self.linked is None:
                            self.linked = linked_relays(self.layout, self.flags, side)
                        if at not in self.linked:
                            raise IllegalOrderError(
                                "relay-link",
                                f"{at} is not one of your relays linked to your HQ through your positions at the "
                                "start of the turn",
                                i, kind, side,
                            )
                        cap = RELAY_CAP
                    else:
                        raise IllegalOrderError(
                            "reinforce-where", f"reinforcements go on your HQ or on your linked relays, not on {at}",
                            i, kind, side,
                        )
                    total = placed.get(at, 0) + n_units + n_decoys
                    if total > cap:
                        raise IllegalOrderError(
                            "hq-cap" if at == hq else "relay-cap",
                            f"{total} units and decoys placed on {at} this turn; at most {cap}",
                            i, kind, side,
                        )
                    placed[at] = total
                    spent += UNIT_COST * n_units + DECOY_COST * n_decoys
                else:
                    if to not in self.layout._neighbours[at]:  # `layout.adjacent`, without a call per move
                        raise IllegalOrderError(
                            "neighbour", f"{to} is not a neighbour of {at}: one step per turn", i, kind, side
                        )
                    mu = moved_units.get(at, 0) + n_units
                    md = moved_decoys.get(at, 0) + n_decoys
                    if mu > units.get(at, 0) or md > decoys.get(at, 0):
                        raise IllegalOrderError(
                            "move-count",
                            f"moving {mu} units and {md} decoys from {at}, which had {units.get(at, 0)} units and "
                            f"{decoys.get(at, 0)} decoys at the start of the turn (what is placed this turn does "
                            "not move)",
                            i, kind, side,
                        )
                    moved_units[at] = mu
                    moved_decoys[at] = md
            elif kind == "entrench":
                if at != hq:
                    if units.get(at, 0) == 0 and at not in placed_units:
                        raise IllegalOrderError(
                            "entrench-units",
                            f"no units of yours at {at} at the start of the turn nor placed there this turn",
                            i, kind, side,
                        )
                    spent += ENTRENCH_COST
            elif kind == "scout":
                self.scouts += 1
                if self.scouts > MAX_SCOUTS:
                    raise IllegalOrderError(
                        "scout-count", f"at most {MAX_SCOUTS} positions scouted a turn", i, kind, side
                    )
                if self.flags.get(at) == side:
                    raise IllegalOrderError(
                        "scout-own", f"{at} is yours: scouting is never on one of your positions", i, kind, side
                    )
                spent += SCOUT_COST
            else:
                self.predictions += 1
                if self.predictions > MAX_PREDICTIONS:
                    raise IllegalOrderError("predict-count", "at most one prediction a turn", i, kind, side)

            if spent > points:
                raise IllegalOrderError(
                    "points", f"the orders cost {spent} points so far, more than the {points} you have", i, kind, side
                )
        self.spent = spent
        self.checked = i + 1


def check_orders(view: Holdings, orders: Iterable[object] | OrderSet) -> OrderSet:
    """Check a side's orders against its view (flags, own units and decoys at the start of the turn, points
    spendable this turn); return them typed, or raise `IllegalOrderError` (the set is refused whole)."""
    if view.over:
        raise IllegalOrderError("game-over", "the game is over: no more orders", side=view.side)
    return check_side(view.side, view.layout, view.flags, view.units, view.decoys, view.points, orders)



def legal_orders(view: Holdings) -> dict:
    """The orders the side may give this turn, each with its limits, read from its view alone (what a client
    offers, so it computes no rule): where it may reinforce and how many at most, every move one step from
    where it has units or decoys (the counts it holds there), where it may entrench and at what cost (where
    only with units placed this turn: `if_placed`), where it may scout and predict, the costs and the points.
    Orders that pass each limit here alone may still break a shared one (points, a cap) together: the server's
    check of the whole set names the one that goes over."""
    if view.over:
        return {"reinforce": [], "move": [], "entrench": [], "scout": [], "predict": [], "points": 0,
                "costs": _COSTS, "max_scouts": MAX_SCOUTS, "max_predictions": MAX_PREDICTIONS}
    side, hq = view.side, HQ[view.side]
    linked = sorted(linked_relays(view.layout, view.flags, side))
    held = [p for p in POSITIONS if view.units.get(p, 0) or view.decoys.get(p, 0)]
    return {
        "reinforce": [{"at": hq, "cap": HQ_CAP}] + [{"at": r, "cap": RELAY_CAP} for r in linked],
        "move": [{"from": p, "to": n, "units": view.units.get(p, 0), "decoys": view.decoys.get(p, 0)}
                 for p in held for n in view.layout.neighbours(p)],
        "entrench": [{"at": hq, "cost": 0, "if_placed": False}]
        + [{"at": p, "cost": ENTRENCH_COST, "if_placed": not view.units.get(p, 0)}
           for p in POSITIONS if p != hq and (view.units.get(p, 0) or p in linked)],
        "scout": [{"at": p} for p in POSITIONS if view.flags.get(p) != side],
        "predict": [{"at": p} for p in POSITIONS],
        "points": view.points,
        "costs": _COSTS,
        "max_scouts": MAX_SCOUTS,
        "max_predictions": MAX_PREDICTIONS,
    }


_COSTS = {"unit": UNIT_COST, "decoy": DECOY_COST, "entrench": ENTRENCH_COST, "scout": SCOUT_COST, "predict": 0}


def orders_cost(side: Side, orders: Iterable[object] | OrderSet) -> int:
    """The points a (checked) order set spends: units 2, decoys 1, an entrenchment 1 (free on the HQ), a
    scouting 2, a prediction nothing."""
    spent = 0
    for order in parse_orders(orders):
        if isinstance(order, Reinforce):
            spent += UNIT_COST * order.units + DECOY_COST * order.decoys
        elif isinstance(order, Entrench) and order.at != HQ[side]:
            spent += ENTRENCH_COST
        elif isinstance(order, Scout):
            spent += SCOUT_COST
    return spent
