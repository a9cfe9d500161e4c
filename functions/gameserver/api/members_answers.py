"""What the members' routes (v1) answer: the profile (documentation and a check, never built at run time: see
games_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import Timestamp


class ProfileOut(BaseModel):
    """My profile."""

    sub: str
    username: str
    created_at: Timestamp
    credits: int
    moderator: bool = Field(description="in the user pool's moderators group")
