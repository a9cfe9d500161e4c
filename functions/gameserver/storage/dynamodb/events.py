"""The events area on DynamoDB, in the events table (``EVENTS_TABLE_NAME``; keys in docs/storage.md, "Events"):

| item | ``pk`` | ``sk`` |
|---|---|---|
| event | ``EVENTS#{sub}#{stream}`` | ``{seq}`` (``kind = event``: the only items the stream's filter passes) |
| connection | ``CONN#{id}`` | ``CONN`` (its member, token expiry, the streams it listens to) |

A connection item alone carries ``conn_shard``: the ``expiring`` index (``conn_shard``, ``token_expires``) lists
the connections by their token's expiry, for the closer.
| subscription | ``SUBS#{sub}#{stream}`` | ``{connection id}`` (``after``, ``catching_until``) |

Every item carries ``expires_at`` (TTL). A step's transaction names this table beside the main one: the events
of a commit are Puts in the commit's own TransactWriteItems.
"""

from __future__ import annotations

import json
import time
from typing import Any

from gameserver.storage.dynamodb import codec
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.tables import EXPIRING_INDEX
from gameserver.storage.errors import WriteConflict
from gameserver.storage.events import (
    CONNECTION_TTL_SECONDS,
    EVENT_TTL_SECONDS,
    Connection,
    Event,
    EventWrite,
    Subscription,
)

Item = dict[str, Any]

EVENT_KIND = "event"
"""The ``kind`` of an event item: the stream's filter criteria pass these, and nothing else, to the fan-out."""
CONN = "CONN"
CONN_SHARD = "CONN"
"""The ``expiring`` index's one partition: a connect, a fresh token and a disconnect write it once each (a
partition takes 1,000 writes a second: far above the connections this channel serves)."""


def events_table() -> str:
    from gameserver.config import get_settings

    return get_settings().events_table_name


def event_pk(sub: str, stream: str) -> str:
    return f"EVENTS#{sub}#{stream}"


def encode_event(event: Event, expires_at: int) -> Item:
    return {"pk": codec.s(event_pk(event.sub, event.stream)), "sk": codec.s(event.seq),
            "kind": codec.s(EVENT_KIND), "sub": codec.s(event.sub), "stream": codec.s(event.stream),
            "at": codec.s(event.at), "body": codec.j(event.body), "expires_at": codec.n(expires_at)}


def decode_event(item: Item) -> Event:
    """An event item, as a query or the stream's ``NewImage`` holds it."""
    return Event(sub=item["sub"]["S"], stream=item["stream"]["S"], seq=item["sk"]["S"], at=item["at"]["S"],
                 body=json.loads(item["body"]["S"]))


def event_items(_main_table: str, write: EventWrite) -> list[Item]:
    """Puts of the events, in the events table whatever table the rest of the transaction writes (no condition:
    a retried transaction writes the same items)."""
    table = events_table()
    expires = int(time.time()) + EVENT_TTL_SECONDS
    return [codec.put(table, encode_event(event, expires)) for event in write.events]


WRITES: Writes = {EventWrite: (event_items, None)}


def _subscription(item: Item) -> Subscription:
    return Subscription(connection_id=item["sk"]["S"], sub=item["sub"]["S"], stream=item["stream"]["S"],
                        after=item["after"]["S"], catching_until=int(item["catching_until"]["N"]),
                        token_expires=int(item["token_expires"]["N"]))


