"""Routes of the Daily Front (v1), included by the app: today's Front and mine, starting it, the board of a day
and the month's table. The game itself is played through the games routes (``/v1/feinthold/games/{id}``).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from gameserver.api.daily_models import BoardOut, DayOut, EntryOut, MonthOut, RankOut, StartedOut
from gameserver.api.deps import ERRORS, IdempotencyKey, Known, Me, answer
from gameserver.api.models import Reason
from gameserver.clock import get_clock
from gameserver.domain.daily import boards, front
from gameserver.services import storage

Cursor = Annotated[str | None, Query(max_length=1024, description="from the previous page; none for the first")]
Limit = Annotated[int, Query(ge=1, le=100)]
Month = Annotated[str, Path(pattern=r"^\d{4}-(0[1-9]|1[0-2])$", description="a month, YYYY-MM (UTC)")]

router = APIRouter()


@router.get("/v1/feinthold/daily", response_model=DayOut, responses=ERRORS, tags=["daily front"])
async def get_daily_front(caller: Known, day: Annotated[date | None, Query(description="YYYY-MM-DD; today if left out")] = None
                ) -> Any:
    """Today's Front (the same for everyone) and mine, with its result once it is over; ``day`` for an earlier
    one (404 for a day to come: nobody may know a future Front)."""
    return front.my_front(storage(), get_clock(), caller, day)


@router.post("/v1/feinthold/daily", status_code=201, response_model=StartedOut, responses=ERRORS,
             tags=["daily front"])
async def start_daily_front(request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """Start my Front of today: one game a day (409 ``front_already_started`` for a second one). Blitz: 120 s
    for turn 1, 60 s for the others; the house AI has sent its orders when a turn opens."""
    return answer(key, request, caller, None, lambda: front.start_front(storage(), get_clock(), caller))


@router.get("/v1/feinthold/daily/board", response_model=BoardOut, responses=ERRORS, tags=["daily front"])
async def get_daily_board(caller: Known, day: Annotated[date | None, Query(description="YYYY-MM-DD; today if left out")] = None,
                cursor: Cursor = None, limit: Limit = 50) -> Any:
    """The leaderboard of a day: wins (fastest first), then draws, then losses (longest held first); then more
    positions, then more income. Only ranked Fronts."""
    chosen = day or front.today(get_clock())
    return boards.board_of_the_day(storage(), chosen, cursor, limit)


@router.get("/v1/feinthold/daily/rank", response_model=RankOut, responses=ERRORS, tags=["daily front"])
async def get_daily_rank(caller: Known, day: Annotated[date | None, Query(description="YYYY-MM-DD; today if left out")] = None
               ) -> Any:
    """My rank on the board of a day ("4,213th of 97,000"): 404 ``no_ranked_result`` naming why when my Front of
    that day is not on the board (not played, still playing, or not ranked and the reason)."""
    return boards.my_rank(storage(), get_clock(), caller, day)


@router.get("/v1/feinthold/daily/months/{month}", response_model=MonthOut, responses=ERRORS, tags=["daily front"])
async def get_daily_month(month: Month, caller: Known, cursor: Cursor = None, limit: Limit = 50) -> Any:
    """The month's table: points (a ranked win 3, a draw 1), then wins; each member's ranked days."""
    return boards.month_table(storage(), month, cursor, limit)


@router.post("/v1/feinthold/daily/{day}/results/{member}/remove", response_model=EntryOut, responses=ERRORS,
             tags=["daily front"])
async def remove_daily_result(day: Annotated[date, Path(description="YYYY-MM-DD")],
                 member: Annotated[str, Path(min_length=1, max_length=128, description="the member's subject")],
                 body: Reason, request: Request, caller: Known, key: IdempotencyKey = None) -> Any:
    """Moderators: remove a member's Front of a day from the board (its month points go too); audited."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                   lambda: front.remove_result(storage(), get_clock(), caller, day, member, body.why))

