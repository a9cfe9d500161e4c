"""Turns through the domain against moto: play-throughs against the house AIs, deadlines, the sweep, and the
idempotent resolve ("a duplicate, late or early call changes nothing")."""

from __future__ import annotations

import random

import pytest
from gameserver.clock import iso, parse_iso
from gameserver.domain import feinthold as games
from gameserver.domain.feinthold import house
from gameserver.errors import Conflict
from gameserver.identity import Client
from gameserver.play import steps
from moto_tables import STORES, store_of
from players import orders_for
from rules.feinthold import LAST_TURN


@pytest.fixture(params=STORES)
def store(request):
    return store_of(request)


HERE = Client(device="spine-device", address="192.0.2.44")


@pytest.mark.parametrize("house_ai", ["sentinel", "pivot", "ram"])
def test_a_game_against_each_house_ai_plays_to_its_end(store, clock, alice, house_ai):
    rng = random.Random(house_ai)
    game = house.create_house_game(store, clock, alice, house_ai=house_ai, pace="5m", seed=20 + len(house_ai))
    assert game["opponent"] == {"kind": "house", "name": house_ai} and game["opponent_sent"]
    sent: dict[int, list] = {}
    while game["status"] == "open":
        turn = game["turn"]
        clock.advance(7)
        orders = orders_for(game, rng)
        answer = games.submit_orders(store, clock, alice, game["game_id"], turn, orders, HERE)
        # "against it, your first submission resolves the turn"
        assert answer["resolved"] and answer["submission"] == 1
        sent[turn] = answer["game"]["view"]["history"][-1]["orders"]
        game = answer["game"]
    assert 1 <= len(sent) <= LAST_TURN and game["winner"] in {"south", "north", "draw"}

    record = games.game_record(store, clock, alice, game["game_id"])
    side = game["side"]
    assert [t["turn"] for t in record["record"]["turns"]] == sorted(sent)
    assert [t["turn"] for t in record["turns"]] == sorted(sent)
    for played in record["record"]["turns"]:
        assert played["orders"][side] == sent[played["turn"]]
    for timing in record["turns"]:
        assert timing["closed_by"] == "orders"
        assert timing["sent"][side]["submissions"] == 1 and not timing["sent"][side]["missed"]
        assert parse_iso(timing["sent"][side]["sent_at"]) > parse_iso(timing["opened_at"])
    assert "seed" not in record["record"]
    # Fair play keeps where each submission came from (not shown in the record).
    stored = store.games.step_records(game["game_id"])
    assert {r.submissions[side].device for r in stored} == {"spine-device"}
    assert {r.submissions[side].address for r in stored} == {"192.0.2.44"}
    listed = games.list_games(store, alice, None, 10)["games"]
    assert listed[0]["game_id"] == game["game_id"] and listed[0]["status"] == "over"


def _friendly(store, clock, alice, bob, seed=5):
    game = games.open_game(
        store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly", pace="1d", seed=seed
    ).game
    return game.game_id


def test_a_missed_turn_is_resolved_by_the_sweep_and_the_absent_side_holds(store, clock, alice, bob):
    game_id = _friendly(store, clock, alice, bob)
    south = games.read_game(store, clock, alice, game_id)
    north_before = games.read_game(store, clock, bob, game_id)["view"]
    orders = [{"reinforce": {"at": "hq-s", "units": 2}}]
    answer = games.submit_orders(store, clock, alice, game_id, 1, orders, HERE)
    assert not answer["resolved"] and south["deadline"] == iso(parse_iso(south["opened_at"]).replace(day=3))
    assert games.read_game(store, clock, bob, game_id)["opponent_sent"]

    clock.advance(3600)
    assert steps.sweep(store, clock) == {}
    clock.advance(86_400)
    assert steps.sweep(store, clock) == {"resolved": 1}

    north = games.read_game(store, clock, bob, game_id)
    assert north["turn"] == 2 and north["my_submissions"] == 0
    played = north["view"]["history"][0]
    assert played["orders"] == []
    # "your troops stay in place and your income goes to the reserve"
    assert north["view"]["units"] == north_before["units"]
    assert north["view"]["reserve"] == north_before["points"]
    record = store.games.step_records(game_id)
    assert [(r.step, r.closed_by, r.missed) for r in record] == [(1, "deadline", {"south": False, "north": True})]
    assert steps.sweep(store, clock) == {}


def test_resolve_called_three_times_resolves_once(store, clock, alice, bob):
    game_id = _friendly(store, clock, alice, bob)
    clock.advance(86_400)
    outcomes = [steps.resolve(store, clock, game_id, 1) for _ in range(3)]
    assert outcomes == ["resolved", "stale", "stale"]
    game = store.games.get(game_id)
    assert (game.step, game.epoch) == (2, 1)
    assert [r.step for r in store.games.step_records(game_id)] == [1]