class DynamoEvents(Area):
    @property
    def table(self) -> str:
        return events_table()

    # ------------------------------------------------------------ events
    def events_after(self, sub: str, stream: str, after: str, limit: int = 100) -> list[Event]:
        values = {":pk": codec.s(event_pk(sub, stream))}
        condition = "pk = :pk"
        if after:  # a key's value is never empty: "" (before every position) asks for the whole stream
            condition += " AND sk > :after"
            values[":after"] = codec.s(after)
        answer = self.client.query(TableName=self.table, ConsistentRead=True, Limit=limit,
                                   KeyConditionExpression=condition, ExpressionAttributeValues=values)
        return [decode_event(item) for item in answer.get("Items", [])]

    def latest(self, sub: str, stream: str) -> str:
        answer = self.client.query(
            TableName=self.table, ConsistentRead=True, Limit=1, ScanIndexForward=False,
            KeyConditionExpression="pk = :pk", ProjectionExpression="sk",
            ExpressionAttributeValues={":pk": codec.s(event_pk(sub, stream))})
        items = answer.get("Items", [])
        return str(items[0]["sk"]["S"]) if items else ""

    def has_event(self, sub: str, stream: str, seq: str) -> bool:
        if not seq:
            return False
        answer = self.client.get_item(TableName=self.table, Key=codec.key(event_pk(sub, stream), seq),
                                      ProjectionExpression="sk", ConsistentRead=True)
        return "Item" in answer

    # ------------------------------------------------------------ connections
    def open_connection(self, connection: Connection) -> None:
        self.client.put_item(TableName=self.table, Item={
            **codec.key(f"CONN#{connection.connection_id}", CONN), "sub": codec.s(connection.sub),
            "conn_shard": codec.s(CONN_SHARD),
            "moderator": {"BOOL": connection.moderator}, "connected_at": codec.s(connection.connected_at),
            "token_expires": codec.n(connection.token_expires),
            "expires_at": codec.n(int(time.time()) + CONNECTION_TTL_SECONDS)})

    def connection(self, connection_id: str) -> Connection | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(f"CONN#{connection_id}", CONN),
                                    ConsistentRead=True).get("Item")
        if item is None:
            return None
        return Connection(connection_id=connection_id, sub=item["sub"]["S"], moderator=item["moderator"]["BOOL"],
                          connected_at=item["connected_at"]["S"], token_expires=int(item["token_expires"]["N"]))

    def reauthorize(self, connection_id: str, token_expires: int) -> bool:
        key = codec.key(f"CONN#{connection_id}", CONN)
        item = self.client.get_item(TableName=self.table, Key=key, ConsistentRead=True).get("Item")
        if item is None:
            return False
        sub = item["sub"]["S"]
        keys = [key, *(codec.key(f"SUBS#{sub}#{stream}", connection_id) for stream in item.get("streams", {}).get("SS", []))]
        try:
            self._store.transact_items([
                {"Update": {"TableName": self.table, "Key": each, "UpdateExpression": "SET token_expires = :exp",
                            "ConditionExpression": "attribute_exists(pk)",
                            "ExpressionAttributeValues": {":exp": codec.n(token_expires)}}} for each in keys])
        except WriteConflict:
            return False
        return True

    def close_connection(self, connection_id: str) -> None:
        key = codec.key(f"CONN#{connection_id}", CONN)
        item = self.client.get_item(TableName=self.table, Key=key, ConsistentRead=True).get("Item")
        if item is None:
            return
        sub = item["sub"]["S"]
        streams = item.get("streams", {}).get("SS", [])
        deletes = [{"Delete": {"TableName": self.table, "Key": key}}]
        deletes += [{"Delete": {"TableName": self.table, "Key": codec.key(f"SUBS#{sub}#{stream}", connection_id)}}
                    for stream in streams]
        for start in range(0, len(deletes), 100):  # a transaction holds 100 items
            self.client.transact_write_items(TransactItems=deletes[start:start + 100])

    def expired(self, now: int, limit: int) -> list[str]:
        answer = self.client.query(
            TableName=self.table, IndexName=EXPIRING_INDEX, Limit=limit,
            KeyConditionExpression="conn_shard = :shard AND token_expires <= :now",
            ExpressionAttributeValues={":shard": codec.s(CONN_SHARD), ":now": codec.n(now)})
        return [item["pk"]["S"].removeprefix("CONN#") for item in answer.get("Items", [])]

    # ------------------------------------------------------------ subscriptions
    def subscribe(self, subscription: Subscription) -> None:
        conn = codec.key(f"CONN#{subscription.connection_id}", CONN)
        item = {**codec.key(f"SUBS#{subscription.sub}#{subscription.stream}", subscription.connection_id),
                "sub": codec.s(subscription.sub), "stream": codec.s(subscription.stream),
                "after": codec.s(subscription.after), "catching_until": codec.n(subscription.catching_until),
                "token_expires": codec.n(subscription.token_expires),
                "expires_at": codec.n(int(time.time()) + CONNECTION_TTL_SECONDS)}
        self._store.transact_items([
            codec.put(self.table, item),
            {"Update": {"TableName": self.table, "Key": conn, "UpdateExpression": "ADD streams :stream",
                        "ConditionExpression": "attribute_exists(pk)",
                        "ExpressionAttributeValues": {":stream": {"SS": [subscription.stream]}}}},
        ], refused=f"no connection {subscription.connection_id}")

    def unsubscribe(self, connection_id: str, sub: str, stream: str) -> bool:
        try:
            self.client.transact_write_items(TransactItems=[
                {"Delete": {"TableName": self.table, "Key": codec.key(f"SUBS#{sub}#{stream}", connection_id),
                            "ConditionExpression": "attribute_exists(pk)"}},
                {"Update": {"TableName": self.table, "Key": codec.key(f"CONN#{connection_id}", CONN),
                            "UpdateExpression": "DELETE streams :stream",
                            "ExpressionAttributeValues": {":stream": {"SS": [stream]}}}},
            ])
        except self.client.exceptions.TransactionCanceledException:
            return False
        return True

    def subscribers(self, sub: str, stream: str) -> list[Subscription]:
        answer = self.client.query(
            TableName=self.table, KeyConditionExpression="pk = :pk", ConsistentRead=True,
            ExpressionAttributeValues={":pk": codec.s(f"SUBS#{sub}#{stream}")})
        return [_subscription(item) for item in answer.get("Items", [])]

    def claim(self, subscription: Subscription, seq: str, *, catching: bool, now: int) -> bool:
        condition = "attribute_exists(pk) AND #after < :seq"
        values: Item = {":seq": codec.s(seq)}
        if not catching:
            condition += " AND catching_until < :now"
            values[":now"] = codec.n(now)
        try:
            self.client.update_item(
                TableName=self.table,
                Key=codec.key(f"SUBS#{subscription.sub}#{subscription.stream}", subscription.connection_id),
                UpdateExpression="SET #after = :seq", ConditionExpression=condition,
                ExpressionAttributeNames={"#after": "after"}, ExpressionAttributeValues=values)
        except self.client.exceptions.ConditionalCheckFailedException:
            return False
        return True

    def end_catch_up(self, subscription: Subscription, after: str) -> bool:
        try:
            self.client.update_item(
                TableName=self.table,
                Key=codec.key(f"SUBS#{subscription.sub}#{subscription.stream}", subscription.connection_id),
                UpdateExpression="SET catching_until = :zero", ConditionExpression="#after = :after",
                ExpressionAttributeNames={"#after": "after"},
                ExpressionAttributeValues={":after": codec.s(after), ":zero": codec.n(0)})
        except self.client.exceptions.ConditionalCheckFailedException:
            return False
        return True
