"""What Feinthold's game routes (v1) answer: the game with my side's view, my games, the record, each declared
once as what the domain builds (``domain.feinthold``). The view and the record are the engine's
(``rules.feinthold.fog``), described here field by field; the orders in them are the member's, as the request
declares them (``api.feinthold_models.Order``, read when the document is written or an answer checked, so that a
cold start builds no request model for an answer)."""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema
from typing_extensions import TypedDict

from gameserver.clock import Pace
from gameserver.play.orders import MAX_SUBMISSIONS
from gameserver.storage.records import Json
from gameserver.words import (
    ClosedBy,
    Draw,
    GameStatus,
    HouseAi,
    Layout,
    Mode,
    NextCursor,
    Position,
    ServerNow,
    Side,
    Timestamp,
)


class _TheRequestsOrder:
    """An order in an answer is one the member sent: its schema is the request's (``api.feinthold_models.Order``)."""

    def __get_pydantic_core_schema__(self, _: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        from gameserver.api.feinthold_models import Order

        return handler.generate_schema(Order)


OrderJson = Annotated[Json, _TheRequestsOrder()]
"""One order, an object with one key, its kind: ``{"move": {"from": "hq-s", "to": "c", "units": 2}}``."""


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


class MapPosition(TypedDict):
    id: Position
    kind: PositionKind
    side: Annotated[Side | None, Field(description="whose side of the board it stands on; null: the centre and the posts")]


class FeintholdLayout(TypedDict):
    """"The map changes every game (ten layouts), always symmetrical"."""

    id: Layout
    shape: str
    paths: list[Annotated[list[Position], Field(min_length=2, max_length=2)]]
    positions: list[MapPosition]


class FeintholdObservation(TypedDict):
    """"each position keeps its last observation and its turn, in grey"; unseen facets are null."""

    turn: Annotated[int, Field(ge=0, description="when it was seen (0: the start of the game)")]
    presence: Annotated[bool | None, Field(description="enemy units or decoys stood there; null: not watched")]
    count: Annotated[int | None, Field(description="enemy units + decoys there, from scouting")]
    strength: Annotated[float | None, Field(description="the enemy strength met there in combat")]


class FeintholdReport(TypedDict):
    """What one side learnt from a turn."""

    income: int
    scout: Annotated[dict[Position, int], Field(description="enemy units + decoys at each position scouted")]
    prediction: Annotated[bool | None, Field(description="whether the prediction was right; null: none made")]
    combat: Annotated[dict[Position, float], Field(description="the enemy strength met at each combat")]


class FeintholdOwnTurn(TypedDict):
    turn: int
    orders: list[OrderJson]
    reports: FeintholdReport


class LegalReinforce(TypedDict):
    at: Position
    cap: Annotated[int, Field(description="units and decoys placed there this turn at most")]


LegalMove = TypedDict("LegalMove", {
    "from": Position,
    "to": Annotated[Position, Field(description="a neighbour: one step per turn")],
    "units": Annotated[int, Field(description="your units there at the start of the turn: at most this many move")],
    "decoys": Annotated[int, Field(description="your decoys there at the start of the turn: at most this many "
                                               "move")],
})


class LegalEntrench(TypedDict):
    at: Position
    cost: Annotated[int, Field(description="points (the HQ is always entrenched: free)")]
    if_placed: Annotated[bool, Field(description="only with units placed there this turn (no units of yours stand there)")]


class LegalAt(TypedDict):
    at: Position


class OrderCosts(TypedDict):
    unit: int
    decoy: int
    entrench: int
    scout: int
    predict: int


class FeintholdLegal(TypedDict):
    """The orders I may give this turn, each with its limits, so a client offers only these (limits shared by
    several orders, the points and the caps, are checked on the whole set when it is sent)."""

    reinforce: Annotated[list[LegalReinforce], Field(description="my HQ and my relays linked to it")]
    move: Annotated[list[LegalMove], Field(description="one step from each position where I have units or decoys")]
    entrench: list[LegalEntrench]
    scout: Annotated[list[LegalAt], Field(description="never one of my positions")]
    predict: list[LegalAt]
    points: Annotated[int, Field(description="the turn's points: reserve + income")]
    costs: OrderCosts
    max_scouts: int
    max_predictions: int


class FeintholdView(TypedDict):
    """What one side sees: "the whole map and the flags, your units and your decoys", and of the enemy only
    what was seen, when."""

    side: Side
    turn: Annotated[int, Field(ge=1, le=8, description="the open turn; once over, the turn that ended the game")]
    over: bool
    winner: Winner
    layout: FeintholdLayout
    flags: Annotated[dict[Position, Side | None], Field(description="every position's flag; null: neutral")]
    units: Annotated[dict[Position, int], Field(description="your units, where you have some")]
    decoys: Annotated[dict[Position, int], Field(description="your decoys, where you have some")]
    reserve: int
    income: Annotated[int, Field(description="this turn's income (0 once over)")]
    points: Annotated[int, Field(description="what you may spend this turn: reserve + income")]
    income_total: Annotated[int, Field(description="the income earned before this turn")]
    seen_turn: Annotated[int, Field(description="the last resolved turn (0 before turn 1 resolves)")]
    marks: Annotated[dict[Position, Literal["?"]], Field(description="an enemy presence seen after the last turn")]
    observations: dict[Position, FeintholdObservation]
    history: Annotated[list[FeintholdOwnTurn], Field(description="your orders and reports, one per resolved turn")]
    legal: FeintholdLegal


class HousePlayer(TypedDict):
    kind: Literal["house"]
    name: HouseAi


class MemberPlayer(TypedDict):
    kind: Literal["member"]
    sub: Annotated[str, Field(description="the member's subject")]


class DoctrinePlayer(TypedDict):
    """A member's published doctrine, in a challenge of it."""

    kind: Literal["doctrine"]
    doctrine_id: Annotated[str, Field(description="its page: /v1/feinthold/published/{doctrine_id}")]


Player = Annotated[HousePlayer | MemberPlayer | DoctrinePlayer, Field(discriminator="kind")]


class GameOut(TypedDict):
    """A game as one of its players sees it: the open turn, its deadline, whether the opponent has sent, my orders and my side's view."""

    game_id: str
    mode: Mode
    status: GameStatus
    turn: int
    opened_at: Annotated[Timestamp, Field(description="when the open turn opened")]
    deadline: Annotated[Timestamp | None, Field(description="when the open turn resolves without the missing orders")]
    pace: Pace
    side: Side
    opponent: Player
    opponent_sent: bool
    my_orders: Annotated[list[OrderJson] | None, Field(description="what I sent for the open turn; null: nothing yet")]
    my_submissions: Annotated[int, Field(ge=0, le=MAX_SUBMISSIONS, description=f"{MAX_SUBMISSIONS} at most a turn")]
    points_left: Annotated[int, Field(description="what is left of the turn's points once my orders sent are paid")]
    winner: Winner
    record_opens_at: Annotated[Timestamp | None, Field(description=(
        "when the game's full record opens to me: at the game's end (null while in play); a Daily Front's once "
        "the day's board is final, 00:30 UTC the next day, known from the start"))]
    view: FeintholdView
    now: NotRequired[ServerNow]


class GameSummary(TypedDict):
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


class GameList(TypedDict):
    """A page of my games, newest first."""

    games: list[GameSummary]
    cursor: NextCursor


class SubmissionOut(TypedDict):
    """My orders, accepted: how many times I sent this turn, whether they resolved it, and the game after."""

    turn: int
    submission: Annotated[int, Field(ge=1, le=MAX_SUBMISSIONS,
                            description="how many times you have sent orders this turn, this one included")]
    resolved: Annotated[bool, Field(description="whether this submission resolved the turn")]
    game: GameOut


# --------------------------------------------------------------------------------------------- the record
class FeintholdBoard(TypedDict):
    """The board after a turn: both sides' pieces, reserves and income earned."""

    flags: dict[Position, Side | None]
    units: dict[Side, dict[Position, int]]
    decoys: dict[Side, dict[Position, int]]
    reserve: dict[Side, int]
    income: dict[Side, int]


class FeintholdTurn(TypedDict):
    turn: int
    orders: dict[Side, list[OrderJson]]
    reports: dict[Side, FeintholdReport]
    after: FeintholdBoard
    combats: Annotated[dict[Position, Side | None], Field(description="each combat's winner; null: a tie")]


class FeintholdRecord(TypedDict):
    """"Once the game is over, its full record [...] is open to both players"."""

    game: Literal["feinthold"]
    layout: FeintholdLayout
    start: FeintholdBoard
    turns: list[FeintholdTurn]
    winner: Winner
    final: FeintholdBoard


class SideTiming(TypedDict):
    """When one side sent its orders for a turn."""

    sent_at: Timestamp | None
    submissions: int
    missed: bool


class TurnTiming(TypedDict):
    """When a turn opened, closed and resolved, and how."""

    turn: int
    opened_at: Timestamp
    deadline: Timestamp | None
    resolved_at: Timestamp
    closed_by: ClosedBy
    sent: dict[Side, SideTiming]


class RecordOut(TypedDict):
    """The full record of a finished game, with when each turn opened and when each side sent."""

    game_id: str
    players: dict[Side, Player]
    winner: Winner
    record: FeintholdRecord
    turns: list[TurnTiming]
