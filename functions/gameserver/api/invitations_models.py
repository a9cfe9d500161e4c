"""Request bodies of the friendly invitations' routes (v1): an invitation."""

from __future__ import annotations

from pydantic import Field

from gameserver.api.feinthold_models import Layout
from gameserver.api.models import Choice, GamePace, RequestBody, Side


class NewInvitation(RequestBody):
    invitee: str = Field(min_length=1, max_length=128, description="the invited member's subject")
    layout: Choice[Layout] | None = Field(default=None, description="random when left out")
    side: Choice[Side] | None = Field(default=None, description="the inviter's side; random when left out")
    pace: Choice[GamePace]
