"""Linked accounts wired end to end (moto in-process, the manual clock): "members seen with the same device id
(a client header) or the same source address within 30 days. Between linked accounts a duel is unrated (the
result stays, stakes returned, no rating moves)", and "games between linked accounts leave a mark for
moderators". Sightings come from API requests through the Lambda handler; the duel is played through the
domain, as the spine plays it."""

from __future__ import annotations

import json
import types
from typing import Any

import pytest
from duel_world import credit_problems, join, random_orders, send
from gameserver.domain.duels import game as duel_game
from gameserver.domain.duels import service as duels
from gameserver.identity import Caller
from moto_tables import address_of

MODERATOR = Caller(sub="mod-sub", groups=frozenset({"moderators"}), username="mod")
STAKE = 30


def api(caller: Caller, method: str, path: str, *, device: str | None = None,
        address: str | None = None) -> tuple[int, Any]:
    """One request through the API's Lambda handler, from ``address`` (the caller's own by default), with the
    ``X-Device-Id`` header when ``device`` is given."""
    from gameserver.handlers.api import handler
    from localrun.events import HttpRequest, LambdaContext, http_api_event

    headers = (("content-type", "application/json"),) + ((("x-device-id", device),) if device else ())
    request = HttpRequest(method=method, path=path.split("?")[0], query_string=path.partition("?")[2],
                          headers=headers, source_ip=address or address_of(caller.sub))
    claims: dict[str, Any] = {"sub": caller.sub, "cognito:username": caller.username}
    if caller.groups:
        claims["cognito:groups"] = sorted(caller.groups)
    answer = handler(http_api_event(request, claims), LambdaContext("ApiFunction"))
    return answer["statusCode"], json.loads(answer.get("body") or "null")


@pytest.fixture
def pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The duel's game drawn the same way every run (seed, sides): with the orders below, bob wins it."""
    monkeypatch.setattr(duel_game, "new_seed", lambda: 1000)
    monkeypatch.setattr(duel_game, "secrets", types.SimpleNamespace(randbits=lambda bits: 1))


def balance(store, caller: Caller) -> int:
    return store.members.get_profile(caller.sub).credits


def member_items(store, sub: str, prefix: str) -> list[dict[str, Any]]:
    return store.client.query(
        TableName=store.table, KeyConditionExpression="pk = :pk AND begins_with(sk, :p)", ConsistentRead=True,
        ExpressionAttributeValues={":pk": {"S": f"MEMBER#{sub}"}, ":p": {"S": prefix}})["Items"]


def start(store, clock, ann: Caller, bob: Caller) -> str:
    join(store, clock, ann, bob)
    proposed = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="1d", stake=STAKE)
    return duels.accept_duel(store, clock, bob, proposed["duel_id"])["game_id"]


def play_out(store, clock, ann: Caller, bob: Caller, game_id: str, *, meanwhile=None) -> dict[str, Any]:
    """Both send random legal orders 5 s after each turn opens (a human's pace); ``meanwhile`` runs at turn 4."""
    for turn in range(1, 9):
        if store.games.get(game_id).status != "open":
            break
        if turn == 4 and meanwhile is not None:
            meanwhile()
        clock.advance(5)
        send(store, clock, ann, game_id, turn, random_orders(store, ann, game_id, turn))
        send(store, clock, bob, game_id, turn, random_orders(store, bob, game_id, 100 + turn))
    return duels.read_duel(store, clock, ann, game_id)


