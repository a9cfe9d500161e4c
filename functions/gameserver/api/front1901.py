"""Routes of Front 1901 (v1): solo games against six AI powers: my games, my view, a phase's orders, the
negotiation (proposals, answers, cancellations), the draft, the help tools, a past phase, the history, the
record, stopping; the daily challenge (today's and mine, starting it, the day's board with my rank), whose game
is played through the same game routes.

A phase is named in the path (``S1901M``): any other than the open one is a 409 ``turn_closed``. Calls that
change something take an ``Idempotency-Key``; the game's view answers ``ETag`` / ``If-None-Match`` with 304 while
nothing changed.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

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
from gameserver.api.front1901_models import (
    Front1901CancelIn,
    Front1901OrdersIn,
    Front1901ProposalIn,
    Front1901ReplyIn,
    NewFront1901Game,
    Phase,
)
from gameserver.api.models import Day
from gameserver.clock import get_clock
from gameserver.domain.front1901 import answers, daily, games
from gameserver.domain.limits import Limit as Counted
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

router = APIRouter(tags=["front1901"])

OfDay = Annotated[Day | None, Query(description="YYYY-MM-DD (UTC); today when left out")]
BoardLimit = Annotated[int, Query(ge=1, le=100)]

_IN_PLAY = (E.NOT_FOUND, E.GAME_OVER, E.TURN_CLOSED)
"""What every call on the open phase may answer: not my game, over, another phase than the open one."""


@router.post("/v1/front1901/games", status_code=201, responses={**ok(answers.Front1901GameOut, 201)},
             **limited(Counted.STARTS))
async def start_front1901_game(body: NewFront1901Game, request: Request, caller: Me, key: IdempotencyKey = None
                               ) -> Response:
    """A solo game: my power (or drawn) against six AI powers at a level, full or short; its seed drawn and
    stored. Several at once are fine."""

    def work() -> object:
        return games.create_solo_game(storage(), get_clock(), caller, power=None if body.power is None
                                      else str(body.power), level=str(body.level), length=str(body.length))

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/front1901/games", responses={**ok(answers.Front1901GameList), **errors(E.INVALID_CURSOR)})
async def list_front1901_games(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """My games of Front 1901, newest first."""
    return reply(games.list_games(storage(), caller, cursor, limit))


@router.get("/v1/front1901/games/{game_id}", responses={**polled(answers.Front1901GameOut), **errors(E.NOT_FOUND)})
async def get_front1901_game(game_id: GameId, caller: Known, if_none_match: IfNoneMatch = None) -> Response:
    """My game: the position, the phase, my legal orders per unit, my draft, this phase's messages and answers,
    my agreements, the AI powers' trust in me, whether it is over. Send the ETag back in If-None-Match to get
    304 while nothing changed."""
    return conditional(games.read_game(storage(), get_clock(), caller, game_id), if_none_match)


@router.put("/v1/front1901/games/{game_id}/phases/{phase}/orders",
            responses={**ok(answers.Front1901OrdersOut), **errors(*_IN_PLAY, E.ILLEGAL_ORDERS)},
            **limited(Counted.FRONT1901_PHASES))
async def submit_front1901_orders(game_id: GameId, phase: Phase, body: Front1901OrdersIn, request: Request,
                                  caller: Known, key: IdempotencyKey = None) -> Response:
    """My orders for the open phase, in either notation (void ones reported with their reason; convoys added
    for armies sent across the sea): the AI powers decide, the phase resolves, and the phases in which I have
    nothing to do are played, up to my next decision. 422 names an order that cannot be read."""
    client = client_of(request)

    def work() -> object:
        return games.submit_orders(storage(), get_clock(), caller, game_id, phase, list(body.orders), client)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.post("/v1/front1901/games/{game_id}/phases/{phase}/proposals",
             responses={**ok(answers.Front1901ProposalOut), **errors(*_IN_PLAY, E.CONFLICT, E.ILLEGAL_PROPOSAL)})
async def send_front1901_proposal(game_id: GameId, phase: Phase, body: Front1901ProposalIn, request: Request,
                                  caller: Known, key: IdempotencyKey = None) -> Response:
    """A proposal to an AI power, answered at once (at most 3 to a power a phase; an exact repeat returns the
    stored answer). 422 illegal_proposal names the field and the rule."""

    def work() -> object:
        return games.send_proposal(storage(), get_clock(), caller, game_id, phase, str(body.to),
                                   body.proposal.model_dump(mode="json"))

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.post("/v1/front1901/games/{game_id}/phases/{phase}/replies",
             responses={**ok(answers.Front1901GameOut), **errors(*_IN_PLAY, E.CONFLICT, E.ILLEGAL_PROPOSAL)})
async def reply_front1901_message(game_id: GameId, phase: Phase, body: Front1901ReplyIn, request: Request,
                                  caller: Known, key: IdempotencyKey = None) -> Response:
    """Accept or decline an AI power's open proposal of this phase."""

    def work() -> object:
        return games.reply_to_message(storage(), get_clock(), caller, game_id, phase, body.message_id, body.accept)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.post("/v1/front1901/games/{game_id}/phases/{phase}/cancellations",
             responses={**ok(answers.Front1901GameOut), **errors(*_IN_PLAY, E.CONFLICT, E.ILLEGAL_PROPOSAL)})
