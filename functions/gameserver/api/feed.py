"""Routes of a member's feed (v1): the notices of what happened in their games."""

from __future__ import annotations

from fastapi import APIRouter, Response

from gameserver.api.deps import Cursor, Limit, Me, errors, ok, reply
from gameserver.domain import feed
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

router = APIRouter()


@router.get("/v1/feed", responses={**ok(feed.FeedOut), **errors(E.INVALID_CURSOR)}, tags=["members"])
async def get_feed(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """Notifications, newest first: my steps that opened (duels, tournament matches, online Feint), Retreat
    decisions, ends, my matches' news, table seats, my published doctrines' challenges (an hour's at most)."""
    return reply(feed.my_feed(storage(), caller, cursor, limit))
