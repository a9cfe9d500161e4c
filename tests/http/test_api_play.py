"""Whole games through HTTP against the local runner: house AIs, a friendly correspondence game with a missed
turn resolved by the due loop, and the record that opens at the end."""

from __future__ import annotations

import json

import pytest
from localrun_player import game_item, steady_orders
from rules.feinthold import parse_orders

pytestmark = pytest.mark.http

DAY = 24 * 3600


def test_the_profile_is_made_on_the_first_call(alice):
    first = alice.get("/v1/me")
    assert first.status_code == 200
    profile = first.json()
    assert profile["sub"] == alice.sub and profile["credits"] == 100
    assert alice.get("/v1/me").json() == profile


def play_to_the_end(member, game: dict) -> list[list[dict]]:
    """Send steady orders on every open turn until the game is over; the orders sent, turn by turn."""
    sent: list[list[dict]] = []
    while game["status"] == "open":
        assert game["turn"] == len(sent) + 1
        orders = steady_orders(game["view"])
        answer = member.put(f"/v1/feinthold/games/{game['game_id']}/turns/{game['turn']}/orders",
                            json={"orders": orders})
        assert answer.status_code == 200, answer.text
        assert answer.json()["resolved"] is True, "against a house AI the first submission resolves the turn"
        sent.append(orders)
        game = answer.json()["game"]
        assert len(sent) <= 8, "a game always ends in 8 turns at most"
    return sent


EIGHT_TURNS = {"sentinel": 20261130, "pivot": 20261131, "ram": 20261132}
"""Seeds (through the runner's admin port; the public API takes none) of games in which the steady player,
south, holds out against the house AI until the end of turn 8."""


@pytest.mark.parametrize("house_ai", ["sentinel", "pivot", "ram"])
def test_eight_turns_against_each_house_ai_then_the_record(runner, alice, house_ai):
    seeded = runner.seeded_game(seed=EIGHT_TURNS[house_ai], pace="1d", house_ai=house_ai, member=alice.sub,
                                side="south")
    game = alice.get(f"/v1/feinthold/games/{seeded['game_id']}").json()
    assert (game["opponent"]["kind"], game["opponent"]["name"], game["turn"]) == ("house", house_ai, 1)
    assert game["opponent_sent"] is True, "a house AI sends its orders as soon as the turn opens"
    assert alice.get(f"/v1/feinthold/games/{game['game_id']}/record").status_code == 409

    sent = play_to_the_end(alice, game)

    assert len(sent) == 8
    final = alice.get(f"/v1/feinthold/games/{game['game_id']}").json()
    assert final["status"] == "over" and final["view"]["over"] is True
    record = alice.get(f"/v1/feinthold/games/{game['game_id']}/record")
    assert record.status_code == 200
    body = record.json()
    assert [t["turn"] for t in body["record"]["turns"]] == list(range(1, 9))
    assert [t["orders"]["south"] for t in body["record"]["turns"]] == [parse_orders(o).to_json() for o in sent]
    assert all(t["closed_by"] == "orders" for t in body["turns"]) and len(body["turns"]) == 8
    assert body["winner"] == final["winner"] == body["record"]["winner"]
    assert "seed" not in body["record"]


def test_a_game_created_through_the_api_runs_to_its_end(alice):
    created = alice.post("/v1/feinthold/games", json={"house_ai": "pivot", "pace": "5m", "side": "north"})
    assert created.status_code == 201, created.text
    game = created.json()
    assert (game["side"], game["pace"], game["opponent"]["name"]) == ("north", "5m", "pivot")
    sent = play_to_the_end(alice, game)
    record = alice.get(f"/v1/feinthold/games/{game['game_id']}/record").json()
    assert [t["orders"]["north"] for t in record["record"]["turns"]] == [parse_orders(o).to_json() for o in sent]


def friendly_game(runner, inviter, invitee, pace: str = "1d") -> str:
    assert invitee.get("/v1/me").status_code == 200, "a member can be invited once they have signed in"
    invitation = inviter.post("/v1/feinthold/invitations",
                              json={"invitee": invitee.sub, "pace": pace, "side": "south"})
    assert invitation.status_code == 201, invitation.text
    received = invitee.get("/v1/feinthold/invitations").json()["received"]
    assert [i["invitation_id"] for i in received] == [invitation.json()["invitation_id"]]
    accepted = invitee.post(f"/v1/feinthold/invitations/{invitation.json()['invitation_id']}/accept")
    assert accepted.status_code == 201, accepted.text
    assert accepted.json()["side"] == "north"
    return accepted.json()["game_id"]


def test_a_missed_turn_between_members_is_resolved_by_the_due_loop(runner, alice, bob):
    game_id = friendly_game(runner, alice, bob)
    path = f"/v1/feinthold/games/{game_id}"
    players = {"south": alice, "north": bob}
    sent: dict[str, list] = {"south": [], "north": []}

    def send(side: str) -> dict:
        view = players[side].get(path).json()
        orders = steady_orders(view["view"])
        answer = players[side].put(f"{path}/turns/{view['turn']}/orders", json={"orders": orders})
        assert answer.status_code == 200, answer.text
        sent[side].append(orders)
        return answer.json()

    assert send("south")["resolved"] is False
    assert bob.get(path).json()["opponent_sent"] is True
    assert send("north")["resolved"] is True

    # Turn 2: alice sends, bob does not. The deadline passes; the runner's due loop (the sweep) resolves it
    # before the admin call answers, and before any member reads the game.
    send("south")
    stored = runner.admin_call("GET", "/clock")
    assert game_item(runner.dynamodb, game_id)["turn"] == 2
    moved = runner.advance(DAY + 1)
    assert moved["now"] > stored["now"]
    assert any(f["rule"] == "due-turn-sweep" and f["outcome"] == "ok" for f in moved["firings"])
    assert game_item(runner.dynamodb, game_id)["turn"] == 3
    sent["north"].append(None)

    while (view := alice.get(path).json())["status"] == "open":
        send("south")
        send("north")
    assert view["turn"] <= 8

    record = bob.get(f"{path}/record").json()
    turns = record["turns"]
    assert len(turns) == len(record["record"]["turns"]) == len(sent["south"])
    assert turns[1]["closed_by"] == "deadline"
    assert turns[1]["sent"]["north"]["missed"] is True and turns[1]["sent"]["south"]["missed"] is False
    for timing, played in zip(record["record"]["turns"], zip(sent["south"], sent["north"], strict=True),
                              strict=True):
        south, north = played
        assert timing["orders"]["south"] == parse_orders(south).to_json()
        if north is not None:
            assert timing["orders"]["north"] == parse_orders(north).to_json()
    assert game_item(runner.dynamodb, game_id) == {"turn": turns[-1]["turn"], "status": "over", "due": False}


