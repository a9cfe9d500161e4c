"""Bodies of the moderators' routes (v1)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class SharedOut(BaseModel):
    kind: Literal["device", "address"]
    value: str = Field(description="the device id or source address both members were seen with")


class MarkOut(BaseModel):
    mark_id: str
    member: str
    kind: Literal["linked-accounts", "pace-too-regular"]
    game_id: str = Field(description="the duel's game (its id is the duel's) or the Daily Front's game")
    at: str = Field(description="when the game ended")
    other_member: str | None = Field(description="for linked accounts: the other member")
    shared: SharedOut | None = Field(description="for linked accounts: what the two members shared")
    status: Literal["open", "closed"] = Field(description="open until a moderator closes it")
    closed_by: str | None = Field(description="once closed: the moderator who closed it")
    closed_at: str | None = Field(description="once closed: when")
    why: str | None = Field(description="once closed: why, as the moderator said")


class MarkList(BaseModel):
    marks: list[MarkOut]
    cursor: str | None = Field(description="pass as ?cursor= for the next page; null on the last")
