"""Orders and their limits: "an order set that breaks any rule is refused whole"."""

from __future__ import annotations

import pytest
from feinthold_boards import board
from rules.feinthold import (
    IllegalOrderError,
    Move,
    OrderSet,
    Reinforce,
    check_orders,
    parse_orders,
    resolve,
    view,
)


def refused(state, orders, side="south") -> IllegalOrderError:
    with pytest.raises(IllegalOrderError) as info:
        check_orders(view(state, side), orders)
    return info.value


START = board(points={"south": 10}, units={"south": {"hq-s": 4, "r-s": 2}, "north": {"hq-n": 4}},
              decoys={"south": {"r-s": 1}}, flags={"hq-s": "south", "hq-n": "north", "r-s": "south", "c": "north"})


def test_parse_wire_orders_to_typed_orders():
    orders = parse_orders([
        {"reinforce": {"at": "hq-s", "units": 2, "decoys": 1}},
        {"move": {"from": "hq-s", "to": "c", "units": 2}},
        {"entrench": {"at": "c"}}, {"scout": {"at": "r-n"}}, {"predict": {"at": "c"}},
    ])
    assert orders.orders[0] == Reinforce("hq-s", 2, 1)
    assert orders.orders[1] == Move("hq-s", "c", 2, 0)
    assert [o.kind for o in orders] == ["reinforce", "move", "entrench", "scout", "predict"]
    assert parse_orders(orders.to_json()) == orders


@pytest.mark.parametrize(
    "raw, rule",
    [
        ([{"attack": {"at": "c"}}], "unknown-kind"),
        ([{"scout": {"at": "c", "units": 1}}], "unknown-field"),
        ([{"move": {"from": "hq-s", "units": 1}}], "missing-field"),
        ([{"scout": {"at": "moon"}}], "unknown-position"),
        ([{"reinforce": {"at": "hq-s", "units": -1}}], "count"),
        ([{"reinforce": {"at": "hq-s", "units": 1.5}}], "count"),
        ([{"reinforce": {"at": "hq-s", "units": True}}], "count"),
        ([{"scout": {"at": "c"}, "predict": {"at": "c"}}], "format"),
        ([["scout", "c"]], "format"),
        ({"scout": {"at": "c"}}, "format"),
    ],
)
def test_malformed_orders_are_refused(raw, rule):
    with pytest.raises(IllegalOrderError) as info:
        parse_orders(raw)
    assert info.value.rule == rule


def test_empty_order_set_is_valid():
    assert check_orders(view(START, "south"), []) == OrderSet()


def test_error_names_order_index_kind_and_rule():
    error = refused(START, [{"scout": {"at": "c"}}, {"move": {"from": "hq-s", "to": "c", "units": 1}}])
    assert (error.index, error.kind, error.rule, error.side) == (1, "move", "neighbour", "south")
    assert "order 1 (move)" in str(error) and "neighbour" in str(error)
    assert isinstance(error, ValueError)


def test_points_limit_counts_income_and_every_cost():
    # 10 in reserve + 5 + 2 (r-s held) = 17 this turn.
    assert view(START, "south").points == 17
    spend_15 = [{"reinforce": {"at": "hq-s", "units": 4}}, {"reinforce": {"at": "r-s", "units": 2}},
                {"entrench": {"at": "r-s"}}, {"scout": {"at": "c"}},
                {"entrench": {"at": "hq-s"}}, {"predict": {"at": "c"}}]  # 8 + 4 + 1 + 2 + 0 + 0
    check_orders(view(START, "south"), spend_15)
    check_orders(view(START, "south"), spend_15 + [{"scout": {"at": "r-n"}}])  # 17: everything spent
    poorer = board(points={"south": 9}, units={"south": {"hq-s": 4, "r-s": 2}}, flags=dict(START.flags))
    check_orders(view(poorer, "south"), spend_15)
    error = refused(poorer, spend_15 + [{"scout": {"at": "r-n"}}])
    assert (error.rule, error.index, error.kind) == ("points", 6, "scout")


