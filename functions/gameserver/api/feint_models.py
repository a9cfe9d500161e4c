"""Bodies of Feint's routes (v1): the commands, a seat's view (the board, tokens, banks, pools, the pending
charge), the legal commands with each charge's bonuses and cost, the history as the table saw it, the record
after the game, the tables of online games, watch games."""

from __future__ import annotations

import enum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from gameserver.api.models import GameMode, GameStatus, RequestBody, Timestamp

Cell = Annotated[list[int], Field(min_length=2, max_length=2, description="an axial cell [q, r] (s = -q - r)",
                                  examples=[[0, 4]])]
TokenId = Annotated[str, Field(pattern=r"^[1-6][a-f]$", description="a token's public id: its seat, then a-f",
                               examples=["1a"])]
SeatNumber = Annotated[int, Field(ge=1, le=6, description="a seat, 1 to 6 (seat 1 moves first)")]
Seats = Annotated[int, Field(ge=2, le=6, description="how many seats: 2 to 6")]
Strength = Annotated[int, Field(ge=0, le=4)]


class FeintPace(enum.StrEnum):
    """An online game's time per decision (``gameserver.platform.pace``: blitz gives the deployment 120 s)."""

    BLITZ = "blitz"
    FIVE_MINUTES = "5m"
    ONE_DAY = "1d"


class Decision(enum.StrEnum):
    """What a step decides."""

    DEPLOYMENT = "deployment"
    """Every seat places its six tokens, at once."""
    TURN = "turn"
    """One command of the seat to move (a turn of two actions is two of them)."""
    RETREAT = "retreat"
    """The charged seat's answer: Retreat or stand."""


class Phase(enum.StrEnum):
    DEPLOYMENT = "deployment"
    PLAY = "play"
    OVER = "over"


class Ending(enum.StrEnum):
    """How a game ended."""

    LAST_STANDING = "last-standing"
    CENTRE_HOLD = "centre-hold"
    QUIET_ROUNDS = "quiet-rounds"
    """A draw: 40 full rounds without a battle or a Retreat."""
    ROUND_LIMIT = "round-limit"
    """A draw: 300 full rounds."""


class PlayerKind(enum.StrEnum):
    MEMBER = "member"
    BOT = "bot"


class CommandKind(enum.StrEnum):
    """A seat's command (the engine's), and how the history shows what a seat did."""

    DEPLOY = "deploy"
    """Six home cells: ``cells[i]`` takes the i-th of the strengths 0 1 2 2 3 4 (the history withholds them)."""
    DEAL = "deal"
    """A random deployment, dealt for me (sent only: it is recorded as the deploy it dealt)."""
    STEP = "step"
    TWO_STEP = "two_step"
    CHARGE = "charge"
    END_TURN = "end_turn"
    RETREAT = "retreat"
    STAND = "stand"
    PASS = "pass"
    """In the history only: a turn whose deadline passed."""


class ClosedBy(enum.StrEnum):
    ORDERS = "orders"
    """Every seat the step waited for had sent."""
    DEADLINE = "deadline"
    """Its deadline passed first."""


class TableStatus(enum.StrEnum):
    OPEN = "open"
    STARTED = "started"
    CANCELLED = "cancelled"
    """Not full before it closed."""


# ------------------------------------------------------------------ commands
class DeployCommand(RequestBody):
    kind: Literal[CommandKind.DEPLOY]
    cells: list[Cell] = Field(min_length=6, max_length=6,
                              description="six of your seven home cells; cells[i] takes strength (0 1 2 2 3 4)[i]")


class DealCommand(RequestBody):
    kind: Literal[CommandKind.DEAL]


class StepCommand(RequestBody):
    kind: Literal[CommandKind.STEP]
    token: TokenId
    to: Cell = Field(description="an empty cell next to the token (1 Move)")


class TwoStepCommand(RequestBody):
    kind: Literal[CommandKind.TWO_STEP]
    token: TokenId
    via: Cell = Field(description="empty or a friend's: the step through a friend")
    to: Cell = Field(description="an empty cell next to via (2 Moves, the whole turn)")


class ChargeCommand(RequestBody):
    kind: Literal[CommandKind.CHARGE]
    tokens: list[TokenId] = Field(min_length=1, max_length=2, description="one or two of your tokens (1 Move each)")
    target: TokenId = Field(description="an enemy token next to every attacker")
    walk_in: TokenId | None = Field(default=None, description="which attacker walks in (default the first)")


class EndTurnCommand(RequestBody):
    kind: Literal[CommandKind.END_TURN]