def test_a_timer_or_sweep_for_an_old_turn_changes_nothing(store, clock, alice, bob):
    game_id = _friendly(store, clock, alice, bob)
    clock.advance(86_400)
    assert steps.resolve(store, clock, game_id, 1) == "resolved"
    before = store.games.get(game_id)
    clock.advance(2 * 86_400)
    assert steps.resolve(store, clock, game_id, 1) == "stale"
    assert steps.resolve(store, clock, "0" * 20, 1) == "missing"
    assert store.games.get(game_id).version == before.version


def test_an_early_timer_leaves_the_turn_open(store, clock, alice, bob):
    game_id = _friendly(store, clock, alice, bob)
    games.submit_orders(store, clock, alice, game_id, 1, [], HERE)
    before = store.games.get(game_id)
    clock.advance(86_399)
    assert steps.resolve(store, clock, game_id, 1) == "early"
    after = store.games.get(game_id)
    assert after == before
    # The member may still send: the turn is theirs until the deadline.
    answer = games.submit_orders(store, clock, bob, game_id, 1, [], HERE)
    assert answer["resolved"] and answer["game"]["turn"] == 2


def test_orders_are_replaceable_until_the_opponent_sends_five_times_at_most(store, clock, alice, bob):
    game_id = _friendly(store, clock, alice, bob)
    for count in range(1, 6):
        orders = [{"reinforce": {"at": "hq-s", "units": 1, "decoys": count % 2}}]
        answer = games.submit_orders(store, clock, alice, game_id, 1, orders, HERE)
        assert answer["submission"] == count and not answer["resolved"]
    assert games.read_game(store, clock, alice, game_id)["my_orders"] == [
        {"reinforce": {"at": "hq-s", "units": 1, "decoys": 1}}
    ]
    with pytest.raises(Conflict) as refused:
        games.submit_orders(store, clock, alice, game_id, 1, [], HERE)
    assert refused.value.code == "submissions_used"
    with pytest.raises(Conflict) as wrong_turn:
        games.submit_orders(store, clock, bob, game_id, 2, [], HERE)
    assert wrong_turn.value.field == "turn"


def test_a_house_game_settles_its_passed_deadlines_on_read(store, clock, alice):
    game = house.create_house_game(store, clock, alice, house_ai="sentinel", pace="5m", seed=8)
    first_deadline = parse_iso(game["deadline"])
    clock.advance(11 * 60)
    again = games.read_game(store, clock, alice, game["game_id"])
    # Two deadlines passed (5 and 10 minutes): each later turn opened when the previous one was due.
    assert again["turn"] == 3
    assert parse_iso(again["opened_at"]).timestamp() == first_deadline.timestamp() + 300
    assert [r.closed_by for r in store.games.step_records(game["game_id"])] == ["deadline", "deadline"]


def test_the_sweep_finishes_house_games_left_open(store, clock, alice):
    game = house.create_house_game(store, clock, alice, house_ai="ram", pace="5m", seed=9)
    clock.advance(3 * 3600)
    assert steps.sweep(store, clock).get("resolved") == 1
    assert store.games.get(game["game_id"]).status == "over"
    assert games.game_record(store, clock, alice, game["game_id"])["winner"] is not None


class _RacingStore:
    """The storage, with a rival process that resolves the same turn between this one's read and its commit."""

    def __init__(self, store, rival):
        self._store, self._rival, self.commits = store, rival, 0

    def __getattr__(self, name):
        return getattr(self._store, name)

    def transact(self, *args, **kwargs):
        self.commits += 1
        if self.commits == 1:
            self._rival()
        return self._store.transact(*args, **kwargs)


def test_two_resolves_racing_for_one_turn_resolve_it_once(store, clock, alice, bob):
    game_id = _friendly(store, clock, alice, bob)
    clock.advance(86_400)
    rival_outcomes = []
    racing = _RacingStore(store, lambda: rival_outcomes.append(steps.resolve(store, clock, game_id, 1)))
    assert steps.resolve(racing, clock, game_id, 1) == "stale"
    assert rival_outcomes == ["resolved"] and racing.commits == 1
    assert [r.step for r in store.games.step_records(game_id)] == [1] and store.games.get(game_id).epoch == 1


def test_orders_resolving_a_turn_lose_their_claim_to_a_replacement_and_retry(store, clock, alice, bob):
    game_id = _friendly(store, clock, alice, bob)
    games.submit_orders(store, clock, alice, game_id, 1, [], HERE)
    # Bob's request reads Alice's first orders; before its transaction lands, Alice replaces them. Bob's
    # resolve loses its claim (the game's version moved), reads again and resolves on her new orders.
    replaced = [{"reinforce": {"at": "hq-s", "units": 1, "decoys": 0}}]
    racing = _RacingStore(store, lambda: games.submit_orders(store, clock, alice, game_id, 1, replaced, HERE))
    answer = games.submit_orders(racing, clock, bob, game_id, 1, [], HERE)
    assert answer["resolved"] and racing.commits == 2
    (record,) = store.games.step_records(game_id)
    assert record.submissions["south"].orders == replaced and record.submissions["south"].count == 2
