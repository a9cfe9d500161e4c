"""A closed mark stays closed when the end that left it is written again (moto in-process).

A mark rides in its end's transaction; its key is drawn from the game, the member and the kind, so a retried
end writes the same item. The end itself is claimed once (the duel's version), and the mark's own write is an
Update that sets ``gsi1pk`` only if it is missing: neither a replayed transaction nor a mark written again
reopens what a moderator closed, nor cancels the end."""

from __future__ import annotations

from typing import Any

import pytest
from duel_world import START, join
from gameserver.domain.duels import service as duels
from gameserver.domain.fairplay import record
from gameserver.domain.moderation import close_mark, marks_page
from gameserver.errors import Conflict
from gameserver.identity import Caller
from gameserver.platform.fairplay import Link, LinkKind
from gameserver.platform.fairplay.marks import Closure, MarkClosed, MarkStatus, linked_marks
from gameserver.storage.dynamodb.fairplay import mark_put
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from moto_tables import address_of, manual_clock, moto_tables

MODERATOR = Caller(sub="mod-sub", groups=frozenset({"moderators"}), username="mod")


def stored_marks(store, sub: str) -> list[dict[str, Any]]:
    return store.client.query(
        TableName=store.table, KeyConditionExpression="pk = :pk AND begins_with(sk, :p)", ConsistentRead=True,
        ExpressionAttributeValues={":pk": {"S": f"MEMBER#{sub}"}, ":p": {"S": "MARK#"}})["Items"]


def is_mark_write(item: dict[str, Any]) -> bool:
    write = item.get("Update") or item.get("Put") or {}
    key = write.get("Key") or write.get("Item") or {}
    return key.get("sk", {}).get("S", "").startswith("MARK#")


def test_the_ends_transaction_written_again_leaves_a_closed_mark_closed(store, clock, ann, bob, monkeypatch):
    for member in (ann, bob):
        record(store, clock.now(), member.sub, "one-phone", address_of(member.sub))
    join(store, clock, ann, bob)
    proposed = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="1d", stake=0)
    game_id = duels.accept_duel(store, clock, bob, proposed["duel_id"])["game_id"]
    clock.advance(60)

    written: list[list[dict[str, Any]]] = []
    transact = store.client.transact_write_items

    def keep(**request: Any) -> Any:
        written.append(request["TransactItems"])
        return transact(**request)

    monkeypatch.setattr(store.client, "transact_write_items", keep)
    duels.abandon(store, clock, ann, game_id)
    monkeypatch.undo()
    [end] = [items for items in written if any(is_mark_write(item) for item in items)]
    mark_writes = [item for item in end if is_mark_write(item)]
    assert len(mark_writes) == 2 and all("ConditionExpression" not in item["Update"] for item in mark_writes), \
        "a mark's write has no condition: it never cancels its end"

    anns = next(m for m in marks_page(store, MODERATOR, None, 10)["marks"] if m["member"] == ann.sub)
    clock.advance(600)
    closed = close_mark(store, clock, MODERATOR, ann.sub, anns["mark_id"], "reviewed: a shared family phone")
    before = stored_marks(store, ann.sub)

    with pytest.raises(store.client.exceptions.TransactionCanceledException):
        store.client.transact_write_items(TransactItems=end)  # the retried end: its claim (the version) fails
    store.client.transact_write_items(TransactItems=mark_writes)  # the marks written again, as if it had not

    assert stored_marks(store, ann.sub) == before, "the closed mark is untouched: status, who, when, why"
    assert marks_page(store, MODERATOR, None, 10, MarkStatus.CLOSED)["marks"] == [closed]
    assert [m["member"] for m in marks_page(store, MODERATOR, None, 10)["marks"]] == [bob.sub]
    assert len(stored_marks(store, bob.sub)) == 1


@pytest.fixture(scope="module")
def world(aws_environment: None) -> None:
    """The settings only: each example below makes its own tables."""


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.one_of(st.just(("end", 0)), st.tuples(st.just("close"), st.integers(0, 1))),
                      min_size=1, max_size=6))
def test_a_mark_is_closed_once_and_stays_closed_whatever_is_written_again(world, steps):
    """Any sequence of the end written again and moderators' closings: each mark is open until its first
    closing, closed by that one for good (a second is ``mark_closed``), and every mark is on exactly one list."""
    from gameserver import services

    members = ("ann-sub", "bob-sub")
    marks = linked_marks("0123456789abcdef0123", members, Link(LinkKind.DEVICE, "one-phone"), "2026-11-30T09:00:00Z")
    with moto_tables(), manual_clock(START) as clock:
        store = services.storage()
        write_end(store, marks)
        first: dict[str, dict[str, Any]] = {}
        for number, (step, which) in enumerate(steps):
            clock.advance(60)
            if step == "end":
                write_end(store, marks)
                continue
            member = members[which]
            why = f"closing number {number}"
            if member in first:
                with pytest.raises(Conflict) as refused:
                    close_mark(store, clock, MODERATOR, member, marks[which].mark_id, why)
                assert refused.value.code == "mark_closed"
            else:
                first[member] = close_mark(store, clock, MODERATOR, member, marks[which].mark_id, why)
        closed = marks_page(store, MODERATOR, None, 10, MarkStatus.CLOSED)["marks"]
        still_open = marks_page(store, MODERATOR, None, 10)["marks"]
        assert sorted(closed, key=lambda m: m["member"]) == [first[m] for m in sorted(first)]
        assert sorted(m["member"] for m in still_open) == sorted(set(members) - set(first))
        assert all(m["status"] == "open" and m["why"] is None for m in still_open)


def write_end(store, marks) -> None:
    store.client.transact_write_items(TransactItems=[mark_put(store.table, mark) for mark in marks])


def test_a_closed_mark_is_not_written_as_a_new_one_nor_closed_twice():
    mark = linked_marks("g1", ("ann-sub", "bob-sub"), Link(LinkKind.ADDRESS, "203.0.113.9"), "2026-11-30T09:00:00Z")[0]
    closed = mark.closed(Closure("mod-sub", "2026-11-30T10:00:00Z", "seen"))
    assert (mark.status, closed.status) == (MarkStatus.OPEN, MarkStatus.CLOSED)
    with pytest.raises(ValueError, match="written open"):
        mark_put("main", closed)
    with pytest.raises(MarkClosed, match="closed by mod-sub at 2026-11-30T10:00:00Z"):
        closed.closed(Closure("other-mod", "2026-11-30T11:00:00Z", "again"))
