"""Duels through HTTP on the local runner, with its manual clock (never a real sleep): the full life of each
mode from the proposal to the payout, a missed turn resolved by the runner's due loop, the ready room's
closing, a forfeit, the feed, the credits and their ledger, the 304 of an unchanged duel."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from localrun_player import steady_orders
from localrun_process import ok

pytestmark = pytest.mark.http


@pytest.fixture
def bob(runner):
    """Bob, who has called the API once: a duel is proposed to a member."""
    return runner.known_member("bob")

HUMAN = 6
"""Seconds each member waits before sending: fair play judges a median under 4 s "faster than a human"."""


def balance(member) -> int:
    return ok(member.get("/v1/credits"))["balance"]


def propose(member, **body: Any) -> dict[str, Any]:
    return ok(member.post("/v1/feinthold/duels", json=body), 201)


def act(member, duel: dict[str, Any], action: str, status: int = 200) -> dict[str, Any]:
    return ok(member.post(f"/v1/feinthold/duels/{duel['duel_id']}/{action}"), status)


def game(member, game_id: str) -> dict[str, Any]:
    return ok(member.get(f"/v1/feinthold/games/{game_id}"))


def send(member, game_id: str, turn: int) -> dict[str, Any]:
    view = game(member, game_id)["view"]
    return ok(member.put(f"/v1/feinthold/games/{game_id}/turns/{turn}/orders",
                         json={"orders": steady_orders(view)}))


def play_out(runner, first, second, duel: dict[str, Any], miss: int | None = None, turn_seconds: int = 60) -> dict:
    """Both send steady orders at a human's pace; on turn ``miss`` the second member sends nothing and the
    runner's due loop resolves the turn at its deadline. Returns the duel at its end."""
    game_id = duel["game_id"]
    for turn in range(1, 9):
        state = ok(first.get(f"/v1/feinthold/duels/{duel['duel_id']}"))
        if state["status"] != "playing":
            return state
        assert state["turn"] == turn
        runner.advance(HUMAN)
        assert send(first, game_id, turn)["resolved"] is False
        if turn == miss:
            runner.advance(turn_seconds)  # the deadline passes: the runner's sweep resolves the turn
            record = game(second, game_id)
            assert record["turn"] == turn + 1 or record["status"] == "over"
        else:
            assert send(second, game_id, turn)["resolved"] is True
    return ok(first.get(f"/v1/feinthold/duels/{duel['duel_id']}"))


def assert_paid(final: dict[str, Any], members: dict[str, Any], stake: int) -> None:
    """The winner takes both stakes; a draw returns each."""
    if final["status"] == "won":
        for sub, member in members.items():
            assert balance(member) == (100 + stake if sub == final["winner"] else 100 - stake)
    else:
        assert final["status"] == "drawn"
        assert all(balance(member) == 100 for member in members.values())


def test_a_blitz_duel_from_proposal_to_payout(runner, alice, bob):
    duel = propose(alice, opponent=bob.sub, pace="blitz", stake=15)
    assert balance(alice) == 85
    assert duel["duel_id"] in [d["duel_id"] for d in ok(bob.get("/v1/feinthold/duels?list=to-me"))["duels"]]
    room = act(bob, duel, "accept")
    assert room["status"] == "ready-room" and balance(bob) == 85
    assert act(alice, duel, "ready")["status"] == "ready-room"
    runner.advance(30)
    started = act(bob, duel, "ready")
    assert started["status"] == "playing" and started["turn"] == 1
    first = game(alice, started["game_id"])
    assert first["pace"] == "blitz" and first["mode"] == "duel"
    opened = datetime.fromisoformat(runner.now().replace("Z", "+00:00"))
    assert first["deadline"] == (opened + timedelta(seconds=120)).strftime("%Y-%m-%dT%H:%M:%SZ"), "120 s for turn 1"
    final = play_out(runner, alice, bob, started, miss=3, turn_seconds=60)
    assert final["status"] in ("won", "drawn") and final["turns_passed"] <= 8
    assert_paid(final, {alice.sub: alice, bob.sub: bob}, 15)
    credits = ok(alice.get("/v1/credits"))
    assert sum(line["amount"] for line in credits["lines"]) == credits["balance"], "the ledger explains the balance"
    assert {"grant", "escrow"} <= {line["kind"] for line in credits["lines"]}
    assert final["rating"]["rated"] is True


def test_a_rapid_duel_runs_its_whole_life_with_a_missed_turn(runner, alice, bob):
    duel = propose(alice, pace="5m", stake=0)
    assert duel["opponent"] is None
    assert duel["duel_id"] in [d["duel_id"] for d in ok(bob.get("/v1/feinthold/duels?list=open&limit=50"))["duels"]]
    act(bob, duel, "accept")
    act(alice, duel, "ready")
    started = act(bob, duel, "ready")
    final = play_out(runner, bob, alice, started, miss=2, turn_seconds=300)
    assert final["status"] in ("won", "drawn") and final["opponent"] == bob.sub
    assert balance(alice) == balance(bob) == 100


