"""The interpreter: "On each turn, the rules are read in order on what their side sees, and every rule whose
conditions are true acts." An action the points left cannot pay for, or that breaks a limit, is skipped and
the trace says so."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from feinthold_boards import board
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.feinthold import Observation, check_orders, new_game, resolve, view
from rules.feinthold.doctrine import ACTIONS, Target, parse_doctrine, play
from rules.feinthold.mirror import mirror_orders, mirror_state
from rules.feinthold.random_player import random_orders


def doctrine(*rules: dict):
    return parse_doctrine({"name": "Test", "rules": list(rules)})


def south_view(turn: int = 1, points: int = 0, **before):
    """South's view of a crown-1 board (`points`: the reserve before this turn's income of 5 + 2 a relay)."""
    return view(board(turn, points={"south": points, "north": 0}, **before), "south")


def kinds(orders: list[dict]) -> list[str]:
    return [next(iter(o)) for o in orders]


def test_a_rule_whose_conditions_hold_adds_its_action():
    orders, trace = play(doctrine({"if": [{"turn": {"at_most": 2}}], "then": {"reinforce_units": {"count": 2}}}),
                         south_view())
    assert orders == [{"reinforce": {"at": "hq-s", "units": 2, "decoys": 0}}]
    (rule,) = trace.rules
    assert rule.outcome == "fired" and rule.conditions[0]["seen"] == {"turn": 1}
    assert check_orders(south_view(), orders)


def test_a_false_condition_skips_the_rule_and_the_trace_shows_what_it_saw():
    orders, trace = play(
        doctrine({"if": [{"turn": {"at_least": 1}}, {"points": {"at_least": 6}}, {"turn": {"at_least": 3}}],
                  "then": {"reinforce_units": {"count": 1}}}),
        south_view(),
    )
    assert orders == []
    (rule,) = trace.rules
    assert rule.outcome == "skipped"
    assert [c["condition"] for c in rule.conditions] == ["turn", "points"]  # reading stops at the false one
    assert rule.conditions[-1] == {"condition": "points", "holds": False, "seen": {"points": 5}}


def test_every_rule_that_holds_acts_in_order_and_later_rules_see_the_points_spent():
    orders, trace = play(
        doctrine(
            {"then": {"reinforce_units": {"count": 2}}},
            {"if": [{"points": {"at_least": 3}}], "then": {"scout": {"at": "enemy-hq"}}},
            {"if": [{"points": {"at_most": 1}}], "then": {"reinforce_decoys": {"count": 1}}},
        ),
        south_view(points=2),  # 2 + 5 = 7 points
    )
    assert [r.outcome for r in trace.rules] == ["fired", "fired", "fired"]
    assert trace.rules[2].conditions[0]["seen"] == {"points": 1}
    # Two reinforcements at the HQ merge: "an order set names a position at most once per order kind".
    assert orders == [{"reinforce": {"at": "hq-s", "units": 2, "decoys": 1}}, {"scout": {"at": "hq-n"}}]


def test_an_action_the_points_cannot_pay_is_refused_and_named():
    orders, trace = play(
        doctrine({"then": {"reinforce_units": {"count": 2}}}, {"then": {"reinforce_units": {"count": 1}}},
                 {"then": {"reinforce_decoys": {"count": 1}}}),
        south_view(),  # 5 points
    )
    assert [r.outcome for r in trace.rules] == ["fired", "refused", "fired"]
    assert trace.rules[1].broken == "points" and trace.rules[1].reason
    assert orders == [{"reinforce": {"at": "hq-s", "units": 2, "decoys": 1}}]


def test_an_action_that_breaks_a_limit_is_refused_and_the_rest_goes_on():
    orders, trace = play(
        doctrine(
            {"then": {"reinforce_units": {"count": 3}}},
            {"then": {"reinforce_units": {"count": 2}}},  # 5 on the HQ: "4 units and decoys at most per turn"
            {"then": {"reinforce_units": {"at": "my-relay", "count": 1}}},  # r-s is not south's
            {"then": {"scout": {"at": "my-hq"}}},  # "never one of yours"
            {"then": {"predict": {"at": "centre"}}},
            {"then": {"predict": {"at": "enemy-relay"}}},  # one prediction a turn
        ),
        south_view(points=20),
    )
    assert [(r.outcome, r.broken) for r in trace.rules] == [
        ("fired", None), ("refused", "hq-cap"), ("refused", "relay-link"), ("refused", "scout-own"),
        ("fired", None), ("refused", "predict-count"),
    ]
    assert orders == [{"reinforce": {"at": "hq-s", "units": 3, "decoys": 0}}, {"predict": {"at": "c"}}]


def test_an_action_with_nothing_to_do_is_idle():
    orders, trace = play(
        doctrine(
            {"then": {"entrench": {"at": "my-hq"}}},
            {"then": {"advance": {"from": "centre", "toward": "enemy-hq"}}},
            {"then": {"send_decoys": {"from": "my-hq"}}},
            {"then": {"converge": {"at": "weakest-enemy"}}},
        ),
        south_view(),
    )
    assert orders == []
    assert [r.outcome for r in trace.rules] == ["idle"] * 4
    assert trace.rules[0].reason == "the HQ is always entrenched"
    assert trace.rules[1].reason == "no units to spare at c"
    assert "weakest-enemy" in trace.rules[3].reason


def test_moves_share_what_stood_there_at_the_start_of_the_turn():
    orders, trace = play(
        doctrine(
            {"then": {"advance": {"from": "my-hq", "toward": "centre", "keep": 1, "share": 50}}},
            {"if": [{"units_at": {"at": "my-hq", "at_least": 3}}], "then": {"advance": {"toward": "left-post"}}},
            {"then": {"advance": {"from": "my-hq", "toward": "right-post", "keep": 1}}},
        ),
        south_view(units={"south": {"hq-s": 6}}),
    )
    # 50% of the 5 beyond the 1 kept, rounded up: 3 to a neighbour of hq-s on a shortest path to c (all three
    # are; the relay comes first).
    assert orders[0]["move"] == {"from": "hq-s", "to": "r-s", "units": 3, "decoys": 0}
    assert trace.rules[1].outcome == "fired" and trace.rules[1].conditions[0]["seen"]["units"] == 3
    assert trace.rules[2].outcome == "idle"
    assert sum(o["move"]["units"] for o in orders) == 6


def test_two_moves_along_one_path_merge_into_one_order():
    orders, trace = play(
        doctrine(
            {"then": {"advance": {"from": "my-hq", "toward": "my-relay", "share": 50}}},
            {"then": {"converge": {"at": "my-relay", "keep": 1}}},
            {"then": {"send_decoys": {"from": "my-hq", "toward": "my-relay", "count": 1}}},
        ),
        south_view(units={"south": {"hq-s": 6}}, decoys={"south": {"hq-s": 1}}),
    )
    assert [r.outcome for r in trace.rules] == ["fired"] * 3
    assert orders == [{"move": {"from": "hq-s", "to": "r-s", "units": 5, "decoys": 1}}]


def test_each_action_gives_its_order_kind():
    """Every order kind of the rules is reachable from the action list."""
    v = south_view(
        points=20,
        flags={"hq-s": "south", "hq-n": "north", "r-s": "south", "c": "north"},
        units={"south": {"hq-s": 3, "r-s": 3}, "north": {"c": 1}},
        decoys={"south": {"hq-s": 2}},
    )
    expected = {
        "reinforce_units": ({"at": "my-relay", "count": 2}, {"reinforce": {"at": "r-s", "units": 2, "decoys": 0}}),
        "reinforce_decoys": ({"count": 3}, {"reinforce": {"at": "hq-s", "units": 0, "decoys": 3}}),
        "reinforce_all": ({"keep_points": 21}, {"reinforce": {"at": "hq-s", "units": 3, "decoys": 0}}),
        "advance": ({"from": "my-relay", "toward": "enemy-relay", "keep": 1},
                    {"move": {"from": "r-s", "to": "c", "units": 2, "decoys": 0}}),
        "converge": ({"at": "centre", "keep": 1}, {"move": {"from": "r-s", "to": "c", "units": 2, "decoys": 0}}),
        "send_decoys": ({"toward": "my-relay", "count": 5},
                        {"move": {"from": "hq-s", "to": "r-s", "units": 0, "decoys": 2}}),
        "entrench": ({"at": "my-relay"}, {"entrench": {"at": "r-s"}}),
        "scout": ({"at": "enemy-hq"}, {"scout": {"at": "hq-n"}}),
        "predict": ({"at": "left-post"}, {"predict": {"at": "p-w"}}),
    }
    assert set(expected) == {a.KIND for a in ACTIONS}
    for kind, (params, order) in expected.items():
        orders, trace = play(doctrine({"then": {kind: params}}), v)
        assert orders == [order], (kind, trace.to_json())


def test_targets_resolve_on_the_view():
    v = south_view(
        flags={"hq-s": "south", "hq-n": "north", "r-s": "south", "p-w": "south", "c": "north", "p-e": "north"},
        units={"south": {"hq-s": 2, "r-s": 5, "p-w": 1}, "north": {"c": 3, "p-e": 1}},
    )
    # South's units see c (from r-s and p-w) and p-e (from hq-s): two presence marks.
    v = replace(v, observations={**v.observations, "c": Observation(0, True, 3, None)})
    where = {t: play(doctrine({"then": {"predict": {"at": t.value}}}), v)[0] for t in Target}
    at = {t: (o[0]["predict"]["at"] if o else None) for t, o in where.items()}
    assert at[Target.MY_HQ] == "hq-s" and at[Target.ENEMY_RELAY] == "r-n"
    assert at[Target.LEFT_POST] == "p-w" and at[Target.RIGHT_POST] == "p-e"
    assert at[Target.MY_LARGEST] == "r-s"
    assert at[Target.WEAKEST_ENEMY] == "p-e"  # unknown strength counts 2, below the 3 scouted at c
    assert at[Target.STRONGEST_ENEMY] == "c"
    assert at[Target.OPEN_RELAY] == "c"
    assert at[Target.THREATENED] == "hq-s"  # next to p-e; the HQ comes first among equals
    assert at[Target.FRONTIER] == "p-w"  # next to c and one path from hq-n on crown-1: nearest the enemy HQ
    # hq-n was watched (from p-w) and seen empty: open ground, before the marked c and p-e.
    assert at[Target.OPEN_GROUND] == "hq-n"
    # No number was ever seen at hq-n, p-e or r-n; among them the enemy's p-e is nearest south's HQ.
    assert at[Target.STALE] == "p-e"
    # Every position borders one of the two where the enemy is known (c, p-e): the nearest one's HQ wins.
    assert at[Target.LIKELY_ENTRY] == "hq-s"


def test_the_trace_is_json():
    _, trace = play(
        doctrine({"if": [{"points": {"at_least": 9}}], "then": {"scout": {}}},
                 {"then": {"reinforce_units": {"count": 4}}}, {"then": {"advance": {}}}),
        south_view(units={"south": {"hq-s": 4}}),
    )
    data = json.loads(json.dumps(trace.to_json()))
    assert data["side"] == "south" and data["turn"] == 1
    assert [r["outcome"] for r in data["rules"]] == ["skipped", "refused", "fired"]
    assert data["rules"][1]["broken"] == "points"


def _random_game(seed: int, turns: int):
    rng = random.Random(seed)
    state = new_game(seed)
    for _ in range(turns):
        if state.over:
            break
        state = resolve(state, {s: random_orders(view(state, s), rng) for s in ("south", "north")})
    return state


_TARGETS = [t.value for t in Target]
_ACTION_SAMPLES = st.one_of(
    st.builds(lambda t, n: {"reinforce_units": {"at": t, "count": n}}, st.sampled_from(_TARGETS), st.integers(1, 4)),
    st.builds(lambda t, n: {"reinforce_decoys": {"at": t, "count": n}}, st.sampled_from(_TARGETS), st.integers(1, 4)),
    st.builds(lambda t, k: {"reinforce_all": {"at": t, "keep_points": k}}, st.sampled_from(_TARGETS), st.integers(0, 6)),
    st.builds(lambda a, b, k, s: {"advance": {"from": a, "toward": b, "keep": k, "share": s}},
              st.sampled_from(_TARGETS), st.sampled_from(_TARGETS), st.integers(0, 3), st.integers(10, 100)),
    st.builds(lambda t, k: {"converge": {"at": t, "keep": k}}, st.sampled_from(_TARGETS), st.integers(0, 3)),
    st.builds(lambda a, b: {"send_decoys": {"from": a, "toward": b, "count": 2}},
              st.sampled_from(_TARGETS), st.sampled_from(_TARGETS)),
    st.builds(lambda t: {"entrench": {"at": t}}, st.sampled_from(_TARGETS)),
    st.builds(lambda t: {"scout": {"at": t}}, st.sampled_from(_TARGETS)),
    st.builds(lambda t: {"predict": {"at": t}}, st.sampled_from(_TARGETS)),
)
_DOCTRINES = st.lists(st.fixed_dictionaries({"then": _ACTION_SAMPLES}), min_size=1, max_size=8).map(
    lambda rules: parse_doctrine({"name": "Random", "rules": rules})
)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 7), side=st.sampled_from(["south", "north"]),
       d=_DOCTRINES)
def test_a_doctrines_orders_are_always_a_legal_order_set(seed, turns, side, d):
    state = _random_game(seed, turns)
    v = view(state, side)
    orders, trace = play(d, v)
    if state.over:
        assert orders == []
        return
    check_orders(v, orders)
    fired = Counter(k for r in trace.rules if r.outcome == "fired" for o in r.orders for k in o)
    assert set(kinds(orders)) == set(fired)
    assert len(trace.rules) == len(d.rules)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 7), d=_DOCTRINES)
def test_a_doctrine_plays_the_same_on_both_sides_of_the_board(seed, turns, d):
    """The board is symmetrical by a half turn: south's orders on a position are north's on its mirror."""
    state = _random_game(seed, turns)
    south, _ = play(d, view(state, "south"))
    north, _ = play(d, view(mirror_state(state), "north"))
    assert sorted(map(json.dumps, mirror_orders(south))) == sorted(map(json.dumps, north))
