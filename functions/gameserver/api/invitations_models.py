"""Request bodies of the friendly invitations' routes (v1): an invitation."""

from __future__ import annotations

from pydantic import Field, field_validator

from gameserver.api.feinthold_models import game_pace
from gameserver.api.models import Choice, Pace, RequestBody, Side


class NewInvitation(RequestBody):
    invitee: str = Field(min_length=1, max_length=128, description="the invited member's subject")
    layout: str | None = Field(default=None, max_length=40, description="a layout id; random when left out")
    side: Choice[Side] | None = Field(default=None, description="the inviter's side; random when left out")
    pace: Choice[Pace] = Field(description="5m, 1d, 2d or 3d")

    _pace = field_validator("pace")(game_pace)
