"""The interpreter: a doctrine and a side's view in, the turn's orders and a trace out.

"On each turn, the rules are read in order on what their side sees, and every rule whose conditions
are true acts." Each rule whose conditions all hold adds its action to the turn's orders; "an action
that the points left cannot pay for, or that breaks a limit, is skipped and the trace says so": every
addition is checked by the engine's own order limits on the same view (the plan's `OrderTally`, which
answers as `check_orders` does on the whole set), so a doctrine's orders are always a legal order set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, overload

from ..fog import SideView
from ..orders import IllegalOrderError, OrderSet
from .actions import NothingToDo
from .plan import Plan
from .schema import Doctrine
from .sight import sight_of

Order = dict[str, dict[str, Any]]
"""An order on the wire: `{"move": {"from": "hq-s", "to": "c", "units": 2, "decoys": 0}}`."""

Outcome = Literal["fired", "skipped", "idle", "refused"]
"""What became of a rule this turn.

- `fired`: its conditions held and its orders were added.
- `skipped`: a condition was false (the trace names it with the values it saw).
- `idle`: its conditions held but the action had nothing to order (no such position, no units).
- `refused`: its conditions held but the orders would break a rule of the game (named in `broken`).
"""


@dataclass(frozen=True, slots=True)
class RuleTrace:
    """What one rule did on one turn."""

    rule: int
    outcome: Outcome
    conditions: tuple[dict[str, Any], ...]
    orders: tuple[Order, ...] = ()
    reason: str | None = None
    broken: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "outcome": self.outcome, "conditions": list(self.conditions)}
        if self.orders:
            out["orders"] = list(self.orders)
        if self.reason is not None:
            out["reason"] = self.reason
        if self.broken is not None:
            out["broken"] = self.broken
        return out


@dataclass(frozen=True, slots=True)
class TurnTrace:
    """A doctrine's turn: the side, the turn, each rule's outcome and the orders sent."""

    side: str
    turn: int
    rules: tuple[RuleTrace, ...]
    orders: tuple[Order, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "turn": self.turn,
            "rules": [r.to_json() for r in self.rules],
            "orders": list(self.orders),
        }


def play(doctrine: Doctrine, view: SideView) -> tuple[list[Order], TurnTrace]:
    """The orders `doctrine` gives on `view` (wire format, legal for that view) and the turn's trace.

    The interpreter takes the side's view and nothing else: it reads it once into a `Sight`, and
    checks each rule's addition against the view's order limits, as `check_orders(view, ...)` does.
    """
    _, trace = turn_orders(doctrine, view, trace=True)
    return list(trace.orders), trace


def orders_of(doctrine: Doctrine, view: SideView) -> list[Order]:
    """The orders alone, as `play` gives them, without building the trace."""
    return _run(doctrine, view, None).to_json()


@overload
def turn_orders(doctrine: Doctrine, view: SideView, *, trace: Literal[True]) -> tuple[OrderSet, TurnTrace]: ...
@overload
def turn_orders(doctrine: Doctrine, view: SideView, *, trace: bool) -> tuple[OrderSet, TurnTrace | None]: ...
def turn_orders(doctrine: Doctrine, view: SideView, *, trace: bool) -> tuple[OrderSet, TurnTrace | None]:
    """The orders of `play`, typed as the engine's `resolve` takes them without parsing (the game runners'
    hot path), and the turn's trace when `trace` is asked for (else None)."""
    if not trace:
        return _run(doctrine, view, None), None
    traces: list[RuleTrace] = []
    order_set = _run(doctrine, view, traces)
    return order_set, TurnTrace(view.side, view.turn, tuple(traces), tuple(order_set.to_json()))


def _run(doctrine: Doctrine, view: SideView, traces: list[RuleTrace] | None) -> OrderSet:
    if not isinstance(view, SideView):
        raise TypeError(f"a doctrine plays on a side's view (SideView), never on {type(view).__name__}")
    if view.over:
        return OrderSet()
    plan = Plan.open(sight_of(view), view)
    for number, rule in enumerate(doctrine.rules, start=1):
        seen: list[dict[str, Any]] = []
        holds = True
        for condition in rule.when:
            holds, values = condition.test(plan)
            if traces is not None:
                seen.append({"condition": condition.KIND, "holds": holds, "seen": values})
            if not holds:
                break
        if not holds:
            if traces is not None:
                traces.append(RuleTrace(number, "skipped", tuple(seen)))
            continue
        try:
            new = rule.then.orders(plan)
        except NothingToDo as nothing:
            if traces is not None:
                traces.append(RuleTrace(number, "idle", tuple(seen), reason=nothing.reason))
            continue
        candidate = plan.with_added(new)
        try:
            tally = plan.check(candidate)
        except IllegalOrderError as error:
            if traces is not None:
                wire = tuple(o.to_json() for o in new)
                traces.append(
                    RuleTrace(number, "refused", tuple(seen), wire, reason=error.message, broken=error.rule)
                )
            continue
        plan.commit(candidate, tally)
        if traces is not None:
            traces.append(RuleTrace(number, "fired", tuple(seen), tuple(o.to_json() for o in new)))
    return OrderSet(plan.orders)
