"""Feint's storage contract, on both stores: feed notices ride in a game's transaction (once, whatever the
retries) or not at all; a table is created once, claimed by its version, listed while a seat anyone may take is
free and it has not closed, closing soonest first; the last seat taken starts the game in the same
transaction."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import NewGame
from gameserver.storage.lobby import Table, TableWrite
from gameserver.storage.members import Notice, Notices
from test_contract_games import board, commit_of, created, game

AT = "2026-12-01T09:00:00Z"


def notice(sub: str, step: int = 2, kind: str = "turn-open") -> Notice:
    return Notice(sub=sub, game_id="g1", ref="feint", step=step, opened_at=AT, deadline="2026-12-01T09:05:00Z",
                  kind=kind)


def table(table_id: str = "t1", *, closes_at: str = "2026-12-02T09:00:00Z", invited: tuple[str, ...] = (),
          joined: tuple[str, ...] = ("ann",), seats: int = 3, bots: int = 0) -> Table:
    return Table(table_id=table_id, game="feint", host="ann", seats=seats, pace="5m", bots=bots, invited=invited, joined=joined,
                 status="open", created_at=AT, closes_at=closes_at)


def test_notices_ride_in_the_steps_transaction_or_are_not_written(store):
    g = created(store)
    stale = commit_of(replace(g, version=9))
    with pytest.raises(WriteConflict):
        store.transact([stale, Notices((notice("ann"), notice("bob")))])
    assert store.members.feed("ann", None, 5).items == []
    store.transact([commit_of(g), Notices((notice("ann"), notice("bob", kind="retreat-open")))])
    store.transact([Notices((notice("bob", kind="retreat-open"),))])  # the same notice again: still one
    assert store.members.feed("ann", None, 5).items == [notice("ann")]
    assert store.members.feed("bob", None, 5).items == [notice("bob", kind="retreat-open")]


def test_a_table_is_created_once_and_claimed_by_its_version(store):
    store.transact([TableWrite(table())])
    stored = store.lobby.get_table("t1")
    assert stored == replace(table(), version=1)
    with pytest.raises(WriteConflict):
        store.transact([TableWrite(table())])
    joined = replace(stored, joined=("ann", "bob"))
    store.transact([TableWrite(joined)])
    with pytest.raises(WriteConflict):  # a second join from the same read
        store.transact([TableWrite(replace(stored, joined=("ann", "cat")))])
    assert store.lobby.get_table("t1").joined == ("ann", "bob") and store.lobby.get_table("t1").version == 2
    assert store.lobby.get_table("nope") is None


def test_the_last_seat_starts_the_game_in_the_same_transaction_or_neither(store):
    store.transact([TableWrite(table(seats=2))])
    read = store.lobby.get_table("t1")
    started = replace(read, joined=("ann", "bob"), status="started", game_id="g1")
    taken = game("g1")
    store.transact([NewGame(taken, board("g1"), [], []), TableWrite(replace(read, joined=("ann", "cat")))])
    with pytest.raises(WriteConflict):  # the game exists: the table is not written either
        store.transact([NewGame(taken, board("g1"), [], []), TableWrite(store.lobby.get_table("t1"))])
    assert store.lobby.get_table("t1").joined == ("ann", "cat")
    with pytest.raises(WriteConflict):  # the table changed since it was read: no game either
        store.transact([TableWrite(started), NewGame(game("g2"), board("g2"), [], [])])
    assert store.games.get("g2") is None


def test_open_tables_are_the_ones_a_stranger_may_sit_at_closing_soonest_first(store):
    store.transact([TableWrite(table("t1", closes_at="2026-12-02T11:00:00Z")),
                    TableWrite(table("t2", closes_at="2026-12-02T10:00:00Z")),
                    TableWrite(table("t3", closes_at="2026-12-01T09:30:00Z")),
                    TableWrite(table("t4", seats=2, invited=("bob",))),  # its only other seat is kept for bob
                    TableWrite(table("t5", seats=3, bots=1, joined=("ann", "cat")))])  # full
    assert [t.table_id for t in store.lobby.open_tables("feint", AT, None, 10).items] == ["t3", "t2", "t1"]
    assert [t.table_id for t in store.lobby.open_tables("feint", "2026-12-01T10:00:00Z", None, 10).items] == ["t2", "t1"]
    first = store.lobby.open_tables("feint", AT, None, 2)
    assert [t.table_id for t in first.items] == ["t3", "t2"] and first.cursor is not None
    rest = store.lobby.open_tables("feint", AT, first.cursor, 2)
    assert [t.table_id for t in rest.items] == ["t1"]
    started = replace(store.lobby.get_table("t1"), status="started", joined=("ann", "bob", "cat"))
    store.transact([TableWrite(started)])
    assert [t.table_id for t in store.lobby.open_tables("feint", AT, None, 10).items] == ["t3", "t2"]
    with pytest.raises(InvalidCursor):
        store.lobby.open_tables("feint", AT, "bm90LWEtY3Vyc29y", 2)
