"""What the Feinthold game routes (v1) answer: the game with my side's view, my games, the record. The view and
the record are the engine's (``rules.feinthold.fog``), described here field by field.

Answers are documentation and a check, never built at run time: the routes answer the domain's JSON as it is
(a cold start does not pay for these models), api.openapi writes their schemas into the document, and the
API tests validate every answer against them (tests/contract.py).
"""

from __future__ import annotations

import enum
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from gameserver.api.feinthold_models import Layout, Order, Position
from gameserver.api.models import (
    ClosedBy,
    Draw,
    GameStatus,
    HouseAi,
    Mode,
    NextCursor,
    Pace,
    ServerNow,
    Side,
    Timestamp,
)
from gameserver.play.orders import MAX_SUBMISSIONS


class PositionKind(enum.StrEnum):
    """What a position is."""

    HQ = "hq"
    """"Take the enemy HQ" to win; reinforced "4 units and decoys at most per turn", always entrenched."""
    RELAY = "relay"
    """"Relays bring income": 2 points a turn each; reinforced "2 units and decoys at most" when linked to
    the HQ."""
    POST = "post"
    """"Posts open paths": no income, "never" reinforced."""


Winner = Annotated[Side | Draw | None, Field(description="south, north or draw once over; null while in play")]


class MapPosition(BaseModel):
    id: Position
    kind: PositionKind
    side: Side | None = Field(description="whose side of the board it stands on; null: the centre and the posts")


class FeintholdLayout(BaseModel):
    """"The map changes every game (ten layouts), always symmetrical"."""

    id: Layout
    shape: str
    paths: list[Annotated[list[Position], Field(min_length=2, max_length=2)]]
    positions: list[MapPosition]


class FeintholdObservation(BaseModel):
    """"each position keeps its last observation and its turn, in grey"; unseen facets are null."""

    turn: int = Field(ge=0, description="when it was seen (0: the start of the game)")
    presence: bool | None = Field(description="enemy units or decoys stood there; null: not watched")
    count: int | None = Field(description="enemy units + decoys there, from scouting")
    strength: float | None = Field(description="the enemy strength met there in combat")


class FeintholdReport(BaseModel):
    """What one side learnt from a turn."""

    income: int
    scout: dict[Position, int] = Field(description="enemy units + decoys at each position scouted")
    prediction: bool | None = Field(description="whether the prediction was right; null: none made")
    combat: dict[Position, float] = Field(description="the enemy strength met at each combat")


class FeintholdOwnTurn(BaseModel):
    turn: int
    orders: list[Order]
    reports: FeintholdReport


class LegalReinforce(BaseModel):
    at: Position
    cap: int = Field(description="units and decoys placed there this turn at most")


class LegalMove(BaseModel):
    model_config = {"populate_by_name": True}
    from_: Position = Field(alias="from")
    to: Position = Field(description="a neighbour: one step per turn")
    units: int = Field(description="your units there at the start of the turn: at most this many move")
    decoys: int = Field(description="your decoys there at the start of the turn: at most this many move")


class LegalEntrench(BaseModel):
    at: Position
    cost: int = Field(description="points (the HQ is always entrenched: free)")
    if_placed: bool = Field(description="only with units placed there this turn (no units of yours stand there)")


class LegalAt(BaseModel):
    at: Position


class OrderCosts(BaseModel):
    unit: int
    decoy: int
    entrench: int
    scout: int
    predict: int


class FeintholdLegal(BaseModel):
    """The orders I may give this turn, each with its limits, so a client offers only these (limits shared by
    several orders, the points and the caps, are checked on the whole set when it is sent)."""

    reinforce: list[LegalReinforce] = Field(description="my HQ and my relays linked to it")
    move: list[LegalMove] = Field(description="one step from each position where I have units or decoys")
    entrench: list[LegalEntrench]
    scout: list[LegalAt] = Field(description="never one of my positions")
    predict: list[LegalAt]
    points: int = Field(description="the turn's points: reserve + income")
    costs: OrderCosts
    max_scouts: int
    max_predictions: int


