"""Request bodies of Feint's routes (v1): a new game, a command, a table, a watch game. What the routes answer
is in ``domain.feint.answers``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from gameserver.api.models import Choice, FeintPace, RequestBody
from gameserver.domain.feint.words import Cell, FeintCommandKind, SeatNumber, Seats, TokenId


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
