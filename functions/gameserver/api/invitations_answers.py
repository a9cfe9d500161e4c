"""What the friendly invitations' routes (v1) answer (documentation and a check, never built at run time: see
feinthold_answers)."""

from __future__ import annotations

import enum

from pydantic import BaseModel, Field

from gameserver.api.models import Pace, Side, Timestamp


class InvitationStatus(enum.StrEnum):
    """Where an invitation stands."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    """The game started."""
    DECLINED = "declined"


class InvitationOut(BaseModel):
    """An invitation to a friendly game."""

    invitation_id: str
    inviter: str
    invitee: str
    layout: str | None
    inviter_side: Side | None
    pace: Pace
    status: InvitationStatus
    created_at: Timestamp
    expires_at: Timestamp
    game_id: str | None


class InvitationList(BaseModel):
    """My invitations: those I received and those I sent."""

    received: list[InvitationOut] = Field(description="pending invitations to you")
    sent: list[InvitationOut]
