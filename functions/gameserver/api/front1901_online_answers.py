"""What Front 1901 online's table routes answer (v1): a table, a page of open tables, a seat taken."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gameserver.api.feint_answers import FeintTableStatus
from gameserver.api.front1901_models import Front1901Length, Front1901Level, Front1901Power
from gameserver.api.front1901_online_models import Front1901Press, Front1901Seating
from gameserver.api.models import NextCursor, PhasePace, Timestamp


class Front1901TableOut(BaseModel):
    table_id: str
    host: str
    seats: int = Field(description="members' seats (AI powers take the others)")
    pace: PhasePace
    level: Front1901Level
    press: Front1901Press
    length: Front1901Length
    rated: bool = Field(description="asked for; a game that starts with fewer than five members is not")
    seating: Front1901Seating
    invited: list[str]
    joined: list[str] = Field(description="seated members, the host first")
    picked: dict[str, Front1901Power] = Field(description="member -> the power they picked (picked seats)")
    status: FeintTableStatus
    open_seats: int = Field(description="seats anyone may take")
    created_at: Timestamp
    starts_at: Timestamp | None = Field(description="when the game starts with AI powers in the empty seats")
    closes_at: Timestamp = Field(description="not started by then: cancelled")
    game_id: str | None


class Front1901TableList(BaseModel):
    tables: list[Front1901TableOut]
    cursor: NextCursor


class Front1901Joined(BaseModel):
    table: Front1901TableOut
    game_id: str | None = Field(description="the game, when my seat was the last (it has started)")


class Front1901RatingEntry(BaseModel):
    member: str
    rating: float = Field(description="shown: the skill less three times its uncertainty")
    mu: float
    sigma: float
    games: int = Field(description="rated games played")


class Front1901RatingBoard(BaseModel):
    """Online Front 1901's rated members, highest first."""

    entries: list[Front1901RatingEntry]
    cursor: NextCursor


class Front1901Voided(BaseModel):
    """A finished rated game a moderator voided: each member's rating with exactly that game's change taken back."""

    game_id: str
    voided_at: Timestamp
    ratings: list[Front1901RatingEntry]


class Front1901Reported(BaseModel):
    report_id: str
    message_id: int


class Front1901Report(BaseModel):
    """A reported message, as moderators read it."""

    model_config = ConfigDict(populate_by_name=True)

    report_id: str
    game_id: str
    phase: str
    message_id: int
    from_: Front1901Power = Field(alias="from")
    to: Front1901Power | None = Field(description="null: a text to every power")
    text: str
    reporter: str
    reported_at: Timestamp


class Front1901Reports(BaseModel):
    reports: list[Front1901Report]
    cursor: NextCursor
