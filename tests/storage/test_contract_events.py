"""The events area on both stores: events written in a transaction, read back in order past a position;
connections with their subscriptions; a delivery claimed once, and left to a catch-up while one holds it."""

from __future__ import annotations

import pytest
from gameserver.storage.errors import WriteConflict
from gameserver.storage.events import FEED, Connection, Event, EventWrite, Subscription, game_seq, game_stream

NOW = 1_900_000_000


def _event(sub: str, stream: str, seq: str, what: str = "x") -> Event:
    return Event(sub=sub, stream=stream, seq=seq, at="2026-12-01T10:00:00Z", body={"what": what})


def test_events_are_read_back_past_a_position_in_order_per_member_and_stream(store):
    game = game_stream("g1")
    store.transact([EventWrite((_event("ann", game, game_seq(3)), _event("bob", game, game_seq(3)),
                                _event("ann", game_stream("g2"), game_seq(1))))])
    store.transact([EventWrite((_event("ann", game, game_seq(4), "later"),))])
    store.transact([EventWrite((_event("ann", game, game_seq(4), "later"),))])  # a retried commit: the same item
    assert [e.seq for e in store.events.events_after("ann", game, "")] == [game_seq(3), game_seq(4)]
    assert [e.body for e in store.events.events_after("ann", game, game_seq(3))] == [{"what": "later"}]
    assert store.events.events_after("bob", game, game_seq(3)) == []
    assert store.events.latest("ann", game) == game_seq(4)
    assert store.events.latest("ann", FEED) == ""
    assert store.events.has_event("ann", game, game_seq(3))
    assert not store.events.has_event("ann", game, game_seq(2))
    assert not store.events.has_event("bob", game_stream("g2"), game_seq(1))


def test_an_event_is_written_only_with_its_transaction(store):
    from datetime import UTC, datetime

    from gameserver.play.start import new_game

    new = new_game(game_id="g1", kind="feinthold", mode="friendly", players={"north": "ann", "south": "bob"},
                   pace="blitz", options={}, seed=7, stand_ins={}, now=datetime(2026, 12, 1, 10, tzinfo=UTC))
    store.transact([new])
    with pytest.raises(WriteConflict):
        # The game exists already: the write beside the event fails, and the event is not written either.
        store.transact([EventWrite((_event("ann", FEED, "a"),)), new])
    assert store.events.latest("ann", FEED) == ""


def test_connections_subscriptions_and_claims(store):
    events = store.events
    events.open_connection(Connection("c1", "ann", False, "2026-12-01T10:00:00Z", NOW + 3600))
    assert events.connection("c1").token_expires == NOW + 3600
    assert events.reauthorize("c1", NOW + 7200)
    assert events.connection("c1").token_expires == NOW + 7200
    assert not events.reauthorize("gone", NOW)
    game = game_stream("g1")
    events.subscribe(Subscription("c1", "ann", game, ""))
    events.subscribe(Subscription("c1", "ann", FEED, ""))
    with pytest.raises(WriteConflict):
        events.subscribe(Subscription("nobody", "ann", game, ""))
    assert events.reauthorize("c1", NOW + 9000)
    (held,) = events.subscribers("ann", game)
    assert held.connection_id == "c1" and held.after == "" and held.token_expires == NOW + 9000
    # A position is claimed once, and only past the last delivered one.
    assert events.claim(held, game_seq(3), catching=False, now=NOW)
    assert not events.claim(held, game_seq(3), catching=False, now=NOW)
    assert not events.claim(held, game_seq(2), catching=False, now=NOW)
    assert events.subscribers("ann", game)[0].after == game_seq(3)
    # While a catch-up holds it, the fan-out's claim is refused; the catch-up's own is not.
    events.subscribe(Subscription("c1", "ann", game, game_seq(3), catching_until=NOW + 30))
    assert not events.claim(held, game_seq(5), catching=False, now=NOW)
    assert events.claim(held, game_seq(4), catching=True, now=NOW)
    assert not events.end_catch_up(held, game_seq(3))
    assert events.end_catch_up(held, game_seq(4))
    assert events.claim(held, game_seq(5), catching=False, now=NOW)
    assert events.unsubscribe("c1", "ann", game)
    assert not events.unsubscribe("c1", "ann", game)
    assert events.subscribers("ann", game) == []
    events.close_connection("c1")
    events.close_connection("c1")
    assert events.connection("c1") is None
    assert events.subscribers("ann", FEED) == []
