"""Invariants over random games (random legal orders from random seeds)."""

from __future__ import annotations

import dataclasses
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rules.feinthold import (
    HQ,
    LAST_TURN,
    POSITIONS,
    SIDES,
    GameState,
    Observation,
    TurnRecord,
    check_orders,
    new_game,
    other,
    parse_orders,
    resolve,
    view,
)
from rules.feinthold.mirror import mirror_orders, mirror_state
from rules.feinthold.orders import Move, Reinforce
from rules.feinthold.random_player import random_orders

seeds = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=25, deadline=None)


def play(seed: int):
    """Yield (state, orders, next_state) for every turn of a random game."""
    rng = random.Random(seed)
    state = new_game(seed)
    while not state.over:
        orders = {s: random_orders(view(state, s), rng) for s in SIDES}
        after = resolve(state, orders)
        yield state, orders, after
        state = after


@FAST
@given(seeds)
def test_random_orders_are_legal_and_games_end_by_turn_8(seed):
    turns = 0
    for state, orders, after in play(seed):
        for s in SIDES:
            check_orders(view(state, s), orders[s])
        turns += 1
        assert after.turn <= LAST_TURN
    assert after.over and after.winner in ("south", "north", "draw")
    assert turns == len(after.history) <= LAST_TURN


@FAST
@given(seeds)
def test_mirroring_the_board_and_swapping_sides_mirrors_the_outcome(seed):
    for state, orders, after in play(seed):
        swapped = {"south": mirror_orders(orders["north"]), "north": mirror_orders(orders["south"])}
        assert resolve(mirror_state(state), swapped) == mirror_state(after)


def _carried(before, orders, what: str) -> dict[str, int]:
    """`what` ("units" or "decoys") per position after the orders alone: reinforcements add, moves carry."""
    expected = dict(before)
    for o in parse_orders(orders):
        if isinstance(o, Reinforce):
            expected[o.at] = expected.get(o.at, 0) + getattr(o, what)
        elif isinstance(o, Move):
            expected[o.frm] = expected.get(o.frm, 0) - getattr(o, what)
            expected[o.to] = expected.get(o.to, 0) + getattr(o, what)
    return expected


@FAST
@given(seeds)
def test_units_appear_only_by_reinforcement_and_vanish_only_by_combat(seed):
    for state, orders, after in play(seed):
        fought = set(after.history[-1].reports["south"]["combat"])
        assert fought == set(after.history[-1].reports["north"]["combat"])
        for s in SIDES:
            expected = _carried(state.units[s], orders[s], "units")
            for p in POSITIONS:
                got = after.units[s].get(p, 0)
                if p in fought:
                    assert got <= expected.get(p, 0)
                else:
                    assert got == expected.get(p, 0), (s, p)


@FAST
@given(seeds)
def test_points_never_go_negative_and_income_adds_up(seed):
    for state, _, after in play(seed):
        for s in SIDES:
            assert view(state, s).points >= 0 and after.reserve[s] >= 0
            assert after.income_total[s] == state.income_total[s] + state.income(s)


@FAST
@given(seeds)
def test_state_json_round_trip(seed):
    for _, _, after in play(seed):
        assert GameState.from_json(json.loads(json.dumps(after.to_json()))) == after
        for s in SIDES:
            json.dumps(view(after, s).to_json())


def _scramble_hidden_from(state: GameState, side, rng: random.Random) -> GameState:
    """`state` with everything of the other side that `side` may not see changed at random."""
    o = other(side)

    def counts(old):
        return {p: rng.randint(1, 9) for p in rng.sample(POSITIONS, rng.randint(0, 4))} | dict.fromkeys(old, 3)

    history = tuple(
        TurnRecord(r.turn, {side: r.orders[side], o: [{"predict": {"at": "c"}}]},
                   {side: r.reports[side], o: {"income": 99, "scout": {}, "prediction": True, "combat": {}}}, r.after)
        for r in state.history
    )
    return dataclasses.replace(
        state,
        reserve={side: state.reserve[side], o: rng.randint(0, 50)},
        income_total={side: state.income_total[side], o: rng.randint(0, 99)},
        prediction_right={side: state.prediction_right[side], o: rng.random() < 0.5},
        units={side: state.units[side], o: counts(state.units[o])},
        decoys={side: state.decoys[side], o: counts(state.decoys[o])},
        observations={side: state.observations[side], o: {"c": Observation(1, True, 5, 2.5)}},
        history=history,
    )


