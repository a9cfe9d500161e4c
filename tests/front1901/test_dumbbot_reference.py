"""The strength bench's reference opponent (bench/front1901_dumbbot.py) and its games (bench/front1901_versus.py):
DumbBot's orders are legal and follow from the seed, and a tested level's game against six of them too."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from rules.front1901 import POWERS, play, starting_position

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from front1901_dumbbot import Values, choose, dumbbot_orders  # noqa: E402
from front1901_versus import game  # noqa: E402


def test_seven_dumbbots_give_only_orders_the_engine_plays() -> None:
    position = starting_position()
    rng = random.Random(5)
    while position.phase.year <= 1903:
        result = play(position, {p: dumbbot_orders(position, p, rng) for p in POWERS})
        assert [v.reason for v in result.void_orders if v.reason != "build waived"] == []
        assert "void" not in result.results.values()
        position = result.position
    assert sum(position.centre_count(p) for p in POWERS) > 22


def test_an_unowned_centre_is_worth_attacking_as_the_power_of_all_the_unowned_centres() -> None:
    """In 1901 the twelve neutrals are one power of size 12^2 + 4*12 + 16 = 208, a home centre's owner
    3^2 + 12 + 16 = 37: the places next to neutrals are worth more than those next to the neighbours' homes."""
    values = Values(starting_position(), "FRANCE")
    assert values.of("A", "SPA") > values.of("A", "GAS") > values.of("A", "PIC")
    assert values.value[("A", "BEL")] > values.value[("A", "RUH")]


def test_the_choice_steps_down_only_to_close_alternatives() -> None:
    rng = random.Random(1)
    far = [(1000, "a"), (100, "b")]
    close = [(1000, "a"), (990, "b")]
    assert {choose(far, rng) for _ in range(200)} == {0}
    assert {choose(close, rng) for _ in range(200)} == {0, 1}


def test_a_tested_level_against_six_dumbbots_follows_from_the_seed() -> None:
    first = game(3, "ITALY", "normal", last_year=1902)
    again = game(3, "ITALY", "normal", last_year=1902)
    assert first["centres"] == again["centres"]
    assert len(first["times"]) == len(again["times"]) == 4
    assert sum(first["centres"].values()) > 22
