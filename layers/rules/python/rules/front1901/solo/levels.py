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
    stochastic choice among close alternatives); for a level that weighs candidates, how varied they are."""
    cautious: bool
    """Hold every threatened own centre that has a unit on it before attacking (easy)."""
    coordinates: bool
    """Attacks and defences coordinated: among the power's own units (attacks get the supports they need,
    centres are not left open in the fall) and with its AI allies (a unit left holding supports an ally)."""
    candidates: int
    """Order sets of its own the power weighs (its policy's stochastic choices); 1: the policy's choice."""
    postures: bool
    """Also weigh an attacking and a defending posture (hard)."""
    scenarios: int
    """Likely order sets of the others each candidate is adjudicated against; 0: no adjudication."""
    break_margin: float
    """How much a break must gain (in centres, by the power's own evaluation) before a promise counts as
    costly and the honesty draw is made: small gains never tempt an AI."""
    negotiates: bool = True
    climb_scenarios: int = 0
    """Scenarios the chosen candidate is then improved against, one unit at a time (``search.climb``)."""
    neutral_power: bool = False
    """Its search values the unowned centres as DumbBot does (``values.values``), in its own candidates and in
    its likely order sets of the others: early on everyone races for the neutrals."""
    climb_budget: int = 0
    """Adjudications per movement phase the climb may spend, shared by the level's searching powers; 0: no
    climb."""
    rivals: float = 0.0
    """In its search, what a centre another power stands on and does not own (taken after a fall) costs the
    power, as a share of a capture of its own: "the power with the most centres wins", so the others' gains
    count against it."""


STYLES: dict[Level, Style] = {
    Level.EASY: Style(honesty_shift=0.1, noise=0.45, cautious=True, coordinates=False, candidates=1, postures=False,
                      scenarios=0, break_margin=0.75),
    Level.NORMAL: Style(honesty_shift=0.0, noise=0.3, cautious=False, coordinates=True, candidates=4, postures=False,
                        scenarios=4, break_margin=0.5, climb_scenarios=4, climb_budget=200),
    Level.HARD: Style(honesty_shift=-0.2, noise=0.6, cautious=False, coordinates=True, candidates=20, postures=True,
                      scenarios=32, break_margin=0.5, climb_scenarios=24, climb_budget=8000, neutral_power=True, rivals=0.3),
    Level.RANDOM: Style(honesty_shift=0.0, noise=1.0, cautious=False, coordinates=False, candidates=1, postures=False,
                        scenarios=0, break_margin=1.0, negotiates=False),
}  # fmt: skip