@FAST
@given(seeds)
def test_a_view_does_not_change_when_hidden_things_change(seed):
    rng = random.Random(seed ^ 0x5EED)
    for state, _, _ in play(seed):
        for s in SIDES:
            assert view(_scramble_hidden_from(state, s, rng), s) == view(state, s)


@FAST
@given(seeds)
def test_hidden_orders_and_points_of_the_other_side_leave_no_trace(seed):
    """North's prediction and spare points change nothing south can see after the turn."""
    for state, orders, _ in play(seed):
        richer = dataclasses.replace(state, reserve={**state.reserve, "north": state.reserve["north"] + 7})
        quiet = [o for o in orders["north"] if "predict" not in o]
        predicting = quiet + [{"predict": {"at": POSITIONS[seed % len(POSITIONS)]}}]
        a = resolve(state, {"south": orders["south"], "north": quiet})
        b = resolve(richer, {"south": orders["south"], "north": predicting})
        assert view(a, "south") == view(b, "south")


@FAST
@given(seeds)
def test_mirroring_twice_is_the_identity(seed):
    for _, _, after in play(seed):
        assert mirror_state(mirror_state(after)) == after


def test_random_games_reach_every_order_kind_and_outcome():
    """The random player exercises everything the properties above quantify over."""
    kinds: set[str] = set()
    relay_reinforcements = decoy_moves = combats = 0
    winners = set()
    for seed in range(60):
        for _, orders, after in play(seed):
            for side_orders in orders.values():
                for o in side_orders:
                    ((kind, body),) = o.items()
                    kinds.add(kind)
                    relay_reinforcements += kind == "reinforce" and body["at"] in ("c", "r-s", "r-n")
                    decoy_moves += kind == "move" and body.get("decoys", 0) > 0
            combats += len(after.history[-1].combats)
        winners.add(after.winner)
    assert kinds == {"reinforce", "move", "entrench", "scout", "predict"}
    assert relay_reinforcements and decoy_moves and combats
    assert {"south", "north"} <= winners


@FAST
@given(seeds)
def test_marks_are_exactly_the_enemy_next_to_own_units_and_hq(seed):
    """'From each position where you have a unit, and from your HQ, you see an enemy presence ("?") on the
    neighbors' - and nothing else, except what scouting counted this turn."""
    for _, _, after in play(seed):
        for s in SIDES:
            o = other(s)
            eyes = {p for p, n in after.units[s].items() if n} | {HQ[s]}
            near = eyes | {n for p in eyes for n in after.layout.neighbours(p)}
            enemy = {p for p in POSITIONS if after.units[o].get(p) or after.decoys[o].get(p)}
            scouted = {p for p, n in after.history[-1].reports[s]["scout"].items() if n}
            assert set(view(after, s).marks) == (near & enemy) | scouted
            for p, count in after.history[-1].reports[s]["scout"].items():
                assert count == after.units[o].get(p, 0) + after.decoys[o].get(p, 0)


@FAST
@given(seeds)
def test_decoys_appear_only_by_reinforcement_and_vanish_only_unmasked_or_in_combat(seed):
    """"A decoy that ends on an enemy position is unmasked and destroyed" and "all the decoys present are
    destroyed" in a combat: nowhere else does a decoy vanish, and none appears but by a reinforcement."""
    for state, orders, after in play(seed):
        fought = set(after.history[-1].reports["south"]["combat"])
        for s in SIDES:
            expected = _carried(state.decoys[s], orders[s], "decoys")
            for p in POSITIONS:
                got = after.decoys[s].get(p, 0)
                if p in fought or state.flags[p] == other(s):
                    assert got == 0, (s, p)
                else:
                    assert got == expected.get(p, 0), (s, p)
