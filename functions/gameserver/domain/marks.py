"""Marks for moderators, listed and closed: "games between linked accounts leave a mark for moderators", and so
does a Daily Front played at a machine's regular pace. Moderators see the open marks (or the closed ones),
newest first, with what two linked members shared; members never see marks, not even their own.

A moderator closes a mark after reviewing it, saying why; "every moderator action is written to an audit log
with who, when, what and why", so the closing and its audit line are one transaction."""

from __future__ import annotations

from typing import Any

from gameserver.clock import Clock, iso
from gameserver.domain.errors import Conflict, DomainError, NotFound
from gameserver.domain.ids import new_id
from gameserver.domain.moderators import reason, require_moderator
from gameserver.domain.sightings import fairplay_storage
from gameserver.fairplay.marks import Closure, Mark, MarkClosed, MarkStatus
from gameserver.identity import Caller
from gameserver.storage import port
from gameserver.storage.audit import AuditLine
from gameserver.storage.cursors import InvalidCursor

CLOSE_MARK = "close-mark"
"""The audit log's action of a closing."""
_ATTEMPTS = 4


def mark_json(mark: Mark) -> dict[str, Any]:
    closure = mark.closure
    return {
        "mark_id": mark.mark_id,
        "member": mark.member,
        "kind": str(mark.kind),
        "game_id": mark.game_id,
        "at": mark.at,
        "other_member": mark.other,
        "shared": None if mark.shared is None else {"kind": str(mark.shared.kind), "value": mark.shared.value},
        "status": str(mark.status),
        "closed_by": None if closure is None else closure.by,
        "closed_at": None if closure is None else closure.at,
        "why": None if closure is None else closure.why,
    }


def marks_page(store: Any, caller: Caller, cursor: str | None, limit: int,
               status: MarkStatus = MarkStatus.OPEN) -> dict[str, Any]:
    """A page of the marks of ``status``, newest first (403 ``moderators_only`` for anyone else); a cursor
    continues only the list (the status) that handed it out."""
    require_moderator(caller, "see and close marks")
    try:
        marks, next_cursor = fairplay_storage(store).marks(cursor, limit, status)
    except InvalidCursor as error:
        raise DomainError(str(error), field="cursor", code="invalid_cursor") from error
    return {"marks": [mark_json(mark) for mark in marks], "cursor": next_cursor}


def close_mark(store: Any, clock: Clock, moderator: Caller, member: str, mark_id: str, why: str
               ) -> dict[str, Any]:
    """A moderator closes a member's mark, saying why: the mark moves to the closed list with who, when and
    why, and the audit line (``close-mark``) is written, in one transaction. 404 ``not_found`` (``mark_id``)
    for no such mark of that member, 409 ``mark_closed`` for a mark already closed."""
    require_moderator(moderator, "see and close marks")
    why = reason(why)
    fs = fairplay_storage(store)
    for _ in range(_ATTEMPTS):
        mark = fs.find_mark(member, mark_id)
        if mark is None:
            raise NotFound(f"{member} has no mark {mark_id}", field="mark_id")
        at = iso(clock.now())
        try:
            closed = mark.closed(Closure(by=moderator.sub, at=at, why=why))
        except MarkClosed as error:
            raise Conflict(str(error), field="mark_id", code="mark_closed") from error
        audit = AuditLine(moderator=moderator.sub, at=at, action=CLOSE_MARK, member=member, target=mark_id,
                          why=why, audit_id=new_id())
        try:
            fs.close_mark(closed, audit)
        except port.Conflict:
            continue  # read again: closed meanwhile is a 409, anything else a new try
        return mark_json(closed)
    raise Conflict(f"mark {mark_id} of {member} changed while being closed; try again", code="busy")
