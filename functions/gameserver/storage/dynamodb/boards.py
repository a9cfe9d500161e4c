"""A day's board in write shards on ``gsi1``, as the Daily Front keeps it and every daily game that ranks its
results the same way (Front 1901's daily challenge): one index partition per shard (``{board}#{day}#{shard}``,
``gameserver.platform.daily.board``), the sort key the result, read merged in key order.

One definition of the reads both boards make: a page merged from the shards, every key of the board (the rank
summary's rebuild), and a count of the keys between two bounds (a member's rank); and of the day's rank
summary item both keep beside their board (its codec and the condition that keeps a later one).
"""

from __future__ import annotations

import heapq
import itertools
import json
from collections.abc import Iterator, Sequence
from typing import Any

from gameserver.platform.daily import BoardSummary, Marker
from gameserver.storage.daily import DaySummary
from gameserver.storage.dynamodb import codec
from gameserver.storage.dynamodb.tables import GSI1

Item = dict[str, Any]

SUMMARY = "SUMMARY"
"""The sort key of a day's rank summary, in its day's partition."""
LATER_SUMMARY_KEPT = "attribute_not_exists(pk) OR built_at <= :built_at"
"""A summary is written unless one built from later reads is there (a late or out-of-order rebuild changes
nothing); its ``:built_at`` is ``summary_values``."""


def encode_summary(pk: str, kind: str, stored: DaySummary) -> Item:
    """The rank summary of the day whose partition is ``pk`` (``kind``: the item's ``type``)."""
    markers = [[marker.key, marker.before] for marker in stored.summary.markers]
    return {"pk": codec.s(pk), "sk": codec.s(SUMMARY), "type": codec.s(kind), "markers": codec.j(markers),
            "entries": codec.n(stored.summary.entries), "every": codec.n(stored.every),
            "built_at": codec.s(stored.built_at)}


def decode_summary(item: Item) -> DaySummary:
    markers = tuple(Marker(key, before) for key, before in json.loads(item["markers"]["S"]))
    return DaySummary(BoardSummary(markers, int(item["entries"]["N"])), int(item["every"]["N"]),
                      item["built_at"]["S"])


def summary_values(stored: DaySummary) -> dict[str, Any]:
    return {":built_at": codec.s(stored.built_at)}


def merged(client: Any, table: str, partitions: Sequence[str], after: str | None, limit: int,
           attributes: tuple[str, ...]) -> list[Item]:
    """The first ``limit`` items of all shards after the key ``after``, in key order, each with ``attributes``.

    Each shard is read lazily in chunks of its share of the page plus a margin (members spread evenly over
    the shards, so a shard's share varies by about its square root): the merge asks a shard for more only
    when its last item read is still in the page. A page costs one query per shard and about
    ``1.25 x limit`` items, not ``8 x limit``; a shard that holds more than its share pages on."""
    share = -(-limit // len(partitions))
    chunk = share + share // 4 + 4
    streams = [_shard(client, table, partition, after, chunk, attributes) for partition in partitions]
    return list(itertools.islice(heapq.merge(*streams, key=lambda item: item["gsi1sk"]["S"]), limit))


def _shard(client: Any, table: str, partition: str, after: str | None, chunk: int, attributes: tuple[str, ...]
           ) -> Iterator[Item]:
    names = {f"#a{n}": name for n, name in enumerate(attributes)}
    request: dict[str, Any] = {
        "TableName": table,
        "IndexName": GSI1,
        "KeyConditionExpression": "gsi1pk = :pk" + (" AND gsi1sk > :after" if after else ""),
        "ExpressionAttributeValues": {":pk": codec.s(partition), **({":after": codec.s(after)} if after else {})},
        "ProjectionExpression": ", ".join(names),
        "ExpressionAttributeNames": names,
        "Limit": chunk,
    }
    while True:
        answer = client.query(**request)
        yield from answer.get("Items", [])
        if "LastEvaluatedKey" not in answer:
            return
        request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]


def keys_of(client: Any, table: str, partitions: Sequence[str]) -> list[list[str]]:
    """Every shard's board keys in order (the sort key only: a query's read units still count each whole item
    the index holds), each shard paged to its end."""
    shards: list[list[str]] = []
    for partition in partitions:
        request: dict[str, Any] = {
            "TableName": table, "IndexName": GSI1, "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(partition)}, "ProjectionExpression": "gsi1sk",
        }
        keys_of_shard: list[str] = []
        while True:
            answer = client.query(**request)
            keys_of_shard += [item["gsi1sk"]["S"] for item in answer.get("Items", [])]
            if "LastEvaluatedKey" not in answer:
                break
            request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]
        shards.append(keys_of_shard)
    return shards


def count_between(client: Any, table: str, partitions: Sequence[str], start: str | None, bound: str) -> int:
    """How many board keys, over every shard, lie in ``start <= key < bound`` (from the shard's start when
    ``start`` is None): one ``Select=COUNT`` query per shard.

    ``bound`` is a result prefix (``better_than``), which no key equals (a key goes on with ``#member``), so
    ``BETWEEN start AND bound`` is ``start <= key < bound``."""
    if start is None:
        condition, values = " AND gsi1sk < :bound", {":bound": codec.s(bound)}
    else:
        condition, values = " AND gsi1sk BETWEEN :start AND :bound", {":start": codec.s(start), ":bound": codec.s(bound)}
    total = 0
    for partition in partitions:
        request: dict[str, Any] = {
            "TableName": table, "IndexName": GSI1, "Select": "COUNT",
            "KeyConditionExpression": "gsi1pk = :pk" + condition,
            "ExpressionAttributeValues": {":pk": codec.s(partition), **values},
        }
        while True:  # a count that reads more than 1 MB of a shard pages on
            answer = client.query(**request)
            total += answer["Count"]
            if "LastEvaluatedKey" not in answer:
                break
            request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]
    return total
