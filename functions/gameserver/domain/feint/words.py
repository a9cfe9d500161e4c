"""The words of Feint its answers and requests share, each defined once (a cell, a token, a seat, a strength, a
command's kind)."""

from __future__ import annotations

import enum
from typing import Annotated

from pydantic import Field

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
