"""A doctrine "sees exactly what its side sees: it takes the side's view, never the game state."
The house AIs play "seeing nothing more than their own side"."""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path

import pytest
import rules.feinthold.doctrine as doctrine_package
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.feinthold import POSITIONS, Observation, TurnRecord, new_game, other, resolve, view
from rules.feinthold.doctrine import HOUSE_NAMES, house_ai, play
from rules.feinthold.random_player import random_orders

# Only the game runners (a whole match, the test bench, the strength trials) and the style of a finished game's
# record hold a state; the runners hand players views.
RUNNERS = {"match.py", "bench.py", "strength.py", "style.py"}
HIDDEN = {"state", "resolve", "cases", "mirror", "random_player", "combat", "outcome"}


def test_the_interpreter_modules_never_import_the_state():
    folder = Path(doctrine_package.__file__).parent
    for path in sorted(folder.glob("*.py")):
        if path.name in RUNNERS or path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                assert (node.module or "").split(".")[0] not in HIDDEN, f"{path.name} imports {node.module}"


def test_play_refuses_a_game_state():
    with pytest.raises(TypeError, match="side's view"):
        play(house_ai("ram", 1), new_game(1))


def _scrambled(state, side: str, rng: random.Random):
    """`state` with everything of the other side that `side` may not see changed: its units and decoys
    (where they stand and how many), its points, its income, its notes and its past orders and reports."""
    enemy = other(side)
    units = {p: rng.randint(1, 9) for p in POSITIONS if rng.random() < 0.5}
    decoys = {p: rng.randint(1, 3) for p in POSITIONS if rng.random() < 0.5}
    history = tuple(
        TurnRecord(r.turn, {**r.orders, enemy: [{"predict": {"at": rng.choice(POSITIONS)}}]},
                   {**r.reports, enemy: {"scout": {}, "prediction": None}}, r.after)
        for r in state.history
    )
    return replace(
        state,
        units={**state.units, enemy: units},
        decoys={**state.decoys, enemy: decoys},
        reserve={**state.reserve, enemy: rng.randint(0, 40)},
        income_total={**state.income_total, enemy: rng.randint(0, 90)},
        prediction_right={**state.prediction_right, enemy: not state.prediction_right[enemy]},
        observations={**state.observations, enemy: {p: Observation(0, True, 9, 9.0) for p in POSITIONS}},
        history=history,
    )


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 7), side=st.sampled_from(["south", "north"]))
def test_changing_what_the_side_cannot_see_never_changes_its_orders(seed, turns, side):
    rng = random.Random(seed)
    state = new_game(seed)
    for _ in range(turns):
        if state.over:
            break
        state = resolve(state, {s: random_orders(view(state, s), rng) for s in ("south", "north")})
    twin = _scrambled(state, side, rng)
    assert twin.units[other(side)] != state.units[other(side)] or twin.reserve != state.reserve
    for name in HOUSE_NAMES:
        ai = house_ai(name, seed)
        assert play(ai, view(state, side)) == play(ai, view(twin, side))
