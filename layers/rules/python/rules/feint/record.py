"""The game state as plain JSON, for storage: ``state_to_json`` and ``state_from_json`` round-trip exactly.

This is the whole state, face-down strengths included: it belongs in the server's storage, never in a
response to a seat (send ``view(state, seat).to_json()`` for that).
"""

from __future__ import annotations

from typing import Any

from .errors import SetupError
from .hexgrid import Cell
from .state import BattleReport, GameState, Outcome, PendingCharge, Phase, Reason
from .tokens import Token

FORMAT = 1


def _cell(value: Any) -> Cell | None:
    return None if value is None else (int(value[0]), int(value[1]))


def _cells(values: Any) -> tuple[Cell, ...]:
    return tuple((int(v[0]), int(v[1])) for v in values)


def _list(cell: Cell | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def state_to_json(state: GameState) -> dict[str, Any]:
    report = state.last_report
    return {
        "format": FORMAT,
        "players": state.players,
        "radius": state.radius,
        "faces": list(state.faces),
        "phase": state.phase.value,
        "tokens": [
            {"id": t.id, "seat": t.seat, "strength": t.strength, "cell": _list(t.cell), "revealed": t.revealed}
            for t in state.tokens.values()
        ],
        "banks": list(state.banks),
        "to_move": state.to_move,
        "spent": state.spent,
        "pending": None if state.pending is None else state.pending.to_json(),
        "deployments": [None if d is None else [list(c) for c in d] for d in state.deployments],
        "turn": state.turn,
        "round": state.round,
        "quiet_rounds": state.quiet_rounds,
        "fought_this_round": state.fought_this_round,
        "battles": state.battles,
        "retreats": state.retreats,
        "last_report": None if report is None else report.to_json(),
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }


def state_from_json(data: dict[str, Any]) -> GameState:
    if data.get("format") != FORMAT:
        raise SetupError(f"unknown Feint state format {data.get('format')!r}")
    tokens = {
        t["id"]: Token(t["id"], int(t["seat"]), t["strength"], _cell(t["cell"]), bool(t["revealed"]))
        for t in data["tokens"]
    }
    pending = data["pending"]
    report = data["last_report"]
    outcome = data["outcome"]
    return GameState(
        players=int(data["players"]),
        radius=int(data["radius"]),
        phase=Phase(data["phase"]),
        tokens=tokens,
        cells={t.cell: t.id for t in tokens.values() if t.cell is not None},
        banks=tuple(int(b) for b in data["banks"]),
        to_move=data["to_move"],
        spent=int(data["spent"]),
        pending=None
        if pending is None
        else PendingCharge(
            pending["seat"], tuple(pending["tokens"]), pending["target"], pending["walk_in"], pending["defender_seat"]
        ),
        deployments=tuple(None if d is None else _cells(d) for d in data["deployments"]),
        turn=int(data["turn"]),
        round=int(data["round"]),
        quiet_rounds=int(data["quiet_rounds"]),
        fought_this_round=bool(data["fought_this_round"]),
        battles=int(data["battles"]),
        retreats=int(data["retreats"]),
        last_report=None
        if report is None
        else BattleReport(
            tuple(report["attackers"]),
            report["defender"],
            _cell(report["retreated_to"]),
            report["attack"],
            report["defence"],
            report["flanking_bonus"],
            report["defence_bonus"],
            tuple(report["lost"]),
            report["walked_in"],
        ),
        outcome=None if outcome is None else Outcome(tuple(outcome["winners"]), Reason(outcome["reason"])),
        faces=tuple(int(f) for f in data["faces"]),
    )
