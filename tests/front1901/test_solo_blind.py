"""The AI never sees the member's orders of the phase it is deciding: change them, the AI's stay the same."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rules.front1901.solo.game import SoloGame, ai_orders, new_game, submit
from rules.front1901.solo.random_play import (
    random_adjustment_orders,
    random_movement_orders,
    random_retreat_orders,
)

SEEDS = st.integers(min_value=0, max_value=2**31)


def _member_orders(game: SoloGame, rng: random.Random) -> list[str]:
    position, member = game.position, game.member
    assert member is not None
    step = position.phase.step.value
    if step == "M":
        return random_movement_orders(position, member, rng)
    if step == "R":
        return random_retreat_orders(position, member, rng)
    return random_adjustment_orders(position, member, rng)


def _ai_part(game: SoloGame, orders: list[str]) -> dict[str, list[str]]:
    _, records = submit(game, orders)
    return {p: o for p, o in records[0].orders.items() if p != game.member}


def _check(game: SoloGame, rng: random.Random) -> None:
    first, second = _member_orders(game, rng), _member_orders(game, rng)
    seen = _ai_part(game, first)
    assert seen == _ai_part(game, second) == _ai_part(game, [])
    assert seen == ai_orders(game)


@settings(max_examples=12, deadline=None)
@given(SEEDS, st.sampled_from(["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]), st.integers(0, 5))
def test_the_member_orders_do_not_change_the_ai_orders(seed: int, member: str, phases: int) -> None:
    rng = random.Random(seed)
    game = new_game(seed, member, "normal", "short")
    for _ in range(phases):
        game, _ = submit(game, _member_orders(game, rng))
        if game.over:
            return
    _check(game, rng)


def test_the_hard_level_does_not_see_them_either() -> None:
    rng = random.Random(3)
    game = new_game(3, "TURKEY", "hard", "short")
    for _ in range(3):
        game, _ = submit(game, _member_orders(game, rng))
    _check(game, rng)


@settings(max_examples=6, deadline=None)
@given(SEEDS, st.sampled_from(["normal", "hard"]))
def test_orders_decided_before_the_submission_play_as_if_decided_in_it(seed: int, level: str) -> None:
    """A service decides the AI powers when the phase closes (``ai_orders``), then submits the member's orders
    with them: the game goes exactly as if ``submit`` had decided them itself."""
    rng = random.Random(seed)
    game = new_game(seed, "GERMANY", level, "short")
    for _ in range(4):
        orders = _member_orders(game, rng)
        decided, records = submit(game, orders)
        given_ai, given_records = submit(game, orders, ai=ai_orders(game))
        assert given_ai == decided and [r.to_json() for r in given_records] == [r.to_json() for r in records]
        game = decided
        if game.over:
            return
