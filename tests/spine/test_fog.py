"""The fog through the API's domain: what a member is told never depends on the opponent's hidden state.

Two seeded games are the same game; in each the opponent does something different that the rules keep hidden
(decoys and units placed on its own HQ, scouting, predicting, entrenching its HQ). Every answer to the member
must be the same in both, byte for byte, apart from the game's id, and so must what the pipeline keeps of each
turn while the game is in play.
"""

from __future__ import annotations

import pytest
from gameserver.domain import feinthold as games
from gameserver.identity import Client
from moto_tables import STORES, store_of


@pytest.fixture(params=STORES)
def store(request):
    return store_of(request)

HIDDEN = [
    [],
    [{"reinforce": {"at": "hq-n", "units": 1, "decoys": 2}}, {"predict": {"at": "c"}}],
    [{"entrench": {"at": "hq-n"}}, {"reinforce": {"at": "hq-n", "decoys": 1}}, {"scout": {"at": "c"}}],
]
MINE = [
    [{"reinforce": {"at": "hq-s", "units": 2}}],
    [{"reinforce": {"at": "hq-s", "units": 1, "decoys": 1}}],
    [{"entrench": {"at": "hq-s"}}],
]


def _without_id(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "game_id"}


@pytest.mark.parametrize("seed", [1, 2])
def test_a_members_answers_do_not_depend_on_the_opponents_hidden_orders(store, clock, alice, bob, seed):
    game_ids = [
        games.open_game(
            store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly", pace="1d",
            seed=seed, layout="ring-1",
        ).game.game_id
        for _ in HIDDEN
    ]
    for turn, mine in enumerate(MINE, start=1):
        for game_id, hidden in zip(game_ids, HIDDEN, strict=True):
            games.submit_orders(store, clock, bob, game_id, turn, hidden, Client())
        reads = [_without_id(games.read_game(store, clock, alice, g)) for g in game_ids]
        assert reads[0]["opponent_sent"] and all(r == reads[0] for r in reads)
        sent = [
            _without_id(games.submit_orders(store, clock, alice, g, turn, mine, Client())["game"]) for g in game_ids
        ]
        assert sent[0]["turn"] == turn + 1 and all(s == sent[0] for s in sent)
        clock.advance(30)
    # What the pipeline keeps of each turn while the game is in play (its step records, which a history may
    # show) is the same too: the flags, never a side's units, decoys, reserve or income.
    kept = [[record.record for record in store.games.step_records(g)] for g in game_ids]
    assert len(kept[0]) == len(MINE) and all(k == kept[0] for k in kept)
    # The opponent's own views did differ: the test would see a leak.
    theirs = [games.read_game(store, clock, bob, g)["view"] for g in game_ids]
    assert theirs[0] != theirs[1]