def test_a_staked_duel_between_members_sharing_a_device_is_unrated_returns_the_stakes_and_marks_both(
        store, clock, ann, bob, pinned):
    api(ann, "GET", "/v1/me", device="phone-ann")
    api(bob, "GET", "/v1/me", device="phone-bob")
    game_id = start(store, clock, ann, bob)
    # Bob borrows ann's phone during the game: linked accounts are judged when the duel finishes.
    final = play_out(store, clock, ann, bob, game_id,
                     meanwhile=lambda: api(bob, "GET", "/v1/credits", device="phone-ann"))

    assert (final["status"], final["winner"]) == ("won", bob.sub), "the result stays"
    assert final["rating"] == {"rated": False, "why": "linked-accounts"}
    assert balance(store, ann) == balance(store, bob) == 100, "each stake returned"
    assert member_items(store, ann.sub, "RATING#") == member_items(store, bob.sub, "RATING#") == [], "no rating"
    for member in (ann, bob):
        status, shown = api(member, "GET", f"/v1/feinthold/duels/{game_id}")
        assert status == 200 and shown["rating"] == {"rated": False, "why": "linked-accounts"}
        text = json.dumps(shown)
        assert "phone-ann" not in text and address_of(ann.sub) not in text and address_of(bob.sub) not in text
        assert member_items(store, member.sub, "MARK#") != [], "each member has a mark"

    status, page = api(MODERATOR, "GET", "/v1/moderation/marks")
    assert status == 200 and page["cursor"] is None
    page["marks"] = [m for m in page["marks"] if m["kind"] == "linked-accounts"]  # the helpers' pace marks aside
    assert sorted((m["member"], m["other_member"]) for m in page["marks"]) == sorted(
        [(ann.sub, bob.sub), (bob.sub, ann.sub)])
    for mark in page["marks"]:
        assert mark["kind"] == "linked-accounts" and mark["game_id"] == game_id
        assert mark["shared"] == {"kind": "device", "value": "phone-ann"}
        assert mark["at"] == final["finished_at"]
    status, refused = api(ann, "GET", "/v1/moderation/marks")
    assert status == 403 and refused["error"]["code"] == "moderators_only"
    assert credit_problems(store) == []


def test_the_same_duel_between_members_seen_apart_is_rated_and_pays_the_winner(store, clock, ann, bob, pinned):
    api(ann, "GET", "/v1/me", device="phone-ann")
    api(bob, "GET", "/v1/me", device="phone-bob")
    game_id = start(store, clock, ann, bob)
    final = play_out(store, clock, ann, bob, game_id, meanwhile=lambda: api(bob, "GET", "/v1/credits"))

    assert (final["status"], final["winner"]) == ("won", bob.sub)
    assert final["rating"]["rated"] is True and set(final["rating"]["elo"]) == {ann.sub, bob.sub}
    assert (balance(store, ann), balance(store, bob)) == (100 - STAKE, 100 + STAKE)
    kinds = {(item["member"]["S"], item["kind"]["S"]) for member in (ann, bob)
             for item in member_items(store, member.sub, "MARK#")}
    # no link; both sent 5 s after every turn opened: a machine's pace (a mark, nothing else), a human's speed
    assert kinds == {(ann.sub, "pace-too-regular"), (bob.sub, "pace-too-regular")}
    assert [m for m in api(MODERATOR, "GET", "/v1/moderation/marks")[1]["marks"]
            if m["kind"] == "linked-accounts"] == []


def test_an_address_shared_more_than_30_days_before_the_end_links_nobody(store, clock, ann, bob, pinned):
    api(ann, "GET", "/v1/me", address="203.0.113.9")
    api(bob, "GET", "/v1/me", address="203.0.113.9")
    clock.advance(31 * 86_400)  # the shared day is now more than 30 days ago
    api(ann, "GET", "/v1/me")
    api(bob, "GET", "/v1/me")
    game_id = start(store, clock, ann, bob)
    final = play_out(store, clock, ann, bob, game_id)
    assert final["rating"]["rated"] is True and balance(store, bob) == 100 + STAKE


