"""Routes of the Daily Front (v1), included by the app: today's Front and mine, starting it, the board of a day
and the month's table. The game itself is played through the games routes (``/v1/feinthold/games/{id}``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from gameserver.api.deps import Cursor, IdempotencyKey, Known, Me, ModeratorsOnly, answer, errors, ok, reply
from gameserver.api.models import Day, Month, Reason
from gameserver.clock import get_clock
from gameserver.domain.daily import boards, front
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

BoardLimit = Annotated[int, Query(ge=1, le=100)]
OfDay = Annotated[Day | None, Query(description="YYYY-MM-DD (UTC); today when left out")]

router = APIRouter()
moderators = APIRouter(route_class=ModeratorsOnly)
"""The moderators' route of the Daily Front: anyone else gets 403 whatever they send."""


@router.get("/v1/feinthold/daily", responses={**ok(front.DayOut), **errors(E.NOT_FOUND)}, tags=["daily front"])
async def get_daily_front(caller: Known, day: OfDay = None) -> Response:
    """Today's Front (the same for everyone) and mine, with its result once it is over; ``day`` for an earlier
    one (404 for a day to come: nobody may know a future Front)."""
    return reply(front.my_front(storage(), get_clock(), caller, day))


@router.post("/v1/feinthold/daily", status_code=201,
             responses={**ok(front.StartedOut, 201), **errors(E.FRONT_ALREADY_STARTED)}, tags=["daily front"])
async def start_daily_front(request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Start my Front of today: one game a day (409 ``front_already_started`` for a second one). Blitz: 120 s
    for turn 1, 60 s for the others; the house AI has sent its orders when a turn opens."""
    return answer(key, request, caller, None, lambda: front.start_front(storage(), get_clock(), caller), status=201)


@router.get("/v1/feinthold/daily/board", responses={**ok(boards.BoardOut), **errors(E.NOT_FOUND, E.INVALID_CURSOR)},
            tags=["daily front"])
async def get_daily_board(caller: Known, day: OfDay = None, cursor: Cursor = None, limit: BoardLimit = 50
                          ) -> Response:
    """The leaderboard of a day: wins (fastest first), then draws, then losses (longest held first); then more
    positions, then more income. Only ranked Fronts."""
    chosen = day or front.today(get_clock())
    return reply(boards.board_of_the_day(storage(), chosen, cursor, limit))


@router.get("/v1/feinthold/daily/rank", responses={**ok(boards.RankOut), **errors(E.NOT_FOUND, E.NO_RANKED_RESULT)},
            tags=["daily front"])
async def get_daily_rank(caller: Known, day: OfDay = None) -> Response:
    """My rank on the board of a day ("4,213th of 97,000"): 404 ``no_ranked_result`` naming why when my Front of
    that day is not on the board (not played, still playing, or not ranked and the reason)."""
    return reply(boards.my_rank(storage(), get_clock(), caller, day))


@router.get("/v1/feinthold/daily/months/{month}", responses={**ok(boards.MonthOut), **errors(E.INVALID_CURSOR)},
            tags=["daily front"])
async def get_daily_month(month: Annotated[Month, Path(description="YYYY-MM (UTC)")], caller: Known,
                          cursor: Cursor = None, limit: BoardLimit = 50) -> Response:
    """The month's table: points (a ranked win 3, a draw 1), then wins; each member's ranked days."""
    return reply(boards.month_table(storage(), month, cursor, limit))


@moderators.post("/v1/feinthold/daily/{day}/results/{member}/remove",
             responses={**ok(front.EntryOut), **errors(E.MODERATORS_ONLY, E.NOT_FOUND, E.NOT_ON_THE_BOARD)},
             tags=["daily front"])
async def remove_daily_result(day: Annotated[Day, Path(description="YYYY-MM-DD (UTC)")],
                 member: Annotated[str, Path(min_length=1, max_length=128, description="the member's subject")],
                 body: Reason, request: Request, caller: Known, key: IdempotencyKey = None) -> Response:
    """Moderators: remove a member's Front of a day from the board (its month points go too); audited."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                   lambda: front.remove_result(storage(), get_clock(), caller, day, member, body.why))

