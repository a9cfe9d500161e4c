"""What one seat sees, and nothing more.

"Every token's cell and owner; its own strengths; the strengths of every token ever revealed; each
seat's bank; and each seat's remaining pool." Never a face-down strength of another seat: in a view
those are None. A bot is given exactly this and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .hexgrid import Cell, home_cells
from .state import BattleReport, GameState, Outcome, PendingCharge, Phase
from .tokens import STRENGTHS, Token, remaining_pool_of


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat's view of the game. Same public fields as GameState, so ``legal_commands`` reads it too."""

    seat: int
    players: int
    radius: int
    phase: Phase
    tokens: dict[str, Token]
    cells: dict[Cell, str]
    banks: tuple[int, ...]
    pools: tuple[tuple[int, ...], ...]
    to_move: int | None
    spent: int
    pending: PendingCharge | None
    deployed: tuple[bool, ...]
    my_deployment: tuple[Cell, ...] | None
    home: tuple[Cell, ...]
    faces: tuple[int, ...]
    turn: int
    round: int
    quiet_rounds: int
    last_report: BattleReport | None
    outcome: Outcome | None

    def pool(self, seat: int) -> tuple[int, ...]:
        """What ``seat``'s face-down tokens can still be: 0 1 2 2 3 4 minus its revealed strengths."""
        return self.pools[seat - 1]

    def bank(self, seat: int) -> int:
        return self.banks[seat - 1]

    def alive(self, seat: int) -> list[Token]:
        return [t for t in self.tokens.values() if t.seat == seat and t.cell is not None]

    @property
    def asked_to_defend(self) -> bool:
        return self.pending is not None and self.pending.defender_seat == self.seat

    @property
    def my_turn(self) -> bool:
        return self.phase is Phase.PLAY and self.pending is None and self.to_move == self.seat

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "radius": self.radius,
            "phase": self.phase.value,
            "tokens": [
                {
                    "id": t.id,
                    "seat": t.seat,
                    "cell": None if t.cell is None else list(t.cell),
                    "strength": t.strength,
                    "revealed": t.revealed,
                }
                for t in self.tokens.values()
            ],
            "banks": {str(s): b for s, b in enumerate(self.banks, start=1)},
            "pools": {str(s): list(p) for s, p in enumerate(self.pools, start=1)},
            "to_move": self.to_move,
            "spent": self.spent,
            "pending": None if self.pending is None else self.pending.to_json(),
            "deployed": {str(s): d for s, d in enumerate(self.deployed, start=1)},
            "my_deployment": None if self.my_deployment is None else [list(c) for c in self.my_deployment],
            "home": [list(c) for c in self.home],
            "turn": self.turn,
            "round": self.round,
            "quiet_rounds": self.quiet_rounds,
            "last_report": None if self.last_report is None else self.last_report.to_json(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


def remaining_pools(state: GameState) -> tuple[tuple[int, ...], ...]:
    """Every seat's remaining pool, in one pass over the tokens."""
    shown: list[list[int]] = [[] for _ in state.seats()]
    for t in state.tokens.values():
        if t.revealed and t.strength is not None:
            shown[t.seat - 1].append(t.strength)
    return tuple(remaining_pool_of(revealed) for revealed in shown)


def view(state: GameState, seat: int, *, face_up: bool = False) -> SeatView:
    """``seat``'s view of ``state``. ``face_up`` (watch mode: bots only) shows every strength."""
    if not 1 <= seat <= state.players:
        raise ValueError(f"there is no seat {seat}")
    tokens = {
        tid: t if (face_up or t.revealed or t.seat == seat) else Token(t.id, t.seat, None, t.cell, False)
        for tid, t in state.tokens.items()
    }
    if state.phase is Phase.DEPLOYMENT:
        deployed = tuple(d is not None for d in state.deployments)
        mine = state.deployments[seat - 1]
        pools = tuple(STRENGTHS for _ in state.seats())
    else:
        deployed = (True,) * state.players
        mine = None
        pools = remaining_pools(state)
    return SeatView(
        seat=seat,
        players=state.players,
        radius=state.radius,
        phase=state.phase,
        tokens=tokens,
        cells=dict(state.cells),
        banks=state.banks,
        pools=pools,
        to_move=state.to_move,
        spent=state.spent,
        pending=state.pending,
        deployed=deployed,
        my_deployment=mine,
        home=home_cells(state.faces[seat - 1], state.radius),
        faces=state.faces,
        turn=state.turn,
        round=state.round,
        quiet_rounds=state.quiet_rounds,
        last_report=state.last_report,
        outcome=state.outcome,
    )
