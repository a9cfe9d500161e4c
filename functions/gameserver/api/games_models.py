"""Bodies of the Feinthold game routes (v1)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from gameserver.api.models import GamePaceName, HouseName, PaceName, RequestBody, SideName


class NewHouseGame(RequestBody):
    house_ai: HouseName
    layout: str | None = Field(default=None, max_length=40, description="a layout id; random when left out")
    side: SideName | None = Field(default=None, description="your side; random when left out")
    pace: PaceName


class Orders(RequestBody):
    orders: list[dict[str, Any]] = Field(
        max_length=40, description='the turn\'s orders, e.g. [{"move": {"from": "hq-s", "to": "c", "units": 2}}]'
    )


class Player(BaseModel):
    kind: Literal["house", "member"]
    name: str | None = None
    sub: str | None = None


class GameOut(BaseModel):
    game_id: str
    mode: str
    status: Literal["open", "over"]
    turn: int
    opened_at: str
    deadline: str | None
    pace: GamePaceName
    side: SideName
    opponent: Player
    opponent_sent: bool
    my_orders: list[dict[str, Any]] | None
    my_submissions: int
    winner: str | None
    view: dict[str, Any] = Field(description="the engine's view of your side (rules.feinthold SideView.to_json)")


class GameSummary(BaseModel):
    game_id: str
    mode: str
    side: SideName
    opponent: Player
    status: str
    turn: int
    deadline: str | None
    winner: str | None
    created_at: str


class GameList(BaseModel):
    games: list[GameSummary]
    cursor: str | None = Field(description="pass as ?cursor= for the next page; null on the last")


class SubmissionOut(BaseModel):
    turn: int
    submission: int = Field(description="how many times you have sent orders this turn, this one included")
    resolved: bool = Field(description="whether this submission resolved the turn")
    game: GameOut


class SideTiming(BaseModel):
    sent_at: str | None
    submissions: int
    missed: bool


class TurnTiming(BaseModel):
    turn: int
    opened_at: str
    deadline: str | None
    resolved_at: str
    closed_by: Literal["orders", "deadline"]
    sent: dict[str, SideTiming]


class RecordOut(BaseModel):
    game_id: str
    players: dict[str, Player]
    winner: str | None
    record: dict[str, Any] = Field(description="the engine's full record: both sides' orders and reports, the board after every turn")
    turns: list[TurnTiming]
