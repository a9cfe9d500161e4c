"""Routes of a member's credits (v1): the balance and the ledger line of every move."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from gameserver.api.credits_models import CreditsOut
from gameserver.api.deps import ERRORS, Me
from gameserver.clock import get_clock
from gameserver.domain import members
from gameserver.services import storage

Cursor = Annotated[str | None, Query(max_length=1024)]
Limit = Annotated[int, Query(ge=1, le=50)]

router = APIRouter()


@router.get("/v1/credits", response_model=CreditsOut, responses=ERRORS, tags=["members"])
async def get_credits(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Any:
    """My balance and the ledger line of every move of my credits, newest first."""
    return members.my_credits(storage(), get_clock(), caller, cursor, limit)