class RetreatCommand(RequestBody):
    kind: Literal[CommandKind.RETREAT]
    to: Cell = Field(description="an empty cell next to the charged token (1 Move)")


class StandCommand(RequestBody):
    kind: Literal[CommandKind.STAND]


Command = Annotated[DeployCommand | DealCommand | StepCommand | TwoStepCommand | ChargeCommand | EndTurnCommand
                    | RetreatCommand | StandCommand, Field(discriminator="kind")]


class CommandIn(RequestBody):
    number: int = Field(ge=0, description="the game's command number this follows: the count of commands applied "
                                          "so far, as the game shows it (any other is a 409 stale_command)")
    seat: SeatNumber | None = Field(default=None, description="the seat this answers for (hot-seat: name it; "
                                                              "else the one of yours the game waits for)")
    command: Command


class SoloGame(RequestBody):
    mode: Literal[GameMode.SOLO]
    seats: Seats


class HotSeatGame(RequestBody):
    mode: Literal[GameMode.HOT_SEAT]
    seats: Seats
    bots: int = Field(default=0, ge=0, le=4, description="seats played by bots (the last ones); yours the others")


NewFeintGame = Annotated[SoloGame | HotSeatGame, Field(discriminator="mode")]


class NewWatchGame(RequestBody):
    seats: Seats


class NewTable(RequestBody):
    seats: Seats
    pace: Annotated[FeintPace, Field(strict=False)]  # strict takes only FeintPace instances; JSON sends its value
    bots: int = Field(default=0, ge=0, le=4, description="seats played by bots; members 2 at least")
    invite: list[Annotated[str, Field(min_length=1, max_length=128)]] = Field(
        default_factory=list, max_length=5, description="members a seat is kept for (each gets a notice)")


# ------------------------------------------------------------------ what a seat sees
class TokenOut(BaseModel):
    id: TokenId
    seat: SeatNumber
    cell: Cell | None = Field(description="null once lost")
    strength: Strength | None = Field(description="null when face-down and not yours")
    revealed: bool = Field(description="face-up for good (a battle)")


class PendingOut(BaseModel):
    """A charge waiting for the defender's answer."""

    seat: SeatNumber
    tokens: list[TokenId]
    target: TokenId
    walk_in: TokenId
    defender_seat: SeatNumber


class BattleOut(BaseModel):
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


class OutcomeOut(BaseModel):
    winners: list[SeatNumber] = Field(description="the winner, or every seat still in for a draw")
    reason: Ending


class TableOut(BaseModel):
    """The table as a seat sees it: every token's cell and owner, the strengths it may know, each seat's bank
    and remaining pool (0 1 2 2 3 4 less its revealed strengths)."""

    players: Seats
    radius: int
    phase: Phase
    tokens: list[TokenOut]
    banks: dict[str, int] = Field(description="seat -> Moves in its bank (0 to 2)")
    pools: dict[str, list[Strength]] = Field(description="seat -> what its face-down tokens can still be")
    to_move: SeatNumber | None
    spent: int = Field(description="Moves spent in the turn so far")
    pending: PendingOut | None
    deployed: dict[str, bool]
    turn: int
    round: int
    quiet_rounds: int
    last_report: BattleOut | None
    outcome: OutcomeOut | None


class SeatViewOut(TableOut):
    seat: SeatNumber
    home: list[Cell]
    my_deployment: list[Cell] | None


class LegalCommand(BaseModel):
    command: Command
    cost: int = Field(description="Moves it spends")
    flanking_bonus: int | None = Field(default=None, description="a charge: +0, +1 or +2 by the attackers' spread")
    defence_bonus: int | None = Field(default=None, description="a charge: the defender's +1 next to a friend")


class PlayerOut(BaseModel):
    kind: PlayerKind
    sub: str | None = Field(description="the member's subject; null for a bot")


class NextOut(BaseModel):
    """Who decides next, and what: draw the curtain before showing their seat."""

    kind: Decision
    seats: list[SeatNumber] = Field(description="the seats the game waits for")
    mine: list[SeatNumber] = Field(description="those of them that are yours")
    deadline: Timestamp | None
    opened_at: Timestamp


class ReplacedOut(BaseModel):
    """A seat whose member left: a bot plays it from command ``number`` on."""

    seat: SeatNumber
    member: str
    by: PlayerOut
    number: int
    at: Timestamp


