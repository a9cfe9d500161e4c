"""Routes of Feinthold's games (v1), whatever their mode: a game against a house AI, my games, my view, my
orders, the record. A duel's and a Daily Front's games are played here too."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from gameserver.api.deps import (
    Cursor,
    GameId,
    IdempotencyKey,
    Known,
    Limit,
    Me,
    answer,
    client_of,
    errors,
    limited,
    ok,
    reply,
)
from gameserver.api.etags import IfNoneMatch, conditional, polled
from gameserver.api.feinthold_models import NewHouseGame, OrderSet
from gameserver.clock import get_clock
from gameserver.domain import fairplay, feinthold
from gameserver.domain.feinthold import answers, house
from gameserver.domain.limits import Limit as Counted
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

router = APIRouter()


@router.post("/v1/feinthold/games", status_code=201, responses=ok(answers.GameOut, 201), tags=["games"],
             **limited(Counted.STARTS))
async def start_house_game(body: NewHouseGame, request: Request, caller: Me, key: IdempotencyKey = None
                           ) -> Response:
    """A game against a house AI: it sends its orders as each turn opens, so my orders resolve the turn."""

    def work() -> object:
        return house.create_house_game(
            storage(), get_clock(), caller, house_ai=body.house_ai, pace=body.pace, layout=body.layout,
            side=body.side,
        )

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/feinthold/games", responses={**ok(answers.GameList), **errors(E.INVALID_CURSOR)}, tags=["games"])
async def list_games(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """My games, newest first."""
    return reply(feinthold.list_games(storage(), caller, cursor, limit))


@router.get("/v1/feinthold/games/{game_id}", responses={**polled(answers.GameOut), **errors(E.NOT_FOUND)},
            tags=["games"])
async def get_game(game_id: GameId, caller: Known, if_none_match: IfNoneMatch = None) -> Response:
    """My view of a game: the turn, its deadline, whether the opponent has sent, my orders, what I see.
    Send the ETag back in If-None-Match to get 304 while nothing changed."""
    shown = feinthold.read_game(storage(), get_clock(), caller, game_id)
    fairplay.viewed(storage(), get_clock().now(), caller.sub, game_id)
    return conditional(shown, if_none_match)


@router.put(
    "/v1/feinthold/games/{game_id}/turns/{turn}/orders",
    responses={**ok(answers.SubmissionOut),
               **errors(E.NOT_FOUND, E.TURN_CLOSED, E.SUBMISSIONS_USED, E.GAME_OVER, E.ILLEGAL_ORDERS)},
    tags=["games"],
)
async def send_orders(
    game_id: GameId,
    turn: Annotated[int, Path(ge=1, le=8)],
    body: OrderSet,
    request: Request,
    caller: Known,
    key: IdempotencyKey = None,
) -> Response:
    """Send or replace my orders for the open turn (until the opponent has sent; 5 times at most)."""
    client = client_of(request)
    sent = body.model_dump(mode="json", by_alias=True)

    def work() -> object:
        return feinthold.submit_orders(storage(), get_clock(), caller, game_id, turn, sent["orders"], client)

    return answer(key, request, caller, sent, work)


@router.get("/v1/feinthold/games/{game_id}/record",
            responses={**ok(answers.RecordOut), **errors(E.NOT_FOUND, E.IN_PLAY, E.RECORD_CLOSED)}, tags=["games"])
async def get_game_record(game_id: GameId, caller: Known) -> Response:
    """The full record of a finished game: both sides' orders and reports, every turn (409 while in play, and
    for a Daily Front until its day's board is final: the game's ``record_opens_at``)."""
    return reply(feinthold.game_record(storage(), get_clock(), caller, game_id))
