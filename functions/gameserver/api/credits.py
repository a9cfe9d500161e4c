"""Routes of a member's credits (v1): the balance and the ledger line of every move."""

from __future__ import annotations

from fastapi import APIRouter, Response

from gameserver.api.deps import Cursor, Limit, Me, errors, ok, reply
from gameserver.clock import get_clock
from gameserver.domain import members
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

router = APIRouter()


@router.get("/v1/credits", responses={**ok(members.CreditsOut), **errors(E.INVALID_CURSOR)}, tags=["members"])
async def get_credits(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """My balance and the ledger line of every move of my credits, newest first."""
    return reply(members.my_credits(storage(), get_clock(), caller, cursor, limit))
