"""Routes of duels and the month's duel board (v1).

Calls that change something take an ``Idempotency-Key``. The duel view answers ``ETag`` / ``If-None-Match``
with 304 when nothing changed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response

from gameserver.api.deps import ERRORS, IdempotencyKey, Me, answer
from gameserver.api.duels_models import DuelList, DuelOut, LeaderboardOut, NewDuel
from gameserver.api.etags import NOT_MODIFIED, conditional
from gameserver.clock import get_clock
from gameserver.domain.duels import service as duels
from gameserver.services import storage

DuelId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a duel id (its game has the same id)")]
Cursor = Annotated[str | None, Query(max_length=1024)]
Limit = Annotated[int, Query(ge=1, le=50)]

router = APIRouter()


@router.post("/v1/feinthold/duels", status_code=201, response_model=DuelOut, responses=ERRORS, tags=["duels"])
async def propose_duel(body: NewDuel, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """Propose a duel to a member, or open to anyone; the stake leaves my balance at once (409 if short)."""

    def work() -> Any:
        return duels.propose_duel(storage(), get_clock(), caller, opponent=body.opponent, pace=body.pace,
                                  stake=body.stake)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feinthold/duels", response_model=DuelList, responses=ERRORS, tags=["duels"])
async def list_duels(caller: Me, list: Annotated[str, Query(pattern="^(open|to-me)$")] = "open",  # noqa: A002
                    cursor: Cursor = None, limit: Limit = 20) -> Any:
    """Proposals open to anyone (``list=open``) or made to me (``list=to-me``), oldest first."""
    return duels.list_duels(storage(), get_clock(), caller, list, cursor, limit)


@router.get("/v1/feinthold/duels/{duel_id}", response_model=DuelOut, responses={**ERRORS, **NOT_MODIFIED},
            tags=["duels"])
async def get_duel(duel_id: DuelId, caller: Me, response: Response,
               if_none_match: Annotated[str | None, Header(alias="If-None-Match")] = None) -> Any:
    """The duel: its state, the open turn and its deadline, the result and rating changes. Send the ETag back
    in If-None-Match to get 304 while nothing changed."""
    return conditional(duels.read_duel(storage(), get_clock(), caller, duel_id), response, if_none_match)


def _action(name: str, action: Any, summary: str) -> None:
    @router.post(f"/v1/feinthold/duels/{{duel_id}}/{name}", response_model=DuelOut, responses=ERRORS,
                 tags=["duels"], summary=summary, name=f"{name}_duel")
    async def act(duel_id: DuelId, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
        return answer(key, request, caller, None, lambda: action(storage(), get_clock(), caller, duel_id))


_action("accept", duels.accept_duel, "Accept: my stake into escrow (409 if short); exactly one member wins an open duel")
_action("decline", duels.decline_duel, "Decline a duel proposed to me: the proposer's stake returns")
_action("withdraw", duels.withdraw_duel, "Withdraw my proposal before it is accepted: my stake returns")
_action("ready", duels.ready, "Ready (blitz, rapid): the second Ready opens turn 1")
_action("abandon", duels.abandon, "Leave: in play a forfeit; in the ready room the duel is cancelled")


@router.get("/v1/feinthold/leaderboards/duels", response_model=LeaderboardOut, responses=ERRORS, tags=["duels"])
async def get_duel_leaderboard(
    caller: Me,
    month: Annotated[str | None, Query(pattern=r"^\d{4}-(0[1-9]|1[0-2])$", description="YYYY-MM; now by default")] = None,
    cursor: Cursor = None,
    limit: Limit = 20,
) -> Any:
    """The month's duel board: 8 rated duels at least; game rating, then more rated duels, then the oldest account."""
    return duels.leaderboard(storage(), get_clock(), month, cursor, limit)
