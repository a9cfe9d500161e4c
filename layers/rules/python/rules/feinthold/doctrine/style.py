"""A side's style over a finished game, read from its record: how often it scouted, how many decoys it
placed, how many attacks it made. The strength bench prints these to show that the house AIs differ."""

from __future__ import annotations

from dataclasses import dataclass

from ..positions import HQ, SIDES, Side, other
from ..state import GameState


@dataclass(frozen=True)
class Style:
    """What one side did over one game."""

    scouts: int
    """Scout orders given."""
    decoys: int
    """Decoys placed."""
    attacks: int
    """Moves of units into a position whose flag was the enemy's at the start of the turn."""
    entrenchments: int
    """Entrench orders given (the own HQ, always entrenched, not counted)."""


def style(state: GameState, side: Side) -> Style:
    """`side`'s style over the turns recorded in `state` (the record of a finished game)."""
    flags = {HQ[s]: s for s in SIDES}
    enemy = other(side)
    scouts = decoys = attacks = entrenchments = 0
    for turn in state.history:
        for order in turn.orders[side]:
            ((kind, body),) = order.items()
            if kind == "scout":
                scouts += 1
            elif kind == "reinforce":
                decoys += body.get("decoys", 0)
            elif kind == "move":
                attacks += body.get("units", 0) > 0 and flags.get(body["to"]) == enemy
            elif kind == "entrench":
                entrenchments += body["at"] != HQ[side]
        flags = turn.after["flags"]
    return Style(scouts, decoys, attacks, entrenchments)
