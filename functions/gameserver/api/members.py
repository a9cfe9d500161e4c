"""Routes of members (v1): my profile."""

from __future__ import annotations

from fastapi import APIRouter, Response

from gameserver.api.deps import Known, ok, reply
from gameserver.clock import get_clock
from gameserver.domain import members
from gameserver.services import storage

router = APIRouter()


@router.get("/v1/me", responses=ok("ProfileOut"), tags=["members"])
async def get_me(caller: Known) -> Response:
    """My profile, created on my first authenticated call (with its opening 100 credits)."""
    profile = members.my_profile(storage(), get_clock(), caller)
    return reply({**profile.__dict__, "moderator": caller.is_moderator})
