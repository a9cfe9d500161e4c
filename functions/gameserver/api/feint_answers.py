"""What Feint's routes (v1) answer (documentation and a check, never built at run time: see tests/contract.py): a
seat's view (the board, tokens, banks, pools, the pending charge), the legal commands with each charge's bonuses
and cost, the history as the table saw it, the record after the game, the tables of online games, watch games."""

from __future__ import annotations

import enum

from pydantic import BaseModel, ConfigDict, Field

from gameserver.api.feint_models import (
    Cell,
    Command,
    FeintCommandKind,
    SeatKey,
    SeatNumber,
    Seats,
    Strength,
    TokenId,
)
from gameserver.api.models import ClosedBy, GameStatus, Mode, NextCursor, Pace, ServerNow, Timestamp
from gameserver.domain.players import PlayerKind
from gameserver.domain.tables import FeintTableStatus


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


class FeintToken(BaseModel):
    id: TokenId
    seat: SeatNumber
    cell: Cell | None = Field(description="null once lost")
    strength: Strength | None = Field(description="null when face-down and not yours")
    revealed: bool = Field(description="face-up for good (a battle)")


class FeintPendingCharge(BaseModel):
    """A charge waiting for the defender's answer."""

    seat: SeatNumber
    tokens: list[TokenId]
    target: TokenId
    walk_in: TokenId
    defender_seat: SeatNumber


class FeintBattle(BaseModel):
    """The last charge settled: fought (both sides face-up) or met by a Retreat (nothing revealed)."""

    attackers: list[TokenId]
    defender: TokenId
    retreated_to: Cell | None
    attack: int | None
    defence: int | None
    flanking_bonus: int
    defence_bonus: int
    lost: list[TokenId]
    walked_in: str = Field(description="the attacker that walked in, or empty")


class FeintOutcome(BaseModel):
    """How a game of Feint ended."""

    winners: list[SeatNumber] = Field(description="the winner, or every seat still in for a draw")
    reason: FeintEnding
    winner: SeatNumber | None = Field(description="the one winner; null for a draw")
    draw: bool


class FeintBoard(BaseModel):
    """The table as a seat sees it: every token's cell and owner, the strengths it may know, each seat's bank
    and remaining pool (0 1 2 2 3 4 less its revealed strengths)."""

    players: Seats
    radius: int
    phase: FeintPhase
    tokens: list[FeintToken]
    banks: dict[SeatKey, int] = Field(description="seat -> Moves in its bank (0 to 2)")
    pools: dict[SeatKey, list[Strength]] = Field(description="seat -> what its face-down tokens can still be")
    to_move: SeatNumber | None
    spent: int = Field(description="Moves spent in the turn so far")
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


class FeintLegalCommand(BaseModel):
    command: Command
    cost: int = Field(description="Moves it spends")
    flanking_bonus: int | None = Field(default=None, description="a charge: +0, +1 or +2 by the attackers' spread")
    defence_bonus: int | None = Field(default=None, description="a charge: the defender's +1 next to a friend")


class FeintPlayer(BaseModel):
    kind: PlayerKind
    sub: str | None = Field(description="the member's subject; null for a bot")


class FeintNext(BaseModel):
    """Who decides next, and what: draw the curtain before showing their seat."""

    kind: FeintDecision
    seats: list[SeatNumber] = Field(description="the seats the game waits for")
    mine: list[SeatNumber] = Field(description="those of them that are yours")
    deadline: Timestamp | None
    opened_at: Timestamp


class FeintReplaced(BaseModel):
    """A seat whose member left: a bot plays it from command ``number`` on."""

    seat: SeatNumber
    member: str
    by: FeintPlayer
    number: int
    at: Timestamp


class FeintGameOut(BaseModel):
    game_id: str
    now: ServerNow = None
    mode: Mode
    status: GameStatus
    pace: Pace | None = Field(description="null: no deadline")
    number: int = Field(description="the command number: commands applied so far (send it with your command)")
    seat: SeatNumber = Field(description="whose view this is")
    my_seats: list[SeatNumber]
    players: dict[SeatKey, FeintPlayer]
    next: FeintNext | None = Field(description="null once over")
    winner: SeatNumber | None
    draw: bool
    sent: Command | None = Field(description="this seat's command sent for the open step, waiting for the others "
                                             "(the deployment)")
    view: FeintSeatView
    legal: list[FeintLegalCommand] = Field(description="what this seat may send now: empty when it has nothing to "
                                                  "decide, and in the deployment (deploy six of view.home, or deal)")
    replaced: list[FeintReplaced]
    created_at: Timestamp


