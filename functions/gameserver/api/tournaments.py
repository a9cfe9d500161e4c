"""Routes of knockout tournaments (v1): create, the open list, mine, one tournament's page, join, leave, and
abandoning a match. A match's game is played through the games routes (its id is the match's).

Calls that change something take an ``Idempotency-Key``. A tournament's page answers ``ETag`` /
``If-None-Match`` with 304 when nothing changed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Request, Response

from gameserver.api.deps import Cursor, IdempotencyKey, Limit, Me, answer, errors
from gameserver.api.etags import NOT_MODIFIED, conditional
from gameserver.api.tournaments_models import NewTournament, TournamentList, TournamentOut
from gameserver.clock import get_clock
from gameserver.domain.tournaments import service as tournaments
from gameserver.services import storage

TournamentId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a tournament id")]
Slot = Annotated[int, Path(ge=1, le=7, description="a match's slot in the bracket")]

router = APIRouter(tags=["tournaments"])
TOURNAMENT_ERRORS = errors(400, 404, 409, 422)


@router.post("/v1/feinthold/tournaments", status_code=201, response_model=TournamentOut,
             responses=TOURNAMENT_ERRORS)
async def create_tournament(body: NewTournament, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """Create a tournament of 4 or 8; I join it on creation, my fee into the pot (409 if short)."""

    def work() -> Any:
        return tournaments.create_tournament(storage(), get_clock(), caller, size=body.size, fee=body.fee,
                                             name=body.name)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feinthold/tournaments", response_model=TournamentList, responses=TOURNAMENT_ERRORS)
async def list_tournaments(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Any:
    """Tournaments taking entries, newest first."""
    return tournaments.list_tournaments(storage(), get_clock(), cursor, limit)


@router.get("/v1/feinthold/tournaments/mine", response_model=TournamentList, responses=TOURNAMENT_ERRORS)
async def list_my_tournaments(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Any:
    """The tournaments I am in (or was in when they ended), the latest joined first."""
    return tournaments.my_tournaments(storage(), caller, cursor, limit)


@router.get("/v1/feinthold/tournaments/{tournament_id}", response_model=TournamentOut,
            responses={**TOURNAMENT_ERRORS, **NOT_MODIFIED})
async def get_tournament(tournament_id: TournamentId, caller: Me, response: Response,
                         if_none_match: Annotated[str | None, Header(alias="If-None-Match")] = None) -> Any:
    """A tournament: entries, seeds, the bracket (matches with their games, results, rating changes), pot, prizes."""
    return conditional(tournaments.read_tournament(storage(), tournament_id), response, if_none_match)


@router.post("/v1/feinthold/tournaments/{tournament_id}/join", response_model=TournamentOut,
             responses=TOURNAMENT_ERRORS)
async def join_tournament(tournament_id: TournamentId, request: Request, caller: Me,
                          key: IdempotencyKey = None) -> Any:
    """Take a seat, my fee into the pot; 409 when full, started, cancelled, joined already or short of the fee."""
    return answer(key, request, caller, None,
                  lambda: tournaments.join_tournament(storage(), get_clock(), caller, tournament_id))


@router.post("/v1/feinthold/tournaments/{tournament_id}/leave", response_model=TournamentOut,
             responses=TOURNAMENT_ERRORS)
async def leave_tournament(tournament_id: TournamentId, request: Request, caller: Me,
                           key: IdempotencyKey = None) -> Any:
    """Leave before it is full: my fee comes back."""
    return answer(key, request, caller, None,
                  lambda: tournaments.leave_tournament(storage(), get_clock(), caller, tournament_id))


@router.post("/v1/feinthold/tournaments/{tournament_id}/matches/{slot}/abandon", response_model=TournamentOut,
             responses=TOURNAMENT_ERRORS)
async def abandon_match(tournament_id: TournamentId, slot: Slot, request: Request, caller: Me,
                        key: IdempotencyKey = None) -> Any:
    """Abandon my match: I lose it by forfeit, the other player goes on."""
    return answer(key, request, caller, None,
                  lambda: tournaments.abandon_match(storage(), get_clock(), caller, tournament_id, slot))
