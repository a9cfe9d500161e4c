"""What the duel and duel leaderboard routes (v1) answer (documentation and a check, never built at run time:
see feinthold_answers)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Discriminator, Field, Tag

from gameserver.api.models import DecimalText, Month, NextCursor, Pace, ServerNow, Timestamp
from gameserver.platform.duels import DuelStatus, Ending
from gameserver.platform.duels.rated import Unrated


class GlickoChange(BaseModel):
    """How a game rating moved: each figure's change."""

    rating: DecimalText
    deviation: DecimalText
    volatility: DecimalText


class RatedDuel(BaseModel):
    rated: Literal[True]
    game: dict[str, GlickoChange] = Field(description="each member's game rating change (Glicko-2), by subject")
    elo: dict[str, int] = Field(description="each member's Elo change, by subject")


class UnratedDuel(BaseModel):
    rated: Literal[False]
    why: Unrated


def _rated(rating: Any) -> str:
    rated = rating.get("rated") if isinstance(rating, dict) else getattr(rating, "rated", None)
    return "rated" if rated is True else "unrated"


DuelRating = Annotated[
    Annotated[RatedDuel, Tag("rated")] | Annotated[UnratedDuel, Tag("unrated")],
    Discriminator(_rated),
]


class DuelOut(BaseModel):
    """A duel: where it stands, its game, its result and what it did to the ratings."""

    duel_id: str
    now: ServerNow = None
    proposer: str = Field(description="the proposing member's subject")
    opponent: str | None = Field(description="the opponent's subject; null while the proposal is open to anyone")
    pace: Pace
    stake: int
    status: DuelStatus
    proposed_at: Timestamp
    lapses_at: Timestamp | None = Field(description="while proposed: unanswered by then (1 h blitz and rapid, "
                                                    "7 days correspondence), the proposal lapses and the stake returns")
    accepted_at: Timestamp | None
    ready_room_closes: Timestamp | None = Field(description="blitz and rapid: cancelled unless both are ready by then")
    ready: list[str] = Field(description="the members who clicked Ready")
    started_at: Timestamp | None
    game_id: str | None = Field(description="the game (orders go to /v1/feinthold/games/{game_id}/...)")
    turns_passed: int
    turn: int | None = Field(description="the open turn while the game is on")
    deadline: Timestamp | None
    winner: str | None = Field(description="the subject of the member who won; null for no winner (yet)")
    ending: Ending | None
    finished_at: Timestamp | None
    rating: DuelRating | None = Field(description="once finished: rated (every rating change) or why not")
    version: int = Field(description="bumped by every change of the duel")


class DuelList(BaseModel):
    """A page of duel proposals."""

    duels: list[DuelOut]
    cursor: NextCursor


class StandingOut(BaseModel):
    """A member's place on the month's duel board."""

    place: int
    member: str
    rating: DecimalText = Field(description="the game rating (Glicko-2), to 2 decimals")
    rated_duels: int
    account_created: Timestamp


class LeaderboardOut(BaseModel):
    """A page of the month's duel board."""

    month: Month
    standings: list[StandingOut]
    cursor: NextCursor
