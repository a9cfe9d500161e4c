"""Request bodies of Feint's routes (v1): a new game, a command, a table, a watch game. What the routes answer
is in ``feint_answers``."""

from __future__ import annotations

import enum
from typing import Annotated, Literal

from pydantic import Field

from gameserver.api.models import Choice, FeintPace, RequestBody

Cell = Annotated[list[int], Field(min_length=2, max_length=2, description="an axial cell [q, r] (s = -q - r)",
                                  examples=[[0, 4]])]
TokenId = Annotated[str, Field(pattern=r"^[1-6][a-f]$", description="a token's public id: its seat, then a-f",
                               examples=["1a"])]
SeatNumber = Annotated[int, Field(ge=1, le=6, description="a seat, 1 to 6 (seat 1 moves first)")]
class SeatKey(enum.StrEnum):
    """A seat as the key of a map (JSON's keys are text): "1" to "6"."""

    SEAT_1 = "1"
    SEAT_2 = "2"
    SEAT_3 = "3"
    SEAT_4 = "4"
    SEAT_5 = "5"
    SEAT_6 = "6"


Seats = Annotated[int, Field(ge=2, le=6, description="how many seats: 2 to 6")]
Strength = Annotated[int, Field(ge=0, le=4)]


class FeintCommandKind(enum.StrEnum):
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


# ------------------------------------------------------------------ commands
class DeployCommand(RequestBody):
    kind: Literal[FeintCommandKind.DEPLOY]
    cells: list[Cell] = Field(min_length=6, max_length=6,
                              description="six of your seven home cells; cells[i] takes strength (0 1 2 2 3 4)[i]")


class DealCommand(RequestBody):
    kind: Literal[FeintCommandKind.DEAL]


class StepCommand(RequestBody):
    kind: Literal[FeintCommandKind.STEP]
    token: TokenId
    to: Cell = Field(description="an empty cell next to the token (1 Move)")


class TwoStepCommand(RequestBody):
    kind: Literal[FeintCommandKind.TWO_STEP]
    token: TokenId
    via: Cell = Field(description="empty or a friend's: the step through a friend")
    to: Cell = Field(description="an empty cell next to via (2 Moves, the whole turn)")


class ChargeCommand(RequestBody):
    kind: Literal[FeintCommandKind.CHARGE]
    tokens: list[TokenId] = Field(min_length=1, max_length=2, description="one or two of your tokens (1 Move each)")
    target: TokenId = Field(description="an enemy token next to every attacker")
    walk_in: TokenId | None = Field(default=None, description="which attacker walks in (default the first)")


class EndTurnCommand(RequestBody):
    kind: Literal[FeintCommandKind.END_TURN]


class RetreatCommand(RequestBody):
    kind: Literal[FeintCommandKind.RETREAT]
    to: Cell = Field(description="an empty cell next to the charged token (1 Move)")


class StandCommand(RequestBody):
    kind: Literal[FeintCommandKind.STAND]


Command = Annotated[DeployCommand | DealCommand | StepCommand | TwoStepCommand | ChargeCommand | EndTurnCommand
                    | RetreatCommand | StandCommand, Field(discriminator="kind")]


class FeintCommandIn(RequestBody):
    number: int = Field(ge=0, description="the game's command number this follows: the count of commands applied "
                                          "so far, as the game shows it (any other is a 409 stale_command)")
    seat: SeatNumber | None = Field(default=None, description="the seat this answers for (hot-seat: name it; "
                                                              "else the one of yours the game waits for)")
    command: Command


class FeintSoloGame(RequestBody):
    mode: Literal["solo"]
    seats: Seats


class FeintHotSeatGame(RequestBody):
    mode: Literal["hot-seat"]
    seats: Seats
    bots: int = Field(default=0, ge=0, le=4, description="seats played by bots (the last ones); yours the others")


NewFeintGame = Annotated[FeintSoloGame | FeintHotSeatGame, Field(discriminator="mode")]


class NewFeintWatchGame(RequestBody):
    seats: Seats


class NewFeintTable(RequestBody):
    seats: Seats
    pace: Choice[FeintPace]
    bots: int = Field(default=0, ge=0, le=4, description="seats played by bots; members 2 at least")
    invite: list[Annotated[str, Field(min_length=1, max_length=128)]] = Field(
        default_factory=list, max_length=5, description="members a seat is kept for (each gets a notice)")
