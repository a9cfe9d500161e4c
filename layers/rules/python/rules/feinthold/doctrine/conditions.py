"""The list of conditions a doctrine's rules may test ("if ...").

Every condition reads only what the side sees (the `Sight` taken from its view) and the orders the
rules above it have already given this turn (the `Plan`: points left, units already sent away). Each
returns whether it holds and the values it saw, which the trace shows when a rule is skipped.
Numeric parameters have ranges; a range condition takes `at_least`, `at_most` or both.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, ClassVar, get_args

from pydantic import Field, model_validator

from ..positions import RELAYS
from .parts import Part, check_bounds
from .plan import Plan
from .targets import TargetName

Seen = dict[str, Any]


def _in(value: float, low: float | None, high: float | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


class _Range(Part):
    """A condition on a number: it holds when the number lies within [at_least, at_most]."""

    KIND: ClassVar[str] = ""

    @model_validator(mode="after")
    def _bounds(self) -> _Range:
        check_bounds(self)
        return self

    def _judge(self, value: float, seen: Seen) -> tuple[bool, Seen]:
        return _in(value, self.at_least, self.at_most), seen  # type: ignore[attr-defined]


class Turn(_Range):
    """The turn being played (1 to 8)."""

    KIND: ClassVar[str] = "turn"
    at_least: Annotated[int, Field(ge=1, le=8)] | None = None
    at_most: Annotated[int, Field(ge=1, le=8)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        return self._judge(plan.sight.turn, {"turn": plan.sight.turn})


class Points(_Range):
    """The points left to spend now: this turn's points minus what the rules above have spent."""

    KIND: ClassVar[str] = "points"
    at_least: Annotated[int, Field(ge=0, le=60)] | None = None
    at_most: Annotated[int, Field(ge=0, le=60)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        return self._judge(plan.points_left, {"points": plan.points_left})


class UnitsAt(_Range):
    """One's units at a position that no rule above has sent away (placed ones do not count)."""

    KIND: ClassVar[str] = "units_at"
    at: TargetName
    at_least: Annotated[int, Field(ge=0, le=40)] | None = None
    at_most: Annotated[int, Field(ge=0, le=40)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        where = plan.where(self.at)
        if where is None:
            return False, {"at": None}
        units = plan.free_units(where)
        return self._judge(units, {"at": where, "units": units})


class UnitsTotal(_Range):
    """All one's units on the board at the start of the turn."""

    KIND: ClassVar[str] = "units_total"
    at_least: Annotated[int, Field(ge=0, le=60)] | None = None
    at_most: Annotated[int, Field(ge=0, le=60)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        total = sum(plan.sight.units.values())
        return self._judge(total, {"units": total})


class DecoysAt(_Range):
    """One's decoys at a position that no rule above has sent away."""

    KIND: ClassVar[str] = "decoys_at"
    at: TargetName
    at_least: Annotated[int, Field(ge=0, le=40)] | None = None
    at_most: Annotated[int, Field(ge=0, le=40)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        where = plan.where(self.at)
        if where is None:
            return False, {"at": None}
        decoys = plan.free_decoys(where)
        return self._judge(decoys, {"at": where, "decoys": decoys})


class Owner(StrEnum):
    """Whose flag stands on a position, from the side's point of view."""

    MINE = "mine"
    ENEMY = "enemy"
    NEUTRAL = "neutral"
    NOT_MINE = "not-mine"


class Flag(Part):
    """The flag on a position: mine, the enemy's, neutral, or anything but mine."""

    KIND: ClassVar[str] = "flag"
    at: TargetName
    owner: Owner

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        sight = plan.sight
        where = plan.where(self.at)
        if where is None:
            return False, {"at": None}
        flag = sight.flags.get(where)
        word = "mine" if flag == sight.side else "neutral" if flag is None else "enemy"
        holds = word == self.owner.value or (self.owner is Owner.NOT_MINE and word != "mine")
        return holds, {"at": where, "flag": word}


class RelaysHeld(_Range):
    """How many of the three relays carry one's flag."""

    KIND: ClassVar[str] = "relays_held"
    at_least: Annotated[int, Field(ge=0, le=3)] | None = None
    at_most: Annotated[int, Field(ge=0, le=3)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        held = sum(1 for r in RELAYS if plan.sight.flags.get(r) == plan.sight.side)
        return self._judge(held, {"relays": held})


class PositionsHeld(_Range):
    """How many positions carry one's flag (five, the HQ among them, is a breakthrough)."""

    KIND: ClassVar[str] = "positions_held"
    at_least: Annotated[int, Field(ge=0, le=7)] | None = None
    at_most: Annotated[int, Field(ge=0, le=7)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        held = len(plan.sight.mine)
        return self._judge(held, {"positions": held})


class Lead(_Range):
    """Positions held minus positions the enemy holds (both flags are always visible)."""

    KIND: ClassVar[str] = "lead"
    at_least: Annotated[int, Field(ge=-7, le=7)] | None = None
    at_most: Annotated[int, Field(ge=-7, le=7)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        sight = plan.sight
        mine, theirs = len(sight.mine), len(sight.held(sight.enemy))
        return self._judge(mine - theirs, {"mine": mine, "enemy": theirs})


class EnemyAt(Part):
    """Whether an enemy presence mark ("?") stands on a position now (`present: false` for none)."""

    KIND: ClassVar[str] = "enemy_at"
    at: TargetName
    present: bool = True

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        where = plan.where(self.at)
        if where is None:
            return False, {"at": None}
        seen = where in plan.sight.presence
        return seen == self.present, {"at": where, "presence": seen}


class EnemyNextTo(_Range):
    """How many neighbours of a position carry an enemy presence mark now."""

    KIND: ClassVar[str] = "enemy_next_to"
    at: TargetName
    at_least: Annotated[int, Field(ge=0, le=6)] | None = None
    at_most: Annotated[int, Field(ge=0, le=6)] | None = None

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        where = plan.where(self.at)
        if where is None:
            return False, {"at": None}
        sight = plan.sight
        marks = [n for n in sight.ground.neighbours[where] if n in sight.presence]
        return self._judge(len(marks), {"at": where, "marked": marks})


class LastSeen(_Range):
    """The last enemy number observed at a position (scouting count or combat strength), if it was
    seen at most `within` turns ago. Never seen, or seen too long ago: false."""

    KIND: ClassVar[str] = "last_seen"
    at: TargetName
    at_least: Annotated[float, Field(ge=0, le=40)] | None = None
    at_most: Annotated[float, Field(ge=0, le=40)] | None = None
    within: Annotated[int, Field(ge=0, le=7)] = 2

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        where = plan.where(self.at)
        if where is None:
            return False, {"at": None}
        seen = plan.sight.observations.get(where)
        if seen is None:
            return False, {"at": where, "seen": None}
        age = plan.sight.turn - seen.turn
        values = {"at": where, "seen": seen.number, "age": age}
        return age <= self.within and _in(seen.number, self.at_least, self.at_most), values


class Outnumber(Part):
    """One's units next to a position, not yet sent elsewhere, are at least `ratio` times the enemy
    strength expected there (the last number seen; `unknown_as` for a mark or an enemy flag without
    a number; 0 where no enemy is known) and at least one unit."""

    KIND: ClassVar[str] = "outnumber"
    at: TargetName
    ratio: Annotated[float, Field(ge=0.5, le=4.0, json_schema_extra={"x-step": 0.1})] = 1.5
    unknown_as: Annotated[int, Field(ge=0, le=10)] = 2

    def test(self, plan: Plan) -> tuple[bool, Seen]:
        where = plan.where(self.at)
        if where is None:
            return False, {"at": None}
        sight = plan.sight
        units, moved = sight.units, plan.moved_units  # `plan.free_units` of each neighbour, summed
        mine = 0
        for near in sight.ground.neighbours[where]:
            mine += units.get(near, 0) - moved.get(near, 0)
        expected = sight.estimate(where, self.unknown_as)
        return mine >= 1 and mine >= self.ratio * expected, {"at": where, "mine": mine, "expected": expected}


AnyCondition = (
    Turn | Points | UnitsAt | UnitsTotal | DecoysAt | Flag | RelaysHeld | PositionsHeld | Lead
    | EnemyAt | EnemyNextTo | LastSeen | Outnumber
)
"""Any one entry of the condition list (the type a rule's "if" holds)."""

CONDITIONS: tuple[type[Part], ...] = get_args(AnyCondition)
"""The condition list, in the order a doctrine editor shows it."""
