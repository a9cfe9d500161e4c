"""Routes of knockout tournaments (v1): create, the open list, mine, one tournament's page, join, leave, and
abandoning a match. A match's game is played through the games routes (its id is the match's).

Calls that change something take an ``Idempotency-Key``. A tournament's page answers ``ETag`` /
``If-None-Match`` with 304 when nothing changed.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from gameserver.api.deps import Cursor, IdempotencyKey, Limit, Me, answer, errors, ok, reply
from gameserver.api.etags import IfNoneMatch, conditional, polled
from gameserver.api.tournaments_models import NewTournament
from gameserver.clock import get_clock
from gameserver.domain.tournaments import service as tournaments
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

TournamentId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a tournament id")]
Slot = Annotated[int, Path(ge=1, le=7, description="a match's slot in the bracket")]

router = APIRouter(tags=["tournaments"])
_REFUSED = (E.TOURNAMENT_FULL, E.TOURNAMENT_CANCELLED, E.TOURNAMENT_FINISHED, E.ALREADY_JOINED,
            E.TOURNAMENT_REFUSED)
"""What a tournament's rules answer a change they refuse now."""


@router.post("/v1/feinthold/tournaments", status_code=201,
             responses={**ok(tournaments.TournamentOut, 201), **errors(E.INSUFFICIENT_CREDITS, E.TOURNAMENT_REFUSED, E.RATINGS_FROZEN)})
async def create_tournament(body: NewTournament, request: Request, caller: Me, key: IdempotencyKey = None
                            ) -> Response:
    """Create a tournament of 4 or 8; I join it on creation, my fee into the pot (409 if short)."""

    def work() -> object:
        return tournaments.create_tournament(storage(), get_clock(), caller, size=body.size, fee=body.fee,
                                             name=body.name)

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/feinthold/tournaments", responses={**ok(tournaments.TournamentList), **errors(E.INVALID_CURSOR)})
async def list_tournaments(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """Tournaments taking entries, newest first."""
    return reply(tournaments.list_tournaments(storage(), get_clock(), cursor, limit))


@router.get("/v1/feinthold/tournaments/mine", responses={**ok(tournaments.TournamentList), **errors(E.INVALID_CURSOR)})
async def list_my_tournaments(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """The tournaments I am in (or was in when they ended), the latest joined first."""
    return reply(tournaments.my_tournaments(storage(), caller, cursor, limit))


@router.get("/v1/feinthold/tournaments/{tournament_id}", responses={**polled(tournaments.TournamentOut), **errors(E.NOT_FOUND)})
async def get_tournament(tournament_id: TournamentId, caller: Me, if_none_match: IfNoneMatch = None) -> Response:
    """A tournament: entries, seeds, the bracket (matches with their games, results, rating changes), pot, prizes."""
    return conditional(tournaments.read_tournament(storage(), tournament_id), if_none_match)


@router.post("/v1/feinthold/tournaments/{tournament_id}/join",
             responses={**ok(tournaments.TournamentOut), **errors(E.NOT_FOUND, E.INSUFFICIENT_CREDITS, E.RATINGS_FROZEN, *_REFUSED)})
async def join_tournament(tournament_id: TournamentId, request: Request, caller: Me,
                          key: IdempotencyKey = None) -> Response:
    """Take a seat, my fee into the pot; 409 when full, started, cancelled, joined already or short of the fee."""
    return answer(key, request, caller, None,
                  lambda: tournaments.join_tournament(storage(), get_clock(), caller, tournament_id))


@router.post("/v1/feinthold/tournaments/{tournament_id}/leave",
             responses={**ok(tournaments.TournamentOut), **errors(E.NOT_FOUND, *_REFUSED)})
async def leave_tournament(tournament_id: TournamentId, request: Request, caller: Me,
                           key: IdempotencyKey = None) -> Response:
    """Leave before it is full: my fee comes back."""
    return answer(key, request, caller, None,
                  lambda: tournaments.leave_tournament(storage(), get_clock(), caller, tournament_id))


@router.post("/v1/feinthold/tournaments/{tournament_id}/matches/{slot}/abandon",
             responses={**ok(tournaments.TournamentOut), **errors(E.NOT_FOUND, *_REFUSED)})
async def abandon_match(tournament_id: TournamentId, slot: Slot, request: Request, caller: Me,
                        key: IdempotencyKey = None) -> Response:
    """Abandon my match: I lose it by forfeit, the other player goes on."""
    return answer(key, request, caller, None,
                  lambda: tournaments.abandon_match(storage(), get_clock(), caller, tournament_id, slot))
