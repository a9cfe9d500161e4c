"""Request bodies of the duel routes (v1): a proposal."""

from __future__ import annotations

from pydantic import Field

from gameserver.api.models import Choice, DuelPace, RequestBody


class NewDuel(RequestBody):
    opponent: str | None = Field(default=None, min_length=1, max_length=128,
                                 description="the member challenged (their subject); left out: open to anyone")
    pace: Choice[DuelPace]
    stake: int = Field(default=0, ge=0, le=1_000_000, description="credits each member puts up; the winner takes both")
