"""Moderation: who may moderate, the reason each action is taken with, and the marks fair play leaves.

Platform decision (specs/platform.md): "Moderators are members in the ``moderators`` group of the user pool;
nothing else grants moderator rights", and "Every moderator action is written to an audit log with who, when,
what and why". "Games between linked accounts leave a mark for moderators", and so does a Daily Front played at
a machine's regular pace. Moderators see the open marks (or the closed ones), newest first, with what two
linked members shared; members never see marks, not even their own. A moderator closes a mark after reviewing
it, saying why: the closing and its audit line are one transaction.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, iso
from gameserver.errors import Conflict, ErrorCode, Forbidden, InvalidInput, NotFound
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.platform.fairplay.links import LinkKind
from gameserver.platform.fairplay.marks import Closure, Mark, MarkClosed, MarkKind, MarkStatus
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.audit import AuditAction, AuditLine
from gameserver.storage.errors import WriteConflict
from gameserver.storage.port import Store
from gameserver.words import NextCursor, Timestamp

MAX_WHY = 500
"""The longest reason an audit line keeps."""


def require_moderator(caller: Caller, what: str) -> None:
    """403 ``moderators_only`` unless ``caller`` is a moderator; ``what`` says what only they may do."""
    if not caller.is_moderator:
        raise Forbidden(f"only moderators {what}", code=ErrorCode.MODERATORS_ONLY)


def reason(why: str) -> str:
    """The reason as the audit log keeps it (trimmed); 422 on ``why`` when empty or longer than ``MAX_WHY``."""
    why = why.strip()
    if not 0 < len(why) <= MAX_WHY:
        raise InvalidInput(f"say why, in 1 to {MAX_WHY} characters", field="why")
    return why


class SharedOut(TypedDict):
    """What two linked members were seen sharing."""

    kind: LinkKind
    value: Annotated[str, Field(description="the device id or source address both members were seen with")]


class MarkOut(TypedDict):
    """A mark fair play left for the moderators."""

    mark_id: str
    member: str
    kind: MarkKind
    game_id: Annotated[str, Field(description="the duel's game (its id is the duel's) or the Daily Front's game")]
    at: Annotated[Timestamp, Field(description="when the game ended")]
    other_member: Annotated[str | None, Field(description="for linked accounts: the other member")]
    shared: Annotated[SharedOut | None, Field(description="for linked accounts: what the two members shared")]
    status: Annotated[MarkStatus, Field(description="open until a moderator closes it")]
    closed_by: Annotated[str | None, Field(description="once closed: the moderator who closed it")]
    closed_at: Annotated[Timestamp | None, Field(description="once closed: when")]
    why: Annotated[str | None, Field(description="once closed: why, as the moderator said")]


class MarkList(TypedDict):
    """A page of marks, newest first."""

    marks: list[MarkOut]
    cursor: NextCursor


def mark_json(mark: Mark) -> MarkOut:
    closure = mark.closure
    return {
        "mark_id": mark.mark_id,
        "member": mark.member,
        "kind": mark.kind,
        "game_id": mark.game_id,
        "at": mark.at,
        "other_member": mark.other,
        "shared": None if mark.shared is None else {"kind": mark.shared.kind, "value": mark.shared.value},
        "status": mark.status,
        "closed_by": None if closure is None else closure.by,
        "closed_at": None if closure is None else closure.at,
        "why": None if closure is None else closure.why,
    }


def marks_page(store: Store, caller: Caller, cursor: str | None, limit: int,
               status: MarkStatus = MarkStatus.OPEN) -> MarkList:
    """A page of the marks of ``status``, newest first (403 ``moderators_only`` for anyone else); a cursor
    continues only the list (the status) that handed it out."""
    require_moderator(caller, "see and close marks")
    marks, next_cursor = store.fairplay.marks(cursor, limit, status)
    return {"marks": [mark_json(mark) for mark in marks], "cursor": next_cursor}


def close_mark(store: Store, clock: Clock, moderator: Caller, member: str, mark_id: str, why: str
               ) -> MarkOut:
    """A moderator closes a member's mark, saying why: the mark moves to the closed list with who, when and
    why, and the audit line (``close-mark``) is written, in one transaction. 404 ``not_found`` (``mark_id``)
    for no such mark of that member, 409 ``mark_closed`` for a mark already closed."""
    require_moderator(moderator, "see and close marks")
    why = reason(why)
    for _ in range(ATTEMPTS):
        mark = store.fairplay.find_mark(member, mark_id)
        if mark is None:
            raise NotFound(f"{member} has no mark {mark_id}", field="mark_id")
        at = iso(clock.now())
        try:
            closed = mark.closed(Closure(by=moderator.sub, at=at, why=why))
        except MarkClosed as error:
            raise Conflict(str(error), field="mark_id", code=ErrorCode.MARK_CLOSED) from error
        audit = AuditLine(moderator=moderator.sub, at=at, action=AuditAction.CLOSE_MARK, member=member, target=mark_id,
                          why=why, audit_id=new_id())
        try:
            store.fairplay.close_mark(closed, audit)
        except WriteConflict:
            continue  # read again: closed meanwhile is a 409, anything else a new try
        return mark_json(closed)
    raise Conflict(f"mark {mark_id} of {member} changed while being closed; try again", code=ErrorCode.BUSY)
