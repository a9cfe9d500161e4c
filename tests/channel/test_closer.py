"""The closer on both stores (moto for DynamoDB, through the ``expiring`` index): every connection whose token
expired is told, closed and forgotten with its subscriptions, without its client sending anything; one whose
member sent a fresh token in time stays; a second or late run closes nothing twice."""

from __future__ import annotations

from gameserver.channel.closer import close_expired
from gameserver.storage.events import FEED, Connection, Subscription, game_stream
from test_fanout import NOW, Posts


def connected(store, connection_id: str, sub: str, expires: int) -> None:
    store.events.open_connection(Connection(connection_id, sub, False, "2026-12-01T10:00:00Z", expires))
    store.events.subscribe(Subscription(connection_id, sub, game_stream("g1"), "", token_expires=expires))
    store.events.subscribe(Subscription(connection_id, sub, FEED, "", token_expires=expires))


def test_connections_are_closed_at_their_tokens_expiry_unless_reauthorized(store):
    connected(store, "old", "ann", NOW - 5)
    connected(store, "due", "bob", NOW)
    connected(store, "fresh", "cat", NOW - 1)
    assert store.events.reauthorize("fresh", NOW + 3600), "cat sent a fresh token before the run"
    connected(store, "later", "dan", NOW + 1)
    posts = Posts()
    made: list[int] = []

    def poster() -> Posts:
        made.append(1)
        return posts

    assert close_expired(store.events, poster, NOW) == 2
    assert sorted(posts.closed) == ["due", "old"]
    assert sorted((c, m["type"], m["code"]) for c, m in posts.sent) == [("due", "error", "token_expired"),
                                                                         ("old", "error", "token_expired")]
    assert store.events.connection("old") is None and store.events.connection("due") is None
    assert store.events.subscribers("ann", FEED) == [] and store.events.subscribers("bob", game_stream("g1")) == []
    assert store.events.connection("fresh").token_expires == NOW + 3600
    assert [s.connection_id for s in store.events.subscribers("dan", FEED)] == ["later"]
    # Run again, or late: what was closed is not closed twice, and nothing was to post to.
    made.clear()
    assert close_expired(store.events, poster, NOW) == 0 and made == []
    assert close_expired(store.events, poster, NOW + 1) == 1 and posts.closed[-1] == "later"


def test_expired_lists_connections_soonest_expired_first_and_pages(store):
    for n in range(5):
        store.events.open_connection(Connection(f"c{n}", "ann", False, "2026-12-01T10:00:00Z", NOW - n))
    assert store.events.expired(NOW, 3) == ["c4", "c3", "c2"]
    assert store.events.expired(NOW - 4, 10) == ["c4"]
    assert close_expired(store.events, lambda: Posts(), NOW) == 5
    assert store.events.expired(NOW + 10, 10) == []
