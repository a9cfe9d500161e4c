"""The searching levels' climb: the chosen candidate improved one unit at a time against the scenarios."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rules.front1901 import (
    POWERS,
    Move,
    Position,
    SupportHold,
    SupportMove,
    legal_movement_orders,
    play,
    starting_position,
)
from rules.front1901.adjustments import adjustment_counts
from rules.front1901.position import Step
from rules.front1901.solo.policy import FREE, adjustment_orders, movement_orders, retreat_orders
from rules.front1901.solo.search import Model, climb, likely_sets, score
from rules.front1901.solo.values import values


def _position(seed: int, phases: int) -> Position:
    """A movement position reached by the normal policy for every power."""
    position = starting_position()
    rng = random.Random(seed)
    played = 0
    while played < phases:
        step = position.phase.step
        orders: dict[str, list] = {}
        for power in POWERS:
            seen = values(position, power)
            if step is Step.MOVEMENT:
                orders[power] = movement_orders(position, power, seen, rng, coordinated=True)
            elif step is Step.RETREAT:
                orders[power] = retreat_orders(position, power, seen)
            elif adjustment_counts(position).get(power):
                orders[power] = adjustment_orders(position, power, seen)
        played += step is Step.MOVEMENT
        position = play(position, orders).position
    while position.phase.step is not Step.MOVEMENT:
        position = play(position, {}).position
    return position


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 6), st.sampled_from(POWERS))
def test_the_climb_never_lowers_the_score_and_gives_legal_orders_that_never_void_their_own_support(
    seed: int, phases: int, power: str
) -> None:
    position = _position(seed, phases)
    if not any(u.power == power for u in position.units.values()):
        return
    playing = sorted({u.power for u in position.units.values()})
    models = {p: Model(values(position, p), FREE, 0.3) for p in playing}
    likely = likely_sets(position, models, {p: [random.Random(f"{seed}{p}{k}") for k in range(4)] for p in playing})
    seen = values(position, power)
    start = likely[power][0]
    before = score(position, power, start, likely, seen, 4)
    climbed = climb(position, power, start, likely, seen, 4, 400, models[power].bounds, lambda _: True)
    assert score(position, power, climbed, likely, seen, 4) >= before
    own = {p for p, u in position.units.items() if u.power == power}
    assert sorted(o.unit.province for o in climbed) == sorted(own)
    legal = legal_movement_orders(position)
    by_unit = {o.unit.province: o for o in climbed}
    for order in climbed:
        assert str(order) in legal[order.unit.province]
        if isinstance(order, SupportMove) and order.supported.province in own:
            move = by_unit[order.supported.province]
            assert isinstance(move, Move) and move.to[:3] == order.to
        if isinstance(order, SupportHold) and order.supported.province in own:
            assert not isinstance(by_unit[order.supported.province], Move)


def test_a_climb_with_no_budget_left_plays_the_candidate() -> None:
    position = starting_position()
    models = {p: Model(values(position, p), FREE, 0.3) for p in POWERS}
    likely = likely_sets(position, models, {p: [random.Random(k) for k in range(2)] for p in POWERS})
    start = likely["FRANCE"][0]
    assert climb(position, "FRANCE", start, likely, values(position, "FRANCE"), 2, 2, models["FRANCE"].bounds, lambda _: True) == sorted(
        start, key=lambda o: o.unit.province
    )
