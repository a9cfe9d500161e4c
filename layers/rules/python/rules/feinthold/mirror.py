"""The board turned by 180 degrees with the sides swapped: what south sees as its HQ becomes north's.

Since every layout is symmetric, a mirrored game is a game on the same layout; resolving the mirrored game
on the mirrored orders must give the mirrored result (the property "neither side has an advantage").
"""

from __future__ import annotations

from collections.abc import Mapping

from .positions import MIRROR, Position, Side, other
from .state import GameState, TurnRecord


def _flag(side: Side | None) -> Side | None:
    return None if side is None else other(side)


def _positions(by_position: Mapping[Position, object]) -> dict:
    return {MIRROR[p]: v for p, v in by_position.items()}


def _sides(by_side: Mapping[Side, object], each=lambda v: v) -> dict:
    return {other(s): each(v) for s, v in by_side.items()}


def mirror_order(order: Mapping) -> dict:
    """One wire order with its positions mirrored."""
    ((kind, body),) = order.items()
    return {kind: {k: (MIRROR[v] if k in ("at", "from", "to") else v) for k, v in body.items()}}


def mirror_orders(orders: list) -> list[dict]:
    return [mirror_order(o) for o in orders]


def _report(report: Mapping) -> dict:
    out = dict(report)
    out["scout"] = _positions(report["scout"])
    out["combat"] = _positions(report["combat"])
    return out


def _board(board: Mapping) -> dict:
    return {
        "flags": {MIRROR[p]: _flag(f) for p, f in board["flags"].items()},
        "units": _sides(board["units"], _positions),
        "decoys": _sides(board["decoys"], _positions),
        "reserve": _sides(board["reserve"]),
        "income": _sides(board["income"]),
    }


def mirror_state(state: GameState) -> GameState:
    """`state` with the board turned and the sides swapped, observations and history included."""
    winner = other(state.winner) if state.winner == "south" or state.winner == "north" else state.winner
    return GameState(
        layout=state.layout,
        seed=state.seed,
        turn=state.turn,
        reserve=_sides(state.reserve),
        income_total=_sides(state.income_total),
        prediction_right=_sides(state.prediction_right),
        flags={MIRROR[p]: _flag(f) for p, f in state.flags.items()},
        units=_sides(state.units, _positions),
        decoys=_sides(state.decoys, _positions),
        observations=_sides(state.observations, _positions),
        history=tuple(
            TurnRecord(
                r.turn,
                _sides(r.orders, mirror_orders),
                _sides(r.reports, _report),
                _board(r.after),
                {MIRROR[p]: _flag(w) for p, w in r.combats.items()},
            )
            for r in state.history
        ),
        winner=winner,
        over=state.over,
    )
