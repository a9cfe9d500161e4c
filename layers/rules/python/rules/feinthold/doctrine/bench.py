"""The test bench: "The test bench plays a doctrine against the three house AIs, on both sides, on a
map of each shape, and shows what each rule did."

`bench(doctrine, seed=...)` plays 3 house AIs x 2 sides x one layout of each shape (drawn from the
seed among the layouts of that shape) and returns a JSON-ready dict: every game's result (winner,
turns, positions, income) with the doctrine's per-turn rule traces, and a per-rule tally.
"""

from __future__ import annotations

import random
from typing import Any

from ..layouts import LAYOUTS, SHAPES
from ..positions import SIDES, other
from .house import HOUSE_NAMES, house_ai
from .interpreter import Outcome
from .match import play_match
from .schema import Doctrine, parse_doctrine

OUTCOMES: tuple[Outcome, ...] = ("fired", "skipped", "idle", "refused")


def bench_layouts(seed: int) -> list[str]:
    """One layout id per shape, drawn from `seed` (shapes in their listed order)."""
    rng = random.Random(f"bench|{seed}")
    return [rng.choice([layout.id for layout in LAYOUTS if layout.shape == shape]) for shape in SHAPES]


def bench(doctrine: Doctrine | dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """Play `doctrine` against Sentinel, Pivot and Ram, on both sides, on one layout of each shape.

    The house AIs play with their normal noise, seeded by the bench seed and the game, so the same
    seed replays the same bench.
    """
    doctrine = parse_doctrine(doctrine)
    games: list[dict[str, Any]] = []
    tally = [dict.fromkeys(OUTCOMES, 0) for _ in doctrine.rules]
    score = {"won": 0, "drawn": 0, "lost": 0}
    by_opponent = {name: {"won": 0, "drawn": 0, "lost": 0} for name in HOUSE_NAMES}
    number = 0
    for layout_id in bench_layouts(seed):
        for opponent in HOUSE_NAMES:
            for side in SIDES:
                number += 1
                game_seed = seed * 1000 + number
                house = house_ai(opponent, game_seed)
                south, north = (doctrine, house) if side == "south" else (house, doctrine)
                match = play_match(south, north, game_seed, layout_id)
                state = match.state
                result = "drawn" if state.winner == "draw" else "won" if state.winner == side else "lost"
                score[result] += 1
                by_opponent[opponent][result] += 1
                turns = match.traces[side]
                for turn in turns:
                    for rule in turn.rules:
                        tally[rule.rule - 1][rule.outcome] += 1
                games.append({
                    "opponent": opponent,
                    "side": side,
                    "layout": layout_id,
                    "shape": state.layout.shape,
                    "seed": game_seed,
                    "winner": state.winner,
                    "result": result,
                    "turns": state.turn,
                    "positions": {s: state.positions_held(s) for s in (side, other(side))},
                    "income": {s: state.income_total[s] for s in (side, other(side))},
                    "trace": [t.to_json() for t in turns],
                })
    return {
        "doctrine": doctrine.name,
        "seed": seed,
        "played": len(games),
        "score": score,
        "by_opponent": by_opponent,
        "rules": [{"rule": i + 1, **counts} for i, counts in enumerate(tally)],
        "games": games,
    }
