"""The fog on the live channel: two games from one seed, differing only in the opponent's hidden orders (units or
decoys in his HQ), give the member byte-identical event streams (ids and times normalised; each event's ETag
replaced by the answer it tags, which the member's GET returns at that moment), through the turn's resolution;
and every field of every event is found in the member's own answer."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from channel_client import Listener
from localrun_player import steady_orders
from localrun_process import ok

pytestmark = pytest.mark.http

TIMES = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
HIDDEN = ([{"reinforce": {"at": "hq-n", "units": 2, "decoys": 0}}],
          [{"reinforce": {"at": "hq-n", "units": 1, "decoys": 2}}, {"entrench": {"at": "hq-n"}}])


def seen(member, listener: Listener, game_id: str, names: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """The next event of the game, normalised, its tag replaced by the answer it tags; and that answer."""
    message = listener.until(lambda m: m["type"] == "event" and m["stream"] == f"game:{game_id}")
    answer = member.get(f"/v1/feinthold/games/{game_id}")
    assert answer.headers["ETag"] == message["event"]["etag"]
    body = answer.json()
    body.pop("now")
    text = json.dumps({**message, "event": {**message["event"], "etag": body}}, sort_keys=True)
    for real, name in names.items():
        text = text.replace(real, name)
    return TIMES.sub("<time>", text), body


def test_two_games_differing_in_hidden_orders_tell_the_member_the_same(runner, channel, alice, bob):
    games = [runner.seeded_game(seed=20261130, pace="1d", players={"south": alice.sub, "north": bob.sub})["game_id"]
             for _ in range(2)]
    streams: list[list[str]] = []
    for n, game_id in enumerate(games):
        ears = Listener(channel, alice.token)
        assert ears.subscribe(game_id=game_id)["type"] == "subscribed"
        names = {game_id: "GAME", alice.sub: "ALICE", bob.sub: "BOB"}
        path = f"/v1/feinthold/games/{game_id}"
        mine = steady_orders(ok(alice.get(path))["view"])
        ok(bob.put(f"{path}/turns/1/orders", json={"orders": HIDDEN[n]}))
        told = [seen(alice, ears, game_id, names)]
        assert ok(alice.put(f"{path}/turns/1/orders", json={"orders": mine}))["resolved"]
        told.append(seen(alice, ears, game_id, names))
        streams.append([text for text, _ in told])
        for text, body in told:
            event = json.loads(text)["event"]
            assert event["turn"] == body["turn"] and event["deadline"] == (body["deadline"] and "<time>")
            assert event["opponent_sent"] == body["opponent_sent"] and event["status"] == body["status"]
            assert set(event) <= {"type", "game_id", "kind", "etag", "status", "my_turn", "turn", "deadline",
                                  "opponent_sent", "resolved"}
        assert json.loads(streams[-1][0])["event"]["opponent_sent"] is True
        ears.close()
    assert streams[0] == streams[1]
    assert ok(bob.get(f"/v1/feinthold/games/{games[0]}"))["view"] != ok(bob.get(f"/v1/feinthold/games/{games[1]}"))[
        "view"], "the hidden state really differs"
