"""Request bodies of Front 1901 online's routes (v1): a new table, taking a seat, a text message, a vote."""

from __future__ import annotations

import enum
from typing import Annotated

from pydantic import Field

from gameserver.api.models import Choice, PhasePace, RequestBody, Timestamp
from gameserver.domain.front1901.words import (
    Front1901Length,
    Front1901Level,
    Front1901Power,
    Front1901Press,
    Front1901Seating,
)

TEXT_LIMIT = 1000
"""The longest text message (the rules' ``TEXT_LIMIT``; tests/front1901_games/test_words.py holds them equal)."""


class Front1901Vote(enum.StrEnum):
    DRAW = "draw"
    """A draw shared by every surviving power: when every surviving member votes for it and the AI powers do."""
    CONCEDE = "concede"
    """The win to one power: when every surviving member concedes to it."""
    NONE = "none"
    """My vote of the phase withdrawn."""


class NewFront1901Table(RequestBody):
    seats: int = Field(ge=2, le=7, description="members' seats; AI powers take the others")
    level: Choice[Front1901Level] = Front1901Level.NORMAL
    pace: Choice[PhasePace]
    press: Choice[Front1901Press] = Front1901Press.FULL
    length: Choice[Front1901Length] = Front1901Length.SHORT
    rated: bool = False
    seating: Choice[Front1901Seating] = Front1901Seating.DEALT
    power: Choice[Front1901Power] | None = Field(default=None, description="mine, when the seats are picked")
    invite: list[Annotated[str, Field(min_length=1, max_length=128)]] = Field(
        default_factory=list, max_length=6, description="members a seat is kept for (each gets a notice)")
    starts_at: Timestamp | None = Field(default=None, description="the game starts then with AI powers in the "
                                                                  "empty seats (within the table's 7 days)")


class Front1901JoinIn(RequestBody):
    power: Choice[Front1901Power] | None = Field(default=None, description="the power I pick (picked seats)")


class Front1901MessageIn(RequestBody):
    to: Choice[Front1901Power] | None = Field(default=None, description="one power; left out: every power")
    text: str = Field(min_length=1, max_length=TEXT_LIMIT)


class Front1901VoteIn(RequestBody):
    vote: Choice[Front1901Vote]
    to: Choice[Front1901Power] | None = Field(default=None, description="the power a concession is to")