class FeintGameOut(BaseModel):
    game_id: str
    mode: GameMode
    status: GameStatus
    pace: FeintPace | None = Field(description="null: no deadline")
    number: int = Field(description="the command number: commands applied so far (send it with your command)")
    seat: SeatNumber = Field(description="whose view this is")
    my_seats: list[SeatNumber]
    players: dict[str, PlayerOut]
    next: NextOut | None = Field(description="null once over")
    winner: SeatNumber | None
    draw: bool
    sent: Command | None = Field(description="this seat's command sent for the open step, waiting for the others "
                                             "(the deployment)")
    view: SeatViewOut
    legal: list[LegalCommand] = Field(description="what this seat may send now: empty when it has nothing to "
                                                  "decide, and in the deployment (deploy six of view.home, or deal)")
    replaced: list[ReplacedOut]
    created_at: Timestamp


class CommandOut(BaseModel):
    number: int
    applied: bool = Field(description="the step resolved (false: a deployment waiting for other seats)")
    game: FeintGameOut


class FeintGameSummary(BaseModel):
    game_id: str
    mode: GameMode
    status: GameStatus
    seats: list[SeatNumber] = Field(description="mine")
    players: dict[str, PlayerOut]
    number: int
    deadline: Timestamp | None
    winner: SeatNumber | None
    draw: bool
    created_at: Timestamp


class FeintGameList(BaseModel):
    games: list[FeintGameSummary]
    cursor: str | None


class MoveOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    token: TokenId
    from_: Cell | None = Field(alias="from", description="null: placed (the deployment)")
    to: Cell | None = Field(description="null: lost")


class PlayedOut(BaseModel):
    seat: SeatNumber
    kind: CommandKind
    command: Command | None = Field(description="null for a pass, and a deployment's cells are never shown")
    missed: bool = Field(description="its deadline passed: the rules decided for it")


class HistoryStep(BaseModel):
    number: int = Field(description="the command number once applied")
    label: str
    kind: Decision
    commands: list[PlayedOut]
    moves: list[MoveOut]
    battle: BattleOut | None
    revealed: dict[str, Strength] = Field(description="token -> strength turned face-up in this step")
    banks: dict[str, int]
    resolved_at: Timestamp
    closed_by: ClosedBy


class HistoryOut(BaseModel):
    game_id: str
    steps: list[HistoryStep]
    replaced: list[ReplacedOut]
    cursor: str | None


class RecordCommand(PlayedOut):
    sent_at: Timestamp | None
    delay: int | None = Field(description="seconds from the step's opening to the command (fair play)")
    by: PlayerKind


class RecordStep(BaseModel):
    number: int
    label: str
    kind: Decision
    opened_at: Timestamp
    deadline: Timestamp | None
    resolved_at: Timestamp
    closed_by: ClosedBy
    commands: list[RecordCommand]
    battle: BattleOut | None


class FinalToken(BaseModel):
    id: TokenId
    seat: SeatNumber
    strength: Strength
    cell: Cell | None
    revealed: bool


class FinalOut(BaseModel):
    players: Seats
    radius: int
    tokens: list[FinalToken]
    banks: list[int]
    turn: int
    round: int
    battles: int
    retreats: int
    outcome: OutcomeOut | None


class RecordOut(BaseModel):
    game_id: str
    mode: GameMode
    players: dict[str, PlayerOut]
    winner: SeatNumber | None
    draw: bool
    final: FinalOut = Field(description="every token with its strength")
    steps: list[RecordStep] = Field(description="a page of the steps, every command whole")
    replaced: list[ReplacedOut]
    cursor: str | None


class LeftOut(BaseModel):
    game_id: str
    status: GameStatus
    number: int
    replaced: list[ReplacedOut]


class WatchOut(BaseModel):
    game_id: str
    status: GameStatus
    seats: Seats
    number: int
    winner: SeatNumber | None
    draw: bool
    table: TableOut = Field(description="every strength face-up")
    created_at: Timestamp
    finished_at: Timestamp | None


class WatchStepsOut(BaseModel):
    game_id: str
    steps: list[RecordStep]
    cursor: str | None


class FeintTableOut(BaseModel):
    table_id: str
    host: str
    seats: Seats
    pace: FeintPace
    bots: int
    invited: list[str]
    joined: list[str] = Field(description="seated members, the host first")
    status: TableStatus
    open_seats: int = Field(description="seats anyone may take")
    created_at: Timestamp
    closes_at: Timestamp = Field(description="not full by then: cancelled")
    game_id: str | None


class FeintTableList(BaseModel):
    tables: list[FeintTableOut]
    cursor: str | None


class JoinedOut(BaseModel):
    table: FeintTableOut
    game: FeintGameOut | None = Field(description="the game, when my seat was the last (it has started)")