def test_points_overspend_is_refused_never_trimmed():
    poorer = board(points={"south": 9}, units={"south": {"hq-s": 4, "r-s": 2}, "north": {"hq-n": 4}},
                   flags=dict(START.flags))
    too_much = [{"reinforce": {"at": "hq-s", "units": 4}}, {"reinforce": {"at": "r-s", "units": 2}},
                {"scout": {"at": "c"}}, {"scout": {"at": "r-n"}}, {"entrench": {"at": "r-s"}}]  # 17 > 16
    assert (refused(poorer, too_much).rule, refused(poorer, too_much).index) == ("points", 4)
    with pytest.raises(IllegalOrderError) as info:
        resolve(poorer, {"south": too_much, "north": []})
    assert info.value.side == "south"
    assert resolve(poorer, {"south": too_much[:4], "north": []}).reserve["south"] == 0


def test_entrench_on_own_hq_is_free():
    poor = board(units={"south": {"hq-s": 1}, "north": {"hq-n": 1}})
    check_orders(view(poor, "south"), [{"reinforce": {"at": "hq-s", "units": 2, "decoys": 1}}, {"entrench": {"at": "hq-s"}}])
    assert refused(poor, [{"reinforce": {"at": "hq-s", "units": 2, "decoys": 1}}, {"scout": {"at": "c"}}]).rule == "points"


def test_hq_cap_is_shared_by_all_reinforce_orders():
    rich = board(points={"south": 40}, units={"south": {"hq-s": 1}})
    check_orders(view(rich, "south"), [{"reinforce": {"at": "hq-s", "units": 3, "decoys": 1}}])
    assert refused(rich, [{"reinforce": {"at": "hq-s", "units": 4, "decoys": 1}}]).rule == "hq-cap"
    # A second order at the HQ is refused twice over (named twice, and over the cap); naming comes first.
    assert refused(rich, [{"reinforce": {"at": "hq-s", "units": 2}}, {"reinforce": {"at": "hq-s", "units": 3}}]).rule == "duplicate"


def test_relay_cap_is_per_relay():
    rich = board(points={"south": 40}, units={"south": {"hq-s": 1}},
                 flags={"hq-s": "south", "hq-n": "north", "r-s": "south", "c": "south"})
    check_orders(view(rich, "south"), [{"reinforce": {"at": "r-s", "units": 2}}, {"reinforce": {"at": "c", "units": 1, "decoys": 1}}])
    assert refused(rich, [{"reinforce": {"at": "r-s", "units": 2, "decoys": 1}}]).rule == "relay-cap"


def test_relay_must_be_linked_to_hq_through_own_positions():
    # c is south's, but r-s and the posts between c and the HQ are not: c is cut off.
    cut = board(points={"south": 40}, flags={"hq-s": "south", "hq-n": "north", "c": "south", "r-s": "north"},
                units={"south": {"c": 1, "hq-s": 1}})
    assert refused(cut, [{"reinforce": {"at": "c", "units": 1}}]).rule == "relay-link"
    linked = board(points={"south": 40}, flags={"hq-s": "south", "hq-n": "north", "c": "south", "p-w": "south"},
                   units={"south": {"hq-s": 1}})
    check_orders(view(linked, "south"), [{"reinforce": {"at": "c", "units": 1}}])
    # A relay that is not ours is never linked, even next to the HQ.
    assert refused(board(points={"south": 40}), [{"reinforce": {"at": "r-s", "units": 1}}]).rule == "relay-link"


def test_never_on_a_post_nor_elsewhere():
    held = board(points={"south": 40}, flags={"hq-s": "south", "hq-n": "north", "p-w": "south"})
    assert refused(held, [{"reinforce": {"at": "p-w", "units": 1}}]).rule == "post"
    assert refused(held, [{"reinforce": {"at": "hq-n", "units": 1}}]).rule == "reinforce-where"


