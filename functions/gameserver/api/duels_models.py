"""Request bodies of the duel routes (v1): a proposal."""

from __future__ import annotations

from pydantic import Field

from gameserver.api.models import Choice, Pace, RequestBody


class NewDuel(RequestBody):
    opponent: str | None = Field(default=None, min_length=1, max_length=128,
                                 description="the member challenged (their subject); left out: open to anyone")
    pace: Choice[Pace] = Field(description="blitz (60 s a turn, 120 s the first), 5m, or 1d/2d/3d (correspondence)")
    stake: int = Field(default=0, ge=0, le=1_000_000, description="credits each member puts up; the winner takes both")
