"""Routes of members (v1): my profile, my games of every game."""

from __future__ import annotations

from fastapi import APIRouter, Response

from gameserver.api.deps import Cursor, Known, Limit, Me, errors, ok, reply
from gameserver.clock import get_clock
from gameserver.domain import members
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

router = APIRouter()


@router.get("/v1/me", responses=ok(members.ProfileOut), tags=["members"])
async def get_me(caller: Known) -> Response:
    """My profile, created on my first authenticated call (with its opening 100 credits)."""
    return reply(members.profile_out(storage(), get_clock(), caller))


@router.get("/v1/games", responses={**ok(members.MyGames), **errors(E.INVALID_CURSOR)}, tags=["members"])
async def list_my_games(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """My games of every game (Feinthold, Feint), newest first: each game's own routes play it."""
    return reply(members.my_games(storage(), caller, cursor, limit))
