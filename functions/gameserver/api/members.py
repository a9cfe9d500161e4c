"""Routes of members (v1): my profile."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from gameserver.api.deps import ERRORS, Known
from gameserver.api.members_models import ProfileOut
from gameserver.clock import get_clock
from gameserver.domain import members
from gameserver.services import storage

router = APIRouter()


@router.get("/v1/me", response_model=ProfileOut, responses=ERRORS, tags=["members"])
async def get_me(caller: Known) -> Any:
    """My profile, created on my first authenticated call (with its opening 100 credits)."""
    profile = members.my_profile(storage(), get_clock(), caller)
    return {**profile.__dict__, "moderator": caller.is_moderator}
