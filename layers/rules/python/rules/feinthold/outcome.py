"""Win: checked at the end of each turn.

1. "Take the enemy HQ. If each side takes the other's HQ on the same turn, the tiebreak of point 3 decides,
   and a draw is possible."
2. "Break through: hold 5 positions, HQ included, at the end of a turn."
3. "Otherwise, after 8 turns: the most positions, then the highest total income, then the most units;
   otherwise a draw."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .positions import HQ, SIDES, Position, Side
from .state import LAST_TURN, TurnRecord, Winner

BREAKTHROUGH = 5


def tiebreak(
    flags: Mapping[Position, Side | None], units: Mapping[Side, Mapping[Position, int]], income_total: Mapping[Side, int]
) -> Winner:
    """Rule 3's order: more positions held, then more total income over the game, then more units; else a draw."""
    for measure in (
        lambda s: sum(1 for f in flags.values() if f == s),
        lambda s: income_total[s],
        lambda s: sum(units[s].values()),
    ):
        south, north = measure("south"), measure("north")
        if south != north:
            return "south" if south > north else "north"
    return "draw"


def judge(
    turn: int,
    flags: Mapping[Position, Side | None],
    units: Mapping[Side, Mapping[Position, int]],
    income_total: Mapping[Side, int],
) -> tuple[Winner, bool]:
    """(winner, over) at the end of `turn`, from the flags, units and income totals after it."""
    south_took = flags[HQ["north"]] == "south"
    north_took = flags[HQ["south"]] == "north"
    if south_took and north_took:
        return tiebreak(flags, units, income_total), True
    if south_took or north_took:
        return ("south" if south_took else "north"), True
    for side in ("south", "north"):
        held = sum(1 for f in flags.values() if f == side)
        if held >= BREAKTHROUGH and flags[HQ[side]] == side:
            return side, True
    if turn >= LAST_TURN:
        return tiebreak(flags, units, income_total), True
    return None, False


def tally(history: Iterable[TurnRecord]) -> dict[Side, dict[str, int]]:
    """Per side, the right predictions and the combats won over the turns played: a knockout match's draw
    "is broken by the right predictions, then by the combats won"."""
    out = {s: {"predictions_right": 0, "combats_won": 0} for s in SIDES}
    for record in history:
        for s in SIDES:
            if record.reports[s]["prediction"]:
                out[s]["predictions_right"] += 1
        for winner in record.combats.values():
            if winner is not None:
                out[winner]["combats_won"] += 1
    return out
