"""The game state: a plain typed value, built by `new_game` and replaced by `resolve` after every turn.

Counts are plain dicts keyed by position (only positions with a count above 0 appear). Nothing here is ever
mutated once a state is built: `resolve` makes new dicts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .income import income
from .layouts import Layout, draw_layout, layout_by_id
from .observations import Observation, observe
from .positions import HQ, POSITIONS, SIDES, Position, Side, other

LAST_TURN = 8
""""the game goes on and always ends in 8 turns at most"."""
START_UNITS = 4
""""You start with 4 units on your HQ"."""

Winner = Side | Literal["draw"] | None
Counts = dict[Position, int]


@dataclass(frozen=True)
class TurnRecord:
    """One resolved turn: both sides' orders (wire format), both sides' reports, the board after it, and the
    winner of each combat (None on a tie), which only the record shows.

    `after` holds `flags`, `units`, `decoys`, `reserve` and `income` (totals) as in `GameState.to_json`.
    """

    turn: int
    orders: dict[Side, list[dict]]
    reports: dict[Side, dict]
    after: dict
    combats: dict[Position, Side | None] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "turn": self.turn, "orders": self.orders, "reports": self.reports, "after": self.after,
            "combats": self.combats,
        }

    @classmethod
    def from_json(cls, data: Mapping) -> TurnRecord:
        return cls(
            int(data["turn"]), dict(data["orders"]), dict(data["reports"]), dict(data["after"]), dict(data.get("combats", {}))
        )


@dataclass(frozen=True)
class GameState:
    """Everything about one game of Feinthold.

    `turn` is the open turn (1..8); once `over`, it is the turn that ended the game. `reserve` is each side's
    points before the open turn's income; `income_total` the income earned before the open turn;
    `prediction_right` whether last turn's prediction was right (it pays 1 point at the open turn).
    `observations` is what each side has seen (the only source of its view). `winner` is a side, "draw" or None.
    """

    layout: Layout
    seed: int | None
    turn: int
    reserve: dict[Side, int]
    income_total: dict[Side, int]
    prediction_right: dict[Side, bool]
    flags: dict[Position, Side | None]
    units: dict[Side, Counts]
    decoys: dict[Side, Counts]
    observations: dict[Side, dict[Position, Observation]]
    history: tuple[TurnRecord, ...] = ()
    winner: Winner = None
    over: bool = False

    def income(self, side: Side) -> int:
        """The income `side` earns at the start of the open turn (0 once the game is over)."""
        if self.over:
            return 0
        return income(self.flags, side, self.prediction_right[side])

    def positions_held(self, side: Side) -> int:
        return sum(1 for f in self.flags.values() if f == side)

    def board_json(self) -> dict:
        """Flags, counts, reserves and income totals: the part of the state a turn record keeps."""
        return {
            "flags": dict(self.flags),
            "units": {s: dict(self.units[s]) for s in SIDES},
            "decoys": {s: dict(self.decoys[s]) for s in SIDES},
            "reserve": dict(self.reserve),
            "income": dict(self.income_total),
        }

    def to_json(self) -> dict:
        out = self.board_json()
        out.update(
            game="feinthold",
            layout=self.layout.to_json(),
            seed=self.seed,
            turn=self.turn,
            prediction_right=dict(self.prediction_right),
            observations={s: {p: o.to_json() for p, o in self.observations[s].items()} for s in SIDES},
            history=[r.to_json() for r in self.history],
            winner=self.winner,
            over=self.over,
        )
        return out

    @classmethod
    def from_json(cls, data: Mapping) -> GameState:
        return cls(
            layout=Layout.from_json(data["layout"]),
            seed=data.get("seed"),
            turn=int(data["turn"]),
            reserve={s: int(data["reserve"][s]) for s in SIDES},
            income_total={s: int(data["income"][s]) for s in SIDES},
            prediction_right={s: bool(data["prediction_right"][s]) for s in SIDES},
            flags={p: data["flags"].get(p) for p in POSITIONS},
            units={s: _counts(data["units"].get(s, {})) for s in SIDES},
            decoys={s: _counts(data["decoys"].get(s, {})) for s in SIDES},
            observations={
                s: {p: Observation.from_json(o) for p, o in data["observations"].get(s, {}).items()} for s in SIDES
            },
            history=tuple(TurnRecord.from_json(r) for r in data.get("history", ())),
            winner=data.get("winner"),
            over=bool(data.get("over", False)),
        )


def _counts(raw: Mapping[str, int]) -> Counts:
    return {p: int(n) for p, n in raw.items() if int(n) > 0}


def initial_observations(layout: Layout, units: Mapping[Side, Counts], decoys: Mapping[Side, Counts]) -> dict:
    """What each side sees at turn 0: the neighbours of its HQ and of its units."""
    return {s: observe(layout, s, 0, units[s], units[other(s)], decoys[other(s)], {}, {}, {}) for s in SIDES}


def new_game(seed: int, layout_id: str | None = None) -> GameState:
    """A game at turn 1: "At the start each side holds its own HQ only; every other position is neutral.
    Each side has 4 units on its HQ, no decoys and 0 points." The layout is drawn from `seed` unless named.
    """
    layout = layout_by_id(layout_id) if layout_id is not None else draw_layout(seed)
    units: dict[Side, Counts] = {s: {HQ[s]: START_UNITS} for s in SIDES}
    decoys: dict[Side, Counts] = {s: {} for s in SIDES}
    flags: dict[Position, Side | None] = {p: None for p in POSITIONS}
    for s in SIDES:
        flags[HQ[s]] = s
    return GameState(
        layout=layout,
        seed=seed,
        turn=1,
        reserve={s: 0 for s in SIDES},
        income_total={s: 0 for s in SIDES},
        prediction_right={s: False for s in SIDES},
        flags=flags,
        units=units,
        decoys=decoys,
        observations=initial_observations(layout, units, decoys),
    )
