"""Routes of friendly invitations (v1): invite a member, list mine, accept (the game starts), decline."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from gameserver.api.deps import ERRORS, IdempotencyKey, InvitationId, Me, answer
from gameserver.api.games_models import GameOut
from gameserver.api.invitations_models import InvitationList, InvitationOut, NewInvitation
from gameserver.clock import get_clock
from gameserver.domain import friendly
from gameserver.services import storage

router = APIRouter()


@router.post(
    "/v1/feinthold/invitations",
    status_code=201,
    response_model=InvitationOut,
    responses=ERRORS,
    tags=["invitations"],
)
async def invite_member(body: NewInvitation, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """Invite a member to a friendly game (unrated, no stakes)."""

    def work() -> Any:
        return friendly.invite(
            storage(), get_clock(), caller, invitee=body.invitee, pace=body.pace, layout=body.layout,
            side=body.side,
        )

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feinthold/invitations", response_model=InvitationList, responses=ERRORS, tags=["invitations"])
async def list_invitations(caller: Me) -> Any:
    """Pending invitations to me, and the invitations I sent."""
    return friendly.list_invitations(storage(), caller)


@router.post(
    "/v1/feinthold/invitations/{invitation_id}/accept",
    status_code=201,
    response_model=GameOut,
    responses=ERRORS,
    tags=["invitations"],
)
async def accept_invitation(invitation_id: InvitationId, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """Accept an invitation: the game starts, its first turn open."""

    def work() -> Any:
        return friendly.accept(storage(), get_clock(), caller, invitation_id)

    return answer(key, request, caller, None, work)


@router.post(
    "/v1/feinthold/invitations/{invitation_id}/decline",
    response_model=InvitationOut,
    responses=ERRORS,
    tags=["invitations"],
)
async def decline_invitation(invitation_id: InvitationId, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """Decline an invitation."""

    def work() -> Any:
        return friendly.decline(storage(), get_clock(), caller, invitation_id)

    return answer(key, request, caller, None, work)
