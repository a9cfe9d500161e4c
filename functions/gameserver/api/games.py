"""Routes of Feinthold's games (v1), whatever their mode: a game against a house AI, my games, my view, my
orders, the record. A duel's and a Daily Front's games are played here too."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response

from gameserver.api.deps import ERRORS, GameId, IdempotencyKey, Known, Me, answer, client_of
from gameserver.api.etags import NOT_MODIFIED, conditional
from gameserver.api.games_models import GameList, GameOut, NewHouseGame, Orders, RecordOut, SubmissionOut
from gameserver.clock import get_clock
from gameserver.domain import feinthold, house
from gameserver.services import storage

router = APIRouter()


@router.post("/v1/feinthold/games", status_code=201, response_model=GameOut, responses=ERRORS, tags=["games"])
async def start_house_game(body: NewHouseGame, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """A game against a house AI: it sends its orders as each turn opens, so my orders resolve the turn."""

    def work() -> Any:
        return house.create_house_game(
            storage(), get_clock(), caller, house_ai=body.house_ai, pace=body.pace, layout=body.layout,
            side=body.side,
        )

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feinthold/games", response_model=GameList, responses=ERRORS, tags=["games"])
async def list_games(
    caller: Me,
    cursor: Annotated[str | None, Query(max_length=512)] = None,
    limit: Annotated[int, Query(ge=1, le=50)] = 20,
) -> Any:
    """My games, newest first."""
    return feinthold.list_games(storage(), caller, cursor, limit)


@router.get("/v1/feinthold/games/{game_id}", response_model=GameOut, responses={**ERRORS, **NOT_MODIFIED},
            tags=["games"])
async def get_game(
    game_id: GameId,
    caller: Known,
    response: Response,
    if_none_match: Annotated[str | None, Header(alias="If-None-Match")] = None,
) -> Any:
    """My view of a game: the turn, its deadline, whether the opponent has sent, my orders, what I see.
    Send the ETag back in If-None-Match to get 304 while nothing changed."""
    return conditional(feinthold.read_game(storage(), get_clock(), caller, game_id), response, if_none_match)


@router.put(
    "/v1/feinthold/games/{game_id}/turns/{turn}/orders",
    response_model=SubmissionOut,
    responses=ERRORS,
    tags=["games"],
)
async def send_orders(
    game_id: GameId,
    turn: Annotated[int, Path(ge=1, le=8)],
    body: Orders,
    request: Request,
    caller: Known,
    key: IdempotencyKey = None,
) -> Any:
    """Send or replace my orders for the open turn (until the opponent has sent; 5 times at most)."""
    client = client_of(request)

    def work() -> Any:
        return feinthold.submit_orders(storage(), get_clock(), caller, game_id, turn, body.orders, client)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feinthold/games/{game_id}/record", response_model=RecordOut, responses=ERRORS, tags=["games"])
async def get_game_record(game_id: GameId, caller: Known) -> Any:
    """The full record of a finished game: both sides' orders and reports, every turn (409 while in play)."""
    return feinthold.game_record(storage(), caller, game_id)
