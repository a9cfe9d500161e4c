"""Invariants of the movement adjudication on random positions and random legal orders."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st
from rules.front1901 import adjudicate_movement
from rules.front1901.board import ARMY_MOVES, FLEET_MOVES, UnitKind, province_of

from .positions import random_orders, random_position

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _case(seed: int):
    rng = random.Random(seed)
    start = random_position(rng)
    orders = random_orders(start, rng)
    return start, orders, adjudicate_movement(start, orders)


@settings(max_examples=150, deadline=None)
@given(SEEDS)
def test_never_two_units_in_one_province_and_no_unit_lost(seed: int) -> None:
    start, _, out = _case(seed)
    winners = Counter(out.orders[p].to[:3] for p, w in out.results.items() if w == "moves")
    assert all(n == 1 for n in winners.values())
    for d in winners:
        # whoever stood in a province entered by another unit has moved out or is dislodged
        assert d not in start.units or out.results[d] in ("moves", "dislodged")
    assert len(out.units) + len(out.dislodged) == len(start.units)
    assert not set(out.dislodged) - set(start.units)


@settings(max_examples=150, deadline=None)
@given(SEEDS)
@example(57081551)  # a head-to-head loser dislodged by a third unit: it resists with hold, not defend
def test_never_a_unit_dislodged_without_a_stronger_attack(seed: int) -> None:
    start, _, out = _case(seed)
    for p, dislodgement in out.dislodged.items():
        battle = out.battles[p]
        winner = battle.winner
        assert winner is not None
        assert battle.attacks[winner] > battle.resistance(winner)
        assert all(battle.attacks[winner] > s for q, s in battle.prevents.items() if q != winner)
        assert start.units[winner].power != dislodgement.unit.power


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.randoms(use_true_random=False))
def test_the_result_does_not_depend_on_the_order_of_the_input(seed: int, shuffle: random.Random) -> None:
    start, orders, out = _case(seed)
    powers = list(orders)
    shuffle.shuffle(powers)
    reordered = {}
    for power in powers:
        texts = list(orders[power])
        shuffle.shuffle(texts)
        reordered[power] = texts
    again = adjudicate_movement(start, reordered)
    assert again.units == out.units
    assert again.dislodged == out.dislodged
    assert again.results == out.results
    assert again.contested == out.contested


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_retreat_options_are_free_uncontested_neighbours_away_from_the_attacker(seed: int) -> None:
    _, _, out = _case(seed)
    for dislodgement in out.dislodged.values():
        unit = dislodgement.unit
        neighbours = ARMY_MOVES[unit.location] if unit.kind is UnitKind.ARMY else FLEET_MOVES[unit.location]
        for option in dislodgement.retreats:
            assert option in neighbours
            assert province_of(option) not in out.units
            assert province_of(option) not in out.contested
            assert province_of(option) != dislodgement.attacker_from
