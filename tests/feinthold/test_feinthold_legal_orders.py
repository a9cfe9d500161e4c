"""The view's legal orders (what a client offers, so it computes no rule) agree with the check of an order set:
over random games, every order the view lists is accepted alone, and every single order it leaves out is refused.
"""

from __future__ import annotations

import random

from gameserver.play.engines.feinthold import Feinthold
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.feinthold import (
    POSITIONS,
    SIDES,
    IllegalOrderError,
    check_orders,
    legal_orders,
    new_game,
    orders_cost,
    resolve,
    view,
)
from rules.feinthold.random_player import random_orders

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def views_of_a_random_game(seed: int):
    rng = random.Random(seed)
    state = new_game(seed)
    while not state.over:
        for side in SIDES:
            yield view(state, side)
        state = resolve(state, {s: random_orders(view(state, s), rng) for s in SIDES})


def accepted(side_view, orders) -> bool:
    try:
        check_orders(side_view, orders)
    except IllegalOrderError:
        return False
    return True


def every_single_order(side_view):
    """Every order of one piece (or one position) a side could write on this map, legal or not."""
    for at in POSITIONS:
        for units, decoys in ((1, 0), (0, 1)):
            yield "reinforce", at, {"reinforce": {"at": at, "units": units, "decoys": decoys}}
        for to in POSITIONS:
            for units, decoys in ((1, 0), (0, 1)):
                yield "move", (at, to), {"move": {"from": at, "to": to, "units": units, "decoys": decoys}}
        for kind in ("entrench", "scout", "predict"):
            yield kind, at, {kind: {"at": at}}


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_the_listed_orders_are_exactly_the_single_orders_the_check_accepts(seed):
    for side_view in views_of_a_random_game(seed):
        legal = legal_orders(side_view)
        reinforce = {r["at"] for r in legal["reinforce"]}
        moves = {(m["from"], m["to"]): m for m in legal["move"]}
        entrench = {e["at"]: e for e in legal["entrench"]}
        listed = {"scout": {s["at"] for s in legal["scout"]}, "predict": {p["at"] for p in legal["predict"]}}
        for kind, where, order in every_single_order(side_view):
            if kind == "reinforce":
                offered = where in reinforce and legal["costs"]["unit"] <= side_view.points
                if order["reinforce"]["decoys"]:
                    offered = where in reinforce and legal["costs"]["decoy"] <= side_view.points
            elif kind == "move":
                move = moves.get(where)
                counts = order["move"]
                offered = move is not None and counts["units"] <= move["units"] and counts["decoys"] <= move["decoys"]
            elif kind == "entrench":
                entry = entrench.get(where)
                offered = entry is not None and not entry["if_placed"] and entry["cost"] <= side_view.points
            else:
                offered = where in listed[kind] and legal["costs"][kind] <= side_view.points
            assert accepted(side_view, [order]) == offered, (kind, where, order, legal)


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_an_entrenchment_listed_if_placed_is_accepted_with_units_placed_there(seed):
    for side_view in views_of_a_random_game(seed):
        for entry in legal_orders(side_view)["entrench"]:
            if entry["if_placed"] and side_view.points >= 3:
                place = {"reinforce": {"at": entry["at"], "units": 1, "decoys": 0}}
                assert accepted(side_view, [place, {"entrench": {"at": entry["at"]}}])
                assert not accepted(side_view, [{"entrench": {"at": entry["at"]}}])


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_the_cost_of_a_set_the_check_accepts_is_exactly_what_it_spends(seed):
    rng = random.Random(seed)
    for side_view in views_of_a_random_game(seed):
        orders = random_orders(side_view, rng)
        cost = orders_cost(side_view.side, orders)
        assert 0 <= cost <= side_view.points
        # With exactly that many points the set fits, and with one point less it does not: the cost the view's
        # `points_left` subtracts is the check's own spending, neither more nor less.
        exact = type(side_view)(**{**side_view.__dict__, "points": cost})
        assert accepted(exact, orders)
        if cost > 0:
            poorer = type(side_view)(**{**side_view.__dict__, "points": cost - 1})
            assert not accepted(poorer, orders)


def test_a_finished_game_offers_nothing():
    state = new_game(7)
    rng = random.Random(7)
    while not state.over:
        state = resolve(state, {s: random_orders(view(state, s), rng) for s in SIDES})
    legal = legal_orders(view(state, "south"))
    assert all(legal[kind] == [] for kind in ("reinforce", "move", "entrench", "scout", "predict"))


def test_points_left_is_the_points_less_the_orders_sent_and_nothing_once_over():
    state = new_game(11)
    rng = random.Random(11)
    side_view = view(state, "south")
    orders = random_orders(side_view, rng)
    stored = side_view.to_json()
    assert Feinthold.points_left(stored, None) == side_view.points
    assert Feinthold.points_left(stored, orders) == side_view.points - orders_cost("south", orders)
    while not state.over:
        state = resolve(state, {s: random_orders(view(state, s), rng) for s in SIDES})
    final = view(state, "south").to_json()
    assert legal_orders(view(state, "south"))["points"] == 0
    assert Feinthold.points_left(final, None) == 0
