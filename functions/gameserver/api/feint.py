"""Routes of Feint (v1): solo and hot-seat games, my games, a seat's view, commands, the history, the record;
online games' tables; watch games.

Calls that change something take an ``Idempotency-Key``; a seat's view answers ``ETag`` / ``If-None-Match``
with 304 while nothing changed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response

from gameserver.api.deps import Cursor, GameId, IdempotencyKey, Known, Limit, Me, answer, client_of, errors
from gameserver.api.etags import NOT_MODIFIED, conditional
from gameserver.api.feint_models import (
    CommandIn,
    CommandOut,
    FeintGameList,
    FeintGameOut,
    FeintTableList,
    FeintTableOut,
    HistoryOut,
    JoinedOut,
    LeftOut,
    NewFeintGame,
    NewTable,
    NewWatchGame,
    RecordOut,
    SoloGame,
    WatchOut,
    WatchStepsOut,
)
from gameserver.clock import get_clock
from gameserver.domain.feint import games, hotseat, online, solo, watch
from gameserver.services import storage

TableId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a table id")]
SeatQuery = Annotated[int | None, Query(ge=1, le=6, description="whose view: one of my seats (default: the one "
                                                                "the game waits for, else my first)")]
IfNoneMatch = Annotated[str | None, Header(alias="If-None-Match")]

ERRORS = errors(400, 404, 409, 422)
"""Every route's (tests/spine/test_openapi.py holds each route to the statuses a client must handle)."""

router = APIRouter(tags=["feint"])


@router.post("/v1/feint/games", status_code=201, response_model=FeintGameOut, responses=ERRORS)
async def start_feint_game(body: NewFeintGame, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """A solo game (me at seat 1 against bots) or a hot-seat one (my seats the first, bots the rest): my
    deployment open, no deadline."""

    def work() -> Any:
        if isinstance(body, SoloGame):
            return solo.create_solo_game(storage(), get_clock(), caller, seats=body.seats)
        return hotseat.create_hotseat_game(storage(), get_clock(), caller, seats=body.seats, bots=body.bots)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feint/games", response_model=FeintGameList, responses=ERRORS)
async def list_feint_games(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Any:
    """My games of Feint, newest first."""

    return games.list_games(storage(), caller, cursor, limit)


@router.get("/v1/feint/games/{game_id}", response_model=FeintGameOut, responses={**ERRORS, **NOT_MODIFIED})
async def get_feint_game(game_id: GameId, caller: Known, response: Response, seat: SeatQuery = None,
                         if_none_match: IfNoneMatch = None) -> Any:
    """One of my seats' view: the board, my strengths and the revealed ones, banks and pools, the legal
    commands (each charge's bonuses and cost), who decides next and by when. Send the ETag back in
    If-None-Match to get 304 while nothing changed."""

    shown = games.read_game(storage(), get_clock(), caller, game_id, None if seat is None else str(seat))
    return conditional(shown, response, if_none_match)


@router.post("/v1/feint/games/{game_id}/commands", response_model=CommandOut,
             responses=ERRORS)
async def send_feint_command(game_id: GameId, body: CommandIn, request: Request, caller: Known,
                             key: IdempotencyKey = None) -> Any:
    """A command of my seat, following the game's command number: applied, then the bots' turns it leads to,
    up to my next decision (409 stale_command for another number, not_your_turn; 422 names the rule)."""

    client = client_of(request)

    def work() -> Any:
        return games.send_command(storage(), get_clock(), caller, game_id, body.number,
                                  None if body.seat is None else str(body.seat),
                                  body.command.model_dump(mode="json", exclude_none=True), client)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feint/games/{game_id}/history", response_model=HistoryOut, responses=ERRORS)
async def get_feint_history(game_id: GameId, caller: Known, cursor: Cursor = None, limit: Limit = 50) -> Any:
    """My game's history, oldest first: every command and battle as the table saw it (no face-down strength),
    every seat whose member left."""

    return games.game_history(storage(), caller, game_id, cursor, limit)


@router.get("/v1/feint/games/{game_id}/record", response_model=RecordOut, responses=ERRORS)
async def get_feint_record(game_id: GameId, caller: Known, cursor: Cursor = None, limit: Limit = 50) -> Any:
    """The record of my finished game: every strength, every command whole with its delay (409 in_play)."""

    return games.game_record(storage(), caller, game_id, cursor, limit)


@router.post("/v1/feint/games/{game_id}/leave", response_model=LeftOut, responses=ERRORS)
async def leave_feint_game(game_id: GameId, request: Request, caller: Known, key: IdempotencyKey = None) -> Any:
    """Leave my online game: a bot takes my seat over, and the game goes on without me."""

    def work() -> Any:
        return games.leave_game(storage(), get_clock(), caller, game_id, modes=(online.MODE.name,))

    return answer(key, request, caller, None, work)


@router.post("/v1/feint/tables", status_code=201, response_model=FeintTableOut, responses=ERRORS)
async def open_feint_table(body: NewTable, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """A table for an online game: my seat, one kept for each member I invite, bots, the rest open to
    anyone. It starts when full; not full within 24 hours (7 days at 1d), it is cancelled."""

    def work() -> Any:
        return online.create_table(storage(), get_clock(), caller, seats=body.seats, pace=str(body.pace),
                                   bots=body.bots, invite=body.invite)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feint/tables", response_model=FeintTableList, responses=ERRORS)
async def list_feint_tables(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Any:
    """Tables with a seat anyone may take, closing soonest first."""

    return online.open_tables(storage(), get_clock(), caller, cursor, limit)


@router.get("/v1/feint/tables/{table_id}", response_model=FeintTableOut, responses=ERRORS)
async def get_feint_table(table_id: TableId, caller: Me) -> Any:
    """A table I host, am invited to or sit at, or one with a seat anyone may take."""

    return online.read_table(storage(), get_clock(), caller, table_id)


@router.post("/v1/feint/tables/{table_id}/join", response_model=JoinedOut, responses=ERRORS)
async def join_feint_table(table_id: TableId, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """Take my seat (kept for me, or open): the last one starts the game, my deployment open."""

    return answer(key, request, caller, None,
                  lambda: online.join_table(storage(), get_clock(), caller, table_id))


@router.post("/v1/feint/watch", status_code=201, response_model=WatchOut, responses=ERRORS)
async def start_feint_watch(body: NewWatchGame, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """A bots-only game, every strength face-up, played out at once; anyone with its id reads it."""

    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: watch.create_watch_game(storage(), get_clock(), caller, seats=body.seats))


@router.get("/v1/feint/watch/{game_id}", response_model=WatchOut, responses=ERRORS)
async def get_feint_watch(game_id: GameId, caller: Known) -> Any:
    """A watch game: how it ended, the final table face-up."""

    return watch.read_watch(storage(), get_clock(), caller, game_id)


@router.get("/v1/feint/watch/{game_id}/steps", response_model=WatchStepsOut, responses=ERRORS)
async def get_feint_watch_steps(game_id: GameId, caller: Known, cursor: Cursor = None, limit: Limit = 50) -> Any:
    """A watch game's steps, oldest first, every command whole: replay it at your own pace."""

    return watch.watch_steps(storage(), get_clock(), caller, game_id, cursor, limit)

