"""Routes of the moderators (v1), included by the app: the marks fair play leaves, listed and closed (audited).
Members get 403, before anything they sent is read."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from gameserver.api.deps import Cursor, IdempotencyKey, Known, ModeratorsOnly, answer, errors, ok, reply
from gameserver.api.models import Reason
from gameserver.clock import get_clock
from gameserver.domain import moderation
from gameserver.errors import ErrorCode as E
from gameserver.platform.fairplay.marks import MarkStatus
from gameserver.services import storage

router = APIRouter(route_class=ModeratorsOnly)


@router.get("/v1/moderation/marks", responses={**ok("MarkList"), **errors(E.MODERATORS_ONLY, E.INVALID_CURSOR)},
            tags=["moderation"])
async def list_marks(caller: Known, status: MarkStatus = MarkStatus.OPEN, cursor: Cursor = None,
                     limit: Annotated[int, Query(ge=1, le=100)] = 50) -> Response:
    """Moderators: the marks fair play left (linked accounts, a pace too regular), open ones by default or the
    closed ones, newest first. A mark changes nothing by itself. 403 ``moderators_only`` for anyone else."""
    return reply(moderation.marks_page(storage(), caller, cursor, limit, status))


@router.post("/v1/moderation/marks/{member}/{mark_id}/close", responses={**ok("MarkOut"), **errors(E.MODERATORS_ONLY, E.NOT_FOUND, E.MARK_CLOSED)}, tags=["moderation"])
async def close_mark(member: Annotated[str, Path(min_length=1, max_length=128, description="the member's subject")],
                mark_id: Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a mark id")],
                body: Reason, request: Request, caller: Known, key: IdempotencyKey = None) -> Response:
    """Moderators: close a member's mark after review, saying why; audited (who, when, what, why). 404 for no
    such mark of that member, 409 ``mark_closed`` for a mark already closed."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: moderation.close_mark(storage(), get_clock(), caller, member, mark_id, body.why))
