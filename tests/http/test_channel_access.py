"""Who may open the channel and listen to what, through the local runner: no token, a forged, an expired one
or a token in the query string is refused at the handshake; another member's game, a seat that is not mine and
a game that does not exist answer the same; a moderator hears no more than the game routes show them; a
connection whose token expired is closed by the server's closer (the runner's minute schedule, on its clock)
without its client sending anything, unless it sent a fresh token first."""

from __future__ import annotations

import time

import pytest
from channel_client import SUBPROTOCOL, Listener, refused
from localrun.tokens import TokenAuthority, generate_key, load
from localrun_process import ok

pytestmark = pytest.mark.http


def house_game(member) -> str:
    return str(ok(member.post("/v1/feinthold/games", json={"house_ai": "ram", "pace": "1d"}), 201)["game_id"])


def test_the_handshake_refuses_no_token_a_forged_or_expired_one_and_a_token_in_the_query(runner, channel, alice):
    assert refused(channel, [SUBPROTOCOL]) == 403
    forged = TokenAuthority(generate_key()).mint(alice.sub)
    assert refused(channel, [SUBPROTOCOL, f"bearer.{forged}"]) == 403
    expired = load(runner.state_dir).mint(alice.sub, ttl_seconds=-60)
    assert refused(channel, [SUBPROTOCOL, f"bearer.{expired}"]) == 403
    assert refused(f"{channel}?token={alice.token}", [SUBPROTOCOL]) == 403
    assert refused(channel, [f"bearer.{alice.token}"]) == 403, "the channel's subprotocol must be offered"
    assert Listener(channel, alice.token).subscribe(feed=True)["type"] == "subscribed"


def test_another_members_game_a_seat_not_mine_and_no_game_answer_alike(runner, channel, alice, bob):
    game_id = house_game(alice)
    mine = ok(alice.get(f"/v1/feinthold/games/{game_id}"))["side"]
    ears = Listener(channel, bob.token)
    answers = [ears.subscribe(game_id=game_id), ears.subscribe(game_id="no-such-game")]
    assert [a["code"] for a in answers] == ["not_found", "not_found"]
    assert all(a["field"] == "game_id" and a["message"].startswith("no game ") for a in answers)
    own = Listener(channel, alice.token)
    theirs = "north" if mine == "south" else "south"
    seat = own.subscribe(game_id=game_id, seat=theirs)
    assert seat["code"] == "not_found" and seat["field"] == "seat"
    assert own.subscribe(game_id=game_id, seat=mine)["type"] == "subscribed"
    moderator = runner.member("mod", moderator=True)
    assert moderator.get(f"/v1/feinthold/games/{game_id}").status_code == 404, "the HTTP API shows them nothing"
    watching = Listener(channel, moderator.token)
    theirs, nothing = watching.subscribe(game_id=game_id), watching.subscribe(game_id="no-such-game")
    assert theirs == {**nothing, "message": nothing["message"].replace("no-such-game", game_id)}, \
        "a moderator's subscription to a member's game answers as a game that does not exist"
    bad = own.subscribe(game_id=game_id, feed=True)
    assert bad["code"] == "invalid_message"
    own.send(action="shout")
    assert own.until(lambda m: m["type"] == "error")["code"] == "invalid_message"


def test_an_expired_token_closes_the_connection_unless_a_fresh_one_came_first(runner, channel, alice):
    authority = load(runner.state_dir)
    short = Listener(channel, authority.mint(alice.sub, ttl_seconds=3))
    assert short.subscribe(feed=True)["type"] == "subscribed"
    renewed = Listener(channel, authority.mint(alice.sub, ttl_seconds=3))
    renewed.send(action="authorize", token=authority.mint(alice.sub, ttl_seconds=3600))
    assert renewed.until(lambda m: m["type"] == "authorized")["expires"] > time.time() + 3000
    renewed.send(action="authorize", token=authority.mint("someone-else", ttl_seconds=3600))
    assert renewed.until(lambda m: m["type"] == "error")["code"] == "unauthorized"
    time.sleep(3.5)  # tokens expire by wall time
    assert not short.closed.is_set()
    runner.advance(60)  # the minute's schedules run: the closer among them
    assert short.until(lambda m: m["type"] == "error")["code"] == "token_expired"
    assert short.closed.wait(5), "the server closed it, its client having sent nothing since it subscribed"
    renewed.send(action="ping")
    assert renewed.until(lambda m: m["type"] == "pong") == {"type": "pong"}
