"""The game state: a plain typed value, never changed in place (``apply`` builds the next one)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from .hexgrid import Cell
from .tokens import Token

MOVE_CAP = 2
""""You bank +1 Move at the end of every turn, capped at 2.\""""
STARTING_BANK = 1
QUIET_ROUND_LIMIT = 40
"""A draw after 40 full rounds in a row in which no battle was fought and no Retreat taken."""
ROUND_LIMIT = 300
"""A draw after 300 full rounds in all."""


class Phase(enum.Enum):
    DEPLOYMENT = "deployment"
    """Every seat places its six tokens, secretly and independently."""
    PLAY = "play"
    """Turns, seat 1 first."""
    OVER = "over"
    """Someone won, or the draw bound was reached."""


class Reason(enum.Enum):
    LAST_STANDING = "last-standing"
    """"Be the last player with tokens on the board.\""""
    CENTRE_HOLD = "centre-hold"
    """"Hold the center hex and two of its six neighbours at the start of your turn.\""""
    QUIET_ROUNDS = "quiet-rounds"
    """A draw: 40 full rounds without a battle or a Retreat."""
    ROUND_LIMIT = "round-limit"
    """A draw: 300 full rounds."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: one winner, or a draw shared by the seats still in."""

    winners: tuple[int, ...]
    reason: Reason

    @property
    def draw(self) -> bool:
        return self.reason in (Reason.QUIET_ROUNDS, Reason.ROUND_LIMIT)

    @property
    def winner(self) -> int | str:
        """The winning seat, or ``"draw"``."""
        return "draw" if self.draw else self.winners[0]

    def to_json(self) -> dict[str, Any]:
        # The one winner's seat or null, and the draw said apart: a seat or a word in one field is read wrong by
        # typed clients.
        return {"winners": list(self.winners), "reason": self.reason.value,
                "winner": None if self.draw else self.winners[0], "draw": self.draw}


@dataclass(frozen=True, slots=True)
class PendingCharge:
    """A charge waiting for the defender's owner to Retreat or stand."""

    seat: int
    tokens: tuple[str, ...]
    target: str
    walk_in: str
    defender_seat: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "tokens": list(self.tokens),
            "target": self.target,
            "walk_in": self.walk_in,
            "defender_seat": self.defender_seat,
        }


@dataclass(frozen=True, slots=True)
class BattleReport:
    """What the last settled charge did, for everyone to read: all of it is public once it happened."""

    attackers: tuple[str, ...]
    defender: str
    retreated_to: Cell | None
    attack: int | None
    defence: int | None
    flanking_bonus: int
    defence_bonus: int
    lost: tuple[str, ...]
    walked_in: str

    def to_json(self) -> dict[str, Any]:
        return {
            "attackers": list(self.attackers),
            "defender": self.defender,
            "retreated_to": None if self.retreated_to is None else list(self.retreated_to),
            "attack": self.attack,
            "defence": self.defence,
            "flanking_bonus": self.flanking_bonus,
            "defence_bonus": self.defence_bonus,
            "lost": list(self.lost),
            "walked_in": self.walked_in,
        }


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about one game of Feint. The dicts are never changed after construction.

    ``tokens`` holds every token, lost ones too (cell None, revealed); ``cells`` maps each occupied cell
    to its token id. ``banks[seat - 1]`` is a seat's bank, ``spent`` the Moves spent in the open turn.
    ``turn`` counts turns taken (seat turns), ``round`` the full round in progress (1 first).
    """

    players: int
    radius: int
    phase: Phase
    tokens: dict[str, Token]
    cells: dict[Cell, str]
    banks: tuple[int, ...]
    to_move: int | None
    spent: int = 0
    pending: PendingCharge | None = None
    deployments: tuple[tuple[Cell, ...] | None, ...] = ()
    turn: int = 0
    round: int = 0
    quiet_rounds: int = 0
    fought_this_round: bool = False
    battles: int = 0
    retreats: int = 0
    last_report: BattleReport | None = None
    outcome: Outcome | None = None
    faces: tuple[int, ...] = field(default=())

    def seats(self) -> range:
        return range(1, self.players + 1)

    def bank(self, seat: int) -> int:
        return self.banks[seat - 1]

    def alive(self, seat: int) -> list[Token]:
        """The seat's tokens still on the board."""
        return [t for t in self.tokens.values() if t.seat == seat and t.cell is not None]
