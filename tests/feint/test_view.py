"""What a seat sees: "Never a face-down strength of another seat." """

from __future__ import annotations

import json

from rules.feint import Charge, Stand, apply, view

from .helpers import FAR_2, position, tok


def battle_state():
    tokens = [tok("a4", 1, (1, 0), 4), tok("a1", 1, (0, 3), 1), tok("b3", 2, (0, 0), 3), FAR_2]
    return apply(apply(position(tokens), Charge(1, ("a4",), "b3")), Stand(2))


def test_own_strengths_and_revealed_ones_only():
    state = battle_state()
    seen = view(state, 2)
    assert seen.tokens["a4"].strength == 4 and seen.tokens["b3"].strength == 3
    assert seen.tokens["a1"].strength is None and seen.tokens["a1"].cell == (0, 3) and seen.tokens["a1"].seat == 1
    assert seen.tokens["b_far"].strength == 2
    assert view(state, 1).tokens["b_far"].strength is None


def test_pool_is_the_remainder_after_revealed_strengths():
    """ "The demo prints that remainder next to each seat (?01223)." """
    seen = view(battle_state(), 1)
    assert seen.pool(1) == (0, 1, 2, 2, 3)
    assert seen.pool(2) == (0, 1, 2, 2, 4)


def test_lost_tokens_stay_in_the_view_face_up():
    seen = view(battle_state(), 1)
    assert seen.tokens["b3"].cell is None and seen.tokens["b3"].revealed and seen.tokens["b3"].strength == 3


def test_banks_and_turn_are_public():
    seen = view(battle_state(), 2)
    assert seen.banks == (1, 1) and seen.to_move == 2 and seen.my_turn
    assert not view(battle_state(), 1).my_turn


def test_watch_mode_shows_everything_face_up():
    seen = view(battle_state(), 1, face_up=True)
    assert seen.tokens["b_far"].strength == 2


def test_defender_is_asked_before_anything_is_revealed():
    tokens = [tok("a4", 1, (1, 0), 4), tok("b3", 2, (0, 0), 3), FAR_2]
    state = apply(position(tokens), Charge(1, ("a4",), "b3"))
    seen = view(state, 2)
    assert seen.asked_to_defend and seen.tokens["a4"].strength is None
    assert not view(state, 1).asked_to_defend


def test_view_to_json_hides_what_the_view_hides():
    text = json.dumps(view(battle_state(), 2).to_json())
    data = json.loads(text)
    a1 = next(t for t in data["tokens"] if t["id"] == "a1")
    assert a1["strength"] is None and a1["cell"] == [0, 3]
    assert data["pools"]["2"] == [0, 1, 2, 2, 4]
    assert data["last_report"]["attack"] == 4
