"""Small helpers to set a board up for a test, in the one-turn case format."""

from __future__ import annotations

from rules.feinthold import GameState, layout_by_id
from rules.feinthold.cases import state_from_case

CROWN = [list(p) for p in layout_by_id("crown-1").paths]
"""The spec's example map: each HQ reaches its relay and both posts; relays and posts meet at the centre."""


def board(turn: int = 1, paths=None, **before) -> GameState:
    """A state at `turn` from a case's `before` (flags default to each side holding its HQ)."""
    before.setdefault("flags", {"hq-s": "south", "hq-n": "north"})
    return state_from_case({"paths": paths or CROWN, "turn": turn, "before": before})
