"""Driving MILA's ``diplomacy`` package (1.1.2) on Front 1901 positions.

Runs only in an interpreter where ``diplomacy`` is installed (the .venv-mila made by the differential test
or by hand: ``python3.11 -m venv .venv-mila && .venv-mila/bin/pip install diplomacy==1.1.2``).
"""

from __future__ import annotations

import front1901_games  # noqa: F401  (puts the rules layer on sys.path)
from diplomacy import Game
from rules.front1901 import POWERS, Position


def mila_game(position: Position, orders: dict[str, list[str]]) -> Game:
    """A MILA game standing at this movement position with these orders set (not yet processed)."""
    game = Game(map_name="standard", rules=["NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE"])
    game.set_current_phase(str(position.phase))
    game.clear_units()
    game.clear_centers()
    for power in POWERS:
        units = [str(u) for u in position.units.values() if u.power == power]
        game.set_units(power, units, reset=True)
        centres = [c for c, owner in position.centres.items() if owner == power]
        game.set_centers(power, centres, reset=True)
    for power, texts in orders.items():
        game.set_orders(power, texts)
    return game


def mila_after(game: Game) -> tuple[set[tuple[str, str]], dict[tuple[str, str], tuple[str, ...]]]:
    """Units on the board after ``process()``, and each dislodged unit with its retreat options."""
    units: set[tuple[str, str]] = set()
    dislodged: dict[tuple[str, str], tuple[str, ...]] = {}
    for power in POWERS:
        state = game.get_power(power)
        for unit in state.units:
            units.add((power, unit))
        for unit, retreats in state.retreats.items():
            dislodged[(power, unit)] = tuple(sorted(retreats))
    return units, dislodged
