"""Routes of a member's feed (v1): the notices of what happened in their games."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from gameserver.api.deps import ERRORS, Me
from gameserver.api.feed_models import FeedOut
from gameserver.domain import members
from gameserver.services import storage

Cursor = Annotated[str | None, Query(max_length=1024)]
Limit = Annotated[int, Query(ge=1, le=50)]

router = APIRouter()


@router.get("/v1/feed", response_model=FeedOut, responses=ERRORS, tags=["members"])
async def get_feed(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Any:
    """Notifications, newest first: my turns that opened (duels, online Feint), Retreat decisions, ends, table seats."""
    return members.my_feed(storage(), caller, cursor, limit)
