"""Request bodies of the tournament routes (v1): a new tournament."""

from __future__ import annotations

from pydantic import Field

from gameserver.api.models import Choice, RequestBody
from gameserver.domain.tournaments.service import MAX_FEE, TournamentSize
from gameserver.platform.tournaments.lifecycle import NAME_LENGTH


class NewTournament(RequestBody):
    size: Choice[TournamentSize]
    fee: int = Field(default=0, ge=0, le=MAX_FEE, description="credits each member puts into the pot on joining")
    name: str = Field(min_length=NAME_LENGTH.start, max_length=NAME_LENGTH.stop - 1,
                      description="3 to 40 letters, digits, single spaces inside and - _ ' . , ! ? & ( ) # :")
