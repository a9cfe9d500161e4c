"""Bodies of the friendly invitations' routes (v1)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gameserver.api.models import PaceName, RequestBody, SideName


class NewInvitation(RequestBody):
    invitee: str = Field(min_length=1, max_length=128, description="the invited member's subject")
    layout: str | None = Field(default=None, max_length=40)
    side: SideName | None = Field(default=None, description="the inviter's side; random when left out")
    pace: PaceName


class InvitationOut(BaseModel):
    invitation_id: str
    inviter: str
    invitee: str
    layout: str | None
    inviter_side: SideName | None
    pace: PaceName
    status: Literal["pending", "accepted", "declined"]
    created_at: str
    expires_at: str
    game_id: str | None


class InvitationList(BaseModel):
    received: list[InvitationOut] = Field(description="pending invitations to you")
    sent: list[InvitationOut]
