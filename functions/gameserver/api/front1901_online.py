"""Routes of Front 1901 online (v1): tables (open one, list those with a seat open, read one, take a seat) and
what a table's member does beside the solo game's routes: a text message, a vote to end the game, reclaiming the
seat an AI power keeps. The game of a table is played through Front 1901's game routes (orders, proposals,
replies, cancellations, the draft, the history)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from gameserver.api.deps import (
    Cursor,
    GameId,
    IdempotencyKey,
    Limit,
    Me,
    ModeratorsOnly,
    answer,
    errors,
    ok,
    reply,
)
from gameserver.api.front1901_models import Phase
from gameserver.api.front1901_online_models import (
    Front1901JoinIn,
    Front1901MessageIn,
    Front1901VoteIn,
    NewFront1901Table,
)
from gameserver.api.models import Reason
from gameserver.clock import get_clock
from gameserver.domain.front1901 import answers, games, online, ratings
from gameserver.domain.moderation import void
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

router = APIRouter(tags=["front1901"])
moderators = APIRouter(route_class=ModeratorsOnly)

TableId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a table id")]
_IN_PLAY = (E.NOT_FOUND, E.GAME_OVER, E.TURN_CLOSED, E.NOT_YOUR_TURN, E.CONFLICT)
"""What every table member's call on the open phase may answer: not my game, over, another phase, nothing of mine
to decide in it, or refused now (a seat an AI power keeps, a limit of the phase)."""


@router.post("/v1/front1901/tables", status_code=201,
             responses={**ok(online.Front1901TableOut, 201), **errors(E.NOT_FOUND)})
async def open_front1901_table(body: NewFront1901Table, request: Request, caller: Me, key: IdempotencyKey = None
                               ) -> Response:
    """A table: my seat, one kept for each member I invite, the rest open to anyone; AI powers take the seats
    left empty. It starts when its seats are filled, or at its start time; not started within 7 days, cancelled."""

    def work() -> object:
        return online.create_table(
            storage(), get_clock(), caller, seats=body.seats, level=str(body.level), pace=str(body.pace),
            press=str(body.press), length=str(body.length), rated=body.rated, seating=str(body.seating),
            power=None if body.power is None else str(body.power), invite=body.invite, starts_at=body.starts_at)

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/front1901/tables", responses={**ok(online.Front1901TableList), **errors(E.INVALID_CURSOR)})
async def list_front1901_tables(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """Tables with a seat anyone may take, closing soonest first."""
    return reply(online.open_tables(storage(), get_clock(), cursor, limit))


@router.get("/v1/front1901/tables/{table_id}", responses={**ok(online.Front1901TableOut), **errors(E.NOT_FOUND)})
async def get_front1901_table(table_id: TableId, caller: Me) -> Response:
    """A table I host, am invited to or sit at, or one with a seat anyone may take."""
    return reply(online.read_table(storage(), get_clock(), caller, table_id))


@router.post("/v1/front1901/tables/{table_id}/join",
             responses={**ok(online.Front1901Joined), **errors(E.NOT_FOUND, E.TABLE_CLOSED, E.TABLE_FULL,
                                                         E.ALREADY_SEATED)})
async def join_front1901_table(table_id: TableId, body: Front1901JoinIn, request: Request, caller: Me,
                               key: IdempotencyKey = None) -> Response:
    """Take my seat (the power I pick, when the seats are picked): the last one starts the game."""
    return answer(key, request, caller, body.model_dump(mode="json"), lambda: online.join_table(
        storage(), get_clock(), caller, table_id, None if body.power is None else str(body.power)))


@router.post("/v1/front1901/games/{game_id}/phases/{phase}/messages",
             responses={**ok(answers.Front1901GameOut), **errors(*_IN_PLAY, E.ILLEGAL_PROPOSAL)})
async def send_front1901_message(game_id: GameId, phase: Phase, body: Front1901MessageIn, request: Request,
                                 caller: Me, key: IdempotencyKey = None) -> Response:
    """A text to one power (only it reads it) or to every power; none in gunboat (422)."""
    return answer(key, request, caller, body.model_dump(mode="json"), lambda: games.send_message(
        storage(), get_clock(), caller, game_id, phase, None if body.to is None else str(body.to), body.text))


@router.post("/v1/front1901/games/{game_id}/phases/{phase}/votes",
             responses={**ok(answers.Front1901GameOut), **errors(*_IN_PLAY, E.INVALID)})
async def vote_front1901(game_id: GameId, phase: Phase, body: Front1901VoteIn, request: Request, caller: Me,
                         key: IdempotencyKey = None) -> Response:
    """My vote of the phase, counted as it closes: a draw (every surviving member, and the AI powers unless one
    of them leads with 12 centres), a concession to a power (every surviving member), or none."""
    return answer(key, request, caller, body.model_dump(mode="json"), lambda: games.cast_vote(
        storage(), get_clock(), caller, game_id, phase, str(body.vote), None if body.to is None else str(body.to)))


@router.post("/v1/front1901/games/{game_id}/phases/{phase}/reclaim",
             responses={**ok(answers.Front1901GameOut), **errors(E.NOT_FOUND, E.GAME_OVER, E.TURN_CLOSED, E.CONFLICT)})
async def reclaim_front1901_seat(game_id: GameId, phase: Phase, request: Request, caller: Me,
                                 key: IdempotencyKey = None) -> Response:
    """Take back my seat from the AI power that kept it: mine again from the next phase."""
    return answer(key, request, caller, None, lambda: games.reclaim_seat(storage(), get_clock(), caller, game_id,
                                                                         phase))


@router.get("/v1/front1901/ratings", responses={**ok(ratings.Front1901RatingBoard), **errors(E.INVALID_CURSOR)})
async def get_front1901_ratings(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """Online Front 1901's board: each rated member's rating (openskill's Plackett-Luce), highest first."""
    return reply(ratings.board(storage(), cursor, limit))


@router.post("/v1/front1901/games/{game_id}/phases/{phase}/messages/{message_id}/report", status_code=201,
             responses={**ok(games.Front1901Reported, 201), **errors(E.NOT_FOUND)})
async def report_front1901_message(game_id: GameId, phase: Phase, message_id: Annotated[int, Path(ge=1)],
                                   request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Report a text sent to me (or to all) in this phase, the open one or any earlier one: moderators read it,
    and no message that is not reported."""
    return answer(key, request, caller, None, lambda: games.report_message(storage(), get_clock(), caller, game_id,
                                                                            phase, message_id), status=201)


@moderators.post("/v1/moderation/front1901/games/{game_id}/void",
                 responses={**ok(ratings.Front1901Voided), **errors(E.MODERATORS_ONLY, E.NOT_FOUND, E.IN_PLAY, E.CONFLICT,
                                                             E.BUSY)},
                 tags=["moderation"])
async def void_front1901_game(game_id: GameId, body: Reason, request: Request, caller: Me,
                              key: IdempotencyKey = None) -> Response:
    """Moderators: void a finished rated game of online Front 1901, saying why: each member's rating loses exactly
    that game's change (later games' stay), once. Audited."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: void.void_front1901_game(storage(), get_clock(), caller, game_id, body.why))


@moderators.get("/v1/moderation/front1901/reports",
                responses={**ok(games.Front1901Reports), **errors(E.MODERATORS_ONLY, E.INVALID_CURSOR)}, tags=["moderation"])
async def list_front1901_reports(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """Moderators: the reported messages of online Front 1901, the latest first."""
    return reply(games.reported_messages(storage(), cursor, limit))
