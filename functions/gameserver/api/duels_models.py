"""Bodies of the duel and duel leaderboard routes (v1)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from gameserver.api.models import RequestBody

DuelPace = Literal["blitz", "5m", "1d", "2d", "3d"]


class NewDuel(RequestBody):
    opponent: str | None = Field(default=None, min_length=1, max_length=128,
                                 description="the member challenged (their subject); left out: open to anyone")
    pace: DuelPace = Field(description="blitz (60 s a turn, 120 s the first), 5m, or 1d/2d/3d (correspondence)")
    stake: int = Field(default=0, ge=0, le=1_000_000, description="credits each member puts up; the winner takes both")


class DuelOut(BaseModel):
    duel_id: str
    proposer: str
    opponent: str | None = Field(description="null while the proposal is open to anyone")
    pace: DuelPace
    stake: int
    status: Literal["proposed", "ready-room", "playing", "won", "drawn", "cancelled", "declined", "withdrawn",
                    "lapsed", "voided"]
    proposed_at: str
    lapses_at: str | None = Field(description="while proposed: unanswered by then (1 h blitz and rapid, 7 days "
                                              "correspondence), the proposal lapses and the stake returns")
    accepted_at: str | None
    ready_room_closes: str | None = Field(description="blitz and rapid: cancelled unless both are ready by then")
    ready: list[str]
    started_at: str | None
    game_id: str | None = Field(description="the game (orders go to /v1/feinthold/games/{game_id}/...)")
    turns_passed: int
    turn: int | None = Field(description="the open turn while the game is on")
    deadline: str | None
    winner: str | None
    ending: str | None
    finished_at: str | None
    rating: dict[str, Any] | None = Field(description="rated or not (and why), and every rating change it made")
    version: int = Field(description="bumped by every change of the duel")


class DuelList(BaseModel):
    duels: list[DuelOut]
    cursor: str | None = Field(description="pass as ?cursor= for the next page; null on the last")


class StandingOut(BaseModel):
    place: int
    member: str
    rating: str
    rated_duels: int
    account_created: str


class LeaderboardOut(BaseModel):
    month: str
    standings: list[StandingOut]
    cursor: str | None
