"""The live channel through the local runner, with its manual clock: two members of a blitz duel, each
subscribed to their game, hear of the opponent's orders, of the turn's resolution (with the ETag their next GET
answers) and of a turn that passed its deadline; a reconnect after three turns gets every missed event, in
order, once."""

from __future__ import annotations

from typing import Any

import pytest
from channel_client import Listener
from localrun_player import steady_orders
from localrun_process import ok

pytestmark = pytest.mark.http


def started_blitz_duel(runner, alice, bob) -> str:
    duel = ok(alice.post("/v1/feinthold/duels", json={"opponent": bob.sub, "pace": "blitz", "stake": 5}), 201)
    ok(bob.post(f"/v1/feinthold/duels/{duel['duel_id']}/accept"))
    ok(alice.post(f"/v1/feinthold/duels/{duel['duel_id']}/ready"))
    runner.advance(30)
    started = ok(bob.post(f"/v1/feinthold/duels/{duel['duel_id']}/ready"))
    assert started["status"] == "playing"
    return str(started["game_id"])


def send(runner, member, game_id: str, turn: int) -> dict[str, Any]:
    runner.advance(6)  # a human's pace (fair play)
    view = ok(member.get(f"/v1/feinthold/games/{game_id}"))["view"]
    return ok(member.put(f"/v1/feinthold/games/{game_id}/turns/{turn}/orders", json={"orders": steady_orders(view)}))


def game_event(listener: Listener, **fields: Any) -> dict[str, Any]:
    """The next event of the listener's game whose fields are ``fields``."""
    message = listener.until(lambda m: m["type"] == "event" and all(m["event"].get(k) == v for k, v in fields.items()))
    return message["event"]


@pytest.fixture
def bob(runner):
    return runner.known_member("bob")


def test_a_blitz_duel_told_live_to_both_members(runner, channel, alice, bob):
    game_id = started_blitz_duel(runner, alice, bob)
    ears = {alice.sub: Listener(channel, alice.token), bob.sub: Listener(channel, bob.token)}
    for listener in ears.values():
        assert listener.subscribe(game_id=game_id)["type"] == "subscribed"

    assert send(runner, alice, game_id, 1)["resolved"] is False
    told = game_event(ears[bob.sub], turn=1, opponent_sent=True)
    assert told["my_turn"] is True and told["kind"] == "feinthold"
    mine = game_event(ears[alice.sub], turn=1)
    assert mine["my_turn"] is False and mine["opponent_sent"] is False

    assert send(runner, bob, game_id, 1)["resolved"] is True
    for member in (alice, bob):
        told = game_event(ears[member.sub], turn=2)
        assert told["resolved"] == [{"step": 1, "label": "1", "closed_by": "orders"}]
        answer = member.get(f"/v1/feinthold/games/{game_id}")
        assert answer.headers["ETag"] == told["etag"], "the event's tag is the one the GET answers"
        assert member.get(f"/v1/feinthold/games/{game_id}",
                          headers={"If-None-Match": told["etag"]}).status_code == 304

    # Turn 2: nobody sends; the deadline passes and the runner's due loop resolves it.
    deadline = ok(alice.get(f"/v1/feinthold/games/{game_id}"))["deadline"]
    assert deadline is not None
    runner.advance(61)
    for member in (alice, bob):
        told = game_event(ears[member.sub], turn=3)
        assert told["resolved"] == [{"step": 2, "label": "2", "closed_by": "deadline"}]
        assert told["my_turn"] is True
    for listener in ears.values():
        listener.close()


def test_a_reconnect_after_three_turns_gets_every_missed_event_in_order_once(runner, channel, alice, bob):
    game_id = started_blitz_duel(runner, alice, bob)
    first = Listener(channel, bob.token)
    first.subscribe(game_id=game_id)
    send(runner, alice, game_id, 1)
    last = first.until(lambda m: m["type"] == "event")
    first.close()
    # Three turns while bob is away (bob resolves turn 1, then two more): every change is an event for bob.
    for turn in (1, 2, 3):
        if turn > 1:
            send(runner, alice, game_id, turn)
        send(runner, bob, game_id, turn)
    again = Listener(channel, bob.token)
    subscribed = again.subscribe(game_id=game_id, after=last["seq"])
    assert subscribed["type"] == "subscribed"
    missed = again.events()
    seqs = [m["seq"] for m in missed]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs), "in order, once"
    assert all(seq > last["seq"] for seq in seqs)
    assert [m["event"]["turn"] for m in missed] == [2, 2, 3, 3, 4]
    assert subscribed["seq"] == seqs[-1]
    # Nothing comes twice afterwards, and what comes next is new.
    send(runner, alice, game_id, 4)
    fresh = again.until(lambda m: m["type"] == "event")
    assert fresh["seq"] > seqs[-1] and fresh["event"]["opponent_sent"] is True
    assert again.quiet(0.5) == []

    # A position from the future, or another stream's, is refused by name.
    future = again.subscribe(game_id=game_id, after="9" * 12)
    assert future["type"] == "error" and future["code"] == "sequence_from_future" and future["field"] == "after"
    other = again.subscribe(feed=True, after=seqs[0])
    assert other["type"] == "error" and other["code"] in ("unknown_sequence", "sequence_from_future")
    elsewhere = again.subscribe(game_id=game_id, after=seqs[0][:-1] + "x")
    assert elsewhere["type"] == "error" and elsewhere["code"] in ("unknown_sequence", "sequence_from_future")
    again.close()


def test_a_duels_turn_notices_reach_the_feed_subscriber_once_each(runner, channel, alice, bob):
    ears = Listener(channel, bob.token)
    assert ears.subscribe(feed=True)["type"] == "subscribed"
    game_id = started_blitz_duel(runner, alice, bob)
    send(runner, alice, game_id, 1)
    send(runner, bob, game_id, 1)  # the duel's turn 2 opens: its notice rides in the duel's write
    ears.until(lambda m: m["type"] == "event" and m["event"]["notice"].get("turn") == 2)
    ears.quiet(0.5)
    feed = ok(bob.get("/v1/feed"))["notices"]
    told = [m["event"]["notice"] for m in ears.events()]
    assert told == list(reversed(feed)), "each notice of the feed, oldest first, once"
    assert {(n["kind"], n["turn"], n["duel_id"] is not None) for n in told} >= {("turn-open", 2, True)}
    ears.close()