class FeintCommandOut(BaseModel):
    number: int
    applied: bool = Field(description="the step resolved (false: a deployment waiting for other seats)")
    game: FeintGameOut


class FeintGameSummary(BaseModel):
    game_id: str
    mode: Mode
    status: GameStatus
    seats: list[SeatNumber] = Field(description="mine")
    players: dict[SeatKey, FeintPlayer]
    number: int
    deadline: Timestamp | None
    winner: SeatNumber | None
    draw: bool
    created_at: Timestamp


class FeintGameList(BaseModel):
    games: list[FeintGameSummary]
    cursor: NextCursor


class FeintMove(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    token: TokenId
    from_: Cell | None = Field(alias="from", description="null: placed (the deployment)")
    to: Cell | None = Field(description="null: lost")


class FeintPlayed(BaseModel):
    seat: SeatNumber
    kind: FeintCommandKind
    command: Command | None = Field(description="null for a pass, and a deployment's cells are never shown")
    missed: bool = Field(description="its deadline passed: the rules decided for it")


class FeintHistoryStep(BaseModel):
    number: int = Field(description="the command number once applied")
    label: str
    kind: FeintDecision
    commands: list[FeintPlayed]
    moves: list[FeintMove]
    battle: FeintBattle | None
    revealed: dict[TokenId, Strength] = Field(description="token -> strength turned face-up in this step")
    banks: dict[SeatKey, int]
    resolved_at: Timestamp
    closed_by: ClosedBy


class FeintHistory(BaseModel):
    game_id: str
    steps: list[FeintHistoryStep]
    replaced: list[FeintReplaced]
    cursor: NextCursor


class FeintRecordCommand(FeintPlayed):
    sent_at: Timestamp | None
    delay: int | None = Field(description="seconds from the step's opening to the command (fair play)")
    by: PlayerKind


class FeintRecordStep(BaseModel):
    number: int
    label: str
    kind: FeintDecision
    opened_at: Timestamp
    deadline: Timestamp | None
    resolved_at: Timestamp
    closed_by: ClosedBy
    commands: list[FeintRecordCommand]
    moves: list[FeintMove] = Field(description="every token that moved, as the history shows it: a replay draws the board "
                                   "step by step")
    battle: FeintBattle | None


class FeintFinalToken(BaseModel):
    id: TokenId
    seat: SeatNumber
    strength: Strength
    cell: Cell | None
    revealed: bool


class FeintFinal(BaseModel):
    players: Seats
    radius: int
    tokens: list[FeintFinalToken]
    banks: list[int]
    turn: int
    round: int
    battles: int
    retreats: int
    outcome: FeintOutcome | None


class FeintRecord(BaseModel):
    game_id: str
    mode: Mode
    players: dict[SeatKey, FeintPlayer]
    winner: SeatNumber | None
    draw: bool
    final: FeintFinal = Field(description="every token with its strength")
    steps: list[FeintRecordStep] = Field(description="a page of the steps, every command whole")
    replaced: list[FeintReplaced]
    cursor: NextCursor


class FeintLeft(BaseModel):
    game_id: str
    status: GameStatus
    number: int
    replaced: list[FeintReplaced]


class FeintWatch(BaseModel):
    game_id: str
    status: GameStatus
    seats: Seats
    number: int
    winner: SeatNumber | None
    draw: bool
    table: FeintBoard = Field(description="every strength face-up")
    created_at: Timestamp
    finished_at: Timestamp | None


class FeintWatchSteps(BaseModel):
    game_id: str
    steps: list[FeintRecordStep]
    cursor: NextCursor


class FeintTableOut(BaseModel):
    table_id: str
    host: str
    seats: Seats
    pace: Pace
    bots: int
    invited: list[str]
    joined: list[str] = Field(description="seated members, the host first")
    status: FeintTableStatus
    open_seats: int = Field(description="seats anyone may take")
    created_at: Timestamp
    closes_at: Timestamp = Field(description="not full by then: cancelled")
    game_id: str | None


class FeintTableList(BaseModel):
    tables: list[FeintTableOut]
    cursor: NextCursor


class FeintJoined(BaseModel):
    table: FeintTableOut
    game: FeintGameOut | None = Field(description="the game, when my seat was the last (it has started)")
