"""Routes of duels and the month's duel board (v1).

Calls that change something take an ``Idempotency-Key``. The duel view answers ``ETag`` / ``If-None-Match``
with 304 when nothing changed.
"""

from __future__ import annotations

import enum
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response

from gameserver.api.deps import Cursor, IdempotencyKey, Limit, Me, answer, errors, ok, reply
from gameserver.api.duels_models import NewDuel
from gameserver.api.etags import IfNoneMatch, conditional, polled
from gameserver.api.models import Month
from gameserver.clock import get_clock
from gameserver.domain.duels import service as duels
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

DuelId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a duel id (its game has the same id)")]

router = APIRouter()


@router.post("/v1/feinthold/duels", status_code=201,
             responses={**ok(duels.DuelOut, 201), **errors(E.NOT_FOUND, E.INSUFFICIENT_CREDITS, E.DUEL_REFUSED, E.RATINGS_FROZEN)},
             tags=["duels"])
async def propose_duel(body: NewDuel, request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Propose a duel to a member, or open to anyone; the stake leaves my balance at once (409 if short)."""

    def work() -> object:
        return duels.propose_duel(storage(), get_clock(), caller, opponent=body.opponent, pace=body.pace,
                                  stake=body.stake)

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


class DuelListing(enum.StrEnum):
    """Which proposals to list."""

    OPEN = "open"
    """Proposals open to anyone."""
    TO_ME = "to-me"
    """Proposals made to me."""


@router.get("/v1/feinthold/duels", responses={**ok(duels.DuelList), **errors(E.INVALID_CURSOR)}, tags=["duels"])
async def list_duels(caller: Me, list: DuelListing = DuelListing.OPEN,  # noqa: A002
                     cursor: Cursor = None, limit: Limit = 20) -> Response:
    """Proposals open to anyone (``list=open``) or made to me (``list=to-me``), oldest first."""
    return reply(duels.list_duels(storage(), get_clock(), caller, list, cursor, limit))


@router.get("/v1/feinthold/duels/{duel_id}", responses={**polled(duels.DuelOut), **errors(E.NOT_FOUND)}, tags=["duels"])
async def get_duel(duel_id: DuelId, caller: Me, if_none_match: IfNoneMatch = None) -> Response:
    """The duel: its state, the open turn and its deadline, the result and rating changes. Send the ETag back
    in If-None-Match to get 304 while nothing changed."""
    return conditional(duels.read_duel(storage(), get_clock(), caller, duel_id), if_none_match)


_ANSWERS = (E.NOT_FOUND, E.DUEL_REFUSED, E.DUEL_LAPSED, E.DUEL_CHANGED)


def _action(name: str, action: Any, summary: str, *codes: E) -> None:
    @router.post(f"/v1/feinthold/duels/{{duel_id}}/{name}", responses={**ok(duels.DuelOut), **errors(*_ANSWERS, *codes)},
                 tags=["duels"], summary=summary, name=f"{name}_duel")
    async def act(duel_id: DuelId, request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
        return answer(key, request, caller, None, lambda: action(storage(), get_clock(), caller, duel_id))


_action("accept", duels.accept_duel, "Accept: my stake into escrow (409 if short); exactly one member wins an open duel",
        E.INSUFFICIENT_CREDITS, E.RATINGS_FROZEN)
_action("decline", duels.decline_duel, "Decline a duel proposed to me: the proposer's stake returns")
_action("withdraw", duels.withdraw_duel, "Withdraw my proposal before it is accepted: my stake returns")
_action("ready", duels.ready, "Ready (blitz, rapid): the second Ready opens turn 1", E.RATINGS_FROZEN)
_action("abandon", duels.abandon, "Leave: in play a forfeit; in the ready room the duel is cancelled")


@router.get("/v1/feinthold/leaderboards/duels", responses={**ok(duels.LeaderboardOut), **errors(E.INVALID_CURSOR)},
            tags=["duels"])
async def get_duel_leaderboard(
    caller: Me,
    month: Annotated[Month | None, Query(description="YYYY-MM; this month when left out")] = None,
    cursor: Cursor = None,
    limit: Limit = 20,
) -> Response:
    """The month's duel board: 8 rated duels at least; game rating, then more rated duels, then the oldest account."""
    return reply(duels.leaderboard(storage(), get_clock(), month, cursor, limit))
