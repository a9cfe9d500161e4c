"""Routes of the moderators (v1), included by the app: the marks fair play leaves. Members get 403."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from gameserver.api.deps import ERRORS, Known
from gameserver.services import storage

router = APIRouter()


class SharedOut(BaseModel):
    kind: Literal["device", "address"]
    value: str = Field(description="the device id or source address both members were seen with")


class MarkOut(BaseModel):
    mark_id: str
    member: str
    kind: Literal["linked-accounts", "pace-too-regular"]
    game_id: str = Field(description="the duel's game (its id is the duel's) or the Daily Front's game")
    at: str = Field(description="when the game ended")
    other_member: str | None = Field(description="for linked accounts: the other member")
    shared: SharedOut | None = Field(description="for linked accounts: what the two members shared")


class MarkList(BaseModel):
    marks: list[MarkOut]
    cursor: str | None = Field(description="pass as ?cursor= for the next page; null on the last")


@router.get("/v1/moderation/marks", response_model=MarkList, responses=ERRORS, tags=["moderation"])
async def marks(caller: Known, cursor: Annotated[str | None, Query(max_length=1024)] = None,
                limit: Annotated[int, Query(ge=1, le=100)] = 50) -> Any:
    """Moderators: the marks fair play left (linked accounts, a pace too regular), newest first. A mark changes
    nothing by itself. 403 ``moderators_only`` for anyone else."""
    from gameserver.domain.marks import open_marks

    return open_marks(storage(), caller, cursor, limit)
