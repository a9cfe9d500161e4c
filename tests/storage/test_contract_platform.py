"""The platform areas' contract, on both stores: profiles and the ledger, a duel's write (claimed by its version,
refused on a short balance, ratings and month lines claimed too), doctrines in three slots with one default,
the Daily Front's entries, board, month and summary, fair play's sightings and marks, the audit log."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from gameserver.platform.daily import BoardSummary, FrontOfTheDay, Marker, Noise
from gameserver.platform.duels import Duel, Pace
from gameserver.platform.duels.credits import CreditKind
from gameserver.platform.duels.credits import LedgerLine as DuelLine
from gameserver.platform.fairplay.links import Link, LinkKind
from gameserver.platform.fairplay.marks import Closure, MarkKind, MarkStatus, linked_marks
from gameserver.platform.ratings import EloRating, Glicko2Rating
from gameserver.storage.audit import AuditLine
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.daily import AlreadyStarted, DaySummary, FrontEntry, FrontStart, MonthLine
from gameserver.storage.duels import (
    OPEN_DUELS,
    DuelCompanion,
    DuelWrite,
    InsufficientCredits,
    PairRecent,
    proposals_to,
)
from gameserver.storage.duels import MonthLine as DuelMonth
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import NewGame
from gameserver.storage.members import Notice
from gameserver.storage.records import LedgerLine, Profile
from test_contract_games import board, game

AT = "2026-12-01T09:00:00Z"
DAY = date(2026, 12, 1)


def member(store, sub: str, credits: int = 100) -> Profile:
    profile = Profile(sub=sub, username=sub, created_at=AT, credits=credits)
    assert store.members.create_profile(profile, LedgerLine(sub, credits, "grant", AT, f"grant-{sub}"))
    return profile


def test_a_profile_is_created_once_with_its_grant_and_the_ledger_pages_newest_first(store):
    member(store, "ann")
    assert not store.members.create_profile(Profile("ann", "x", AT, 5), LedgerLine("ann", 5, "grant", AT, "g2"))
    assert store.members.get_profile("ann").credits == 100 and store.members.get_profile("zed") is None
    assert store.members.balances(("ann", "zed")) == {"ann": 100}
    assert store.members.balances(()) == {}, "nobody asked about: no read (DynamoDB refuses an empty batch)"
    page = store.members.ledger("ann", None, 5)
    assert [(line.kind, line.amount) for line in page.items] == [("grant", 100)] and page.cursor is None
    with pytest.raises(InvalidCursor):
        store.members.ledger("ann", "bm90LWEtY3Vyc29y", 5)


def duel(duel_id: str = "d1", opponent: str | None = "bob", stake: int = 10) -> Duel:
    return Duel(id=duel_id, proposer="ann", opponent=opponent, pace=Pace.DAY, stake=stake,
                proposed_at=datetime(2026, 12, 1, 9, tzinfo=UTC),
                credits=(DuelLine("ann", -stake, CreditKind.ESCROW, duel_id),) if stake else ())


def escrow(d: Duel) -> tuple[LedgerLine, ...]:
    return tuple(LedgerLine(line.member, line.amount, str(line.kind), AT, f"{d.id}-{n}", d.id)
                 for n, line in enumerate(d.credits))


def test_a_duels_write_moves_credits_once_and_is_claimed_by_its_version(store):
    member(store, "ann")
    member(store, "bob")
    d = duel()
    store.transact([DuelWrite(d, None, AT, due_at="2026-12-08T09:00:00Z", lines=escrow(d))])
    with pytest.raises(WriteConflict):
        store.transact([DuelWrite(d, None, AT, lines=escrow(d))])
    assert store.members.balances(("ann",)) == {"ann": 90}
    read = store.duels.read("d1", profiles=("ann", "bob"))
    assert read.stored.duel == d and read.stored.version == 1 and read.balances == {"ann": 90, "bob": 100}
    assert [s.duel.id for s in store.duels.proposals(proposals_to("bob"), None, 5)[0]] == ["d1"]
    assert store.duels.proposals(OPEN_DUELS, None, 5)[0] == []
    assert [due.duel_id for due in store.duels.due_duels("2026-12-09T00:00:00Z", 5)] == ["d1"]
    with pytest.raises(WriteConflict):  # another version
        store.transact([DuelWrite(d, 7, AT)])
    notice = Notice("ann", "d1", "d1", 1, AT, None)
    store.transact([DuelWrite(d, 1, AT, notices=[notice])])
    assert store.duels.read("d1").stored.version == 2
    assert store.members.feed("ann", None, 5).items == [notice]


def test_a_stake_beyond_the_balance_is_refused_naming_the_member_and_nothing_is_written(store):
    member(store, "ann", credits=5)
    d = duel(stake=10)
    with pytest.raises(InsufficientCredits) as refused:
        store.transact([DuelWrite(d, None, AT, lines=escrow(d))])
    assert refused.value.member == "ann"
    assert store.duels.read("d1").stored is None and store.members.balances(("ann",)) == {"ann": 5}


def test_a_duels_game_reads_the_duel_as_its_companion(store):
    member(store, "ann")
    store.transact([NewGame(game("d1"), board("d1"), [], []), DuelWrite(duel(stake=0), None, AT)])
    read = store.games.read_step("d1", companions=[DuelCompanion("d1")])
    assert read.companions[DuelCompanion("d1")].duel.id == "d1"
    assert store.games.read_step("d1", companions=[DuelCompanion("d2")]).companions == {DuelCompanion("d2"): None}
    assert store.duels.read("d1", game=True).game == game("d1")


def test_ratings_month_lines_and_the_pairs_recent_duels_are_claimed_by_what_was_read(store):
    member(store, "ann")
    member(store, "bob")
    d = duel(stake=0)
    store.transact([DuelWrite(d, None, AT)])
    standing = store.duels.standing(("ann", "bob"), "2026-12")
    assert standing.ratings["ann"].game_version == 0 and standing.months == {"ann": None, "bob": None}
    assert standing.recent == PairRecent() and standing.created == {"ann": AT, "bob": AT}
    rating = Glicko2Rating()
    line = DuelMonth("ann", "2026-12", 8, Decimal("1600.5"), AT)
    end = DuelWrite(d, 1, AT, ratings={"ann": (standing.ratings["ann"], rating, EloRating(1520, 1))},
                    months=[(line, 0)], recent=PairRecent((d,), 0))
    store.transact([end])
    with pytest.raises(WriteConflict):  # read before the end: its ratings' versions have moved
        store.transact([replace(end, before_version=2)])
    after = store.duels.standing(("ann", "bob"), "2026-12")
    assert after.ratings["ann"].elo == EloRating(1520, 1) and after.ratings["ann"].elo_version == 1
    assert after.months["ann"] == line and after.recent.duels == (d,) and after.recent.version == 1
    page = store.duels.month_board("2026-12", None, 5)
    assert [entry.sub for entry in page.lines] == ["ann"] and page.before == 0 and page.cursor is None


def test_doctrines_keep_three_slots_and_the_default_follows_its_slot(store):
    rules = {"name": "mine", "rules": []}
    store.doctrines.put("ann", 1, rules, AT, new=True, is_default=False)
    with pytest.raises(WriteConflict):
        store.doctrines.put("ann", 1, rules, AT, new=True, is_default=False)
    store.doctrines.set_default("ann", 1, rules, AT)
    with pytest.raises(WriteConflict):  # changed since it was read
        store.doctrines.set_default("ann", 1, rules, "2026-12-01T09:00:01Z")
    held = store.doctrines.doctrines("ann")
    assert held.default == 1 and held.slots[1].doctrine == rules
    assert store.duels.read("x", defaults=("ann", "bob")).defaults == {"ann": rules, "bob": None}
    edited = {"name": "mine", "rules": [], "note": 2}
    store.doctrines.put("ann", 1, edited, AT, new=False, is_default=True)
    assert store.daily.read_day(DAY, "ann", front=False, default_doctrine=True).default_doctrine == edited
    with pytest.raises(WriteConflict):  # it is the default: deleting it as if it were not is refused
        store.doctrines.delete("ann", 1, is_default=False)
    store.doctrines.delete("ann", 1, is_default=True)
    assert store.doctrines.doctrines("ann").slots == {} and store.doctrines.doctrines("ann").default is None


def front() -> FrontOfTheDay:
    return FrontOfTheDay(day=DAY, layout_id="crown-1", side="south", house_ai="sentinel", noise=Noise.NORMAL,
                         noise_seed=3, game_seed=4)


def entry(sub: str, game_id: str = "g1") -> FrontEntry:
    return FrontEntry(day=DAY, member=sub, name=sub, game_id=game_id, side="south", started_at=AT)


def test_the_days_front_is_stored_once_and_a_member_starts_one_game_a_day(store):
    assert store.daily.put_front(front()) and not store.daily.put_front(replace(front(), house_ai="ram"))
    assert store.daily.get_front(DAY) == front()
    store.transact([NewGame(game("g1"), board("g1"), [], []), FrontStart(entry("ann"))])
    with pytest.raises(AlreadyStarted):
        store.transact([NewGame(game("g2"), board("g2"), [], []), FrontStart(entry("ann", "g2"))])
    assert store.games.get("g2") is None
    read = store.daily.read_day(DAY, "ann")
    assert read.front == front() and read.entry == entry("ann")


def test_a_result_is_written_once_and_the_board_and_month_read_in_order(store):
    for n, sub in enumerate(["ann", "bob", "cyd"]):
        store.transact([NewGame(game(f"g{n}"), board(f"g{n}"), [], []), FrontStart(entry(sub, f"g{n}"))])
    for n, (sub, key) in enumerate([("ann", "1b"), ("bob", "0a"), ("cyd", "2c")]):
        finished = replace(entry(sub, f"g{n}"), status="finished", outcome="win", board_key=f"{key}#{sub}")
        store.daily.finish(finished, MonthLine(sub, "2026-12", sub, points=3 - n, wins=1, ranked_days=1))
        with pytest.raises(WriteConflict):
            store.daily.finish(finished)
    assert [line.member for line in store.daily.board_after(DAY, None, 5)] == ["bob", "ann", "cyd"]
    assert [line.member for line in store.daily.board_after(DAY, "0a#bob", 5)] == ["ann", "cyd"]
    assert [line.member for line in store.daily.month_after("2026-12", None, 5)] == ["ann", "bob", "cyd"]
    assert sorted(key for shard in store.daily.board_keys(DAY) for key in shard) == [
        "0a#bob", "1b#ann", "2c#cyd"]
    assert store.daily.count_better(DAY, None, "2") == 2 and store.daily.count_better(DAY, "1", "2") == 1
    line = store.daily.month_line("ann", "2026-12")
    assert line.points == 3 and line.version == 1
    audit = AuditLine("mod", AT, "remove-daily-front", "ann", DAY.isoformat(), "why", "a1")
    removed = replace(store.daily.read_day(DAY, "ann", front=False).entry, board_key=None, not_ranked="removed")
    store.daily.remove(removed, replace(line, points=0, ranked_days=0), audit)
    with pytest.raises(WriteConflict):  # off the board already
        store.daily.remove(removed, line, audit)
    assert [line.member for line in store.daily.board_after(DAY, None, 5)] == ["bob", "cyd"]
    assert store.audit.of_member("ann", None, 5).items == [audit]


def test_a_front_playing_past_its_due_is_due_until_its_result_is_written(store):
    for n, (sub, due) in enumerate([("ann", "2026-12-01T10:00:00Z"), ("bob", "2026-12-01T09:30:00Z"),
                                    ("cyd", "2026-12-01T11:00:00Z")]):
        store.transact([NewGame(game(f"g{n}"), board(f"g{n}"), [], []),
                        FrontStart(replace(entry(sub, f"g{n}"), due_at=due))])
    assert store.daily.due_fronts("2026-12-01T09:00:00Z", 10) == []
    assert [(d.member, d.day, d.due_at) for d in store.daily.due_fronts("2026-12-01T10:00:00Z", 10)] == [
        ("bob", DAY, "2026-12-01T09:30:00Z"), ("ann", DAY, "2026-12-01T10:00:00Z")]
    assert [d.member for d in store.daily.due_fronts("2026-12-01T10:00:00Z", 1)] == ["bob"]
    ann = store.daily.read_day(DAY, "ann", front=False).entry
    assert ann.due_at == "2026-12-01T10:00:00Z"
    store.daily.finish(replace(ann, status="finished", outcome="win"))
    assert [d.member for d in store.daily.due_fronts("2026-12-01T12:00:00Z", 10)] == ["bob", "cyd"]


def test_a_summary_is_never_written_over_one_built_later(store):
    summary = DaySummary(BoardSummary((Marker("0#a", 0),), 3), 500, "2026-12-01T09:01:00Z")
    assert store.daily.put_summary(DAY, summary)
    assert not store.daily.put_summary(DAY, replace(summary, built_at="2026-12-01T09:00:00Z"))
    assert store.daily.get_summary(DAY) == summary
    assert store.daily.read_rank(DAY, "ann") == (None, summary)


def test_sightings_keep_a_days_values_up_to_its_cap(store):
    assert store.fairplay.record_sighting("ann", DAY, "phone", "192.0.2.1")
    for n in range(40):
        store.fairplay.record_sighting("ann", DAY, f"d{n}", "192.0.2.1")
    assert not store.fairplay.record_sighting("ann", DAY, "late", "192.0.2.9")
    seen = store.duels.standing(("ann", "bob"), "2026-12").seen
    assert Link(LinkKind.DEVICE, "phone") in seen["ann"][DAY] and Link(LinkKind.ADDRESS, "192.0.2.9") not in seen["ann"][DAY]
    assert 32 <= len(seen["ann"][DAY]) < 34 and seen["bob"] == {}


def test_a_mark_written_again_keeps_its_closing_and_is_closed_once(store):
    marks = linked_marks("g1", ("ann", "bob"), Link(LinkKind.DEVICE, "phone"), AT)
    store.transact([DuelWrite(duel(stake=0), None, AT, marks=marks)])
    listed, cursor = store.fairplay.marks(None, 5)
    assert sorted(m.member for m in listed) == ["ann", "bob"] and cursor is None
    mark = store.fairplay.find_mark("ann", marks[0].mark_id)
    assert mark.kind is MarkKind.LINKED_ACCOUNTS and store.fairplay.find_mark("ann", "f" * 20) is None
    audit = AuditLine("mod", AT, "close-mark", "ann", mark.mark_id, "reviewed", "a1")
    closed = mark.closed(Closure("mod", AT, "reviewed"))
    store.fairplay.close_mark(closed, audit)
    with pytest.raises(WriteConflict):
        store.fairplay.close_mark(closed, audit)
    store.transact([DuelWrite(duel("d2", stake=0), None, AT, marks=marks)])
    assert store.fairplay.find_mark("ann", mark.mark_id).status is MarkStatus.CLOSED
    assert [m.member for m in store.fairplay.marks(None, 5, MarkStatus.CLOSED)[0]] == ["ann"]
    assert store.audit.of_member("ann", None, 5).items == [audit]
