"""What the Daily Front's routes (v1) answer (documentation and a check, never built at run time: see tests/contract.py)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import Day, EntryStatus, HouseAi, Month, NextCursor, Pace, Side, Timestamp
from gameserver.domain.feinthold.answers import GameOut
from gameserver.platform.daily import Noise, NotRanked, Outcome


class FrontOut(BaseModel):
    """The Front of a day: the same game for everyone."""

    day: Day
    layout: str
    side: Side = Field(description="the side every member plays; the house AI the other")
    house_ai: HouseAi
    noise: Noise = Field(description="strong on Sundays: 'Ram with more noise'")
    pace: Pace = Field(description="always blitz: 120 s for turn 1, 60 s for the others")


class FrontResult(BaseModel):
    """How a finished Front ended, as the board ranks it."""

    outcome: Outcome
    turns: int
    seconds: int = Field(description="whole seconds from turn 1's opening to the final resolution")
    positions: int
    income: int


class EntryOut(BaseModel):
    """A member's Front of a day."""

    day: Day
    game_id: str
    side: Side
    status: EntryStatus
    started_at: Timestamp
    finished_at: Timestamp | None
    result: FrontResult | None = Field(description="once finished; null for a Front a moderator stopped (no result)")
    ranked: bool
    not_ranked: NotRanked | None = Field(description="why a finished Front stays off the board")


class DayOut(BaseModel):
    """The Front of a day, and mine."""

    front: FrontOut
    mine: EntryOut | None = Field(description="my Front of the day; null until I start it")


class StartedOut(DayOut):
    """My Front of today, started: its game is open."""

    game: GameOut


class BoardEntry(BaseModel):
    """A ranked Front on the board of a day."""

    rank: int = Field(description="equal results share a rank (1, 1, 3)")
    member: str
    name: str
    outcome: Outcome
    turns: int
    seconds: int
    positions: int
    income: int


class BoardOut(BaseModel):
    """A page of the board of a day."""

    day: Day
    entries: list[BoardEntry]
    cursor: NextCursor


class RankOut(BaseModel):
    """My rank on the board of a day."""

    day: Day
    rank: int = Field(description="1 + the ranked results better than mine; equal results share a rank, as on the board")
    entries: int = Field(description="ranked results of the day, as of the last summary (never fewer than my rank)")
    as_of: Timestamp = Field(description="when the board's rank markers last changed (checked every minute; a "
                             "quiet board keeps them longer): a result that arrived since is counted if it is after "
                             "the last marker before mine, so the rank is never off by more than what arrived since")


class MonthRowOut(BaseModel):
    """A member's line of the month's table."""

    rank: int
    member: str
    name: str
    points: int = Field(description="3 a ranked win, 1 a ranked draw")
    wins: int
    ranked_days: int


class MonthOut(BaseModel):
    """A page of the month's table."""

    month: Month
    rows: list[MonthRowOut]
    cursor: NextCursor
