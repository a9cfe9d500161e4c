"""The game state: "At the start each side holds its own HQ only; every other position is neutral. Each side
has 4 units on its HQ, no decoys and 0 points." Deterministic given a seed, JSON in and out."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from feinthold_boards import board
from rules.feinthold import GameState, new_game, record, resolve, tally

GAME_SCRIPT = """
import json, random
from rules.feinthold import SIDES, new_game, resolve, view, record
from rules.feinthold.random_player import random_orders
rng = random.Random(11); state = new_game(11)
while not state.over:
    state = resolve(state, {s: random_orders(view(state, s), rng) for s in SIDES})
print(json.dumps([state.to_json(), record(state), view(state, "south").to_json()]))
"""


def test_new_game_start():
    state = new_game(42)
    assert state.turn == 1 and not state.over and state.winner is None
    assert state.flags == {"hq-s": "south", "hq-n": "north", "c": None, "r-s": None, "r-n": None, "p-w": None, "p-e": None}
    assert state.units == {"south": {"hq-s": 4}, "north": {"hq-n": 4}}
    assert state.decoys == {"south": {}, "north": {}}
    assert state.reserve == {"south": 0, "north": 0} and state.income_total == {"south": 0, "north": 0}
    assert state.income("south") == 5 and state.history == ()


def test_json_round_trip_of_a_fresh_game():
    state = new_game(9, "hourglass-1")
    data = json.loads(json.dumps(state.to_json()))
    assert data["layout"]["id"] == "hourglass-1" and data["game"] == "feinthold"
    assert GameState.from_json(data) == state


def test_a_seeded_game_is_the_same_in_every_process():
    """Deterministic given a seed, down to the order of keys in the stored JSON (hash seeds differ)."""
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", GAME_SCRIPT], capture_output=True, text=True, env=env, check=True)
        outputs.add(run.stdout)
    assert len(outputs) == 1


def test_resolve_does_not_touch_the_state_it_was_given():
    state = board(units={"south": {"hq-s": 4}, "north": {"hq-n": 4}})
    before = json.dumps(state.to_json(), sort_keys=True)
    resolve(state, {"south": [{"move": {"from": "hq-s", "to": "p-w", "units": 4}}, {"reinforce": {"at": "hq-s", "units": 2}}],
                    "north": [{"move": {"from": "hq-n", "to": "p-w", "units": 1}}]})
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_record_and_tally_for_a_knockout_tiebreak():
    state = board(turn=8, flags={"hq-s": "south", "hq-n": "north", "c": "north", "r-s": "south"},
                  units={"south": {"r-s": 3, "hq-s": 1}, "north": {"c": 1, "hq-n": 1}})
    over = resolve(state, {"south": [{"move": {"from": "r-s", "to": "c", "units": 3}}, {"predict": {"at": "c"}}],
                           "north": [{"predict": {"at": "c"}}]})
    assert over.over
    assert record(over)["turns"][0]["combats"] == {"c": "south"}
    assert tally(over.history) == {"south": {"predictions_right": 0, "combats_won": 1},
                                   "north": {"predictions_right": 1, "combats_won": 0}}


@pytest.mark.parametrize("turn, over", [(7, False), (8, True)])
def test_the_game_ends_after_turn_8(turn, over):
    after = resolve(board(turn=turn), {})
    assert after.over is over
    assert after.turn == (turn if over else turn + 1)
