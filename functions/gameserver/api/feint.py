"""Routes of Feint (v1): solo and hot-seat games, my games, a seat's view, commands, the history, the record;
online games' tables; watch games.

Calls that change something take an ``Idempotency-Key``; a seat's view answers ``ETag`` / ``If-None-Match``
with 304 while nothing changed.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

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
from gameserver.api.feint_models import (
    FeintCommandIn,
    FeintSoloGame,
    NewFeintGame,
    NewFeintTable,
    NewFeintWatchGame,
)
from gameserver.clock import get_clock
from gameserver.domain import fairplay
from gameserver.domain.feint import answers, games, hotseat, online, solo, watch
from gameserver.domain.limits import Limit as Counted
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

TableId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a table id")]
SeatQuery = Annotated[int | None, Query(ge=1, le=6, description="whose view: one of my seats (default: the one "
                                                                "the game waits for, else my first)")]

router = APIRouter(tags=["feint"])


@router.post("/v1/feint/games", status_code=201, responses=ok(answers.FeintGameOut, 201),
             **limited(Counted.STARTS))
async def start_feint_game(body: NewFeintGame, request: Request, caller: Me, key: IdempotencyKey = None
                           ) -> Response:
    """A solo game (me at seat 1 against bots) or a hot-seat one (my seats the first, bots the rest): my
    deployment open, no deadline."""

    def work() -> object:
        if isinstance(body, FeintSoloGame):
            return solo.create_solo_game(storage(), get_clock(), caller, seats=body.seats)
        return hotseat.create_hotseat_game(storage(), get_clock(), caller, seats=body.seats, bots=body.bots)

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/feint/games", responses={**ok(answers.FeintGameList), **errors(E.INVALID_CURSOR)})
async def list_feint_games(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """My games of Feint, newest first."""
    return reply(games.list_games(storage(), caller, cursor, limit))


@router.get("/v1/feint/games/{game_id}", responses={**polled(answers.FeintGameOut), **errors(E.NOT_FOUND)})
async def get_feint_game(game_id: GameId, caller: Known, seat: SeatQuery = None, if_none_match: IfNoneMatch = None
                         ) -> Response:
    """One of my seats' view: the board, my strengths and the revealed ones, banks and pools, the legal
    commands (each charge's bonuses and cost), who decides next and by when. Send the ETag back in
    If-None-Match to get 304 while nothing changed."""
    shown = games.read_game(storage(), get_clock(), caller, game_id, None if seat is None else str(seat))
    fairplay.viewed(storage(), get_clock().now(), caller.sub, game_id)
    return conditional(shown, if_none_match)


@router.post("/v1/feint/games/{game_id}/commands",
             responses={**ok(answers.FeintCommandOut),
                        **errors(E.NOT_FOUND, E.STALE_COMMAND, E.NOT_YOUR_TURN, E.TURN_CLOSED, E.GAME_OVER,
                                 E.SUBMISSIONS_USED, E.ILLEGAL_ORDERS)})
async def send_feint_command(game_id: GameId, body: FeintCommandIn, request: Request, caller: Known,
                             key: IdempotencyKey = None) -> Response:
    """A command of my seat, following the game's command number: applied, then the bots' turns it leads to,
    up to my next decision (409 stale_command for another number, not_your_turn; 422 names the rule)."""
    client = client_of(request)

    def work() -> object:
        return games.send_command(storage(), get_clock(), caller, game_id, body.number,
                                  None if body.seat is None else str(body.seat),
                                  body.command.model_dump(mode="json", exclude_none=True), client)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feint/games/{game_id}/history",
            responses={**ok(answers.FeintHistory), **errors(E.NOT_FOUND, E.INVALID_CURSOR)})
async def get_feint_history(game_id: GameId, caller: Known, cursor: Cursor = None, limit: Limit = 50) -> Response:
    """My game's history, oldest first: every command and battle as the table saw it (no face-down strength),
    every seat whose member left."""
    return reply(games.game_history(storage(), caller, game_id, cursor, limit))


@router.get("/v1/feint/games/{game_id}/record",
            responses={**ok(answers.FeintRecord), **errors(E.NOT_FOUND, E.IN_PLAY, E.INVALID_CURSOR)})
async def get_feint_record(game_id: GameId, caller: Known, cursor: Cursor = None, limit: Limit = 50) -> Response:
    """The record of my finished game: every strength, every command whole with its delay (409 in_play)."""
    return reply(games.game_record(storage(), get_clock(), caller, game_id, cursor, limit))


@router.post("/v1/feint/games/{game_id}/leave",
             responses={**ok(answers.FeintLeft), **errors(E.NOT_FOUND, E.GAME_OVER, E.CONFLICT)})
async def leave_feint_game(game_id: GameId, request: Request, caller: Known, key: IdempotencyKey = None
                           ) -> Response:
    """Leave my online game: a bot takes my seat over, and the game goes on without me (409 conflict, rule
    leave-online-only, for a game that waits for me: solo, hot-seat)."""
    return answer(key, request, caller, None,
                  lambda: games.leave_game(storage(), get_clock(), caller, game_id, modes=(online.MODE.name,)))


@router.post("/v1/feint/tables", status_code=201, responses={**ok(answers.FeintTableOut, 201), **errors(E.NOT_FOUND)})
async def open_feint_table(body: NewFeintTable, request: Request, caller: Me, key: IdempotencyKey = None
                           ) -> Response:
    """A table for an online game: my seat, one kept for each member I invite, bots, the rest open to
    anyone. It starts when full; not full within 24 hours (7 days at 1d), it is cancelled."""

    def work() -> object:
        return online.create_table(storage(), get_clock(), caller, seats=body.seats, pace=str(body.pace),
                                   bots=body.bots, invite=body.invite)

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/feint/tables", responses={**ok(answers.FeintTableList), **errors(E.INVALID_CURSOR)})
async def list_feint_tables(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """Tables with a seat anyone may take, closing soonest first."""
    return reply(online.open_tables(storage(), get_clock(), caller, cursor, limit))


@router.get("/v1/feint/tables/{table_id}", responses={**ok(answers.FeintTableOut), **errors(E.NOT_FOUND)})
async def get_feint_table(table_id: TableId, caller: Me) -> Response:
    """A table I host, am invited to or sit at, or one with a seat anyone may take."""
    return reply(online.read_table(storage(), get_clock(), caller, table_id))


@router.post("/v1/feint/tables/{table_id}/join",
             responses={**ok(answers.FeintJoined), **errors(E.NOT_FOUND, E.TABLE_CLOSED, E.TABLE_FULL, E.ALREADY_SEATED)})
async def join_feint_table(table_id: TableId, request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Take my seat (kept for me, or open): the last one starts the game, my deployment open."""
    return answer(key, request, caller, None, lambda: online.join_table(storage(), get_clock(), caller, table_id))


@router.post("/v1/feint/watch", status_code=201, responses=ok(answers.FeintWatch, 201))
async def start_feint_watch(body: NewFeintWatchGame, request: Request, caller: Me, key: IdempotencyKey = None
                            ) -> Response:
    """A bots-only game, every strength face-up, played out at once; anyone with its id reads it."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: watch.create_watch_game(storage(), get_clock(), caller, seats=body.seats), status=201)


@router.get("/v1/feint/watch/{game_id}", responses={**ok(answers.FeintWatch), **errors(E.NOT_FOUND)})
async def get_feint_watch(game_id: GameId, caller: Known) -> Response:
    """A watch game: how it ended, the final table face-up."""
    return reply(watch.read_watch(storage(), get_clock(), caller, game_id))


@router.get("/v1/feint/watch/{game_id}/steps",
            responses={**ok(answers.FeintWatchSteps), **errors(E.NOT_FOUND, E.INVALID_CURSOR)})
async def get_feint_watch_steps(game_id: GameId, caller: Known, cursor: Cursor = None, limit: Limit = 50
                                ) -> Response:
    """A watch game's steps, oldest first, every command whole: replay it at your own pace."""
    return reply(watch.watch_steps(storage(), get_clock(), caller, game_id, cursor, limit))
