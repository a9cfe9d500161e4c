"""The challenges area's contract, on both stores: a published doctrine is written whole and claimed by its
version, listed by rating while published; a challenge starts once per member and doctrine at a time (the
``Versus`` claim) and ends once; a counted end moves the challenger's rating and month line and queues the
doctrine's result on an item of its own; a rating step applies each game once and empties the queue; an
author's notice tells its events once; the boards page in order and refuse a forged cursor."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from gameserver.clock import Pace, iso
from gameserver.platform.challenges import (
    AuthorEvent,
    AuthorNotice,
    ChallengeEnd,
    ChallengerLine,
    DoctrineLine,
    DoctrineStatus,
    HouseAI,
    NoticeKind,
    apply_next,
    finish,
    house_doctrine,
    publish,
    settle,
    start,
    withdraw,
)
from gameserver.platform.fairplay.links import Link, LinkKind
from gameserver.platform.fairplay.marks import MarkStatus, linked_marks
from gameserver.platform.ratings import Glicko2Rating
from gameserver.storage.challenges import (
    ChallengeFinish,
    ChallengerChange,
    ChallengerMonth,
    ChallengeStart,
    DoctrineMonth,
    DoctrineRatingWrite,
    DoctrineRecord,
    DoctrineWrite,
    FeedNotice,
    NoticeWrite,
    StoredChallenge,
    StoredDoctrine,
    VersusChanged,
    Waiting,
)
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.errors import WriteConflict
from gameserver.storage.records import LedgerLine, Profile

T0 = datetime(2026, 12, 1, 9, tzinfo=UTC)
RULES = {"name": "secret wall", "rules": [{"if": [], "then": {"predict": {"at": "likely-entry"}}}]}


def published(doctrine_id: str = "d1", author: str = "ann", rating: int = 1500) -> StoredDoctrine:
    return StoredDoctrine(publish(doctrine_id, author, 1, "Iron Wall", RULES, T0),
                          Glicko2Rating(rating=Decimal(rating)))


def stored_doctrine(store, doctrine_id: str = "d1", **kwargs) -> StoredDoctrine:
    store.transact([DoctrineWrite(published(doctrine_id, **kwargs))])
    found = store.challenges.doctrine(doctrine_id)
    assert found is not None and found.version == 1
    return found


def started(store, doctrine: StoredDoctrine, challenger: str = "bob", game: str = "g1", at: datetime = T0):
    read = store.challenges.read_start(challenger, doctrine.doctrine.id)
    challenge = start(game, challenger, doctrine.doctrine, Pace.BLITZ, at, read.versus.challenges)
    versus = replace(read.versus, challenges=(*read.versus.challenges, challenge))
    event = AuthorEvent(doctrine.doctrine.id, "ann", game, NoticeKind.CHALLENGED, at)
    store.transact([ChallengeStart(challenge, versus, iso(at + timedelta(minutes=10)),
                                   (Waiting(event, iso(at)),))])
    return challenge


def test_a_published_doctrine_is_written_whole_claimed_by_its_version_and_listed_by_rating(store):
    first = stored_doctrine(store, "d1", rating=1500)
    stored_doctrine(store, "d2", author="cat", rating=1700)
    with pytest.raises(WriteConflict):  # a new doctrine whose id is taken
        store.transact([DoctrineWrite(published("d1"))])
    page = store.challenges.published(None, 1)
    assert [s.doctrine.id for s in page.items] == ["d2"] and page.cursor is not None
    assert [s.doctrine.id for s in store.challenges.published(page.cursor, 5).items] == ["d1"]
    gone = replace(first, doctrine=withdraw(first.doctrine, "ann", T0))
    store.transact([DoctrineWrite(gone)])
    with pytest.raises(WriteConflict):  # claimed by the version read
        store.transact([DoctrineWrite(gone)])
    assert store.challenges.doctrine("d1").doctrine.status is DoctrineStatus.WITHDRAWN
    assert [s.doctrine.id for s in store.challenges.published(None, 5).items] == ["d2"], "withdrawn: not listed"
    assert set(store.challenges.doctrines(("d1", "d2", "nope"))) == {"d1", "d2"}
    with pytest.raises(InvalidCursor):
        store.challenges.published("bm90LWEtY3Vyc29y", 5)


def test_a_house_ai_is_stored_once(store):
    ram = StoredDoctrine(house_doctrine(HouseAI.RAM, RULES, T0))
    assert store.challenges.put_house(ram) is True
    assert store.challenges.put_house(ram) is False
    assert store.challenges.doctrine("house-ram").doctrine.author is None


def test_one_challenge_of_a_doctrine_at_a_time_whatever_races(store):
    doctrine = stored_doctrine(store)
    stale = store.challenges.read_start("bob", "d1")
    challenge = started(store, doctrine)
    read = store.challenges.read_start("bob", "d1")
    assert read.versus.challenges == (challenge,) and read.versus.version == 1
    assert read.doctrine.doctrine.id == "d1" and set(read.seen) == {"bob", "ann"}
    racing = start("g2", "bob", doctrine.doctrine, Pace.RAPID, T0, ())
    with pytest.raises(VersusChanged):
        store.transact([ChallengeStart(racing, replace(stale.versus, challenges=(racing,)), iso(T0))])
    assert store.challenges.read_challenge("g2").stored is None
    assert store.challenges.due_challenges(iso(T0 + timedelta(minutes=10)), 5) == ["g1"]
    assert store.challenges.due_challenges(iso(T0 + timedelta(minutes=9)), 5) == []
    assert store.challenges.waiting(iso(T0), 5) == ["d1"]


def finished_write(store, doctrine: StoredDoctrine, challenge, score: float = 0.0):
    month = iso(T0)[:7]
    end = store.challenges.read_end(challenge.id, "bob", "d1", "ann", month)
    after = finish(challenge, ChallengeEnd(T0 + timedelta(minutes=9), score, 8, {t: 20 + t for t in range(1, 9)}))
    settlement = settle(after, end.rating, end.doctrine.rating)
    line = ChallengerLine("bob", Decimal(1500), 0, T0).after(settlement.challenger_after)
    marks = linked_marks(challenge.id, ("bob", "ann"), Link(LinkKind.DEVICE, "phone"), iso(after.ended_at))
    return ChallengeFinish(
        StoredChallenge(after, end.stored.version, ChallengerChange(settlement.challenger_before,
                                                                    settlement.challenger_change)),
        replace(end.versus, challenges=(after,)), end.rating_version, settlement.queued,
        ChallengerMonth(month, line, 0), marks=marks)


def test_a_challenge_ends_once_moving_the_challengers_rating_and_queueing_the_doctrines_result(store):
    doctrine = stored_doctrine(store)
    challenge = started(store, doctrine)
    end = finished_write(store, doctrine, challenge)
    store.transact([end])
    with pytest.raises(WriteConflict):
        store.transact([end])
    read = store.challenges.read_challenge("g1")
    assert read.stored.version == 2 and read.stored.challenge.counts and read.doctrine_change is None
    assert read.stored.challenger_change == end.stored.challenger_change
    assert store.challenges.challenger_rating("bob") == (end.stored.challenger_change.after, 1)
    assert store.challenges.due_challenges(iso(T0 + timedelta(days=1)), 5) == [], "ended: off the due index"
    assert store.challenges.queued(iso(T0 + timedelta(minutes=9)), 5) == ["d1"]
    assert store.challenges.queued(iso(T0 + timedelta(minutes=8)), 5) == []
    assert [m.kind for m in store.fairplay.marks(None, 5, MarkStatus.OPEN)[0]] == ["linked-accounts"] * 2
    queue = store.challenges.read_queue("d1", 25)
    assert queue.queued == (end.queued,) and queue.applied_before == frozenset() and queue.months == {}
    assert store.challenges.doctrine("d1").version == 1, "no end writes the doctrine's item"


def test_a_rating_step_applies_each_game_once_and_takes_it_off_the_queue(store):
    doctrine = stored_doctrine(store)
    store.transact([finished_write(store, doctrine, started(store, doctrine))])
    queue = store.challenges.read_queue("d1", 25)
    step = apply_next(queue.doctrine.rating_item, queue.queued, queue.applied_before)
    after = replace(queue.doctrine, rating=step.rating.rating, record=DoctrineRecord().after(1.0))
    line = DoctrineLine("d1", "ann", after.rating.rating, 1, T0)
    write = DoctrineRatingWrite(after, step.applied, queue.queued, (DoctrineMonth("2026-12", line, 0),))
    store.transact([write])
    with pytest.raises(WriteConflict):
        store.transact([replace(write, stored=replace(after, version=2))])  # the same game's change again
    assert store.challenges.read_queue("d1", 25).queued == ()
    assert store.challenges.queued(iso(T0 + timedelta(days=1)), 5) == []
    assert store.challenges.read_challenge("g1").doctrine_change == step.applied[0]
    again = store.challenges.doctrine("d1")
    assert (again.version, again.rating, again.record.faced) == (2, step.rating.rating, 1)


def test_the_boards_page_in_order_from_their_minimum_and_join_the_doctrines_status(store):
    profile = Profile("bob", "bob", iso(T0), 100)
    store.members.create_profile(profile, LedgerLine("bob", 100, "grant", iso(T0), "g-bob"))
    for n, rating in enumerate((1600, 1700, 1550)):
        stored_doctrine(store, f"d{n}", author="ann")
        line = DoctrineLine(f"d{n}", "ann", Decimal(rating), 10 if n else 9, T0)
        store.transact([DoctrineRatingWrite(store.challenges.doctrine(f"d{n}"), (), (),
                                            (DoctrineMonth("2026-12", line, 0),))])
    doctrine = store.challenges.doctrine("d2")
    store.transact([DoctrineWrite(replace(doctrine, doctrine=withdraw(doctrine.doctrine, "ann", T0)))])
    first = store.challenges.doctrine_board("2026-12", None, 1)
    assert [(line.doctrine, line.status) for line in first.lines] == [("d1", DoctrineStatus.PUBLISHED)]
    assert first.names == {"d1": "Iron Wall"}, "the shown names, read with the status"
    second = store.challenges.doctrine_board("2026-12", first.cursor, 5)
    assert second.lines == [] and second.before == 1, "d2 withdrawn since: out; d0 faced 9: not on the board"
    store.transact([DoctrineWrite(replace(store.challenges.doctrine("d2"), doctrine=doctrine.doctrine))])
    back = store.challenges.doctrine_board("2026-12", None, 5)
    assert [line.doctrine for line in back.lines] == ["d1", "d2"] and back.cursor is None
    with pytest.raises(InvalidCursor):
        store.challenges.doctrine_board("2026-12", "bm90LWEtY3Vyc29y", 5)
    with pytest.raises(InvalidCursor):
        store.challenges.challenger_board("2026-11", first.cursor, 5)


def test_an_authors_notice_tells_its_events_once_and_later_ones_wait(store):
    doctrine = stored_doctrine(store)
    started(store, doctrine, game="g1")
    started(store, doctrine, challenger="cat", game="g2", at=T0 + timedelta(minutes=1))
    read = store.challenges.read_waiting("d1")
    assert [e.game for e in read.waiting] == ["g1", "g2"] and read.state.last_sent is None
    notice = AuthorNotice("d1", "ann", T0 + timedelta(minutes=1), read.waiting[:1])
    store.transact([NoticeWrite(read.state, FeedNotice(notice, "Iron Wall"))])
    with pytest.raises(WriteConflict):
        store.transact([NoticeWrite(read.state, FeedNotice(notice, "Iron Wall"))])
    after = store.challenges.read_waiting("d1")
    assert [e.game for e in after.waiting] == ["g2"] and after.state.last_sent == notice.at
    assert store.members.feed("ann", None, 5).items == [FeedNotice(notice, "Iron Wall")]
    later = iso(T0 + timedelta(hours=1, minutes=1))
    store.challenges.delay_waiting("d1", after.waiting, later)
    assert store.challenges.waiting(iso(T0 + timedelta(minutes=30)), 5) == []
    assert store.challenges.waiting(later, 5) == ["d1"]
