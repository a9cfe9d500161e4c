"""What every router's bodies share: the request base (strict, no unknown fields), a moderator's reason, the error
body, times and days, and the words the games and modes are played in, each defined once."""

from __future__ import annotations

import enum
from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from gameserver.domain.moderation import MAX_WHY
from gameserver.errors import ErrorCode

Timestamp = Annotated[str, Field(pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$",
                                 json_schema_extra={"format": "date-time"},
                                 examples=["2026-12-01T09:00:00Z"])]
"""An instant, in whole UTC seconds ending in Z (the service's one form: they sort as text)."""
Day = date
"""A UTC day, YYYY-MM-DD."""

SideName = Literal["south", "north"]
PaceName = Literal["5m", "1d", "2d", "3d"]
GamePaceName = Literal["blitz", "5m", "1d", "2d", "3d"]
"""A game's pace as shown: duels also play blitz (created through the duel routes, never the game routes)."""
HouseName = Literal["sentinel", "pivot", "ram"]


class GameStatus(enum.StrEnum):
    """A game's status, as a member's list shows it."""

    OPEN = "open"
    OVER = "over"
    LEFT = "left"
    """In my list only: I left it, and it goes on without me."""


class GameMode(enum.StrEnum):
    """How a game is played (the pipeline's modes, ``gameserver.services.MODES``)."""

    HOUSE = "house"
    """Feinthold against a house AI."""
    FRIENDLY = "friendly"
    """Feinthold between two members, unrated."""
    DUEL = "duel"
    """Feinthold's duels: stakes and ratings."""
    DAILY = "daily"
    """Feinthold's Daily Front."""
    SOLO = "solo"
    """Feint: one member at seat 1 against bots; no deadline."""
    HOT_SEAT = "hot-seat"
    """Feint: one member playing several seats on one device (and bots in the others); no deadline."""
    WATCH = "watch"
    """Feint: bots only, every strength face-up, played out when created; anyone with its id reads it."""
    ONLINE = "online"
    """Feint: members each on their own device (and bots in the seats left), a deadline per decision."""


class GameKind(enum.StrEnum):
    """The games the service hosts (the pipeline's kinds)."""

    FEINTHOLD = "feinthold"
    FEINT = "feint"


class RequestBody(BaseModel):
    """A client's JSON body: unknown fields are refused, and so is a value of the wrong JSON type (strict: a
    stake of "10" or 10.5 is an error naming the field, not a silent conversion)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Reason(RequestBody):
    """A moderator's action: why, for the audit log (with who and when)."""

    why: str = Field(min_length=1, max_length=MAX_WHY, description="written to the audit log with who and when")


class ErrorDetail(BaseModel):
    code: ErrorCode
    message: str
    field: str | None = None
    rule: str | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail
