"""Seeded self-play at every level: every AI order legal, nothing void but waived builds and supports of
other powers' units that did otherwise, convoys always ordered, every game ends, same seed same output."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from rules.front1901 import (
    ARMY_MOVES,
    Step,
    legal_adjustment_orders,
    legal_movement_orders,
    legal_retreat_orders,
    parse_order,
)
from rules.front1901.orders import Convoy, Move, SupportHold, SupportMove
from rules.front1901.resolver import sea_chain
from rules.front1901.solo.decisions import decide
from rules.front1901.solo.game import SoloGame, new_game, submit, table
from rules.front1901.solo.levels import Level

from .solo_helpers import game_at

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def _legal(game: SoloGame) -> set[str]:
    position = game.position
    step = position.phase.step
    table_ = (
        legal_movement_orders(position) if step is Step.MOVEMENT
        else legal_retreat_orders(position) if step is Step.RETREAT
        else legal_adjustment_orders(position)
    )
    return {o for os in table_.values() for o in os}


def _check_phase(game: SoloGame, levels: dict[str, Level]) -> SoloGame:
    start = game.position
    legal = _legal(game)
    after, records = submit(game)
    record = records[0]
    for power, texts in record.orders.items():
        assert all(text in legal for text in texts), (power, texts)
    assert all(v.reason == "build waived" for v in record.void_orders), record.void_orders
    if start.phase.step is Step.MOVEMENT:
        for power, texts in record.orders.items():
            if levels[power] is Level.RANDOM:
                continue
            orders = [parse_order(t) for t in texts]
            for order in orders:
                if record.results[str(order.unit)] == "void":  # type: ignore[union-attr]
                    assert isinstance(order, SupportHold | SupportMove | Convoy), order
                    helped = order.army if isinstance(order, Convoy) else order.supported
                    assert start.units[helped.province].power != power, order
                if isinstance(order, Move) and start.units[order.unit.province].kind.value == "A" and order.to[:3] not in ARMY_MOVES[order.unit.province]:
                    fleets = {o.unit.province for o in orders if isinstance(o, Convoy) and o.army == order.unit and o.to == order.to}
                    assert sea_chain(order.unit.province, order.to, fleets), order
    for record in records[1:]:
        assert all(v.reason == "build waived" for v in record.void_orders), record.void_orders
    return after


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD, Level.RANDOM])
def test_a_seeded_self_play_game_to_1910_gives_only_legal_orders_and_ends(level: Level) -> None:
    levels = dict.fromkeys(POWERS, level)
    game = new_game(11, None, levels, "short", 1910)
    phases = 0
    while not game.over:
        game = _check_phase(game, levels)
        phases += 1
        assert phases < 200
    last = game.position.phase
    assert last.year > 1910 or (last.year == 1910 and last.season.value == "W") or max(
        game.position.centre_count(p) for p in POWERS
    ) >= 18


def test_mixed_levels_play_together() -> None:
    levels = {"AUSTRIA": Level.EASY, "ENGLAND": Level.HARD, "FRANCE": Level.RANDOM, "GERMANY": Level.NORMAL,
              "ITALY": Level.EASY, "RUSSIA": Level.NORMAL, "TURKEY": Level.HARD}
    game = new_game(5, None, levels, "short", 1903)
    while not game.over:
        game = _check_phase(game, levels)


@pytest.mark.parametrize(
    ("power", "units", "coasts"),
    [
        ("ENGLAND", ["A YOR", "F NTH"], {"NWY", "BEL", "HOL", "DEN"}),
        ("TURKEY", ["A SMY", "F AEG"], {"GRE", "BUL"}),
    ],
)
def test_england_and_turkey_carry_armies_with_their_fleets(power: str, units: list[str], coasts: set[str]) -> None:
    centres = {"ENGLAND": ["LON", "EDI", "LVP"], "TURKEY": ["ANK", "CON", "SMY"]}
    carried = 0
    for seed in range(5):
        game = game_at({power: units}, "F1901M", centres, seed=seed)
        orders = [parse_order(o) if isinstance(o, str) else o for o in decide(table(game)).orders[power]]
        moves = [o for o in orders if isinstance(o, Move) and o.to[:3] in coasts and o.unit.kind.value == "A"]
        convoys = [o for o in orders if isinstance(o, Convoy)]
        if moves:
            assert convoys and convoys[0].to == moves[0].to
            carried += 1
    assert carried >= 4


def _selfplay(*args: str, hashseed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    done = subprocess.run([sys.executable, "-m", "rules.front1901", "selfplay", *args], capture_output=True, text=True, check=True, env=env)
    return done.stdout


def test_the_selfplay_command_line_is_byte_identical_for_a_seed() -> None:
    args = ("--seed", "7", "--until", "1902", "--powers", "FRANCE=hard,ENGLAND=random,TURKEY=easy")
    first = _selfplay(*args, hashseed="1")
    assert first == _selfplay(*args, hashseed="2")
    lines = [json.loads(line) for line in first.splitlines()]
    assert [sorted(line) for line in lines[:-1]] == [["centers", "messages", "orders", "phase", "results"]] * (len(lines) - 1)
    assert lines[0]["phase"] == "S1901M" and set(lines[0]["orders"]) == set(POWERS)
    final = lines[-1]["final"]
    assert final["year"] == 1902 and sorted(final["centers"]) == sorted(POWERS)
    top = max(final["centers"].values())
    assert final["winners"] == [p for p in POWERS if final["centers"][p] == top]


def test_selfplay_refuses_a_level_and_powers_together() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rules.front1901", "selfplay", "--seed", "1", "--level", "easy", "--powers", "FRANCE=hard"],
        capture_output=True, text=True,
    )
    assert done.returncode == 2 and "not both" in done.stderr
