"""What the moderators' routes (v1) answer (documentation and a check, never built at run time: see games_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import NextCursor, Timestamp
from gameserver.platform.fairplay.links import LinkKind
from gameserver.platform.fairplay.marks import MarkKind, MarkStatus


class SharedOut(BaseModel):
    """What two linked members were seen sharing."""

    kind: LinkKind
    value: str = Field(description="the device id or source address both members were seen with")


class MarkOut(BaseModel):
    """A mark fair play left for the moderators."""

    mark_id: str
    member: str
    kind: MarkKind
    game_id: str = Field(description="the duel's game (its id is the duel's) or the Daily Front's game")
    at: Timestamp = Field(description="when the game ended")
    other_member: str | None = Field(description="for linked accounts: the other member")
    shared: SharedOut | None = Field(description="for linked accounts: what the two members shared")
    status: MarkStatus = Field(description="open until a moderator closes it")
    closed_by: str | None = Field(description="once closed: the moderator who closed it")
    closed_at: Timestamp | None = Field(description="once closed: when")
    why: str | None = Field(description="once closed: why, as the moderator said")


class MarkList(BaseModel):
    """A page of marks, newest first."""

    marks: list[MarkOut]
    cursor: NextCursor
