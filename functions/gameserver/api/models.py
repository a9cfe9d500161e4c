"""Request and response bodies of the HTTP API (v1). Requests refuse unknown fields: a typo is a 422 that
names the field, not an option silently ignored."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from gameserver.domain.moderators import MAX_WHY

SideName = Literal["south", "north"]
PaceName = Literal["5m", "1d", "2d", "3d"]
GamePaceName = Literal["blitz", "5m", "1d", "2d", "3d"]
"""A game's pace as shown: duels also play blitz (created through the duel routes, never the game routes)."""
HouseName = Literal["sentinel", "pivot", "ram"]


class RequestBody(BaseModel):
    """A client's JSON body: unknown fields are refused, and so is a value of the wrong JSON type (strict: a
    stake of "10" or 10.5 is an error naming the field, not a silent conversion)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Reason(RequestBody):
    """A moderator's action: why, for the audit log (with who and when)."""

    why: str = Field(min_length=1, max_length=MAX_WHY, description="written to the audit log with who and when")


class NewHouseGame(RequestBody):
    house_ai: HouseName
    layout: str | None = Field(default=None, max_length=40, description="a layout id; random when left out")
    side: SideName | None = Field(default=None, description="your side; random when left out")
    pace: PaceName


class NewInvitation(RequestBody):
    invitee: str = Field(min_length=1, max_length=128, description="the invited member's subject")
    layout: str | None = Field(default=None, max_length=40)
    side: SideName | None = Field(default=None, description="the inviter's side; random when left out")
    pace: PaceName


class Orders(RequestBody):
    orders: list[dict[str, Any]] = Field(
        max_length=40, description='the turn\'s orders, e.g. [{"move": {"from": "hq-s", "to": "c", "units": 2}}]'
    )


class ErrorDetail(BaseModel):
    code: str
    message: str
    field: str | None = None
    rule: str | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


class ProfileOut(BaseModel):
    sub: str
    username: str
    created_at: str
    credits: int
    moderator: bool = Field(description="in the user pool's moderators group")


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


class InvitationOut(BaseModel):
    invitation_id: str
    inviter: str
    invitee: str
    layout: str | None
    inviter_side: SideName | None
    pace: PaceName
    status: Literal["pending", "accepted", "declined"]
    created_at: str
    expires_at: str
    game_id: str | None


class InvitationList(BaseModel):
    received: list[InvitationOut] = Field(description="pending invitations to you")
    sent: list[InvitationOut]
