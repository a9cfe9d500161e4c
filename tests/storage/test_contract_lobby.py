"""The lobby's contract on both stores, for any game's online mode beyond Feint's: a game's list of open tables
holds only its own; a table keeps its options and the seats its members picked; it waits as long as its game
says (7 days for Front 1901's, 24 hours for Feint's); and a table with a start time is found once that time has
come, until it has started."""

from __future__ import annotations

from dataclasses import replace

from gameserver.storage.lobby import Seating, Table, TableWrite

AT = "2026-12-01T09:00:00Z"
SEVEN_DAYS_ON = "2026-12-08T09:00:00Z"
A_DAY_ON = "2026-12-02T09:00:00Z"


def front1901_table(table_id: str = "f1", *, starts_at: str | None = "2026-12-01T21:00:00Z",
                    picked: dict[str, str] | None = None) -> Table:
    return Table(table_id=table_id, game="front1901", host="ann", seats=7, pace="1d", bots=0, invited=(),
                 joined=tuple(picked or {"ann": "FRANCE"}), status="open", created_at=AT, closes_at=SEVEN_DAYS_ON,
                 options={"level": "normal", "length": "short"}, seating=Seating.PICKED,
                 picked=picked or {"ann": "FRANCE"}, starts_at=starts_at)


def feint_table(table_id: str = "t1") -> Table:
    return Table(table_id=table_id, game="feint", host="bob", seats=3, pace="5m", bots=0, invited=(),
                 joined=("bob",), status="open", created_at=AT, closes_at=A_DAY_ON)


def test_a_games_open_tables_are_its_own_with_their_options_and_picked_seats(store):
    store.transact([TableWrite(front1901_table()), TableWrite(feint_table())])
    stored = store.lobby.get_table("f1")
    assert stored == replace(front1901_table(), version=1)
    assert (stored.options, stored.seating, stored.picked) == (
        {"level": "normal", "length": "short"}, "picked", {"ann": "FRANCE"})
    assert [t.table_id for t in store.lobby.open_tables("front1901", AT, None, 10).items] == ["f1"]
    assert [t.table_id for t in store.lobby.open_tables("feint", AT, None, 10).items] == ["t1"]
    seated = replace(stored, joined=("ann", "bob"), picked={"ann": "FRANCE", "bob": "TURKEY"})
    store.transact([TableWrite(seated)])
    assert store.lobby.get_table("f1").picked == {"ann": "FRANCE", "bob": "TURKEY"}


def test_a_table_waits_as_long_as_its_game_says(store):
    store.transact([TableWrite(front1901_table(starts_at=None)), TableWrite(feint_table())])
    three_days_on = "2026-12-04T09:00:00Z"
    assert [t.table_id for t in store.lobby.open_tables("front1901", three_days_on, None, 10).items] == ["f1"]
    assert store.lobby.open_tables("feint", three_days_on, None, 10).items == [], "Feint's waits 24 hours"
    assert store.lobby.open_tables("front1901", SEVEN_DAYS_ON, None, 10).items == []


def test_a_table_with_a_start_time_is_found_once_it_has_come_until_it_starts(store):
    store.transact([TableWrite(front1901_table("f1", starts_at="2026-12-01T21:00:00Z")),
                    TableWrite(front1901_table("f2", starts_at="2026-12-01T12:00:00Z")),
                    TableWrite(front1901_table("f3", starts_at=None)),
                    TableWrite(feint_table())])
    assert store.lobby.tables_to_start("2026-12-01T11:59:59Z", 10) == []
    assert store.lobby.tables_to_start("2026-12-01T12:00:00Z", 10) == ["f2"]
    assert store.lobby.tables_to_start("2026-12-02T00:00:00Z", 10) == ["f2", "f1"]
    started = replace(store.lobby.get_table("f2"), status="started", game_id="g2")
    store.transact([TableWrite(started)])
    assert store.lobby.tables_to_start("2026-12-02T00:00:00Z", 10) == ["f1"]
    assert store.lobby.get_table("f2").starts_at == "2026-12-01T12:00:00Z", "the start time stays on the table"
    cancelled = replace(store.lobby.get_table("f1"), status="cancelled")
    store.transact([TableWrite(cancelled)])
    assert store.lobby.tables_to_start("2026-12-02T00:00:00Z", 10) == [], "a table written cancelled leaves the list"
    assert store.lobby.get_table("f1").status == "cancelled"
