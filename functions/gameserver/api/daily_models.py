"""Bodies of the Daily Front's routes (v1)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gameserver.api.games_models import GameOut


class FrontOut(BaseModel):
    day: str
    layout: str
    side: Literal["south", "north"] = Field(description="the side every member plays; the house AI the other")
    house_ai: Literal["sentinel", "pivot", "ram"]
    noise: Literal["normal", "strong"] = Field(description="strong on Sundays: 'Ram with more noise'")
    pace: Literal["blitz"]


class FrontResult(BaseModel):
    outcome: Literal["win", "draw", "loss"]
    turns: int
    seconds: int = Field(description="whole seconds from turn 1's opening to the final resolution")
    positions: int
    income: int


class EntryOut(BaseModel):
    day: str
    game_id: str
    side: Literal["south", "north"]
    status: Literal["playing", "finished"]
    started_at: str
    finished_at: str | None
    result: FrontResult | None
    ranked: bool
    not_ranked: str | None = Field(description="why a finished Front stays off the board")


class DayOut(BaseModel):
    front: FrontOut
    mine: EntryOut | None = Field(description="my Front of the day; null until I start it")


class StartedOut(DayOut):
    game: GameOut


class BoardEntry(BaseModel):
    rank: int = Field(description="equal results share a rank (1, 1, 3)")
    member: str
    name: str
    outcome: Literal["win", "draw", "loss"]
    turns: int
    seconds: int
    positions: int
    income: int


class BoardOut(BaseModel):
    day: str
    entries: list[BoardEntry]
    cursor: str | None = Field(description="pass as ?cursor= for the next page; null on the last")


class RankOut(BaseModel):
    day: str
    rank: int = Field(description="1 + the ranked results better than mine; equal results share a rank, as on the board")
    entries: int = Field(description="ranked results of the day, as of the last summary (never fewer than my rank)")
    as_of: str = Field(description="when the board's rank markers last changed (checked every minute; a quiet "
                       "board keeps them longer): a result that "
                       "arrived since is counted if it is after the last marker before mine, so the rank is never "
                       "off by more than what arrived since then")


class MonthRowOut(BaseModel):
    rank: int
    member: str
    name: str
    points: int = Field(description="3 a ranked win, 1 a ranked draw")
    wins: int
    ranked_days: int


class MonthOut(BaseModel):
    month: str
    rows: list[MonthRowOut]
    cursor: str | None