def test_an_idempotent_replay_returns_the_stored_answer_and_counts_nothing(runner, alice, bob):
    game_id = friendly_game(runner, alice, bob)
    path = f"/v1/feinthold/games/{game_id}"
    orders = steady_orders(alice.get(path).json()["view"])
    headers = {"Idempotency-Key": "turn-1-try-1"}
    first = alice.put(f"{path}/turns/1/orders", json={"orders": orders}, headers=headers)
    again = alice.put(f"{path}/turns/1/orders", json={"orders": orders}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() and first.json()["submission"] == 1
    assert alice.get(path).json()["my_submissions"] == 1
    other = alice.put(f"{path}/turns/1/orders", json={"orders": []}, headers=headers)
    assert other.status_code == 422, other.text
    # Another member's key space is their own: bob's same key is a fresh call.
    bob_orders = steady_orders(bob.get(path).json()["view"])
    assert bob.put(f"{path}/turns/1/orders", json={"orders": bob_orders}, headers=headers).json()["resolved"]


@pytest.mark.parametrize("body, field", [
    ({"house_ai": "nobody", "pace": "1d"}, "house_ai"),
    ({"house_ai": "ram", "pace": "1w"}, "pace"),
    ({"house_ai": "ram"}, "pace"),
    ({"house_ai": "ram", "pace": "1d", "colour": "red"}, "colour"),
    ({"house_ai": "ram", "pace": "1d", "layout": "no-such-layout"}, "layout"),
])
def test_bad_game_requests_name_the_field(alice, body, field):
    answer = alice.post("/v1/feinthold/games", json=body)
    assert 400 <= answer.status_code < 500, answer.text
    assert field in answer.json()["error"]["field"], answer.json()


def test_bad_orders_name_the_order_and_the_rule(alice, bob):
    game = alice.post("/v1/feinthold/games", json={"house_ai": "ram", "pace": "1d", "side": "south"}).json()
    path = f"/v1/feinthold/games/{game['game_id']}"
    # "never on a post": a reinforcement on p-w is refused, and the error points at it.
    illegal = alice.put(f"{path}/turns/1/orders",
                        json={"orders": [{"predict": {"at": "c"}}, {"reinforce": {"at": "p-w", "units": 1}}]})
    assert illegal.status_code == 422
    error = illegal.json()["error"]
    assert error["field"] == "orders[1]" and error["rule"]
    assert alice.put(f"{path}/turns/2/orders", json={"orders": []}).json()["error"]["field"] == "turn"
    beyond = alice.put(f"{path}/turns/9/orders", json={"orders": []})
    assert 400 <= beyond.status_code < 500 and "turn" in beyond.json()["error"]["field"]
    broken = alice.put(f"{path}/turns/1/orders", content=b"{not json", headers={"content-type": "application/json"})
    assert 400 <= broken.status_code < 500 and broken.json()["error"]["message"]
    assert bob.get(path).status_code == 404
    assert alice.get(path).json()["my_submissions"] == 0, "nothing refused was stored"


def test_two_games_that_differ_only_in_hidden_things_look_the_same_to_the_member(runner, alice, bob):
    """The fog: from the same seed, bob's turn 1 differs only in what alice cannot see (units or decoys in his
    HQ, so also his reserve). Every answer alice gets is the same in both games, but for the game id."""
    games = [runner.seeded_game(seed=20261130, pace="1d", players={"south": alice.sub, "north": bob.sub})
             for _ in range(2)]
    assert games[0]["layout"] == games[1]["layout"]
    hidden = ([{"reinforce": {"at": "hq-n", "units": 2, "decoys": 0}}],
              [{"reinforce": {"at": "hq-n", "units": 1, "decoys": 2}}, {"entrench": {"at": "hq-n"}}])
    mine = None
    alice_sees, bob_sees = [], []
    for game, bobs in zip(games, hidden, strict=True):
        path = f"/v1/feinthold/games/{game['game_id']}"
        mine = mine or steady_orders(alice.get(path).json()["view"])
        answers = [alice.put(f"{path}/turns/1/orders", json={"orders": mine}).json()]
        resolved = bob.put(f"{path}/turns/1/orders", json={"orders": bobs})
        assert resolved.status_code == 200 and resolved.json()["resolved"], resolved.text
        answers.append(alice.get(path).json())
        listed = alice.get("/v1/feinthold/games").json()["games"]
        answers.append(next(g for g in listed if g["game_id"] == game["game_id"]))
        alice_sees.append(json.dumps(answers, sort_keys=True).replace(game["game_id"], "GAME"))
        bob_sees.append(bob.get(path).json()["view"])
    assert alice_sees[0] == alice_sees[1]
    assert bob_sees[0] != bob_sees[1], "the hidden state really differs"
