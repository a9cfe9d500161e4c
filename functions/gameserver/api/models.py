"""What every router's bodies share: the request base (strict, no unknown fields), a moderator's reason, the error
bodies, times and days, and the words the games and modes are played in, each defined once.

The games and the modes are built from their catalog (``gameserver.catalog``); the other words mirror sets
defined deeper down (the rules' sides, the house AIs): the API cannot import the engines at a cold start, so
tests/spine/test_openapi.py holds each mirror equal to its source.
"""

from __future__ import annotations

import enum
import re
from datetime import date
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from gameserver.clock import Pace, PhasePace
from gameserver.domain.moderation import MAX_WHY
from gameserver.errors import ErrorCode
from gameserver.words import (
    ClosedBy,
    DecimalText,
    Draw,
    EntryStatus,
    GameKind,
    GameStatus,
    HouseAi,
    Mode,
    Month,
    NextCursor,
    ServerNow,
    Side,
    Timestamp,
)

__all__ = ["ClosedBy", "DecimalText", "Draw", "EntryStatus", "GameKind", "GameStatus", "HouseAi", "Mode", "Month",
           "NextCursor", "Pace", "PhasePace", "ServerNow", "Side", "Timestamp"]


_DAY = re.compile(r"\d{4}-\d\d-\d\d")


def _written_day(value: object) -> object:
    """A day arrives written ``YYYY-MM-DD``: pydantic alone would read ``0`` as 1970-01-01."""
    if isinstance(value, date) or (isinstance(value, str) and _DAY.fullmatch(value)):
        return value
    raise ValueError("a day is written YYYY-MM-DD")


Day = Annotated[date, BeforeValidator(_written_day)]
"""A UTC day, YYYY-MM-DD."""


E = TypeVar("E", bound=enum.Enum)
Choice = Annotated[E, Field(strict=False)]
"""A request's enum field: ``Choice[Pace]``. Request bodies are strict (no ``"10"`` for 10), and strict
pydantic takes only enum members, never their JSON values: an enum field is read by value."""

class GamePace(enum.StrEnum):
    """The paces of a game started through the game routes (house, friendly, invitations). Blitz is played in
    duels and the Daily Front, whose ready room or daily start make sure both players are there when the 120
    seconds of turn 1 begin; 12 hours a turn is a tournament match's."""

    RAPID = "5m"
    DAY = "1d"
    TWO_DAYS = "2d"
    THREE_DAYS = "3d"


class DuelPace(enum.StrEnum):
    """A duel's paces: blitz (60 s a turn, 120 s the first), rapid, or correspondence (no 12 hours)."""

    BLITZ = "blitz"
    RAPID = "5m"
    DAY = "1d"
    TWO_DAYS = "2d"
    THREE_DAYS = "3d"


class ChallengePace(enum.StrEnum):
    """"at blitz or rapid pace (challenger's choice)"."""

    BLITZ = "blitz"
    RAPID = "5m"


class FeintPace(enum.StrEnum):
    """An online game of Feint's paces: blitz (120 s the deployment, 60 s a decision), 5m or 1d."""

    BLITZ = "blitz"
    RAPID = "5m"
    DAY = "1d"




def _integral_as_int(value: Any) -> Any:
    """JSON (and the document's JSON Schema) counts 13.0 as the integer 13: read it so, inside lists and
    objects too. 13.5 stays a float, which an integer field refuses."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral_as_int(item) for item in value]
    if isinstance(value, dict):
        return {key: _integral_as_int(item) for key, item in value.items()}
    return value


class RequestBody(BaseModel):
    """A client's JSON body: unknown fields are refused, and so is a value of the wrong JSON type (strict: a
    stake of "10" or 10.5 is an error naming the field, not a silent conversion); an integral number (10.0) is
    an integer, as JSON Schema says."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def _integral_numbers(cls, data: Any) -> Any:
        return _integral_as_int(data)


class Reason(RequestBody):
    """A moderator's action: why, for the audit log (with who and when)."""

    why: str = Field(min_length=1, max_length=MAX_WHY, description="written to the audit log with who and when")


class ErrorDetail(BaseModel):
    code: ErrorCode
    message: str = Field(description="for people; branch on code")
    field: str | None = Field(default=None, description="the field to fix, as a client writes it: orders[2].move")
    rule: str | None = Field(default=None, description="the rule broken, a short stable name")


class ErrorBody(BaseModel):
    """Every error the service answers."""

    error: ErrorDetail


class GatewayError(BaseModel):
    """API Gateway's own answer, before the service: a missing, forged or expired token (401, with the
    reason in the WWW-Authenticate header), or too many requests (429)."""

    message: str = Field(examples=["Unauthorized"])