def test_a_correspondence_duel_opens_turn_1_on_acceptance_and_notifies_each_turn(runner, alice, bob):
    duel = propose(alice, opponent=bob.sub, pace="1d", stake=40)
    started = act(bob, duel, "accept")
    assert started["status"] == "playing" and started["turn"] == 1
    feed = ok(bob.get("/v1/feed"))["notices"]
    assert [(n["duel_id"], n["turn"]) for n in feed[:1]] == [(duel["duel_id"], 1)]
    final = play_out(runner, alice, bob, started, miss=1, turn_seconds=86_400)
    assert_paid(final, {alice.sub: alice, bob.sub: bob}, 40)
    turns = [n["turn"] for n in ok(alice.get("/v1/feed?limit=50"))["notices"] if n["duel_id"] == duel["duel_id"]]
    assert sorted(turns) == list(range(1, final["turns_passed"] + 1)), "one notice per turn that opened"


def test_the_ready_room_closes_after_30_minutes_with_the_stakes_returned(runner, alice, bob):
    duel = propose(alice, opponent=bob.sub, pace="blitz", stake=20)
    act(bob, duel, "accept")
    act(bob, duel, "ready")
    runner.advance(30 * 60 - 1)
    assert ok(alice.get(f"/v1/feinthold/duels/{duel['duel_id']}"))["status"] == "ready-room"
    runner.advance(1)
    closed = ok(alice.get(f"/v1/feinthold/duels/{duel['duel_id']}"))
    assert (closed["status"], closed["ending"]) == ("cancelled", "ready-room-closed")
    assert balance(alice) == balance(bob) == 100
    refused = alice.post(f"/v1/feinthold/duels/{duel['duel_id']}/ready")
    assert refused.status_code == 409 and refused.json()["error"]["rule"] == "ready-when-cancelled"


def test_withdraw_decline_and_a_short_balance(runner, alice, bob):
    duel = propose(alice, opponent=bob.sub, pace="2d", stake=70)
    assert act(alice, duel, "withdraw")["status"] == "withdrawn" and balance(alice) == 100
    again = propose(alice, opponent=bob.sub, pace="2d", stake=70)
    assert act(bob, again, "decline")["status"] == "declined" and balance(alice) == 100
    big = propose(alice, opponent=bob.sub, pace="3d", stake=60)
    propose(bob, pace="3d", stake=50)
    short = bob.post(f"/v1/feinthold/duels/{big['duel_id']}/accept")
    assert short.status_code == 409
    assert short.json()["error"]["code"] == "insufficient_credits" and "balance" in short.json()["error"]["message"]


def test_an_open_blitz_proposal_nobody_answers_lapses_after_an_hour(runner, alice, bob):
    duel = propose(alice, pace="blitz", stake=25)
    offered = [d for d in ok(bob.get("/v1/feinthold/duels?list=open&limit=50"))["duels"]
               if d["duel_id"] == duel["duel_id"]]
    assert [d["lapses_at"] for d in offered] == [duel["lapses_at"]] and duel["lapses_at"] is not None
    runner.advance(60 * 60 - 1)
    assert balance(alice) == 75
    runner.advance(1)  # the runner's sweep lapses it: the stake is back before anyone reads the duel
    assert balance(alice) == 100
    lines = [line for line in ok(alice.get("/v1/credits"))["lines"] if line["ref"] == duel["duel_id"]]
    assert [(line["amount"], line["kind"]) for line in lines] == [(25, "return"), (-25, "escrow")]
    assert duel["duel_id"] not in [d["duel_id"] for d in ok(bob.get("/v1/feinthold/duels?list=open&limit=50"))["duels"]]
    late = bob.post(f"/v1/feinthold/duels/{duel['duel_id']}/accept")
    assert late.status_code == 409 and late.json()["error"]["code"] == "duel_lapsed"
    lapsed = ok(alice.get(f"/v1/feinthold/duels/{duel['duel_id']}"))
    assert (lapsed["status"], lapsed["ending"], lapsed["lapses_at"]) == ("lapsed", "lapsed", None)
    assert balance(alice) == balance(bob) == 100


def test_abandoning_a_game_in_play_is_a_forfeit(runner, alice, bob):
    duel = propose(alice, opponent=bob.sub, pace="1d", stake=30)
    started = act(bob, duel, "accept")
    runner.advance(HUMAN)
    send(bob, started["game_id"], 1)
    over = act(bob, duel, "abandon")
    assert (over["status"], over["winner"], over["ending"]) == ("won", alice.sub, "forfeit")
    assert (balance(alice), balance(bob)) == (130, 70)
    assert game(alice, started["game_id"])["status"] == "over"


