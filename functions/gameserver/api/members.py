"""Routes of members (v1): my profile, my games of every game."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from gameserver.api.deps import ERRORS, Cursor, Known, Limit, Me
from gameserver.api.members_models import MyGames, ProfileOut
from gameserver.clock import get_clock
from gameserver.domain import members
from gameserver.services import storage

router = APIRouter()


@router.get("/v1/me", response_model=ProfileOut, responses=ERRORS, tags=["members"])
async def get_me(caller: Known) -> Any:
    """My profile, created on my first authenticated call (with its opening 100 credits)."""
    profile = members.my_profile(storage(), get_clock(), caller)
    return {**profile.__dict__, "moderator": caller.is_moderator}


@router.get("/v1/games", response_model=MyGames, responses=ERRORS, tags=["members"])
async def list_my_games(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Any:
    """My games of every game (Feinthold, Feint), newest first: each game's own routes play it."""
    return members.my_games(storage(), caller, cursor, limit)
