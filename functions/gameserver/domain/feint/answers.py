"""What Feint's routes (v1) answer: a seat's view (the board, tokens, banks, pools, the pending charge), the legal
commands with each charge's bonuses and cost, the history as the table saw it, the record after the game, the
tables of online games, watch games; each declared once, as what ``domain.feint`` builds (the view, the legal
commands and the record are the engine's, described here field by field; a command in them is one a seat sends,
as the request declares it: ``api.feint_models.Command``, read when the document is written or an answer
checked)."""

from __future__ import annotations

import enum
from typing import Annotated, Any, NotRequired

from pydantic import Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema
from typing_extensions import TypedDict

from gameserver.clock import Pace
from gameserver.domain.feint.words import (
    Cell,
    FeintCommandKind,
    SeatKey,
    SeatNumber,
    Seats,
    Strength,
    TokenId,
)
from gameserver.domain.players import PlayerKind
from gameserver.domain.tables import TableStatus
from gameserver.storage.records import Json
from gameserver.words import ClosedBy, GameStatus, Mode, NextCursor, ServerNow, Timestamp


class _TheRequestsCommand:
    """A command in an answer is one a seat sends: its schema is the request's (``api.feint_models.Command``)."""

    def __get_pydantic_core_schema__(self, _: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        from gameserver.api.feint_models import Command

        return handler.generate_schema(Command)


CommandJson = Annotated[Json, _TheRequestsCommand()]
"""A seat's command, its kind in ``kind``: ``{"kind": "step", "token": "1a", "to": [0, 3]}``."""


class FeintDecision(enum.StrEnum):
    """What a step decides."""

    DEPLOYMENT = "deployment"
    """Every seat places its six tokens, at once."""
    TURN = "turn"
    """One command of the seat to move (a turn of two actions is two of them)."""
    RETREAT = "retreat"
    """The charged seat's answer: Retreat or stand."""


class FeintPhase(enum.StrEnum):
    DEPLOYMENT = "deployment"
    PLAY = "play"
    OVER = "over"


class FeintEnding(enum.StrEnum):
    """How a game ended."""

    LAST_STANDING = "last-standing"
    CENTRE_HOLD = "centre-hold"
    QUIET_ROUNDS = "quiet-rounds"
    """A draw: 40 full rounds without a battle or a Retreat."""
    ROUND_LIMIT = "round-limit"
    """A draw: 300 full rounds."""


class FeintToken(TypedDict):
    id: TokenId
    seat: SeatNumber
    cell: Annotated[Cell | None, Field(description="null once lost")]
    strength: Annotated[Strength | None, Field(description="null when face-down and not yours")]
    revealed: Annotated[bool, Field(description="face-up for good (a battle)")]


class FeintPendingCharge(TypedDict):
    """A charge waiting for the defender's answer."""

    seat: SeatNumber
    tokens: list[TokenId]
    target: TokenId
    walk_in: TokenId
    defender_seat: SeatNumber


class FeintBattle(TypedDict):
    """The last charge settled: fought (both sides face-up) or met by a Retreat (nothing revealed)."""

    attackers: list[TokenId]
    defender: TokenId
    retreated_to: Cell | None
    attack: int | None
    defence: int | None
    flanking_bonus: int
    defence_bonus: int
    lost: list[TokenId]
    walked_in: Annotated[str, Field(description="the attacker that walked in, or empty")]


class FeintOutcome(TypedDict):
    """How a game of Feint ended."""

    winners: Annotated[list[SeatNumber], Field(description="the winner, or every seat still in for a draw")]
    reason: FeintEnding
    winner: Annotated[SeatNumber | None, Field(description="the one winner; null for a draw")]
    draw: bool


class FeintBoard(TypedDict):
    """The table as a seat sees it: every token's cell and owner, the strengths it may know, each seat's bank
    and remaining pool (0 1 2 2 3 4 less its revealed strengths)."""

    players: Seats
    radius: int
    phase: FeintPhase
    tokens: list[FeintToken]
    banks: Annotated[dict[SeatKey, int], Field(description="seat -> Moves in its bank (0 to 2)")]
    pools: Annotated[dict[SeatKey, list[Strength]], Field(description="seat -> what its face-down tokens can still be")]
    to_move: SeatNumber | None
    spent: Annotated[int, Field(description="Moves spent in the turn so far")]
    pending: FeintPendingCharge | None
    deployed: dict[SeatKey, bool]
    turn: int
    round: int
    quiet_rounds: int
    last_report: FeintBattle | None
    outcome: FeintOutcome | None


class FeintSeatView(FeintBoard):
    seat: SeatNumber
    home: list[Cell]
    my_deployment: list[Cell] | None


class FeintLegalCommand(TypedDict):
    command: CommandJson
    cost: Annotated[int, Field(description="Moves it spends")]
    # left out but for a charge
    flanking_bonus: NotRequired[Annotated[int | None, Field(default=None, description="a charge: +0, +1 or +2 by "
                                                                                       "the attackers' spread")]]
    defence_bonus: NotRequired[Annotated[int | None, Field(default=None, description="a charge: the defender's +1 "
                                                                                      "next to a friend")]]


class FeintPlayer(TypedDict):
    kind: PlayerKind
    sub: Annotated[str | None, Field(description="the member's subject; null for a bot")]


class FeintNext(TypedDict):
    """Who decides next, and what: draw the curtain before showing their seat."""

    kind: FeintDecision
    seats: Annotated[list[SeatNumber], Field(description="the seats the game waits for")]
    mine: Annotated[list[SeatNumber], Field(description="those of them that are yours")]
    deadline: Timestamp | None
    opened_at: Timestamp


class FeintReplaced(TypedDict):
    """A seat whose member left: a bot plays it from command ``number`` on."""

    seat: SeatNumber
    member: str
    by: FeintPlayer
    number: int
    at: Timestamp


class FeintGameOut(TypedDict):
    game_id: str
    now: NotRequired[ServerNow]
    mode: Mode
    status: GameStatus
    pace: Annotated[Pace | None, Field(description="null: no deadline")]
    number: Annotated[int, Field(description="the command number: commands applied so far (send it with your command)")]
    seat: Annotated[SeatNumber, Field(description="whose view this is")]
    my_seats: list[SeatNumber]
    players: dict[SeatKey, FeintPlayer]
    next: Annotated[FeintNext | None, Field(description="null once over")]
    winner: SeatNumber | None
    draw: bool
    sent: Annotated[CommandJson | None, Field(description="this seat's command sent for the open step, waiting for the others "
                                             "(the deployment)")]
    view: FeintSeatView
    legal: Annotated[list[FeintLegalCommand], Field(description="what this seat may send now: empty when it has nothing to "
                                                  "decide, and in the deployment (deploy six of view.home, or deal)")]
    replaced: list[FeintReplaced]
    created_at: Timestamp


class FeintCommandOut(TypedDict):
    number: int
    applied: Annotated[bool, Field(description="the step resolved (false: a deployment waiting for other seats)")]
    game: FeintGameOut


class FeintGameSummary(TypedDict):
    game_id: str
    mode: Mode
    status: GameStatus
    seats: Annotated[list[SeatNumber], Field(description="mine")]
    players: dict[SeatKey, FeintPlayer]
    number: int
    deadline: Timestamp | None
    winner: SeatNumber | None
    draw: bool
    created_at: Timestamp


class FeintGameList(TypedDict):
    games: list[FeintGameSummary]
    cursor: NextCursor


FeintMove = TypedDict("FeintMove", {
    "token": TokenId,
    "from": Annotated[Cell | None, Field(description="null: placed (the deployment)")],
    "to": Annotated[Cell | None, Field(description="null: lost")],
})


class FeintPlayed(TypedDict):
    seat: SeatNumber
    kind: FeintCommandKind
    command: Annotated[CommandJson | None, Field(description="null for a pass, and a deployment's cells are never shown")]
    missed: Annotated[bool, Field(description="its deadline passed: the rules decided for it")]


class FeintHistoryStep(TypedDict):
    number: Annotated[int, Field(description="the command number once applied")]
    label: str
    kind: FeintDecision
    commands: list[FeintPlayed]
    moves: list[FeintMove]
    battle: FeintBattle | None
    revealed: Annotated[dict[TokenId, Strength], Field(description="token -> strength turned face-up in this step")]
    banks: dict[SeatKey, int]
    resolved_at: Timestamp
    closed_by: ClosedBy


class FeintHistory(TypedDict):
    game_id: str
    steps: list[FeintHistoryStep]
    replaced: list[FeintReplaced]
    cursor: NextCursor


class FeintRecordCommand(FeintPlayed):
    sent_at: Timestamp | None
    delay: Annotated[int | None, Field(description="seconds from the step's opening to the command (fair play)")]
    by: PlayerKind


class FeintRecordStep(TypedDict):
    number: int
    label: str
    kind: FeintDecision
    opened_at: Timestamp
    deadline: Timestamp | None
    resolved_at: Timestamp
    closed_by: ClosedBy
    commands: list[FeintRecordCommand]
    moves: Annotated[list[FeintMove], Field(description="every token that moved, as the history shows it: a replay draws the board "
                                   "step by step")]
    battle: FeintBattle | None


class FeintFinalToken(TypedDict):
    id: TokenId
    seat: SeatNumber
    strength: Strength
    cell: Cell | None
    revealed: bool


class FeintFinal(TypedDict):
    players: Seats
    radius: int
    tokens: list[FeintFinalToken]
    banks: list[int]
    turn: int
    round: int
    battles: int
    retreats: int
    outcome: FeintOutcome | None


class FeintRecord(TypedDict):
    game_id: str
    mode: Mode
    players: dict[SeatKey, FeintPlayer]
    winner: SeatNumber | None
    draw: bool
    final: Annotated[FeintFinal, Field(description="every token with its strength")]
    steps: Annotated[list[FeintRecordStep], Field(description="a page of the steps, every command whole")]
    replaced: list[FeintReplaced]
    cursor: NextCursor


class FeintLeft(TypedDict):
    game_id: str
    status: GameStatus
    number: int
    replaced: list[FeintReplaced]


class FeintWatch(TypedDict):
    game_id: str
    status: GameStatus
    seats: Seats
    number: int
    winner: SeatNumber | None
    draw: bool
    table: Annotated[FeintBoard, Field(description="every strength face-up")]
    created_at: Timestamp
    finished_at: Timestamp | None


class FeintWatchSteps(TypedDict):
    game_id: str
    steps: list[FeintRecordStep]
    cursor: NextCursor


class FeintTableOut(TypedDict):
    table_id: str
    host: str
    seats: Seats
    pace: Pace
    bots: int
    invited: list[str]
    joined: Annotated[list[str], Field(description="seated members, the host first")]
    status: TableStatus
    open_seats: Annotated[int, Field(description="seats anyone may take")]
    created_at: Timestamp
    closes_at: Annotated[Timestamp, Field(description="not full by then: cancelled")]
    game_id: str | None


class FeintTableList(TypedDict):
    tables: list[FeintTableOut]
    cursor: NextCursor


class FeintJoined(TypedDict):
    table: FeintTableOut
    game: Annotated[FeintGameOut | None, Field(description="the game, when my seat was the last (it has started)")]
