"""Routes of the moderators (v1), included by the app: the marks fair play leaves, listed and closed (audited).
Members get 403."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, Field

from gameserver.api.deps import ERRORS, IdempotencyKey, Known, answer
from gameserver.api.models import Reason
from gameserver.clock import get_clock
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
    status: Literal["open", "closed"] = Field(description="open until a moderator closes it")
    closed_by: str | None = Field(description="once closed: the moderator who closed it")
    closed_at: str | None = Field(description="once closed: when")
    why: str | None = Field(description="once closed: why, as the moderator said")


class MarkList(BaseModel):
    marks: list[MarkOut]
    cursor: str | None = Field(description="pass as ?cursor= for the next page; null on the last")


@router.get("/v1/moderation/marks", response_model=MarkList, responses=ERRORS, tags=["moderation"])
async def marks(caller: Known, status: Annotated[Literal["open", "closed"], Query()] = "open",
                cursor: Annotated[str | None, Query(max_length=1024)] = None,
                limit: Annotated[int, Query(ge=1, le=100)] = 50) -> Any:
    """Moderators: the marks fair play left (linked accounts, a pace too regular), open ones by default or the
    closed ones, newest first. A mark changes nothing by itself. 403 ``moderators_only`` for anyone else."""
    from gameserver.domain.marks import marks_page
    from gameserver.fairplay.marks import MarkStatus

    return marks_page(storage(), caller, cursor, limit, MarkStatus(status))


@router.post("/v1/moderation/marks/{member}/{mark_id}/close", response_model=MarkOut, responses=ERRORS,
             tags=["moderation"])
async def close(member: Annotated[str, Path(min_length=1, max_length=128, description="the member's subject")],
                mark_id: Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a mark id")],
                body: Reason, request: Request, caller: Known, key: IdempotencyKey = None) -> Any:
    """Moderators: close a member's mark after review, saying why; audited (who, when, what, why). 404 for no
    such mark of that member, 409 ``mark_closed`` for a mark already closed."""
    from gameserver.domain.marks import close_mark

    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: close_mark(storage(), get_clock(), caller, member, mark_id, body.why))
