"""What the seasons' routes (v1) answer (documentation and a check, never built at run time: see feinthold_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import DecimalText, GameKind, Month, NextCursor, Timestamp
from gameserver.platform.seasons import Title
from gameserver.storage.seasons import CloseStatus


class SeasonPrize(BaseModel):
    """A duel prize of the season: a place of a game's month board at the close."""

    game: GameKind
    place: int = Field(ge=1, le=10)
    member: str
    credits: int = Field(description="150, 100, 60, then 25 from the 4th to the 10th")
    paid: bool = Field(description="its transaction is written (a close resumes the unpaid ones)")


class SeasonTitle(BaseModel):
    """A title of the season: never credits."""

    title: Title
    member: str
    doctrine_id: str | None = Field(description="the doctrine of a Doctrine of the month")


class FinalDuelLine(BaseModel):
    """A place of the month's final duel board (frozen members still shown: the prizes pass over them)."""

    member: str
    rating: DecimalText
    rated_duels: int


class FinalChallengerLine(BaseModel):
    """A place of the month's final challenge leaderboard."""

    member: str
    rating: DecimalText
    rated_challenges: int


class FinalDoctrineLine(BaseModel):
    """A place of the month's final doctrine board."""

    doctrine_id: str
    author: str | None = Field(description="null for a house AI")
    rating: DecimalText
    faced: int


class FinalFrontLine(BaseModel):
    """A row of the Daily Front's final month table."""

    member: str
    points: int
    wins: int
    ranked_days: int


class SeasonOut(BaseModel):
    """A season's page: its close, prizes and titles, and the first places of its final boards."""

    season: Month
    status: CloseStatus
    prizes: list[SeasonPrize] = Field(description="game by game, place by place")
    titles: list[SeasonTitle] = Field(description="empty until 00:30 UTC on the 1st; a title nobody was eligible "
                                                  "for is not awarded")
    duels: list[FinalDuelLine] = Field(description="the first ten of the duel board")
    challengers: list[FinalChallengerLine] = Field(description="the first ten of the challenge leaderboard")
    doctrines: list[FinalDoctrineLine] = Field(description="the first ten of the doctrine board")
    fronts: list[FinalFrontLine] = Field(description="the first ten rows of the Daily Front's month table")


class SeasonLine(BaseModel):
    """A line of a member's season history: a prize (game, place, credits) or a title."""

    season: Month
    at: Timestamp = Field(description="when it was paid or awarded")
    game: GameKind | None
    place: int | None
    credits: int | None
    title: Title | None
    doctrine_id: str | None


class SeasonHistory(BaseModel):
    """A member's prizes and titles, the latest season first."""

    member: str
    lines: list[SeasonLine]
    cursor: NextCursor
