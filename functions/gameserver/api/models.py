"""What every router's bodies share: the request base (strict, no unknown fields), a moderator's reason, the error
body, and the words the games and modes are played in."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gameserver.domain.moderation import MAX_WHY

SideName = Literal["south", "north"]
PaceName = Literal["5m", "1d", "2d", "3d"]
GamePaceName = Literal["blitz", "5m", "1d", "2d", "3d"]
"""A game's pace as shown: duels also play blitz (created through the duel routes, never the game routes)."""
HouseName = Literal["sentinel", "pivot", "ram"]


class RequestBody(BaseModel):
    """A client's JSON body: unknown fields are refused, and so is a value of the wrong JSON type (strict: a
    stake of "10" or 10.5 is an error naming the field, not a silent conversion)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Reason(RequestBody):
    """A moderator's action: why, for the audit log (with who and when)."""

    why: str = Field(min_length=1, max_length=MAX_WHY, description="written to the audit log with who and when")


class ErrorDetail(BaseModel):
    code: str
    message: str
    field: str | None = None
    rule: str | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail
