"""The Feint area on DynamoDB: ``TABLE#{id} / TABLE``, an online game's table, claimed by its ``version``; while
it has a seat anyone may take, ``gsi1pk = FEINTTABLES#open``, ``gsi1sk = {closes_at}#{id}`` lists it (the query
keeps the ones closing after now: a closed table needs no job to leave the list)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from gameserver.storage.cursors import GSI1_KEY, decode_key, encode_key
from gameserver.storage.dynamodb import codec
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.tables import GSI1
from gameserver.storage.feint import Table, TableWrite
from gameserver.storage.records import Page

Item = dict[str, Any]

TABLE = "TABLE"
OPEN_TABLES = "FEINTTABLES#open"


def table_pk(table_id: str) -> str:
    return f"TABLE#{table_id}"


def encode_table(table: Table) -> Item:
    item: Item = {
        "pk": codec.s(table_pk(table.table_id)),
        "sk": codec.s(TABLE),
        "type": codec.s("feint-table"),
        "table_id": codec.s(table.table_id),
        "host": codec.s(table.host),
        "seats": codec.n(table.seats),
        "pace": codec.s(table.pace),
        "bots": codec.n(table.bots),
        "invited": codec.j(list(table.invited)),
        "joined": codec.j(list(table.joined)),
        "status": codec.s(table.status),
        "created_at": codec.s(table.created_at),
        "closes_at": codec.s(table.closes_at),
        "version": codec.n(table.version),
    }
    if table.game_id is not None:
        item["game_id"] = codec.s(table.game_id)
    if table.listed:
        item["gsi1pk"] = codec.s(OPEN_TABLES)
        item["gsi1sk"] = codec.s(f"{table.closes_at}#{table.table_id}")
    return item


def decode_table(item: Item) -> Table:
    return Table(
        table_id=item["table_id"]["S"], host=item["host"]["S"], seats=int(item["seats"]["N"]),
        pace=item["pace"]["S"], bots=int(item["bots"]["N"]), invited=tuple(json.loads(item["invited"]["S"])),
        joined=tuple(json.loads(item["joined"]["S"])), status=item["status"]["S"],
        created_at=item["created_at"]["S"], closes_at=item["closes_at"]["S"],
        game_id=item["game_id"]["S"] if "game_id" in item else None, version=int(item["version"]["N"]),
    )


def table_write_items(table: str, write: TableWrite) -> list[Item]:
    written = encode_table(replace(write.table, version=write.table.version + 1))
    if write.table.version == 0:
        return [codec.put(table, written, "attribute_not_exists(pk)")]
    return [codec.put(table, written, "#version = :version", {"#version": "version"},
                      {":version": codec.n(write.table.version)})]


class DynamoFeint(Area):
    def get_table(self, table_id: str) -> Table | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(table_pk(table_id), TABLE),
                                    ConsistentRead=True).get("Item")
        return decode_table(item) if item else None

    def open_tables(self, now: str, cursor: str | None, limit: int) -> Page:
        request: dict[str, Any] = {
            "TableName": self.table, "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk AND gsi1sk > :now",
            # After every key of a table closing at ``now`` itself ("~" sorts after the ids' hex digits).
            "ExpressionAttributeValues": {":pk": codec.s(OPEN_TABLES), ":now": codec.s(f"{now}#~")},
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": OPEN_TABLES}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode_table(item) for item in answer.get("Items", [])], encode_key(last) if last else None)


WRITES: Writes = {
    TableWrite: (table_write_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
