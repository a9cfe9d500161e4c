"""Request bodies of the Feinthold game routes (v1): a new game and a turn's orders. What the routes answer is
in ``domain.feinthold.answers``."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, Discriminator, Field, Tag

from gameserver.api.models import Choice, GamePace, HouseAi, RequestBody, Side
from gameserver.words import Layout, Position

MAX_ORDERS = 40
"""More orders than a turn's points could ever pay for: a bound on the body, not a rule of the game."""


class NewHouseGame(RequestBody):
    house_ai: Choice[HouseAi]
    layout: Choice[Layout] | None = Field(default=None, description="random when left out")
    side: Choice[Side] | None = Field(default=None, description="your side; random when left out")
    pace: Choice[GamePace]


# --------------------------------------------------------------------------------------------- orders
Count = Annotated[int, Field(ge=0, description="0 when left out")]


class ReinforceFields(RequestBody):
    at: Choice[Position]
    units: Count = 0
    decoys: Count = 0


class MoveFields(RequestBody):
    from_: Choice[Position] = Field(alias="from")
    to: Choice[Position] = Field(description="a neighbour of from: one step per turn")
    units: Count = 0
    decoys: Count = 0


class AtFields(RequestBody):
    at: Choice[Position]


class ReinforceOrder(RequestBody):
    """"Reinforce: a unit costs 2 points, a decoy 1" (HQ or a relay you hold)."""

    KIND: ClassVar[str] = "reinforce"
    reinforce: ReinforceFields


class MoveOrder(RequestBody):
    """"Move: from a position to a neighbor, one step per turn"."""

    KIND: ClassVar[str] = "move"
    move: MoveFields


class EntrenchOrder(RequestBody):
    """"Entrench: 1 point per position; your units that stay there [...] count 1.5 in combat"."""

    KIND: ClassVar[str] = "entrench"
    entrench: AtFields


class ScoutOrder(RequestBody):
    """"Scout: 2 points per position, 2 positions at most, never one of yours"."""

    KIND: ClassVar[str] = "scout"
    scout: AtFields


class PredictOrder(RequestBody):
    """"Predict: free, a position where the opponent will move units in this turn, coming from a neighbor"."""

    KIND: ClassVar[str] = "predict"
    predict: AtFields


_ORDERS = (ReinforceOrder, MoveOrder, EntrenchOrder, ScoutOrder, PredictOrder)


def _kind(order: Any) -> str | None:
    """An order's kind: the one key of its object."""
    if isinstance(order, BaseModel):
        return str(getattr(order, "KIND", None))
    if isinstance(order, dict) and len(order) == 1:
        return str(next(iter(order)))
    return None


Order = Annotated[
    Annotated[ReinforceOrder, Tag("reinforce")]
    | Annotated[MoveOrder, Tag("move")]
    | Annotated[EntrenchOrder, Tag("entrench")]
    | Annotated[ScoutOrder, Tag("scout")]
    | Annotated[PredictOrder, Tag("predict")],
    Discriminator(
        _kind,
        custom_error_type="order_kind",
        custom_error_message="an order is an object with one key, its kind: "
                             + ", ".join(o.KIND for o in _ORDERS),
    ),
]
"""One order, an object with one key, its kind: ``{"move": {"from": "hq-s", "to": "c", "units": 2}}``."""


class OrderSet(RequestBody):
    orders: list[Order] = Field(max_length=MAX_ORDERS, description="the turn's orders; none: every unit holds")