class FeintholdView(BaseModel):
    """What one side sees: "the whole map and the flags, your units and your decoys", and of the enemy only
    what was seen, when."""

    side: Side
    turn: int = Field(ge=1, le=8, description="the open turn; once over, the turn that ended the game")
    over: bool
    winner: Winner
    layout: FeintholdLayout
    flags: dict[Position, Side | None] = Field(description="every position's flag; null: neutral")
    units: dict[Position, int] = Field(description="your units, where you have some")
    decoys: dict[Position, int] = Field(description="your decoys, where you have some")
    reserve: int
    income: int = Field(description="this turn's income (0 once over)")
    points: int = Field(description="what you may spend this turn: reserve + income")
    income_total: int = Field(description="the income earned before this turn")
    seen_turn: int = Field(description="the last resolved turn (0 before turn 1 resolves)")
    marks: dict[Position, Literal["?"]] = Field(description="an enemy presence seen after the last turn")
    observations: dict[Position, FeintholdObservation]
    history: list[FeintholdOwnTurn] = Field(description="your orders and reports, one per resolved turn")
    legal: FeintholdLegal


class HousePlayer(BaseModel):
    kind: Literal["house"]
    name: HouseAi


class MemberPlayer(BaseModel):
    kind: Literal["member"]
    sub: str = Field(description="the member's subject")


class DoctrinePlayer(BaseModel):
    """A member's published doctrine, in a challenge of it."""

    kind: Literal["doctrine"]
    doctrine_id: str = Field(description="its page: /v1/feinthold/published/{doctrine_id}")


Player = Annotated[HousePlayer | MemberPlayer | DoctrinePlayer, Field(discriminator="kind")]


class GameOut(BaseModel):
    """A game as one of its players sees it: the open turn, its deadline, whether the opponent has sent, my orders and my side's view."""

    game_id: str
    mode: Mode
    status: GameStatus
    turn: int
    opened_at: Timestamp = Field(description="when the open turn opened")
    deadline: Timestamp | None = Field(description="when the open turn resolves without the missing orders")
    pace: Pace
    side: Side
    opponent: Player
    opponent_sent: bool
    my_orders: list[Order] | None = Field(description="what I sent for the open turn; null: nothing yet")
    my_submissions: int = Field(ge=0, le=MAX_SUBMISSIONS, description=f"{MAX_SUBMISSIONS} at most a turn")
    points_left: int = Field(description="what is left of the turn's points once my orders sent are paid")
    winner: Winner
    record_opens_at: Timestamp | None = Field(description=(
        "when the game's full record opens to me: at the game's end (null while in play); a Daily Front's once "
        "the day's board is final, 00:30 UTC the next day, known from the start"))
    view: FeintholdView
    now: ServerNow = None


class GameSummary(BaseModel):
    """One of my games, in a list."""

    game_id: str
    mode: Mode
    side: Side
    opponent: Player
    status: GameStatus
    turn: int
    deadline: Timestamp | None
    winner: Winner
    created_at: Timestamp


class GameList(BaseModel):
    """A page of my games, newest first."""

    games: list[GameSummary]
    cursor: NextCursor


class SubmissionOut(BaseModel):
    """My orders, accepted: how many times I sent this turn, whether they resolved it, and the game after."""

    turn: int
    submission: int = Field(ge=1, le=MAX_SUBMISSIONS,
                            description="how many times you have sent orders this turn, this one included")
    resolved: bool = Field(description="whether this submission resolved the turn")
    game: GameOut


# --------------------------------------------------------------------------------------------- the record
class FeintholdBoard(BaseModel):
    """The board after a turn: both sides' pieces, reserves and income earned."""

    flags: dict[Position, Side | None]
    units: dict[Side, dict[Position, int]]
    decoys: dict[Side, dict[Position, int]]
    reserve: dict[Side, int]
    income: dict[Side, int]


class FeintholdTurn(BaseModel):
    turn: int
    orders: dict[Side, list[Order]]
    reports: dict[Side, FeintholdReport]
    after: FeintholdBoard
    combats: dict[Position, Side | None] = Field(description="each combat's winner; null: a tie")


class FeintholdRecord(BaseModel):
    """"Once the game is over, its full record [...] is open to both players"."""

    game: Literal["feinthold"]
    layout: FeintholdLayout
    start: FeintholdBoard
    turns: list[FeintholdTurn]
    winner: Winner
    final: FeintholdBoard


class SideTiming(BaseModel):
    """When one side sent its orders for a turn."""

    sent_at: Timestamp | None
    submissions: int
    missed: bool


class TurnTiming(BaseModel):
    """When a turn opened, closed and resolved, and how."""

    turn: int
    opened_at: Timestamp
    deadline: Timestamp | None
    resolved_at: Timestamp
    closed_by: ClosedBy
    sent: dict[Side, SideTiming]


class RecordOut(BaseModel):
    """The full record of a finished game, with when each turn opened and when each side sent."""

    game_id: str
    players: dict[Side, Player]
    winner: Winner
    record: FeintholdRecord
    turns: list[TurnTiming]
