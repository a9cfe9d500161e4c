"""What moderators read: the audit log (every action, or those about one member), and a member's record in one
place (their freeze, their marks, the actions about them). Members never see the log (specs/platform.md: "members
see the outcome on their games, not the log")."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.domain.moderation import MarkList, MarkOut, mark_json, require_moderator
from gameserver.errors import NotFound
from gameserver.identity import Caller
from gameserver.storage.audit import AuditAction, AuditLine
from gameserver.storage.port import Store
from gameserver.words import NextCursor, Timestamp


class AuditLineOut(TypedDict):
    """One moderator's action: who, when, what, why."""

    audit_id: str
    moderator: str
    at: Timestamp
    action: AuditAction
    member: Annotated[str, Field(description="whom it concerns")]
    target: Annotated[str, Field(description="what it touched: a game, a duel, a day, a mark, a doctrine, the member")]
    why: str


class AuditList(TypedDict):
    """A page of the audit log, newest first."""

    actions: list[AuditLineOut]
    cursor: NextCursor


class MemberRecord(TypedDict):
    """A member's record for moderators: their freeze, their latest marks and the latest actions about them."""

    member: str
    frozen: bool
    frozen_since: Timestamp | None
    frozen_by: str | None
    marks: Annotated[list[MarkOut], Field(description="newest first")]
    marks_cursor: Annotated[NextCursor, Field(description="goes on at /v1/moderation/members/{member}/marks")]
    actions: Annotated[list[AuditLineOut], Field(description="newest first")]
    actions_cursor: Annotated[NextCursor, Field(description="goes on at /v1/moderation/audit?member=")]


def audit_json(line: AuditLine) -> AuditLineOut:
    return {"audit_id": line.audit_id, "moderator": line.moderator, "at": line.at, "action": AuditAction(line.action),
            "member": line.member, "target": line.target, "why": line.why}


def audit_page(store: Store, caller: Caller, member: str | None, cursor: str | None, limit: int) -> AuditList:
    """A page of the audit log, newest first: every action, or those about ``member``."""
    require_moderator(caller, "read the audit log")
    page = store.audit.lines(cursor, limit) if member is None else store.audit.of_member(member, cursor, limit)
    return {"actions": [audit_json(line) for line in page.items], "cursor": page.cursor}


def member_marks(store: Store, caller: Caller, member: str, cursor: str | None, limit: int) -> MarkList:
    """A page of one member's marks, open and closed, newest first."""
    require_moderator(caller, "see and close marks")
    page = store.fairplay.marks_of(member, cursor, limit)
    return {"marks": [mark_json(mark) for mark in page.items], "cursor": page.cursor}


def member_record(store: Store, caller: Caller, member: str, limit: int) -> MemberRecord:
    """A member's record in one place: whether their ratings are frozen (since when, by whom), their latest
    marks and the latest actions about them, each with the cursor that goes on (the member's marks, the audit
    log filtered on them). 404 for no such member."""
    require_moderator(caller, "read a member's record")
    if store.members.get_profile(member) is None:
        raise NotFound(f"no member {member}", field="member")
    freeze = store.moderation.freezes((member,)).get(member)
    marks = store.fairplay.marks_of(member, None, limit)
    actions = store.audit.of_member(member, None, limit)
    return {"member": member, "frozen": freeze is not None, "frozen_since": None if freeze is None else freeze.at,
            "frozen_by": None if freeze is None else freeze.by,
            "marks": [mark_json(mark) for mark in marks.items], "marks_cursor": marks.cursor,
            "actions": [audit_json(line) for line in actions.items], "actions_cursor": actions.cursor}
