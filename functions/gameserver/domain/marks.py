"""Marks for moderators, listed: "games between linked accounts leave a mark for moderators", and so does a
Daily Front played at a machine's regular pace. Moderators see every open mark, newest first, with what two
linked members shared; members never see marks, not even their own."""

from __future__ import annotations

from typing import Any

from gameserver.domain.errors import DomainError, Forbidden
from gameserver.domain.sightings import fairplay_storage
from gameserver.fairplay.marks import Mark
from gameserver.identity import Caller
from gameserver.storage.cursors import InvalidCursor


def mark_json(mark: Mark) -> dict[str, Any]:
    return {
        "mark_id": mark.mark_id,
        "member": mark.member,
        "kind": str(mark.kind),
        "game_id": mark.game_id,
        "at": mark.at,
        "other_member": mark.other,
        "shared": None if mark.shared is None else {"kind": str(mark.shared.kind), "value": mark.shared.value},
    }


def open_marks(store: Any, caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    """A page of the open marks, newest first (403 ``moderators_only`` for anyone else)."""
    if not caller.is_moderator:
        raise Forbidden("only moderators see marks", code="moderators_only")
    try:
        marks, next_cursor = fairplay_storage(store).marks(cursor, limit)
    except InvalidCursor as error:
        raise DomainError(str(error), field="cursor", code="invalid_cursor") from error
    return {"marks": [mark_json(mark) for mark in marks], "cursor": next_cursor}
