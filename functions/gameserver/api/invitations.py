"""Routes of friendly invitations (v1): invite a member, list mine, accept (the game starts), decline."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from gameserver.api.deps import IdempotencyKey, InvitationId, Me, answer, errors, ok, reply
from gameserver.api.invitations_models import NewInvitation
from gameserver.clock import get_clock
from gameserver.domain.feinthold import answers, friendly
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

router = APIRouter()


@router.post(
    "/v1/feinthold/invitations",
    status_code=201,
    responses={**ok(friendly.InvitationOut, 201), **errors(E.NOT_FOUND)},
    tags=["invitations"],
)
async def invite_member(body: NewInvitation, request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Invite a member to a friendly game (unrated, no stakes)."""

    def work() -> object:
        return friendly.invite(
            storage(), get_clock(), caller, invitee=body.invitee, pace=body.pace, layout=body.layout,
            side=body.side,
        )

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/feinthold/invitations", responses=ok(friendly.InvitationList), tags=["invitations"])
async def list_invitations(caller: Me) -> Response:
    """Pending invitations to me, and the invitations I sent."""
    return reply(friendly.list_invitations(storage(), caller))


@router.post(
    "/v1/feinthold/invitations/{invitation_id}/accept",
    status_code=201,
    responses={**ok(answers.GameOut, 201), **errors(E.NOT_FOUND, E.FORBIDDEN, E.INVITATION_ANSWERED, E.INVITATION_EXPIRED)},
    tags=["invitations"],
)
async def accept_invitation(invitation_id: InvitationId, request: Request, caller: Me, key: IdempotencyKey = None
                            ) -> Response:
    """Accept an invitation: the game starts, its first turn open."""
    return answer(key, request, caller, None, lambda: friendly.accept(storage(), get_clock(), caller, invitation_id),
                  status=201)


@router.post(
    "/v1/feinthold/invitations/{invitation_id}/decline",
    responses={**ok(friendly.InvitationOut), **errors(E.NOT_FOUND, E.FORBIDDEN, E.INVITATION_ANSWERED, E.INVITATION_EXPIRED)},
    tags=["invitations"],
)
async def decline_invitation(invitation_id: InvitationId, request: Request, caller: Me, key: IdempotencyKey = None
                             ) -> Response:
    """Decline an invitation."""
    return answer(key, request, caller, None, lambda: friendly.decline(storage(), get_clock(), caller, invitation_id))
