"""The running tally of an order set: checking a set a few orders at a time must answer exactly as
`check_orders` does on the whole set ("An order set that breaks any rule is refused whole"), since the
house AIs' interpreter checks each rule's addition that way."""

from __future__ import annotations

import random

import pytest
from feinthold_boards import board
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.feinthold import (
    POSITIONS,
    SIDES,
    Entrench,
    IllegalOrderError,
    Move,
    OrderSet,
    Predict,
    Reinforce,
    Scout,
    check_orders,
    new_game,
    resolve,
    view,
)
from rules.feinthold.doctrine import HOUSE_NAMES, house_ai, parse_doctrine, play, with_noise
from rules.feinthold.doctrine.plan import Plan
from rules.feinthold.legality import OrderTally, check_side
from rules.feinthold.random_player import random_orders

WHERE = st.sampled_from((*POSITIONS, "nowhere"))
COUNT = st.integers(min_value=-1, max_value=4)
ORDER = st.one_of(
    st.builds(Reinforce, WHERE, COUNT, COUNT),
    st.builds(Move, WHERE, WHERE, COUNT, COUNT),
    st.builds(Entrench, WHERE),
    st.builds(Scout, WHERE),
    st.builds(Predict, WHERE),
)


def _views(seed: int, turns: int):
    """Both sides' views after `turns` turns of a random game (fewer if it ends sooner)."""
    rng = random.Random(seed)
    state = new_game(seed)
    for _ in range(turns):
        if state.over:
            break
        state = resolve(state, {s: random_orders(view(state, s), rng) for s in SIDES})
    return [view(state, s) for s in SIDES]


def _verdict(check, *args):
    """What `check(*args)` answers: accepted, or refused with the refusal's every word."""
    try:
        check(*args)
    except IllegalOrderError as error:
        return "refused", (error.rule, error.message, error.index, error.kind, error.side, str(error))
    return "legal", None


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 7), st.lists(st.lists(ORDER, max_size=4), max_size=8))
def test_extending_a_tally_answers_as_the_full_check_on_random_sets(seed, turns, chunks):
    for seen in _views(seed, turns):
        if seen.over:
            continue
        tally = OrderTally(seen.side, seen.layout, seen.flags, seen.units, seen.decoys, seen.points)
        kept: list = []
        for chunk in chunks:
            extended = _verdict(tally.add, chunk)
            full = _verdict(check_orders, seen, OrderSet(tuple(kept + chunk)))
            assert extended == full
            if full[0] == "refused":
                # Refused whole, as the interpreter skips a refused action: count the orders that stand again.
                tally = tally.restarted()
                tally.add(kept)
                continue
            kept += chunk
            whole = OrderTally(seen.side, seen.layout, seen.flags, seen.units, seen.decoys, seen.points)
            whole.add(kept)
            for total in ("spent", "placed", "placed_units", "moved_units", "moved_decoys", "named", "checked"):
                assert getattr(tally, total) == getattr(whole, total), total


def test_a_refusal_names_the_first_order_over_the_points_across_chunks():
    """The chunked answer names the same order as the full check: the scouting the 5 points cannot pay."""
    seen = view(new_game(3), "south")
    tally = OrderTally(seen.side, seen.layout, seen.flags, seen.units, seen.decoys, 5)
    tally.add([Reinforce("hq-s", 2)])
    with pytest.raises(IllegalOrderError) as chunked:
        tally.add([Predict("c"), Scout("c")])
    with pytest.raises(IllegalOrderError) as whole:
        check_side("south", seen.layout, seen.flags, seen.units, seen.decoys, 5,
                   OrderSet((Reinforce("hq-s", 2), Predict("c"), Scout("c"))))
    assert (chunked.value.rule, chunked.value.index, chunked.value.message) == (
        whole.value.rule, whole.value.index, whole.value.message) == (
        "points", 2, "the orders cost 6 points so far, more than the 5 you have")


def test_units_placed_by_an_earlier_chunk_allow_an_entrenchment_in_a_later_one():
    """"your units that stay there, and those you place there this turn": placed in one chunk, entrenched in
    the next, the relay held by no unit at the start of the turn."""
    seen = view(board(flags={"hq-s": "south", "hq-n": "north", "r-s": "south"}, points={"south": 9, "north": 0},
                      units={"south": {"hq-s": 4}, "north": {"hq-n": 4}}), "south")
    tally = OrderTally(seen.side, seen.layout, seen.flags, seen.units, seen.decoys, seen.points)
    tally.add([Reinforce("r-s", 1)])
    tally.add([Entrench("r-s")])
    assert tally.spent == 3
    check_orders(seen, [{"reinforce": {"at": "r-s", "units": 1}}, {"entrench": {"at": "r-s"}}])  # the whole set too
    with pytest.raises(IllegalOrderError, match="entrench-units"):
        OrderTally(seen.side, seen.layout, seen.flags, seen.units, seen.decoys, seen.points).add([Entrench("r-s")])


# A doctrine that overreaches on purpose: placements over the HQ's limit (merged into an earlier order),
# on a relay that may not be linked, a third scouting, a second prediction.
GREEDY = {"name": "Greedy", "rules": [
    {"if": [], "then": {"reinforce_decoys": {"at": "my-hq", "count": 2}}},
    {"if": [], "then": {"reinforce_units": {"at": "my-hq", "count": 3}}},
    {"if": [], "then": {"reinforce_units": {"at": "my-relay", "count": 2}}},
    {"if": [], "then": {"scout": {"at": "stale"}}},
    {"if": [], "then": {"scout": {"at": "enemy-hq"}}},
    {"if": [], "then": {"scout": {"at": "centre"}}},
    {"if": [], "then": {"predict": {"at": "likely-entry"}}},
    {"if": [], "then": {"predict": {"at": "centre"}}},
]}


def test_the_interpreter_traces_match_a_full_check_of_every_candidate(monkeypatch):
    """House AIs over random games: the incremental checks give the very traces that checking every
    candidate set whole with `check_side` gives."""
    rng = random.Random(11)
    states = []
    for seed in range(12):
        state = new_game(seed)
        while not state.over:
            states.append(state)
            state = resolve(state, {s: random_orders(view(state, s), rng) for s in SIDES})
    doctrines = [house_ai(name, seed, "strong") for name in HOUSE_NAMES for seed in range(3)]
    doctrines += [with_noise(parse_doctrine(GREEDY), seed, "strong") for seed in range(3)]
    fast = [play(d, view(s, side))[1].to_json() for s in states for side in SIDES for d in doctrines]

    def full_check(plan: Plan, candidate) -> OrderTally:
        t = plan.tally
        check_side(t.side, t.layout, t.flags, t.units, t.decoys, t.points, OrderSet(candidate.orders))
        whole = OrderTally(t.side, t.layout, t.flags, t.units, t.decoys, t.points)
        whole.add(candidate.orders)
        return whole

    monkeypatch.setattr(Plan, "check", full_check)
    slow = [play(d, view(s, side))[1].to_json() for s in states for side in SIDES for d in doctrines]
    assert fast == slow
    broken = {r["broken"] for t in fast for r in t["rules"] if r["outcome"] == "refused"}
    assert {"hq-cap", "relay-link", "scout-count", "predict-count", "points"} <= broken
