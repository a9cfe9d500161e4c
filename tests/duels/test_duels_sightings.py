"""Linked accounts from the sightings store: the pure reading of stored days ("members seen with the same device
id (a client header) or the same source address within 30 days"), and the store itself in moto (one item per
member, one attribute per day, the memo that makes it one write a day)."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, timedelta

from gameserver.platform.fairplay import Link, LinkKind, day_sightings, link_between
from gameserver.storage.dynamodb.fairplay import decode_seen, seen_values

DAY = date(2026, 11, 2)
LAST_SECOND = datetime(2026, 11, 2, 23, 59, 59, tzinfo=UTC)
DEVICE, ADDRESS = LinkKind.DEVICE, LinkKind.ADDRESS


def linked(ann: dict, bob: dict, now: datetime) -> Link | None:
    return link_between("ann", "bob", day_sightings("ann", ann, now) + day_sightings("bob", bob, now), now)


# ------------------------------------------------------------------ pure
def test_a_day_counts_until_30_days_after_its_last_second_and_not_one_second_more() -> None:
    ann = {DAY: {Link(DEVICE, "phone")}}
    bob = {DAY + timedelta(days=29): {Link(DEVICE, "phone")}}
    exactly = LAST_SECOND + timedelta(days=30)
    assert linked(ann, bob, exactly) == Link(DEVICE, "phone"), "the window includes its first instant"
    assert linked(ann, bob, exactly + timedelta(seconds=1)) is None


def test_today_counts_from_now_and_a_day_to_come_not_at_all() -> None:
    now = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)
    seen = day_sightings("ann", {DAY: {Link(ADDRESS, "1.1.1.1")}, DAY + timedelta(days=1): {Link(DEVICE, "x")}}, now)
    assert [(s.address, s.device_id, s.at) for s in seen] == [("1.1.1.1", None, now)]


def test_a_device_links_before_an_address_and_an_address_alone_links_too() -> None:
    ann = {DAY: {Link(DEVICE, "phone"), Link(ADDRESS, "203.0.113.9")}}
    bob = {DAY: {Link(DEVICE, "phone"), Link(ADDRESS, "203.0.113.9")}}
    now = LAST_SECOND
    assert linked(ann, bob, now) == Link(DEVICE, "phone")
    assert linked(ann, {DAY: {Link(ADDRESS, "203.0.113.9")}}, now) == Link(ADDRESS, "203.0.113.9")
    assert linked(ann, {DAY: {Link(DEVICE, "tablet"), Link(ADDRESS, "198.51.100.1")}}, now) is None


def test_an_absent_device_id_is_not_recorded_and_links_nobody() -> None:
    assert seen_values(None, "203.0.113.9") == {"address:203.0.113.9"}
    assert seen_values("", "203.0.113.9") == {"address:203.0.113.9"}
    ann = decode_seen({"d2026-11-02": {"SS": sorted(seen_values(None, "10.0.0.1"))}})
    bob = decode_seen({"d2026-11-02": {"SS": sorted(seen_values(None, "10.0.0.2"))}})
    assert linked(ann, bob, LAST_SECOND) is None


def test_a_stored_day_reads_back_as_what_was_seen() -> None:
    item = {"pk": {"S": "MEMBER#ann"}, "sk": {"S": "SEEN"}, "type": {"S": "seen"}, "expires_at": {"N": "1"},
            "d2026-11-02": {"SS": ["device:phone:1", "address:2001:db8::1"]}}
    assert decode_seen(item) == {DAY: {Link(DEVICE, "phone:1"), Link(ADDRESS, "2001:db8::1")}}
    assert decode_seen(None) == {}


# ------------------------------------------------------------------ the store (moto)
def seen_item(store, sub: str) -> dict:
    return store.client.get_item(TableName=store.table, Key={"pk": {"S": f"MEMBER#{sub}"}, "sk": {"S": "SEEN"}},
                                 ConsistentRead=True).get("Item", {})


def counted(store) -> Counter:
    sent: Counter = Counter()
    store.client.meta.events.register("before-call.dynamodb", lambda model, **_: sent.update([model.name]))
    return sent


def test_recording_twice_on_a_day_writes_once_and_the_day_holds_every_value(store, clock, ann):
    from gameserver.domain.fairplay import record

    sent = counted(store)
    assert record(store, clock.now(), ann.sub, "phone", "203.0.113.9") is True
    assert record(store, clock.now(), ann.sub, "phone", "203.0.113.9") is False, "the memo: no second write"
    assert sent == Counter({"UpdateItem": 1})
    assert record(store, clock.now(), ann.sub, None, "198.51.100.4") is True, "another address: written"
    day = seen_item(store, ann.sub)[f"d{clock.now().date().isoformat()}"]
    assert set(day["SS"]) == {"device:phone", "address:203.0.113.9", "address:198.51.100.4"}


def test_days_31_to_45_days_old_are_removed_by_the_next_sighting(store, clock, ann):
    from gameserver.domain.fairplay import record

    first = clock.now().date()
    record(store, clock.now(), ann.sub, None, "10.0.0.1")
    clock.advance(20 * 86_400)
    record(store, clock.now(), ann.sub, None, "10.0.0.2")
    clock.advance(15 * 86_400)
    record(store, clock.now(), ann.sub, None, "10.0.0.3")
    item = seen_item(store, ann.sub)
    days = sorted(name for name in item if name.startswith("d"))
    assert days == [f"d{first + timedelta(days=20)}", f"d{first + timedelta(days=35)}"], "day 0 is 35 days old"
    assert int(item["expires_at"]["N"]) == int(datetime.combine(first + timedelta(days=35 + 32), datetime.min.time(),
                                                                UTC).timestamp())


def test_the_end_of_a_duel_reads_both_members_sightings_with_the_ratings(store, clock, ann, bob):
    from gameserver.domain.fairplay import link_of, record

    record(store, clock.now(), ann.sub, "ann-phone", "203.0.113.9")
    record(store, clock.now(), bob.sub, "bob-phone", "203.0.113.9")
    clock.advance(3 * 86_400)
    sent = counted(store)
    seen = store.duels.standing((ann.sub, bob.sub), "2026-12").seen
    assert sent == Counter({"BatchGetItem": 1}), "one request, the ratings' own"
    assert link_of(seen, (ann.sub, bob.sub), clock.now()) == Link(ADDRESS, "203.0.113.9")
    assert link_of(seen, (ann.sub, bob.sub), clock.now() + timedelta(days=30)) is None


def test_a_mark_written_twice_is_one_mark(store, clock, ann, bob):
    from gameserver.platform.fairplay.marks import linked_marks
    from gameserver.storage.dynamodb.fairplay import DynamoFairPlay, mark_put

    for _ in range(2):
        for mark in linked_marks("g1", (ann.sub, bob.sub), Link(DEVICE, "phone"), "2026-11-30T09:00:00Z"):
            store.client.transact_write_items(TransactItems=[mark_put(store.table, mark)])
    marks, cursor = DynamoFairPlay(store).marks(None, 10)
    assert cursor is None and sorted(m.member for m in marks) == [ann.sub, bob.sub]
