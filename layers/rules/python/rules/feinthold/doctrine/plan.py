"""The orders a doctrine has built so far this turn, with what they have used up.

Rules add their actions one after the other; later rules see what the earlier ones spent: the
points left, the units already ordered away from a position, what was placed where. Two actions of
the same kind at the same place merge into one order, since "an order set names a position at most
once per order kind". Orders are the engine's typed orders, and the plan keeps the engine's own
`OrderTally` of the orders given so far: a candidate that only appends orders is checked by extending
that tally with the new orders alone, which gives the very answer `check_orders` gives on the whole set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..fog import SideView
from ..legality import OrderTally
from ..orders import Entrench, IllegalOrderError, Move, Order, Reinforce, Scout
from .sight import Sight
from .targets import resolve_target

# Targets that fit no position are cached as None: "not resolved yet" needs a marker of its own.
_UNRESOLVED = object()


class Candidate(NamedTuple):
    """An order set under test: the turn's orders with the added ones merged in (`fresh`: merge keys it adds).

    `appended_from`: the index of the first added order when the plan's orders stand unchanged before it,
    None when an added order merged into one of them (the set must then be checked from its start).
    """

    orders: tuple[Order, ...]
    fresh: dict[tuple, int]
    appended_from: int | None


@dataclass(slots=True)
class Plan:
    """The turn's orders under construction, and the counters the rules read (taken from the engine's tally
    of the orders: what is spent, placed, moved away)."""

    sight: Sight
    tally: OrderTally
    orders: tuple[Order, ...] = ()
    points_left: int = 0
    placed: dict[str, int] = field(default_factory=dict)
    moved_units: dict[str, int] = field(default_factory=dict)
    moved_decoys: dict[str, int] = field(default_factory=dict)
    _targets: dict[str, str | None] = field(default_factory=dict)
    _index: dict[tuple, int] = field(default_factory=dict)

    @classmethod
    def open(cls, sight: Sight, view: SideView) -> Plan:
        """An empty plan on `sight`, read from `view`, whose order limits it tallies."""
        tally = OrderTally(view.side, view.layout, view.flags, view.units, view.decoys, view.points)
        return cls(sight=sight, tally=tally, points_left=sight.points)

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
        appended_from: int | None = len(merged)
        for order in new:
            kind = type(order)
            if kind is Move:
                key: tuple = ("move", order.frm, order.to)  # type: ignore[union-attr]
            elif kind is Reinforce:
                key = ("reinforce", order.at)  # type: ignore[union-attr]
            else:  # entrenchments, scoutings, predictions never merge: a second one is the engine's to refuse
                merged.append(order)
                continue
            at = self._index.get(key)
            if at is not None:
                appended_from = None
            else:
                at = fresh.get(key)
            if at is None:
                fresh[key] = len(merged)
                merged.append(order)
            else:
                merged[at] = _merged(merged[at], order)
        return Candidate(tuple(merged), fresh, appended_from)

    def check(self, candidate: Candidate) -> OrderTally:
        """The tally of the candidate's whole order set; `IllegalOrderError` when `check_orders` would refuse it.

        The plan's orders are a legal set (each was checked before it was committed): when the candidate only
        appends to them, the plan's own tally is extended, in place, with the appended orders alone (the common
        case, and no copy is made). A refusal leaves that tally part-way, so the plan then counts its own orders
        again: what the tally holds is a function of the orders alone, however they were added.
        """
        start = candidate.appended_from
        if start is None:
            tally = self.tally.restarted()
            tally.add(candidate.orders)
            return tally
        try:
            self.tally.add(candidate.orders[start:])
        except IllegalOrderError:
            recount = self.tally.restarted()
            recount.add(self.orders)
            self._take(recount)
            raise
        return self.tally

    def commit(self, candidate: Candidate, tally: OrderTally) -> None:
        """Take the candidate's order set, checked into `tally` by `check`, as the turn's orders."""
        self.orders = candidate.orders
        self._index.update(candidate.fresh)
        self._take(tally)

    def _take(self, tally: OrderTally) -> None:
        self.tally = tally
        self.points_left = tally.points - tally.spent
        self.placed = tally.placed
        self.moved_units = tally.moved_units
        self.moved_decoys = tally.moved_decoys

    def has(self, kind: type[Entrench] | type[Scout], at: str) -> bool:
        """Whether an order of this kind already names `at`."""
        return any(isinstance(o, kind) and o.at == at for o in self.orders)


def _merged(old: Order, extra: Order) -> Order:
    """Two orders with the same merge key (so of the same kind): one order with both counts added."""
    if type(old) is Reinforce:
        return Reinforce(old.at, old.units + extra.units, old.decoys + extra.decoys)  # type: ignore[union-attr]
    return Move(old.frm, old.to, old.units + extra.units, old.decoys + extra.decoys)  # type: ignore[union-attr]
