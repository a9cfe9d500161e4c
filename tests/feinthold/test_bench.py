"""The test bench: "The test bench plays a doctrine against the three house AIs, on both sides, on a map of each
shape, and shows what each rule did." And the house AIs' strength, in a CI-sized run."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from rules.feinthold import LAYOUTS, SHAPES
from rules.feinthold.doctrine import HOUSE_NAMES, DoctrineError, bench, house_rules, play_match
from rules.feinthold.doctrine.strength import trial
from rules.feinthold.doctrine.style import Style, style

CAREFUL = {
    "name": "Careful",
    "rules": [
        {"if": [{"enemy_next_to": {"at": "my-hq", "at_least": 1}}], "then": {"entrench": {"at": "threatened"}}},
        {"if": [{"outnumber": {"at": "open-relay", "ratio": 2.0}}], "then": {"converge": {"at": "open-relay"}}},
        {"if": [{"points": {"at_least": 100 // 2}}], "then": {"scout": {"at": "stale"}}},
        {"then": {"reinforce_all": {"at": "my-hq"}}},
    ],
}


@pytest.fixture(scope="module")
def result() -> dict:
    return bench(CAREFUL, seed=3)


def test_every_house_ai_on_both_sides_on_a_map_of_each_shape(result):
    assert result["doctrine"] == "Careful" and result["seed"] == 3
    games = result["games"]
    assert result["played"] == len(games) == len(HOUSE_NAMES) * 2 * len(SHAPES)
    assert Counter((g["opponent"], g["side"]) for g in games) == {
        (name, side): len(SHAPES) for name in HOUSE_NAMES for side in ("south", "north")
    }
    assert sorted({g["shape"] for g in games}) == sorted(SHAPES)
    shapes = {layout.id: layout.shape for layout in LAYOUTS}
    assert all(shapes[g["layout"]] == g["shape"] for g in games)


def test_every_result_is_given_with_what_each_rule_did(result):
    score = Counter(g["result"] for g in result["games"])
    assert score == {k: v for k, v in result["score"].items() if v}
    for game in result["games"]:
        assert game["winner"] in ("south", "north", "draw")
        assert game["result"] == ("drawn" if game["winner"] == "draw" else
                                  "won" if game["winner"] == game["side"] else "lost")
        assert 1 <= game["turns"] <= 8 and len(game["trace"]) == game["turns"]
        assert set(game["positions"]) == set(game["income"]) == {"south", "north"}
        for turn in game["trace"]:
            assert turn["side"] == game["side"]
            assert [r["rule"] for r in turn["rules"]] == [1, 2, 3, 4]
    # The per-rule tally counts every rule on every turn the doctrine played.
    turns = sum(g["turns"] for g in result["games"])
    for tally in result["rules"]:
        assert sum(tally[k] for k in ("fired", "skipped", "idle", "refused")) == turns
    assert result["rules"][2]["skipped"] == turns  # 50 points never come: the scouting rule never fires
    assert result["rules"][3]["fired"] > 0


def test_the_result_is_json_and_the_same_seed_replays_it(result):
    assert json.loads(json.dumps(result)) == result
    assert bench(CAREFUL, seed=3) == result


def test_a_house_ai_can_be_benched_and_a_broken_doctrine_is_refused():
    assert bench(house_rules()["ram"], seed=1)["played"] == 36
    with pytest.raises(DoctrineError):
        bench({"name": "Broken", "rules": []})


# CI-sized strength run: 40 seeded games per AI and side against random legal orders (the full run of 1,000
# is bench/feinthold_strength.py).
GAMES = 40


@pytest.fixture(scope="module")
def trials() -> dict:
    return {(name, side): trial(name, side, GAMES) for name in HOUSE_NAMES for side in ("south", "north")}


@pytest.mark.parametrize("name", HOUSE_NAMES)
@pytest.mark.parametrize("side", ["south", "north"])
def test_each_house_ai_clearly_beats_random_orders(trials, name, side):
    t = trials[(name, side)]
    assert t.games == GAMES and t.wins + t.draws + t.losses == GAMES
    assert t.wins >= 0.75 * GAMES and t.wins >= 4 * t.losses, t


def test_the_three_house_ais_differ_in_style(trials):
    def mean(name: str, figure: str) -> float:
        return sum(getattr(trials[(name, s)], figure) for s in ("south", "north")) / 2

    # Pivot "scouts and bluffs with decoys"; the others do neither.
    assert mean("pivot", "scouts") >= 2 and mean("pivot", "decoys") >= 2
    assert mean("ram", "scouts") == mean("sentinel", "scouts") == 0
    # Sentinel is careful: it entrenches what is threatened; Ram never does.
    assert mean("sentinel", "entrenchments") >= 1 > mean("ram", "entrenchments")
    # Ram is aggressive: it ends its games soonest.
    assert mean("ram", "turns") < min(mean("pivot", "turns"), mean("sentinel", "turns")) - 1


def test_style_counts_scouts_decoys_attacks_and_entrenchments():
    """An attack is a move of units into a position flying the enemy's flag at the start of the turn."""
    script = {
        "south": {1: [{"scout": {"at": "hq-n"}}, {"reinforce": {"at": "hq-s", "decoys": 2}},
                      {"move": {"from": "hq-s", "to": "p-w", "units": 1}}],
                  2: [{"move": {"from": "hq-s", "to": "p-e", "units": 3}}, {"entrench": {"at": "hq-s"}}]},
        "north": {1: [{"move": {"from": "hq-n", "to": "p-e", "units": 1}}],
                  2: [{"entrench": {"at": "p-e"}}, {"move": {"from": "hq-n", "to": "r-n", "units": 1}}]},
    }

    def scripted(side: str):
        return lambda view: script[side].get(view.turn, [])

    state = play_match(scripted("south"), scripted("north"), seed=1, layout_id="crown-1").state
    assert state.history[1].after["flags"]["p-e"] == "south"
    # South: one scouting, two decoys, one attack (p-e was north's); its own HQ's entrenchment does not count.
    assert style(state, "south") == Style(scouts=1, decoys=2, attacks=1, entrenchments=0)
    # North: its move to p-e took a neutral post (no attack); it entrenched p-e once.
    assert style(state, "north") == Style(scouts=0, decoys=0, attacks=0, entrenchments=1)
