"""""too-fast (orders faster than a human's, any game)": a game with no fair-play judgement of its own (no rating,
no board) still leaves the mark for moderators when it ends; a human's pace leaves none. A mark changes nothing
else: the game stands."""

from __future__ import annotations

import random

import pytest
from gameserver.domain import feinthold as games
from gameserver.domain.feinthold import house
from gameserver.identity import Client
from gameserver.platform.fairplay.marks import MarkKind
from moto_tables import STORES, store_of
from players import orders_for

HERE = Client(device="d", address="192.0.2.7")


@pytest.fixture(params=STORES)
def store(request):
    return store_of(request)


def play_house_game(store, clock, caller, seconds_a_turn: int, seed: int) -> dict:
    rng = random.Random(seed)
    game = house.create_house_game(store, clock, caller, house_ai="pivot", pace="5m", seed=seed)
    while game["status"] == "open":
        clock.advance(seconds_a_turn)
        game = games.submit_orders(store, clock, caller, game["game_id"], game["turn"], orders_for(game, rng),
                                   HERE)["game"]
    return game


def test_a_house_game_played_faster_than_a_human_leaves_a_too_fast_mark(store, clock, alice):
    fast = play_house_game(store, clock, alice, seconds_a_turn=1, seed=31)
    human = play_house_game(store, clock, alice, seconds_a_turn=9, seed=32)
    marks = store.fairplay.marks_of(alice.sub, None, 10).items
    assert [(m.kind, m.game_id) for m in marks] == [(MarkKind.TOO_FAST, fast["game_id"])]
    assert fast["status"] == human["status"] == "over", "a mark changes nothing else"
