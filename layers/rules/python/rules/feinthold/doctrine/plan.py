"""The orders a doctrine has built so far this turn, with what they have used up.

Rules add their actions one after the other; later rules see what the earlier ones spent: the
points left, the units already ordered away from a position, what was placed where. Two actions of
the same kind at the same place merge into one order, since "an order set names a position at most
once per order kind". Orders are the engine's typed orders, so that checking a candidate set with
`check_orders` costs no parsing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..legality import order_cost
from ..orders import Entrench, Move, Order, OrderSet, Reinforce, Scout
from .sight import Sight
from .targets import resolve_target

# Targets that fit no position are cached as None: "not resolved yet" needs a marker of its own.
_UNRESOLVED = object()


class Candidate(NamedTuple):
    """An order set under test: the turn's orders with `new` merged in (`fresh`: merge keys it adds)."""

    order_set: OrderSet
    new: list[Order]
    fresh: dict[tuple, int]


@dataclass(slots=True)
class Plan:
    """The turn's orders under construction, and the counters the rules read."""

    sight: Sight
    orders: tuple[Order, ...] = ()
    points_left: int = 0
    placed: dict[str, int] = field(default_factory=dict)
    moved_units: dict[str, int] = field(default_factory=dict)
    moved_decoys: dict[str, int] = field(default_factory=dict)
    _targets: dict[str, str | None] = field(default_factory=dict)
    _index: dict[tuple, int] = field(default_factory=dict)

    @classmethod
    def open(cls, sight: Sight) -> Plan:
        return cls(sight=sight, points_left=sight.points)

    def where(self, target: str) -> str | None:
        """The position a target names this turn (resolved once per turn, on the opening view)."""
        found = self._targets.get(target, _UNRESOLVED)
        if found is _UNRESOLVED:
            found = self._targets[target] = resolve_target(target, self.sight)
        return found  # type: ignore[return-value]

    def free_units(self, position: str) -> int:
        """Units standing at `position` at the start of the turn that no rule has ordered away."""
        return self.sight.units.get(position, 0) - self.moved_units.get(position, 0)

    def free_decoys(self, position: str) -> int:
        return self.sight.decoys.get(position, 0) - self.moved_decoys.get(position, 0)

    def with_added(self, new: list[Order]) -> Candidate:
        """The whole order set if `new` were added (merged into orders of the same kind and place)."""
        merged = list(self.orders)
        fresh: dict[tuple, int] = {}
        for order in new:
            key = _merge_key(order)
            if key is None:
                merged.append(order)
                continue
            at = self._index.get(key)
            if at is None:
                at = fresh.get(key)
            if at is None:
                fresh[key] = len(merged)
                merged.append(order)
            else:
                merged[at] = _merged(merged[at], order)
        return Candidate(OrderSet(tuple(merged)), new, fresh)

    def commit(self, candidate: Candidate) -> None:
        """Take the candidate's order set as the turn's orders and count what its new orders use."""
        self.orders = candidate.order_set.orders
        self._index.update(candidate.fresh)
        side = self.sight.side
        for order in candidate.new:
            self.points_left -= order_cost(order, side)
            if type(order) is Reinforce:
                self.placed[order.at] = self.placed.get(order.at, 0) + order.units + order.decoys
            elif type(order) is Move:
                self.moved_units[order.frm] = self.moved_units.get(order.frm, 0) + order.units
                self.moved_decoys[order.frm] = self.moved_decoys.get(order.frm, 0) + order.decoys

    def has(self, kind: type[Entrench] | type[Scout], at: str) -> bool:
        """Whether an order of this kind already names `at`."""
        return any(isinstance(o, kind) and o.at == at for o in self.orders)


def _merge_key(order: Order) -> tuple | None:
    kind = type(order)
    if kind is Reinforce:
        return ("reinforce", order.at)  # type: ignore[union-attr]
    if kind is Move:
        return ("move", order.frm, order.to)  # type: ignore[union-attr]
    return None


def _merged(old: Order, extra: Order) -> Order:
    """Two orders with the same merge key (so of the same kind): one order with both counts added."""
    if type(old) is Reinforce:
        return Reinforce(old.at, old.units + extra.units, old.decoys + extra.decoys)  # type: ignore[union-attr]
    return Move(old.frm, old.to, old.units + extra.units, old.decoys + extra.decoys)  # type: ignore[union-attr]
