"""Moderators close marks, through the API's Lambda handler (moto in-process, the manual clock): "games between
linked accounts leave a mark for moderators", and "every moderator action is written to an audit log with who,
when, what and why". A linked duel (two members seen with one device, a forfeit) leaves its two marks; a
moderator closes one of them."""

from __future__ import annotations

from typing import Any

import pytest
from gameserver.domain import members as profiles
from gameserver.domain.duels import service as duels
from gameserver.domain.fairplay import record
from gameserver.identity import Caller
from gateway import call
from moto_tables import address_of

MODERATOR = Caller(sub="mod-sub", groups=frozenset({"moderators"}), username="mod")
WHY = "same phone, one household: two siblings, reviewed with both"


def close_path(member: str, mark_id: str) -> str:
    return f"/v1/moderation/marks/{member}/{mark_id}/close"


@pytest.fixture
def linked_duel(store, clock, alice: Caller, bob: Caller) -> str:
    """A duel between members seen with the same device, forfeited: each member gets a mark."""
    for member in (alice, bob):
        record(store, clock.now(), member.sub, "one-phone", address_of(member.sub))
        profiles.ensure_profile(store, clock, member)
    proposed = duels.propose_duel(store, clock, alice, opponent=bob.sub, pace="1d", stake=0)
    game_id = duels.accept_duel(store, clock, bob, proposed["duel_id"])["game_id"]
    clock.advance(60)
    assert duels.abandon(store, clock, alice, game_id)["rating"] == {"rated": False, "why": "linked-accounts"}
    return game_id


def listed(status: str | None = None) -> list[dict[str, Any]]:
    code, page = call("GET", "/v1/moderation/marks" + (f"?status={status}" if status else ""), MODERATOR)
    assert code == 200, page
    return page["marks"]


def audit_lines(store, member: str) -> list[dict[str, Any]]:
    return store.client.query(
        TableName=store.table, IndexName="gsi2", KeyConditionExpression="gsi2pk = :pk",
        ExpressionAttributeValues={":pk": {"S": f"AUDITOF#{member}"}})["Items"]


def test_a_moderator_closes_a_mark_with_why_and_an_audit_line(store, clock, alice, bob, linked_duel):
    marks = listed()
    assert sorted(m["member"] for m in marks) == sorted([alice.sub, bob.sub])
    assert all(m["status"] == "open" and m["closed_by"] is None and m["why"] is None for m in marks)
    assert listed("closed") == []
    alices = next(m for m in marks if m["member"] == alice.sub)
    clock.advance(3600)

    code, closed = call("POST", close_path(alice.sub, alices["mark_id"]), MODERATOR, {"why": WHY},
                        headers={"Idempotency-Key": "close-1"})
    assert code == 200, closed
    closed_at = clock.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    assert closed == {**alices, "status": "closed", "closed_by": MODERATOR.sub, "closed_at": closed_at, "why": WHY}

    assert [m["member"] for m in listed()] == [bob.sub], "the open list has the other mark only"
    assert listed("open") == listed()
    assert listed("closed") == [closed]
    lines = audit_lines(store, alice.sub)
    assert [(line["action"]["S"], line["moderator"]["S"], line["target"]["S"], line["why"]["S"], line["at"]["S"])
            for line in lines] == [("close-mark", MODERATOR.sub, alices["mark_id"], WHY, closed_at)]
    assert audit_lines(store, bob.sub) == []

    code, replay = call("POST", close_path(alice.sub, alices["mark_id"]), MODERATOR, {"why": WHY},
                        headers={"Idempotency-Key": "close-1"})
    assert (code, replay) == (200, closed), "a replay gets the first answer"
    code, again = call("POST", close_path(alice.sub, alices["mark_id"]), MODERATOR, {"why": "once more"})
    assert (code, again["error"]["code"], again["error"]["field"]) == (409, "mark_closed", "mark_id")
    assert len(audit_lines(store, alice.sub)) == 1, "neither the replay nor the refusal writes a line"
    assert listed("closed") == [closed]


