"""The live channel with Feint and Front 1901, through the local runner: an online Feint table of three members,
each subscribed, each told the decision that waits on them (a Retreat among them) before they fetch anything;
a Front 1901 solo game whose AI powers' messages arrive as events, each one the member's view lists."""

from __future__ import annotations

from typing import Any

import pytest
from channel_client import Listener
from feint_script import choose
from localrun_process import ok

pytestmark = pytest.mark.http

GAMES = "/v1/feint/games"


def last_event(listener: Listener, game_id: str, etag: str) -> dict[str, Any]:
    """The event that told the listener of the answer whose tag is ``etag``."""
    return listener.until(lambda m: m["type"] == "event" and m["event"]["game_id"] == game_id
                          and m["event"]["etag"] == etag)["event"]


def test_an_online_feint_table_tells_each_member_the_decision_waiting_on_them(runner, channel):
    trio = {name: runner.member(name) for name in ("ann", "ben", "cai")}
    seeded = runner.seeded_game(kind="feint", seed=5, pace="1d",
                                players={"1": trio["ann"].sub, "2": trio["ben"].sub, "3": trio["cai"].sub})
    game_id = seeded["game_id"]
    ears = {name: Listener(channel, member.token) for name, member in trio.items()}
    for listener in ears.values():
        assert listener.subscribe(game_id=game_id, after="")["type"] == "subscribed"
    by_seat = {1: "ann", 2: "ben", 3: "cai"}
    for member in trio.values():
        game = ok(member.get(f"{GAMES}/{game_id}"))
        ok(member.post(f"{GAMES}/{game_id}/commands", json={"number": 0, "command": choose(game)}))
    retreats = 0
    for _ in range(80):
        game = ok(trio["ann"].get(f"{GAMES}/{game_id}"))
        if game["status"] != "open":
            break
        name = by_seat[game["next"]["seats"][0]]
        answer = trio[name].get(f"{GAMES}/{game_id}")
        theirs = answer.json()
        told = last_event(ears[name], game_id, answer.headers["ETag"])
        assert told["my_turn"] is True and told["decision"] == theirs["next"]["kind"], "told before fetching"
        assert told["turn"] == theirs["number"]
        retreats += told["decision"] == "retreat"
        if retreats:
            break
        ok(trio[name].post(f"{GAMES}/{game_id}/commands", json={"number": theirs["number"],
                                                                   "command": choose(theirs)}))
    assert retreats, "the script charges whenever it can: a Retreat decision came, and was told"
    others = [ears[n] for n in trio if n != name]
    for listener in others:
        events = [m["event"] for m in listener.events()]
        assert all(e["decision"] != "retreat" for e in events), "a Retreat is told to its defender alone"


def test_a_seat_kept_at_a_table_is_a_notice_on_the_feed(runner, channel, alice):
    bob = runner.known_member("bob")
    ears = Listener(channel, bob.token)
    assert ears.subscribe(feed=True)["type"] == "subscribed"
    table = ok(alice.post("/v1/feint/tables", json={"seats": 3, "pace": "blitz", "invite": [bob.sub]}), 201)
    told = ears.until(lambda m: m["type"] == "event" and m["stream"] == "feed")
    assert told["event"] == {"type": "notice", "notice": ok(bob.get("/v1/feed"))["notices"][0]}
    assert told["event"]["notice"]["table_id"] == table["table_id"]


def test_front1901_ai_messages_arrive_as_events(runner, channel, alice):
    ears = Listener(channel, alice.token)
    ears.subscribe(feed=True)
    started = ok(alice.post("/v1/front1901/games", json={"power": "ENGLAND", "level": "normal"}), 201)
    game_id = started["game_id"]
    assert ears.subscribe(game_id=game_id, after="")["type"] == "subscribed"
    first = [m["event"] for m in ears.events() if m["stream"] == f"game:{game_id}"]
    assert first and first[0]["turn"] == "S1901M"
    shown = ok(alice.get(f"/v1/front1901/games/{game_id}"))
    listed = [{"id": m["id"], "kind": m["kind"], "from": m["from"]} for m in shown["view"]["messages"]]
    assert first[-1]["messages"] == listed and listed, "the AI powers' opening messages, as the view lists them"
    ok(alice.put(f"/v1/front1901/games/{game_id}/phases/S1901M/orders", json={"orders": []}))
    after = ears.until(lambda m: m["type"] == "event" and m["event"]["turn"] != "S1901M")["event"]
    now = alice.get(f"/v1/front1901/games/{game_id}")
    assert after["etag"] == now.headers["ETag"] and after["turn"] == now.json()["view"]["phase"]
    assert after["resolved"][0]["label"] == "S1901M"
    assert after["messages"] == [{"id": m["id"], "kind": m["kind"], "from": m["from"]}
                                 for m in now.json()["view"]["messages"]]