def test_an_unchanged_duel_and_game_view_answer_304(runner, alice, bob):
    duel = propose(alice, opponent=bob.sub, pace="1d", stake=0)
    first = alice.get(f"/v1/feinthold/duels/{duel['duel_id']}")
    etag = first.headers["etag"]
    same = alice.get(f"/v1/feinthold/duels/{duel['duel_id']}", headers={"If-None-Match": etag})
    assert same.status_code == 304 and same.headers["etag"] == etag and same.content == b""
    act(bob, duel, "accept")
    changed = alice.get(f"/v1/feinthold/duels/{duel['duel_id']}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    runner.advance(HUMAN)
    send(alice, duel["duel_id"], 1)
    after_orders = alice.get(f"/v1/feinthold/duels/{duel['duel_id']}",
                             headers={"If-None-Match": changed.headers["etag"]})
    assert after_orders.status_code == 304, "my own orders change nothing of the duel itself"
    path = f"/v1/feinthold/games/{duel['duel_id']}"
    view = alice.get(path)
    assert alice.get(path, headers={"If-None-Match": view.headers["etag"]}).status_code == 304
    send(bob, duel["duel_id"], 1)
    assert alice.get(f"/v1/feinthold/duels/{duel['duel_id']}",
                     headers={"If-None-Match": changed.headers["etag"]}).status_code == 200
    moved = alice.get(path, headers={"If-None-Match": view.headers["etag"]})
    assert moved.status_code == 200 and moved.json()["turn"] == 2, "the game view changed with the turn"


IDLE = {"name": "idle", "rules": [{"if": [{"units_at": {"at": "my-hq", "at_least": 40}}],
                                   "then": {"advance": {"from": "my-hq", "toward": "centre"}}}]}


def test_doctrines_three_slots_validated_with_one_default(runner, alice):
    broken = alice.post("/v1/feinthold/doctrines", json={"doctrine": {"name": "x", "rules": [
        {"if": [{"units_at": {"at": "my-hq", "at_least": 99}}], "then": {"advance": {"from": "my-hq",
                                                                                      "toward": "centre"}}}]}})
    assert broken.status_code == 422
    error = broken.json()["error"]
    assert (error["code"], error["field"], error["rule"]) == (
        "invalid_doctrine", "doctrine.rules[0].if[0].units_at.at_least", "rule 1")
    slots = [ok(alice.post("/v1/feinthold/doctrines", json={"doctrine": {**IDLE, "name": f"idle {n}"}}), 201)["slot"]
             for n in range(3)]
    assert slots == [1, 2, 3]
    full = alice.post("/v1/feinthold/doctrines", json={"doctrine": IDLE})
    assert full.status_code == 409 and full.json()["error"]["rule"] == "three-doctrines"
    assert ok(alice.post("/v1/feinthold/doctrines/2/default"))["default"] is True
    replaced = ok(alice.put("/v1/feinthold/doctrines/2", json={"doctrine": {**IDLE, "name": "renamed"}}))
    assert replaced["doctrine"]["name"] == "renamed" and replaced["default"] is True
    assert alice.http.delete("/v1/feinthold/doctrines/2").status_code == 204
    listed = ok(alice.get("/v1/feinthold/doctrines"))["doctrines"]
    assert [(d["slot"], d["default"]) for d in listed] == [(1, False), (3, False)]
    assert alice.get("/v1/feinthold/doctrines/2").status_code == 404


def test_pages_of_credits_and_a_cursor_from_elsewhere(runner, alice, bob):
    for stake in (1, 2, 3):
        propose(alice, opponent=bob.sub, pace="1d", stake=stake)
    first = ok(alice.get("/v1/credits?limit=2"))
    second = ok(alice.get(f"/v1/credits?limit=2&cursor={first['cursor']}"))
    amounts = [line["amount"] for line in first["lines"] + second["lines"]]
    assert sorted(amounts) == [-3, -2, -1, 100] and first["balance"] == 94
    foreign = bob.get(f"/v1/credits?cursor={first['cursor']}")
    assert foreign.status_code == 400 and foreign.json()["error"]["field"] == "cursor"


def test_two_members_calling_from_one_address_play_an_unrated_duel_and_moderators_see_the_marks(runner):
    """Linked accounts: "members seen with [...] the same source address within 30 days" (here one loopback
    address for both clients); the duel is unrated, the stakes returned, and each member gets a mark."""
    shared = runner.own_address()
    ann, ben = runner.member("ann", address=shared), runner.member("ben", address=shared)
    ok(ben.get("/v1/me"))
    duel = propose(ann, opponent=ben.sub, pace="1d", stake=25)
    final = play_out(runner, ann, ben, act(ben, duel, "accept"))
    assert final["status"] in ("won", "drawn")
    assert final["rating"] == {"rated": False, "why": "linked-accounts"}
    assert balance(ann) == balance(ben) == 100, "each stake returned, whoever won"
    moderator = runner.member("mod", moderator=True)
    marks = [m for m in ok(moderator.get("/v1/moderation/marks?limit=100"))["marks"]
             if m["game_id"] == duel["duel_id"] and m["kind"] == "linked-accounts"]
    assert sorted((m["member"], m["other_member"]) for m in marks) == sorted([(ann.sub, ben.sub), (ben.sub, ann.sub)])
    assert all(m["shared"] == {"kind": "address", "value": shared} for m in marks)
    assert ann.get("/v1/moderation/marks").json()["error"]["code"] == "moderators_only"
