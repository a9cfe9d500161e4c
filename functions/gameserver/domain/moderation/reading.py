"""What moderators read: the audit log (every action, or those about one member), and a member's record in one
place (their freeze, their marks, the actions about them). Members never see the log (specs/platform.md: "members
see the outcome on their games, not the log")."""

from __future__ import annotations

from typing import Any

from gameserver.domain.moderation import mark_json, require_moderator
from gameserver.errors import NotFound
from gameserver.identity import Caller
from gameserver.storage.audit import AuditLine
from gameserver.storage.port import Store


def audit_json(line: AuditLine) -> dict[str, Any]:
    return {"audit_id": line.audit_id, "moderator": line.moderator, "at": line.at, "action": str(line.action),
            "member": line.member, "target": line.target, "why": line.why}


def audit_page(store: Store, caller: Caller, member: str | None, cursor: str | None, limit: int) -> dict[str, Any]:
    """A page of the audit log, newest first: every action, or those about ``member``."""
    require_moderator(caller, "read the audit log")
    page = store.audit.lines(cursor, limit) if member is None else store.audit.of_member(member, cursor, limit)
    return {"actions": [audit_json(line) for line in page.items], "cursor": page.cursor}


def member_marks(store: Store, caller: Caller, member: str, cursor: str | None, limit: int) -> dict[str, Any]:
    """A page of one member's marks, open and closed, newest first."""
    require_moderator(caller, "see and close marks")
    page = store.fairplay.marks_of(member, cursor, limit)
    return {"marks": [mark_json(mark) for mark in page.items], "cursor": page.cursor}


def member_record(store: Store, caller: Caller, member: str, limit: int) -> dict[str, Any]:
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