def test_moves_only_to_a_neighbour_and_only_what_stood_there():
    assert refused(START, [{"move": {"from": "hq-s", "to": "hq-n", "units": 1}}]).rule == "neighbour"
    assert refused(START, [{"move": {"from": "hq-s", "to": "p-w", "units": 5}}]).rule == "move-count"
    # Two moves from one position share what stood there.
    error = refused(START, [{"move": {"from": "hq-s", "to": "p-w", "units": 3}}, {"move": {"from": "hq-s", "to": "p-e", "units": 2}}])
    assert (error.rule, error.index) == ("move-count", 1)
    check_orders(view(START, "south"), [{"move": {"from": "hq-s", "to": "p-w", "units": 3}},
                                         {"move": {"from": "hq-s", "to": "p-e", "units": 1}},
                                         {"move": {"from": "r-s", "to": "c", "units": 2, "decoys": 1}}])
    assert refused(START, [{"move": {"from": "r-s", "to": "c", "decoys": 2}}]).rule == "move-count"


def test_placed_units_never_move():
    error = refused(START, [{"reinforce": {"at": "hq-s", "units": 2}}, {"move": {"from": "hq-s", "to": "p-w", "units": 6}}])
    assert error.rule == "move-count"
    empty = board(points={"south": 10})
    assert refused(empty, [{"reinforce": {"at": "hq-s", "decoys": 1}}, {"move": {"from": "hq-s", "to": "p-w", "decoys": 1}}]).rule == "move-count"


def test_entrench_needs_units_standing_or_placed():
    assert refused(START, [{"entrench": {"at": "p-w"}}]).rule == "entrench-units"
    decoys_only = board(points={"south": 10}, decoys={"south": {"p-w": 2}}, units={"south": {"hq-s": 1}},
                        flags={"hq-s": "south", "hq-n": "north", "p-w": "south"})
    assert refused(decoys_only, [{"entrench": {"at": "p-w"}}]).rule == "entrench-units"
    rich = board(points={"south": 10}, flags={"hq-s": "south", "hq-n": "north", "r-s": "south"})
    # Placed in the same set, in either order.
    check_orders(view(rich, "south"), [{"entrench": {"at": "r-s"}}, {"reinforce": {"at": "r-s", "units": 1}}])
    assert refused(rich, [{"entrench": {"at": "r-s"}}, {"reinforce": {"at": "r-s", "decoys": 1}}]).rule == "entrench-units"


def test_scout_limits():
    assert refused(START, [{"scout": {"at": "r-s"}}]).rule == "scout-own"
    assert refused(START, [{"scout": {"at": "hq-s"}}]).rule == "scout-own"
    assert refused(START, [{"scout": {"at": "c"}}, {"scout": {"at": "hq-n"}}, {"scout": {"at": "p-w"}}]).rule == "scout-count"
    assert refused(START, [{"scout": {"at": "c"}}, {"scout": {"at": "c"}}]).rule == "duplicate"


def test_predict_at_most_one_and_free():
    broke = board(units={"south": {"hq-s": 1}})
    check_orders(view(broke, "south"), [{"reinforce": {"at": "hq-s", "units": 2, "decoys": 1}}, {"predict": {"at": "hq-s"}}])
    assert refused(broke, [{"predict": {"at": "c"}}, {"predict": {"at": "p-w"}}]).rule == "predict-count"


def test_zero_orders_are_refused():
    assert refused(START, [{"move": {"from": "hq-s", "to": "p-w"}}]).rule == "zero"
    assert refused(START, [{"reinforce": {"at": "hq-s", "units": 0, "decoys": 0}}]).rule == "zero"


def test_duplicate_moves_between_the_same_positions_are_refused():
    error = refused(START, [{"move": {"from": "hq-s", "to": "p-w", "units": 1}}, {"move": {"from": "hq-s", "to": "p-w", "units": 1}}])
    assert error.rule == "duplicate"


def test_no_orders_once_the_game_is_over():
    from rules.feinthold.cases import state_from_case

    state = state_from_case({"paths": board().layout.to_json()["paths"], "turn": 8,
                             "before": {"flags": {"hq-s": "south", "hq-n": "north"}, "units": {"south": {"hq-s": 1}}}})
    over = resolve(state, {})
    assert over.over
    assert refused(over, []).rule == "game-over"