def test_members_never_close_marks_and_unknown_marks_are_404(store, clock, alice, bob, linked_duel):
    bobs = next(m for m in listed() if m["member"] == bob.sub)
    for member in (alice, bob):
        code, refused = call("POST", close_path(bob.sub, bobs["mark_id"]), member, {"why": "not me"})
        assert (code, refused["error"]["code"]) == (403, "moderators_only")
        code, refused = call("GET", "/v1/moderation/marks?status=closed", member)
        assert (code, refused["error"]["code"]) == (403, "moderators_only")

    for member, mark_id in ((bob.sub, "0" * 20), (alice.sub, bobs["mark_id"]), ("nobody-sub", bobs["mark_id"])):
        code, missing = call("POST", close_path(member, mark_id), MODERATOR, {"why": "checked"})
        assert (code, missing["error"]["code"], missing["error"]["field"]) == (404, "not_found", "mark_id")
    assert [m["status"] for m in listed()] == ["open", "open"]
    assert audit_lines(store, bob.sub) == []


@pytest.mark.parametrize(("body", "says"), [
    ({}, "required"),
    ({"why": ""}, "at least 1 character"),
    ({"why": "   "}, "1 to 500 characters"),
    ({"why": "x" * 501}, "at most 500 characters"),
    ({"why": 42}, "valid string"),
    ({"why": ["spam"]}, "valid string"),
])
def test_a_bad_body_is_a_422_naming_why(store, clock, bob, linked_duel, body, says):
    bobs = next(m for m in listed() if m["member"] == bob.sub)
    code, refused = call("POST", close_path(bob.sub, bobs["mark_id"]), MODERATOR, body)
    assert (code, refused["error"]["field"]) == (422, "why"), refused
    assert says in refused["error"]["message"]
    assert listed("closed") == []


def test_the_lists_keep_their_own_cursors_and_refuse_an_unknown_status(store, clock, alice, bob, linked_duel):
    code, page = call("GET", "/v1/moderation/marks?limit=1", MODERATOR)
    assert code == 200 and len(page["marks"]) == 1 and page["cursor"]
    code, refused = call("GET", f"/v1/moderation/marks?status=closed&cursor={page['cursor']}", MODERATOR)
    assert (code, refused["error"]["code"]) == (400, "invalid_cursor"), "an open list's cursor is not a closed one's"
    code, rest = call("GET", f"/v1/moderation/marks?status=open&limit=1&cursor={page['cursor']}", MODERATOR)
    assert code == 200 and len(rest["marks"]) == 1
    assert len({m["mark_id"] for m in page["marks"] + rest["marks"]}) == 2, "the second page goes on"
    code, refused = call("GET", "/v1/moderation/marks?status=reviewed", MODERATOR)
    assert (code, refused["error"]["field"]) == (422, "status")


def test_of_two_moderators_closing_one_mark_at_once_one_wins_and_one_line_is_written(
        store, clock, bob, linked_duel, monkeypatch):
    """The second moderator read the mark open; the first closes it before the second's transaction: the
    second's condition (still open) cancels it, its fresh read finds the mark closed, and it gets a 409."""
    from gameserver.domain.moderation import close_mark
    from gameserver.storage.dynamodb.fairplay import DynamoFairPlay

    other = Caller(sub="other-mod-sub", groups=frozenset({"moderators"}), username="other-mod")
    bobs = next(m for m in listed() if m["member"] == bob.sub)
    find = DynamoFairPlay.find_mark
    reads: list[str] = []

    def read_then_race(self, member: str, mark_id: str):
        found = find(self, member, mark_id)
        reads.append(str(found.status if found else None))
        if len(reads) == 1:
            monkeypatch.setattr(DynamoFairPlay, "find_mark", find)
            close_mark(store, clock, other, member, mark_id, "first come")
            monkeypatch.setattr(DynamoFairPlay, "find_mark", read_then_race)
        return found

    monkeypatch.setattr(DynamoFairPlay, "find_mark", read_then_race)
    code, late = call("POST", close_path(bob.sub, bobs["mark_id"]), MODERATOR, {"why": "second"})
    assert (code, late["error"]["code"]) == (409, "mark_closed")
    assert reads == ["open", "closed"], "cancelled, read again"
    [closed] = listed("closed")
    assert (closed["closed_by"], closed["why"]) == (other.sub, "first come")
    assert [line["moderator"]["S"] for line in audit_lines(store, bob.sub)] == [other.sub]
