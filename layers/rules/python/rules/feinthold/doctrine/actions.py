"""The list of actions a doctrine's rules may take ("then ...").

Each action turns into orders of the rules' own kinds (reinforce, move, entrench, scout, predict),
aimed at symbolic targets resolved on the view. An action decides only *what* to order; whether the
side may order it (points, placement limits, paths, scouting limits) is the engine's `check_orders`
to say, and the interpreter skips the action when it refuses.
"""

from __future__ import annotations

from math import ceil
from typing import Annotated, ClassVar, get_args

from pydantic import Field

from ..legality import HQ_CAP, RELAY_CAP, UNIT_COST
from ..orders import Entrench as EntrenchOrder
from ..orders import Move, Order, Reinforce
from ..orders import Predict as PredictOrder
from ..orders import Scout as ScoutOrder
from ..positions import HQ
from .parts import Part
from .plan import Plan
from .targets import TargetName


class NothingToDo(Exception):
    """The action has nothing to order this turn (no such position, no units there, already done)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _where(plan: Plan, target: TargetName) -> str:
    position = plan.where(target)
    if position is None:
        raise NothingToDo(f"no position is {target} this turn")
    return position


def _share(free: int, share: int) -> int:
    return ceil(free * share / 100) if free > 0 else 0


class ReinforceUnits(Part):
    """Place `count` units at a position (2 points each; on one's HQ or a linked relay)."""

    KIND: ClassVar[str] = "reinforce_units"
    at: TargetName = "my-hq"
    count: Annotated[int, Field(ge=1, le=4)] = 2

    def orders(self, plan: Plan) -> list[Order]:
        return [Reinforce(_where(plan, self.at), units=self.count)]


class ReinforceDecoys(Part):
    """Place `count` decoys at a position (1 point each; they count against the placement limit)."""

    KIND: ClassVar[str] = "reinforce_decoys"
    at: TargetName = "my-hq"
    count: Annotated[int, Field(ge=1, le=4)] = 1

    def orders(self, plan: Plan) -> list[Order]:
        return [Reinforce(_where(plan, self.at), decoys=self.count)]


class ReinforceAll(Part):
    """Place as many units as the points left (keeping `keep_points`) and the position's placement
    limit allow, `at_most` of them."""

    KIND: ClassVar[str] = "reinforce_all"
    at: TargetName = "my-hq"
    keep_points: Annotated[int, Field(ge=0, le=30)] = 0
    at_most: Annotated[int, Field(ge=1, le=4)] = 4

    def orders(self, plan: Plan) -> list[Order]:
        where = _where(plan, self.at)
        room = (HQ_CAP if where == HQ[plan.sight.side] else RELAY_CAP) - plan.placed.get(where, 0)
        affordable = (plan.points_left - self.keep_points) // UNIT_COST
        count = min(self.at_most, room, affordable)
        if count <= 0:
            why = "the placement limit there is reached" if room <= 0 else "not enough points to spare"
            raise NothingToDo(why)
        return [Reinforce(where, units=count)]


class Advance(Part):
    """Move `share` percent (rounded up) of the units at `from` beyond `keep`, one path toward a
    position (along a shortest path)."""

    KIND: ClassVar[str] = "advance"
    start: TargetName = Field("my-hq", alias="from")
    toward: TargetName = "enemy-hq"
    keep: Annotated[int, Field(ge=0, le=20)] = 0
    share: Annotated[int, Field(ge=10, le=100, json_schema_extra={"x-step": 10})] = 100

    def orders(self, plan: Plan) -> list[Order]:
        start, goal = _where(plan, self.start), _where(plan, self.toward)
        step = plan.sight.step_toward(start, goal)
        if step is None:
            raise NothingToDo(f"{start} is already {self.toward}")
        count = _share(plan.free_units(start) - self.keep, self.share)
        if count <= 0:
            raise NothingToDo(f"no units to spare at {start}")
        return [Move(start, step, units=count)]


class Converge(Part):
    """From every neighbour of a position, move `share` percent (rounded up) of the units beyond
    `keep` into it: an attack on an enemy position, a rally on one's own."""

    KIND: ClassVar[str] = "converge"
    at: TargetName = "weakest-enemy"
    keep: Annotated[int, Field(ge=0, le=20)] = 0
    share: Annotated[int, Field(ge=10, le=100, json_schema_extra={"x-step": 10})] = 100

    def orders(self, plan: Plan) -> list[Order]:
        goal = _where(plan, self.at)
        out: list[Order] = []
        units, moved, keep, share = plan.sight.units, plan.moved_units, self.keep, self.share
        for near in plan.sight.ground.neighbours[goal]:
            count = _share(units.get(near, 0) - moved.get(near, 0) - keep, share)  # of `plan.free_units(near)`
            if count > 0:
                out.append(Move(near, goal, units=count))
        if not out:
            raise NothingToDo(f"no units to spare next to {goal}")
        return out


class SendDecoys(Part):
    """Move up to `count` decoys from `from` one path toward a position (a bluff: a "?" to the enemy)."""

    KIND: ClassVar[str] = "send_decoys"
    start: TargetName = Field("my-hq", alias="from")
    toward: TargetName = "centre"
    count: Annotated[int, Field(ge=1, le=8)] = 1

    def orders(self, plan: Plan) -> list[Order]:
        start, goal = _where(plan, self.start), _where(plan, self.toward)
        step = plan.sight.step_toward(start, goal)
        if step is None:
            raise NothingToDo(f"{start} is already {self.toward}")
        count = min(self.count, plan.free_decoys(start))
        if count <= 0:
            raise NothingToDo(f"no decoys at {start}")
        return [Move(start, step, decoys=count)]


class Entrench(Part):
    """Entrench a position (1 point): the units that stay or are placed there count 1.5 in combat."""

    KIND: ClassVar[str] = "entrench"
    at: TargetName = "threatened"

    def orders(self, plan: Plan) -> list[Order]:
        where = _where(plan, self.at)
        if where == HQ[plan.sight.side]:
            raise NothingToDo("the HQ is always entrenched")
        if plan.has(EntrenchOrder, where):
            raise NothingToDo(f"{where} is already entrenched")
        if plan.free_units(where) <= 0 and plan.placed.get(where, 0) <= 0:
            raise NothingToDo(f"no units stay at {where}")
        return [EntrenchOrder(where)]


class Scout(Part):
    """Scout a position not one's own (2 points; two a turn at most): its enemy count comes in the report."""

    KIND: ClassVar[str] = "scout"
    at: TargetName = "stale"

    def orders(self, plan: Plan) -> list[Order]:
        where = _where(plan, self.at)
        if plan.has(ScoutOrder, where):
            raise NothingToDo(f"{where} is already scouted")
        return [ScoutOrder(where)]


class Predict(Part):
    """Predict where enemy units will move this turn (free, one a turn): right, 1 more point next turn."""

    KIND: ClassVar[str] = "predict"
    at: TargetName = "likely-entry"

    def orders(self, plan: Plan) -> list[Order]:
        return [PredictOrder(_where(plan, self.at))]


AnyAction = ReinforceUnits | ReinforceDecoys | ReinforceAll | Advance | Converge | SendDecoys | Entrench | Scout | Predict
"""Any one entry of the action list (the type a rule's "then" holds)."""

ACTIONS: tuple[type[Part], ...] = get_args(AnyAction)
"""The action list, in the order a doctrine editor shows it."""
