"""Bodies of the members' routes (v1): the profile."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ProfileOut(BaseModel):
    sub: str
    username: str
    created_at: str
    credits: int
    moderator: bool = Field(description="in the user pool's moderators group")
