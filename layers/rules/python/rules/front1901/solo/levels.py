"""The levels of play, and what each changes in the AI powers.

"Three levels are available. On Easy, the other powers play cautiously and keep their promises more often.
On Normal, they coordinate attacks and defences. On Hard, they anticipate your moves by simulating several
scenarios before deciding, and they are less trustworthy in diplomacy."  ``random`` exists for measurement
only: "each unit picks uniformly among its legal orders; no press".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Level(StrEnum):
    EASY = "easy"
    """Cautious: holds and supports its own centres before it attacks; honesty + 0.1; accepts deals that
    cost it nothing."""
    NORMAL = "normal"
    """Coordinates: allied AI powers support each other's attacks and defences; keeps its promises unless
    the gain of a break is large."""
    HARD = "hard"
    """Simulates several scenarios (its candidate order sets against likely sets of the others, each
    adjudicated) and plays the best on average; honesty - 0.2."""
    RANDOM = "random"
    """Each unit picks uniformly among its legal orders; no press.  For measurement only."""


PLAYABLE = (Level.EASY, Level.NORMAL, Level.HARD)
"""The levels a member may choose."""


@dataclass(frozen=True, slots=True)
class Style:
    """How a level plays: the numbers behind the level's description."""

    honesty_shift: float
    """Added to the nation's honesty (spec: easy + 0.1, hard - 0.2; clamped to 0-1)."""
    noise: float
    """The chance of stepping down to the next-best destination when its value is close (DumbBot's
    stochastic choice among close alternatives)."""
    cautious: bool
    """Hold every threatened own centre that has a unit on it before attacking (easy)."""
    coordinates: bool
    """Allied AI powers support each other's attacks and defences (normal and hard)."""
    searches: bool
    """Simulate scenarios before deciding (hard)."""
    break_margin: float
    """How much better (share of the power's own evaluation) breaking must be before a promise counts as
    costly and the honesty roll is made: small gains never tempt an AI."""
    negotiates: bool = True


STYLES: dict[Level, Style] = {
    Level.EASY: Style(honesty_shift=0.1, noise=0.45, cautious=True, coordinates=False, searches=False, break_margin=0.10),
    Level.NORMAL: Style(honesty_shift=0.0, noise=0.3, cautious=False, coordinates=True, searches=False, break_margin=0.06),
    Level.HARD: Style(honesty_shift=-0.2, noise=0.3, cautious=False, coordinates=True, searches=True, break_margin=0.02),
    Level.RANDOM: Style(
        honesty_shift=0.0, noise=1.0, cautious=False, coordinates=False, searches=False, break_margin=1.0, negotiates=False
    ),
}
