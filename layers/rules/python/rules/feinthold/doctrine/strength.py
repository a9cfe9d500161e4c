"""Strength trials: a house AI against the engine's random-legal-orders player, seeded game by game.

The strength bench (`bench/feinthold_strength.py`) runs 1,000 games per AI and side; a CI test runs a
few dozen. Each game `g` uses the layout drawn from its seed, the AI's noise seeded by `g`, and a
random player seeded by `g`: the same arguments replay the same games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..fog import SideView
from ..positions import Side
from ..random_player import random_orders
from .house import HouseName, house_ai
from .match import play_match
from .noise import Noise
from .style import style


@dataclass(frozen=True)
class Trial:
    """Results and mean style figures of one AI on one side over `games` games."""

    name: str
    side: Side
    games: int
    wins: int
    draws: int
    losses: int
    turns: float
    scouts: float
    decoys: float
    attacks: float
    entrenchments: float

    def rate(self, count: int) -> float:
        return count / self.games if self.games else 0.0


def trial(name: HouseName, side: Side, games: int, first_seed: int = 0, noise: Noise = "normal") -> Trial:
    """Play `games` games of house AI `name` (with `noise`) on `side` against random legal orders."""
    wins = draws = losses = turns = scouts = decoys = attacks = entrenchments = 0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(f"random-player|{seed}")

        def random_player(view: SideView, rng: random.Random = rng) -> list[dict]:
            return random_orders(view, rng)

        ai = house_ai(name, seed, noise)
        south, north = (ai, random_player) if side == "south" else (random_player, ai)
        state = play_match(south, north, seed, trace=False).state
        if state.winner == side:
            wins += 1
        elif state.winner == "draw":
            draws += 1
        else:
            losses += 1
        figures = style(state, side)
        turns += state.turn
        scouts += figures.scouts
        decoys += figures.decoys
        attacks += figures.attacks
        entrenchments += figures.entrenchments
    n = max(games, 1)
    return Trial(name, side, games, wins, draws, losses, turns / n, scouts / n, decoys / n, attacks / n,
                 entrenchments / n)