def test_a_forfeit_between_members_sharing_an_address_returns_the_stakes_and_moves_no_rating(
        store, clock, ann, bob):
    api(ann, "GET", "/v1/me", address="203.0.113.9")
    api(bob, "GET", "/v1/me", address="203.0.113.9")
    game_id = start(store, clock, ann, bob)
    clock.advance(5)
    send(store, clock, ann, game_id, 1)
    send(store, clock, bob, game_id, 1)
    clock.advance(30)
    forfeit = duels.abandon(store, clock, ann, game_id)
    assert (forfeit["status"], forfeit["ending"], forfeit["winner"]) == ("won", "forfeit", bob.sub)
    assert forfeit["rating"] == {"rated": False, "why": "linked-accounts"}
    assert balance(store, ann) == balance(store, bob) == 100
    assert member_items(store, ann.sub, "RATING#") == member_items(store, bob.sub, "RATING#") == []
    marks = [m for m in api(MODERATOR, "GET", "/v1/moderation/marks")[1]["marks"] if m["kind"] == "linked-accounts"]
    assert {(m["member"], m["kind"]) for m in marks} == {(ann.sub, "linked-accounts"), (bob.sub, "linked-accounts")}
    assert all(m["shared"] == {"kind": "address", "value": "203.0.113.9"} for m in marks)
    assert credit_problems(store) == []


def test_a_forfeit_between_members_seen_apart_pays_the_winner(store, clock, ann, bob):
    api(ann, "GET", "/v1/me")
    api(bob, "GET", "/v1/me")
    game_id = start(store, clock, ann, bob)
    clock.advance(5)
    send(store, clock, ann, game_id, 1)
    send(store, clock, bob, game_id, 1)
    clock.advance(30)
    forfeit = duels.abandon(store, clock, ann, game_id)
    assert forfeit["rating"]["rated"] is True and balance(store, bob) == 100 + STAKE


def test_the_marks_page_for_moderators_newest_first_with_a_checked_cursor(store, clock, ann, bob):
    from gameserver.domain.fairplay import record

    cid = Caller(sub="cid-sub", groups=frozenset(), username="cid")
    for member in (ann, bob, cid):
        record(store, clock.now(), member.sub, "one-phone", address_of(member.sub))
    join(store, clock, ann, bob, cid)
    for first, second in ((ann, bob), (bob, cid)):
        proposed = duels.propose_duel(store, clock, first, opponent=second.sub, pace="1d", stake=0)
        game_id = duels.accept_duel(store, clock, second, proposed["duel_id"])["game_id"]
        clock.advance(60)
        duels.abandon(store, clock, first, game_id)
    status, page = api(MODERATOR, "GET", "/v1/moderation/marks?limit=3")
    assert status == 200 and len(page["marks"]) == 3 and page["cursor"]
    status, rest = api(MODERATOR, "GET", f"/v1/moderation/marks?limit=3&cursor={page['cursor']}")
    assert status == 200 and len(rest["marks"]) == 1 and rest["cursor"] is None
    times = [m["at"] for m in page["marks"] + rest["marks"]]
    assert times == sorted(times, reverse=True) and times[0] > times[-1], "newest first"
    status, bad = api(MODERATOR, "GET", "/v1/moderation/marks?cursor=bm90LW1pbmU")
    assert status == 400 and bad["error"]["code"] == "invalid_cursor"


def test_a_linked_duel_caught_up_after_its_final_turn_is_judged_the_same(store, clock, ann, bob, pinned,
                                                                        monkeypatch):
    """When the duel cannot ride in its final turn's transaction, the hook after the turn (``sync``) ends it:
    it reads the links the same way."""
    api(ann, "GET", "/v1/me", device="one-phone")
    api(bob, "GET", "/v1/me", device="one-phone")
    game_id = start(store, clock, ann, bob)
    monkeypatch.setattr(duel_game.MODE, "writes_with_step", lambda *_: ())
    final = play_out(store, clock, ann, bob, game_id)
    assert final["status"] == "won" and final["rating"] == {"rated": False, "why": "linked-accounts"}
    assert balance(store, ann) == balance(store, bob) == 100
    assert len([m for m in api(MODERATOR, "GET", "/v1/moderation/marks")[1]["marks"]
                if m["kind"] == "linked-accounts"]) == 2
