"""Routes of the seasons (v1), included by the full app: a season's page and a member's season history. The
close itself is the schedule's (``handlers.season``), never a route."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from gameserver.api.deps import Cursor, Known, Limit, errors, ok, reply
from gameserver.api.models import Month
from gameserver.domain.seasons import reading
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

router = APIRouter()


@router.get("/v1/seasons/{season}", responses={**ok(reading.SeasonOut), **errors(E.NOT_FOUND)}, tags=["seasons"])
async def get_season(season: Annotated[Month, Path(description="YYYY-MM (UTC)")], caller: Known) -> Response:
    """A season's page once its close has begun: the duel prizes (paid or not yet), the titles, the first places
    of its final boards. 404 for a month not closed yet."""
    return reply(reading.season_page(storage(), season))


@router.get("/v1/seasons/members/{member}", responses={**ok(reading.SeasonHistory), **errors(E.INVALID_CURSOR)},
            tags=["seasons"])
async def get_season_history(member: Annotated[str, Path(min_length=1, max_length=128,
                                                         description="the member's subject")],
                             caller: Known, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """A member's season history, the latest season first: the prizes and titles they won, month by month."""
    return reply(reading.member_history(storage(), member, cursor, limit))
