"""The fog: "You see the whole map and the flags, your units and your decoys ... A decoy sees nothing.
Scouting gives the count, a combat reveals the enemy strength; each position keeps its last observation
and its turn, in grey."
"""

from __future__ import annotations

import json

import pytest
from feinthold_boards import board
from rules.feinthold import RecordClosedError, new_game, record, resolve, view

HOLD: dict = {"south": [], "north": []}


def test_start_view_shows_own_pieces_points_and_the_map():
    v = view(new_game(5, "crown-1"), "south")
    data = v.to_json()
    assert data["units"] == {"hq-s": 4} and data["decoys"] == {}
    assert (data["reserve"], data["income"], data["points"]) == (0, 5, 5)
    assert data["flags"]["hq-n"] == "north" and data["flags"]["c"] is None
    assert data["layout"]["id"] == "crown-1" and len(data["layout"]["paths"]) == 10
    assert data["marks"] == {}
    assert set(data["observations"]) == {"hq-s", "p-w", "p-e", "r-s"}
    assert all(o["turn"] == 0 and o["presence"] is False for o in data["observations"].values())
    json.dumps(data)


def test_presence_mark_on_a_neighbour_of_the_hq_without_number():
    state = board(units={"south": {"hq-s": 4}, "north": {"hq-n": 4}})
    after = resolve(state, {"south": [], "north": [{"move": {"from": "hq-n", "to": "p-w", "units": 3}}]})
    v = view(after, "south")
    assert v.marks == {"p-w": "?"}
    assert v.observations["p-w"].count is None and v.observations["p-w"].strength is None
    assert v.observations["p-w"].turn == 1
    assert "units" not in v.to_json()["observations"]["p-w"]


def test_a_decoy_sees_nothing_a_unit_does():
    before = dict(flags={"hq-s": "south", "hq-n": "north", "c": "south"}, units={"north": {"hq-n": 4}})
    moves = {"south": [], "north": [{"move": {"from": "hq-n", "to": "r-n", "units": 2}}]}
    with_decoy = resolve(board(**before, decoys={"south": {"c": 1}}), moves)
    assert "r-n" not in view(with_decoy, "south").marks
    with_unit = resolve(board(**{**before, "units": {**before["units"], "south": {"c": 1}}}), moves)
    assert view(with_unit, "south").marks == {"r-n": "?"}


def test_a_lone_enemy_decoy_shows_as_a_presence():
    state = board(units={"south": {"hq-s": 1}}, decoys={"north": {"p-e": 1}})
    v = view(resolve(state, HOLD), "south")
    assert v.marks == {"p-e": "?"}


def test_scouting_gives_the_count_of_units_and_decoys_after_the_turn():
    state = board(points={"south": 2}, units={"south": {"hq-s": 1}, "north": {"hq-n": 3, "r-n": 1}},
                  decoys={"north": {"r-n": 2}})
    after = resolve(state, {"south": [{"scout": {"at": "r-n"}}],
                            "north": [{"move": {"from": "hq-n", "to": "r-n", "units": 2}}]})
    v = view(after, "south")
    assert v.history[-1]["reports"]["scout"] == {"r-n": 5}
    assert v.observations["r-n"].count == 5 and v.marks == {"r-n": "?"}


def test_combat_reveals_the_enemy_strength_to_both_sides():
    state = board(units={"south": {"r-s": 3}, "north": {"c": 2}},
                  flags={"hq-s": "south", "hq-n": "north", "r-s": "south", "c": "north"})
    after = resolve(state, {"south": [{"move": {"from": "r-s", "to": "c", "units": 3}}],
                            "north": [{"entrench": {"at": "c"}}]})
    assert view(after, "south").observations["c"].strength == 3
    assert view(after, "north").observations["c"].strength == 3
    assert view(after, "south").history[-1]["reports"]["combat"] == {"c": 3}


def test_last_observation_is_kept_with_its_turn():
    state = board(units={"south": {"hq-s": 2}, "north": {"hq-n": 4}})
    t1 = resolve(state, {"south": [], "north": [{"move": {"from": "hq-n", "to": "p-w", "units": 2}}]})
    # South scouts then leaves nothing near c: c's count stays at turn 2 while later turns pass.
    t2 = resolve(t1, {"south": [{"scout": {"at": "c"}}], "north": [{"move": {"from": "p-w", "to": "c", "units": 2}}]})
    t3 = resolve(t2, HOLD)
    v = view(t3, "south")
    assert (v.observations["c"].turn, v.observations["c"].count) == (2, 2)
    assert "c" not in v.marks, "an old observation is grey, not a current mark"
    assert v.observations["p-w"].turn == 3 and v.observations["p-w"].presence is False


def test_view_carries_nothing_of_the_other_side():
    state = board(points={"south": 3, "north": 37}, units={"south": {"hq-s": 2}, "north": {"hq-n": 9, "c": 1}},
                  decoys={"north": {"r-n": 4}}, income={"north": 99})
    after = resolve(state, {"south": [], "north": [{"reinforce": {"at": "hq-n", "decoys": 3}}, {"entrench": {"at": "c"}},
                                                    {"predict": {"at": "p-w"}}, {"scout": {"at": "r-s"}}]})
    shown = view(after, "south").to_json()
    # The legal orders name every kind of order (south's own, read from south's view alone: held by
    # test_feinthold_legal_orders); everything else is searched for north's orders and counts.
    legal = shown.pop("legal")
    assert "37" not in json.dumps(legal) and "\"hq-n\": 9" not in json.dumps(legal)
    text = json.dumps(shown)
    for secret in ("37", "99", "\"predict\":", "\"entrench\":", "r-n\": 4", "\"hq-n\": 9"):
        assert secret not in text
    assert view(after, "south").history[-1]["orders"] == []


def test_record_opens_only_when_the_game_is_over():
    state = board(turn=8, units={"south": {"hq-s": 2}, "north": {"hq-n": 1}}, decoys={"north": {"hq-n": 1}})
    with pytest.raises(RecordClosedError):
        record(state)
    over = resolve(state, {"south": [], "north": [{"entrench": {"at": "hq-n"}}]})
    assert over.over and view(over, "south").winner == over.winner
    full = record(over)
    assert full["turns"][-1]["orders"]["north"] == [{"entrench": {"at": "hq-n"}}]
    assert full["final"]["decoys"]["north"] == {"hq-n": 1}
    assert "hq-n" not in view(over, "south").decoys
