"""The fog: what one side sees, and the open record of a finished game.

"You see the whole map and the flags, your units and your decoys. From each position where you have a unit,
and from your HQ, you see an enemy presence ("?") on the neighbors, without the number: unit or decoy.
A decoy sees nothing. Scouting gives the count, a combat reveals the enemy strength; each position keeps its
last observation and its turn, in grey."

A view is built only from the side's own part of the state (its units, decoys, points, orders, reports and
observations) plus what is public (the map, the flags, the turn, the outcome).
"""

from __future__ import annotations

from dataclasses import dataclass

from .layouts import Layout
from .legality import legal_orders
from .observations import Observation
from .positions import HQ, SIDES, Position, Side
from .state import START_UNITS, GameState, Winner

PRESENCE_MARK = "?"


class RecordClosedError(ValueError):
    """"Once the game is over, its full record ... is open to both players": not before."""


@dataclass(frozen=True)
class SideView:
    """One side's view of the game at the open turn (or at the end, once `over`).

    `units`/`decoys`: own counts by position (positions with 0 left out). `points`: what the side may spend
    this turn (`reserve` + this turn's `income`; 0 income once over). `income_total`: own income earned before
    this turn. `seen_turn`: the last resolved turn (0 before turn 1 resolves). `observations`: the last thing
    seen at each position and its turn. `history`: own orders and reports, one dict per resolved turn.
    Treat every field as read-only.
    """

    side: Side
    turn: int
    over: bool
    winner: Winner
    layout: Layout
    flags: dict[Position, Side | None]
    units: dict[Position, int]
    decoys: dict[Position, int]
    reserve: int
    income: int
    points: int
    income_total: int
    seen_turn: int
    observations: dict[Position, Observation]
    history: tuple[dict, ...]

    @property
    def marks(self) -> dict[Position, str]:
        """The presence marks of the last resolved turn: "?" on each position where an enemy unit or decoy
        was seen (watched or scouted) after it."""
        return {
            p: PRESENCE_MARK
            for p, o in self.observations.items()
            if o.turn == self.seen_turn and (o.presence or (o.count or 0) > 0)
        }

    def to_json(self) -> dict:
        """The view as JSON, the shape the API serves:

        `{"side", "turn", "over", "winner", "layout": {"id", "shape", "paths", "positions": [{"id", "kind", "side"}]}, "flags": {pos: side|null},
        "units": {pos: n}, "decoys": {pos: n}, "reserve", "income", "points", "income_total", "seen_turn",
        "marks": {pos: "?"}, "observations": {pos: {"turn", "presence", "count", "strength"}},
        "history": [{"turn", "orders": [wire orders], "reports": {...}}], "legal": {...}}` (`legality.legal_orders`).
        """
        return {
            "side": self.side,
            "turn": self.turn,
            "over": self.over,
            "winner": self.winner,
            "layout": self.layout.map_json(),
            "flags": dict(self.flags),
            "units": dict(self.units),
            "decoys": dict(self.decoys),
            "reserve": self.reserve,
            "income": self.income,
            "points": self.points,
            "income_total": self.income_total,
            "seen_turn": self.seen_turn,
            "marks": self.marks,
            "observations": {p: o.to_json() for p, o in sorted(self.observations.items())},
            "history": [dict(h) for h in self.history],
            "legal": legal_orders(self),
        }


def view(state: GameState, side: Side) -> SideView:
    """What `side` sees of `state`: its own pieces and notes, the map and the flags, the outcome."""
    income = state.income(side)
    reserve = state.reserve[side]
    return SideView(
        side=side,
        turn=state.turn,
        over=state.over,
        winner=state.winner,
        layout=state.layout,
        flags=dict(state.flags),
        units=dict(state.units[side]),
        decoys=dict(state.decoys[side]),
        reserve=reserve,
        income=income,
        points=reserve + income,
        income_total=state.income_total[side],
        seen_turn=state.turn if state.over else state.turn - 1,
        observations=dict(state.observations[side]),
        history=tuple(
            {"turn": r.turn, "orders": r.orders[side], "reports": r.reports[side]} for r in state.history
        ),
    )


def record(state: GameState) -> dict:
    """The full record of a finished game: both sides' orders and reports, and the board after every turn.

    Raises `RecordClosedError` while the game is in play.
    """
    if not state.over:
        raise RecordClosedError("the record of a game opens once the game is over")
    start = {
        "flags": {p: ("south" if p == HQ["south"] else "north" if p == HQ["north"] else None) for p in state.flags},
        "units": {s: {HQ[s]: START_UNITS} for s in SIDES},
        "decoys": {s: {} for s in SIDES},
        "reserve": {s: 0 for s in SIDES},
        "income": {s: 0 for s in SIDES},
    }
    return {
        "game": "feinthold",
        "layout": state.layout.map_json(),
        "seed": state.seed,
        "start": start,
        "turns": [r.to_json() for r in state.history],
        "winner": state.winner,
        "final": state.board_json(),
    }
