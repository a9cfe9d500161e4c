"""Combat: "Strength: 1 per unit that arrives or stays, 1.5 per unit that stays entrenched, 0 for a decoy.
The stronger side wins and loses 0.6 unit per unit of enemy strength (rounded down); the loser loses
everything, and all the decoys present are destroyed. On a tie, everything is destroyed and the position
becomes neutral, except an HQ, which stays with its owner. The winner always keeps at least one unit."

Strengths are kept in half points (integers) so that 1.5 and the 0.6 rounding are exact.
"""

from __future__ import annotations

from dataclasses import dataclass

from .positions import Side


def strength_halves(arrived: int, stayed: int, entrenched: bool) -> int:
    """Twice the strength of one side at a position: arrivals count 1, units that stay (placed ones included)
    1.5 where the side is entrenched, else 1. "A unit that arrives never is" entrenched."""
    return 2 * arrived + (3 if entrenched else 2) * stayed


def as_strength(halves: int) -> float | int:
    """A strength in half points as the number a player reads (3, 4.5)."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def winner_losses(loser_halves: int) -> int:
    """"loses 0.6 unit per unit of enemy strength (rounded down)": floor(0.6 x strength), exactly."""
    return (3 * loser_halves) // 10


@dataclass(frozen=True)
class Combat:
    """The outcome of one combat: `winner` (None on a tie) and each side's units left there."""

    winner: Side | None
    south_units: int
    north_units: int


def fight(south_units: int, south_halves: int, north_units: int, north_halves: int) -> Combat:
    """Resolve one combat from each side's units and strength (in halves). Decoys are all destroyed by the
    caller whatever the result."""
    if south_halves == north_halves:
        return Combat(None, 0, 0)
    if south_halves > north_halves:
        return Combat("south", max(1, south_units - winner_losses(north_halves)), 0)
    return Combat("north", 0, max(1, north_units - winner_losses(south_halves)))
