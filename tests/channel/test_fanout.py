"""The fan-out on both stores (moto for DynamoDB): each event reaches the connections listening to its member's
stream once, even when its record comes again; a connection answering gone is removed at that first post; a
subscription a catch-up holds is left to it, and the record comes again. The management API's 410 is read as
gone (botocore's stubber answering as API Gateway does)."""

from __future__ import annotations

from typing import Any

import botocore.session
from botocore.stub import Stubber
from gameserver.channel.fanout import FILTER_PATTERN, handle_records
from gameserver.channel.poster import ManagementApi
from gameserver.storage.dynamodb.events import encode_event
from gameserver.storage.events import Connection, Event, Subscription, game_seq, game_stream

NOW = 1_900_000_000
GAME = game_stream("g1")


class Posts:
    def __init__(self, gone: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        self.gone = set(gone)
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.closed: list[str] = []

    def post(self, connection_id: str, message: dict[str, Any]) -> bool:
        if connection_id in self.gone:
            return False
        self.sent.append((connection_id, message))
        return True

    def close(self, connection_id: str) -> None:
        self.closed.append(connection_id)


def record(sub: str, seq: str, number: int) -> dict[str, Any]:
    event = Event(sub, GAME, seq, "2026-12-01T10:00:00Z", {"type": "game", "turn": number})
    return {"eventName": "INSERT", "dynamodb": {"NewImage": encode_event(event, NOW), "SequenceNumber": str(number)}}


def listening(store, connection: str, sub: str, **held: Any) -> None:
    store.events.open_connection(Connection(connection, sub, False, "2026-12-01T10:00:00Z", NOW + 3600))
    store.events.subscribe(Subscription(connection, sub, GAME, "", token_expires=NOW + 3600, **held))


def test_each_event_reaches_its_members_connections_once_and_a_gone_one_is_removed(store):
    listening(store, "c1", "ann")
    listening(store, "c2", "ann")
    listening(store, "c3", "bob")
    posts = Posts(gone={"c2"})
    batch = [record("ann", game_seq(2), 2), record("bob", game_seq(2), 2)]
    assert handle_records(store.events, posts, batch, lambda: NOW) == []
    assert sorted((c, m["event"]["turn"]) for c, m in posts.sent) == [("c1", 2), ("c3", 2)]
    assert store.events.connection("c2") is None, "removed at the first post that found it gone"
    assert [s.connection_id for s in store.events.subscribers("ann", GAME)] == ["c1"]
    assert handle_records(store.events, posts, batch, lambda: NOW) == [], "a record that comes again"
    assert len(posts.sent) == 2


def test_a_catch_up_holds_the_record_and_everything_after_it(store):
    listening(store, "c1", "ann", catching_until=NOW + 30)
    posts = Posts()
    batch = [record("ann", game_seq(2), 2), record("ann", game_seq(3), 3)]
    assert handle_records(store.events, posts, batch, lambda: NOW) == ["2", "3"]
    assert posts.sent == []
    assert handle_records(store.events, posts, batch, lambda: NOW + 31) == []
    assert [m["seq"] for _, m in posts.sent] == [game_seq(2), game_seq(3)]


def test_an_expired_token_closes_the_connection_at_the_next_post(store):
    store.events.open_connection(Connection("c1", "ann", False, "2026-12-01T10:00:00Z", NOW - 1))
    store.events.subscribe(Subscription("c1", "ann", GAME, "", token_expires=NOW - 1))
    posts = Posts()
    handle_records(store.events, posts, [record("ann", game_seq(2), 2)], lambda: NOW)
    assert posts.closed == ["c1"] and [m["code"] for _, m in posts.sent] == ["token_expired"]
    assert store.events.connection("c1") is None


def test_the_filter_passes_event_items_and_nothing_else():
    from localrun.channel import matches

    event = record("ann", game_seq(2), 2)
    assert matches(FILTER_PATTERN, event)
    connection = {"eventName": "INSERT", "dynamodb": {"NewImage": {"pk": {"S": "CONN#c1"}, "sk": {"S": "CONN"}}}}
    assert not matches(FILTER_PATTERN, connection)
    assert not matches(FILTER_PATTERN, {**event, "eventName": "REMOVE"})


def test_the_management_apis_410_is_gone():
    client = botocore.session.get_session().create_client(
        "apigatewaymanagementapi", region_name="us-east-1", endpoint_url="https://example.invalid/live",
        aws_access_key_id="x", aws_secret_access_key="x")
    with Stubber(client) as stub:
        stub.add_response("post_to_connection", {}, {"ConnectionId": "c1", "Data": b'{"type":"pong"}'})
        stub.add_client_error("post_to_connection", "GoneException", http_status_code=410)
        stub.add_client_error("delete_connection", "GoneException", http_status_code=410)
        api = ManagementApi("https://example.invalid/live", client)
        assert api.post("c1", {"type": "pong"}) is True
        assert api.post("c1", {"type": "pong"}) is False
        api.close("c1")


def test_the_documented_schema_is_the_protocols_and_types_what_is_sent():
    """docs/api/channel.json is generated from channel.protocol, and what the code sends validates against it."""
    import json
    from pathlib import Path

    from gameserver.channel.protocol import ServerMessage
    from gameserver.channel.schema import document
    from pydantic import TypeAdapter

    written = json.loads((Path(__file__).resolve().parents[2] / "docs" / "api" / "channel.json").read_text())
    assert written == document(), "regenerate: python -m gameserver.channel.schema > docs/api/channel.json"
    sample = record("ann", game_seq(2), 2)["dynamodb"]["NewImage"]
    from gameserver.channel.fanout import message_of
    from gameserver.storage.dynamodb.events import decode_event

    event = decode_event(sample)._replace(body={"type": "game", "game_id": "g1", "kind": "feinthold",
                                                 "etag": 'W/"x"', "status": "open", "my_turn": True,
                                                 "turn": 2, "deadline": None, "opponent_sent": True})
    TypeAdapter(ServerMessage).validate_python(message_of(event))
