"""What the moderators' routes (v1) answer (documentation and a check, never built at run time: see feinthold_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import Mode, NextCursor, Timestamp
from gameserver.platform.fairplay.links import LinkKind
from gameserver.platform.fairplay.marks import MarkKind, MarkStatus
from gameserver.storage.audit import AuditAction


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


class StoppedGame(BaseModel):
    """A game a moderator stopped: over with no result."""

    game_id: str
    mode: Mode = Field(description="how it was played: a duel's is cancelled, a match void, a challenge unrated, a "
                                   "Daily Front not ranked")
    stopped_at: Timestamp
    members: list[str] = Field(description="its members, each with an audit line")


class FreezeOut(BaseModel):
    """A member's freeze after a moderator's action, with what the action ended."""

    member: str
    frozen: bool
    since: Timestamp | None = Field(description="when the freeze was written (null once unfrozen)")
    by: str | None = Field(description="the moderator who froze the ratings")
    duels_ended: list[str] = Field(description="the member's duels this freeze ended without a result, stakes "
                                               "returned (the sweep ends any it missed within the minute)")
    tournaments_changed: list[str] = Field(description="the tournaments whose entry it removed (fee returned) or "
                                                       "whose current match it forfeited")


class AuditLineOut(BaseModel):
    """One moderator's action: who, when, what, why."""

    audit_id: str
    moderator: str
    at: Timestamp
    action: AuditAction
    member: str = Field(description="whom it concerns")
    target: str = Field(description="what it touched: a game, a duel, a day, a mark, a doctrine, the member")
    why: str


class AuditList(BaseModel):
    """A page of the audit log, newest first."""

    actions: list[AuditLineOut]
    cursor: NextCursor


class MemberRecord(BaseModel):
    """A member's record for moderators: their freeze, their latest marks and the latest actions about them."""

    member: str
    frozen: bool
    frozen_since: Timestamp | None
    frozen_by: str | None
    marks: list[MarkOut] = Field(description="newest first")
    marks_cursor: NextCursor = Field(description="goes on at /v1/moderation/members/{member}/marks")
    actions: list[AuditLineOut] = Field(description="newest first")
    actions_cursor: NextCursor = Field(description="goes on at /v1/moderation/audit?member=")