async def end_front1901_agreement(game_id: GameId, phase: Phase, body: Front1901CancelIn, request: Request,
                                  caller: Known, key: IdempotencyKey = None) -> Response:
    """Cancel one of my lasting agreements (pact, split, alliance, dmz) during negotiation: not a break; the
    other side is told."""

    def work() -> object:
        return games.end_agreement(storage(), get_clock(), caller, game_id, phase, body.agreement_id)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.put("/v1/front1901/games/{game_id}/phases/{phase}/draft",
            responses={**ok(answers.Front1901DraftOut), **errors(*_IN_PLAY, E.CONFLICT, E.ILLEGAL_ORDERS)})
async def save_front1901_draft(game_id: GameId, phase: Phase, body: Front1901OrdersIn, request: Request,
                               caller: Known, key: IdempotencyKey = None) -> Response:
    """A draft of my orders for the phase, read as orders are (void ones, convoys); the strength estimate reads
    it."""

    def work() -> object:
        return games.save_draft(storage(), get_clock(), caller, game_id, phase, list(body.orders))

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/front1901/games/{game_id}/estimates",
            responses={**ok(answers.Front1901Estimates), **errors(E.NOT_FOUND, E.GAME_OVER, E.CONFLICT)},
            **limited(Counted.HELP_TOOLS))
async def estimate_front1901_draft(game_id: GameId, caller: Known) -> Response:
    """The strength estimate under each order of my draft: strength, the strongest opposition, the chance."""
    return reply(games.estimates(storage(), caller, game_id))


@router.get("/v1/front1901/games/{game_id}/threats",
            responses={**ok(answers.Front1901Threats), **errors(E.NOT_FOUND, E.GAME_OVER, E.CONFLICT)},
            **limited(Counted.HELP_TOOLS))
async def get_front1901_threats(game_id: GameId, caller: Known) -> Response:
    """The threat map: per province, the powers and their units able to move or support into it next phase, my
    centres under threat first."""
    return reply(games.threats(storage(), caller, game_id))


@router.get("/v1/front1901/games/{game_id}/suggestions",
            responses={**ok(answers.Front1901Suggestions), **errors(E.NOT_FOUND, E.GAME_OVER, E.CONFLICT)},
            **limited(Counted.HELP_TOOLS))
async def suggest_front1901_orders(game_id: GameId, caller: Known) -> Response:
    """What the normal level would order for my power now, each order with its reason."""
    return reply(games.suggestions(storage(), caller, game_id))


@router.get("/v1/front1901/games/{game_id}/phases/{phase}",
            responses={**ok(answers.Front1901PhasePlayed), **errors(E.NOT_FOUND)})
async def get_front1901_phase(game_id: GameId, phase: Phase, caller: Known) -> Response:
    """A past phase as I saw it: every order and result, the summary, what changed, my messages."""
    return reply(games.past_phase(storage(), caller, game_id, phase))


@router.get("/v1/front1901/games/{game_id}/history",
            responses={**ok(answers.Front1901History), **errors(E.NOT_FOUND, E.INVALID_CURSOR)})
async def get_front1901_history(game_id: GameId, caller: Known, cursor: Cursor = None, limit: Limit = 50
                                ) -> Response:
    """My game's history from 1901, in play or over: every phase's orders, results and centres, my messages."""
    return reply(games.game_history(storage(), caller, game_id, cursor, limit))


@router.get("/v1/front1901/games/{game_id}/record",
            responses={**ok(answers.Front1901Record),
                       **errors(E.NOT_FOUND, E.IN_PLAY, E.RECORD_CLOSED, E.INVALID_CURSOR)})
async def get_front1901_record(game_id: GameId, caller: Known, cursor: Cursor = None, limit: Limit = 50
                               ) -> Response:
    """The record of my finished game (409 in_play before): how it ended, my orders and actions, every phase
    whole with every AI power's messages."""
    return reply(games.game_record(storage(), get_clock(), caller, game_id, cursor, limit))


@router.post("/v1/front1901/games/{game_id}/stop", responses={**ok(answers.Front1901GameOut), **errors(E.NOT_FOUND,
                                                                                                  E.GAME_OVER,
                                                                                                  E.CONFLICT)})
async def stop_front1901_game(game_id: GameId, request: Request, caller: Known, key: IdempotencyKey = None
                              ) -> Response:
    """Stop my game: abandoned, or won kept when I won a full game already (past 18 centres); a table's game
    plays on (409)."""
    return answer(key, request, caller, None, lambda: games.stop_game(storage(), get_clock(), caller, game_id))


@router.get("/v1/front1901/daily", responses={**ok(answers.Front1901DailyOut), **errors(E.NOT_FOUND)})
async def get_front1901_daily(caller: Known, day: OfDay = None) -> Response:
    """Today's challenge (the same power, level and seed for everyone) and mine, with its result once over;
    ``day`` for an earlier one (404 for a day to come)."""
    return reply(daily.my_challenge(storage(), get_clock(), caller, day))


@router.post("/v1/front1901/daily", status_code=201,
             responses={**ok(answers.Front1901DailyStarted, 201), **errors(E.CHALLENGE_ALREADY_STARTED)})
async def start_front1901_daily(request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Start my challenge of today, a short game: one attempt a day (409 ``challenge_already_started``)."""
    client = client_of(request)
    return answer(key, request, caller, None,
                  lambda: daily.start_challenge(storage(), get_clock(), caller, client), status=201)


@router.get("/v1/front1901/daily/board",
            responses={**ok(answers.Front1901Board), **errors(E.NOT_FOUND, E.INVALID_CURSOR)})
async def get_front1901_board(caller: Known, day: OfDay = None, cursor: Cursor = None, limit: BoardLimit = 50
                              ) -> Response:
    """The board of a day's challenge, best first, equal results sharing a rank, with my rank."""
    return reply(daily.board_of_the_day(storage(), get_clock(), caller, day, cursor, limit))
