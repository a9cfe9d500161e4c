"""Front 1901's area on both stores: the day's challenge stored once, one attempt a day started with its game,
the day's first starters by device id and address, a result written once and the board read in order (sharded),
the summary never written over one built later."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from gameserver.platform.daily import BoardSummary, Marker
from gameserver.platform.daily.front1901 import Challenge
from gameserver.platform.fairplay.links import Link, LinkKind
from gameserver.storage.daily import DaySummary
from gameserver.storage.errors import WriteConflict
from gameserver.storage.front1901 import ChallengeEntry, Front1901DayStart, Front1901DayStarted, Starter
from gameserver.storage.games import NewGame
from test_contract_games import board, game

AT = "2026-12-01T09:00:00Z"
DAY = date(2026, 12, 1)
CHALLENGE = Challenge(DAY, "FRANCE", "normal", 123456789)


def entry(sub: str, game_id: str = "g1") -> ChallengeEntry:
    return ChallengeEntry(day=DAY, member=sub, name=sub, game_id=game_id, started_at=AT)


def started(store, sub: str, game_id: str, *values: str) -> None:
    store.transact([NewGame(game(game_id), board(game_id), [], []),
                    Front1901DayStart(entry(sub, game_id), tuple(Starter(v, sub, AT) for v in values))])


def test_the_days_challenge_is_stored_once_and_a_member_starts_one_a_day(store):
    assert store.front1901.put_challenge(CHALLENGE)
    assert not store.front1901.put_challenge(replace(CHALLENGE, power="ITALY"))
    assert store.front1901.get_challenge(DAY) == CHALLENGE
    started(store, "ann", "g1", "device:phone", "address:192.0.2.1")
    with pytest.raises(Front1901DayStarted):
        started(store, "ann", "g2")
    assert store.games.get("g2") is None
    read = store.front1901.read_day(DAY, "ann")
    assert read.challenge == CHALLENGE and read.entry == entry("ann") and read.seen == {}
    assert store.front1901.starters(DAY, ("device:phone", "address:192.0.2.9")) == {
        "device:phone": Starter("device:phone", "ann", AT)}
    assert store.front1901.starters(DAY, ()) == {}
    assert store.front1901.read_day(DAY, "bob", challenge=False).challenge is None


def test_a_days_read_brings_where_the_member_was_seen_when_asked(store):
    store.fairplay.record_sighting("ann", DAY, "phone", "192.0.2.1")
    assert store.front1901.read_day(DAY, "ann", seen=True).seen == {
        DAY: {Link(LinkKind.DEVICE, "phone"), Link(LinkKind.ADDRESS, "192.0.2.1")}}
    assert store.front1901.read_day(DAY, "ann").seen == {}


def test_a_starter_is_the_first_with_its_value_and_a_later_one_is_refused_whole(store):
    started(store, "ann", "g1", "device:phone")
    with pytest.raises(WriteConflict):
        started(store, "bob", "g2", "device:phone", "address:192.0.2.7")
    assert store.games.get("g2") is None and store.front1901.read_day(DAY, "bob").entry is None
    assert store.front1901.starters(DAY, ("address:192.0.2.7",)) == {}


def test_a_result_is_written_once_and_the_board_reads_in_order(store):
    for n, sub in enumerate(["ann", "bob", "cyd"]):
        started(store, sub, f"g{n}")
    for n, (sub, key) in enumerate([("ann", "1b"), ("bob", "0a"), ("cyd", "2c")]):
        finished = replace(entry(sub, f"g{n}"), status="finished", result="won", centres=18, year=1908,
                           matched=n, board_key=f"{key}#{sub}", finished_at=AT)
        store.front1901.finish(finished)
        with pytest.raises(WriteConflict):
            store.front1901.finish(finished)
        assert store.front1901.read_day(DAY, sub, challenge=False).entry == finished
    with pytest.raises(WriteConflict):  # another game's result
        store.front1901.finish(replace(entry("ann", "g9"), status="finished"))
    lines = store.front1901.board_after(DAY, None, 5)
    assert [(line.member, line.result, line.centres, line.year) for line in lines] == [
        ("bob", "won", 18, 1908), ("ann", "won", 18, 1908), ("cyd", "won", 18, 1908)]
    assert [line.member for line in store.front1901.board_after(DAY, "0a#bob", 5)] == ["ann", "cyd"]
    assert sorted(key for shard in store.front1901.board_keys(DAY) for key in shard) == ["0a#bob", "1b#ann",
                                                                                          "2c#cyd"]
    assert store.front1901.count_better(DAY, None, "2") == 2 and store.front1901.count_better(DAY, "1", "2") == 1
    assert store.daily.board_after(DAY, None, 5) == [], "the Daily Front's board is another"


def test_a_summary_is_never_written_over_one_built_later(store):
    summary = DaySummary(BoardSummary((Marker("0#a", 0),), 3), 500, "2026-12-01T09:01:00Z")
    assert store.front1901.put_summary(DAY, summary)
    assert not store.front1901.put_summary(DAY, replace(summary, built_at="2026-12-01T09:00:00Z"))
    assert store.front1901.get_summary(DAY) == summary
    assert store.front1901.read_rank(DAY, "ann") == (None, summary)
    assert store.daily.get_summary(DAY) is None
