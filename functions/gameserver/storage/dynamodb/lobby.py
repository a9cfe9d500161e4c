"""The lobby on DynamoDB: ``TABLE#{id} / TABLE``, an online game's table, claimed by its ``version``; while it
has a seat anyone may take, ``gsi1pk = {GAME}TABLES#open`` (``FEINTTABLES#open``), ``gsi1sk = {closes_at}#{id}``
lists it (the query keeps the ones closing after now: a closed table needs no job to leave the list); while it is
open with a start time, the due index holds it (its own shard ``TABLESTART#0``, ``due_at`` the start time)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from gameserver.storage.cursors import GSI1_KEY, decode_key, encode_key
from gameserver.storage.dynamodb import codec
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.tables import DUE_INDEX, GSI1
from gameserver.storage.lobby import Seating, Table, TableWrite
from gameserver.storage.records import Page

Item = dict[str, Any]

TABLE = "TABLE"
TABLE_START = "TABLESTART#0"


def open_tables_pk(game: str) -> str:
    """The list of a game's open tables (``FEINTTABLES#open``)."""
    return f"{game.upper()}TABLES#open"


def table_pk(table_id: str) -> str:
    return f"TABLE#{table_id}"


def encode_table(table: Table) -> Item:
    item: Item = {
        "pk": codec.s(table_pk(table.table_id)),
        "sk": codec.s(TABLE),
        "type": codec.s(f"{table.game}-table"),
        "game": codec.s(table.game),
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
    if table.options:
        item["options"] = {"M": {name: codec.s(value) for name, value in table.options.items()}}
    if table.seating != Seating.DEALT:
        item["seating"] = codec.s(table.seating)
    if table.picked:
        item["picked"] = codec.j(table.picked)
    if table.starts_at is not None:
        item["starts_at"] = codec.s(table.starts_at)
        if table.status == "open":
            item["due_shard"], item["due_at"] = codec.s(TABLE_START), codec.s(table.starts_at)
    if table.listed:
        item["gsi1pk"] = codec.s(open_tables_pk(table.game))
        item["gsi1sk"] = codec.s(f"{table.closes_at}#{table.table_id}")
    return item


def decode_table(item: Item) -> Table:
    return Table(
        table_id=item["table_id"]["S"], game=item["game"]["S"], host=item["host"]["S"], seats=int(item["seats"]["N"]),
        pace=item["pace"]["S"], bots=int(item["bots"]["N"]), invited=tuple(json.loads(item["invited"]["S"])),
        joined=tuple(json.loads(item["joined"]["S"])), status=item["status"]["S"],
        created_at=item["created_at"]["S"], closes_at=item["closes_at"]["S"],
        game_id=item["game_id"]["S"] if "game_id" in item else None, version=int(item["version"]["N"]),
        options={name: value["S"] for name, value in item.get("options", {"M": {}})["M"].items()},
        seating=item["seating"]["S"] if "seating" in item else Seating.DEALT,
        picked=json.loads(item["picked"]["S"]) if "picked" in item else {},
        starts_at=item["starts_at"]["S"] if "starts_at" in item else None,
    )


def table_write_items(table: str, write: TableWrite) -> list[Item]:
    written = encode_table(replace(write.table, version=write.table.version + 1))
    if write.table.version == 0:
        return [codec.put(table, written, "attribute_not_exists(pk)")]
    return [codec.put(table, written, "#version = :version", {"#version": "version"},
                      {":version": codec.n(write.table.version)})]


class DynamoLobby(Area):
    def get_table(self, table_id: str) -> Table | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(table_pk(table_id), TABLE),
                                    ConsistentRead=True).get("Item")
        return decode_table(item) if item else None

    def open_tables(self, game: str, now: str, cursor: str | None, limit: int) -> Page:
        request: dict[str, Any] = {
            "TableName": self.table, "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk AND gsi1sk > :now",
            # After every key of a table closing at ``now`` itself ("~" sorts after the ids' hex digits).
            "ExpressionAttributeValues": {":pk": codec.s(open_tables_pk(game)), ":now": codec.s(f"{now}#~")},
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": open_tables_pk(game)}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode_table(item) for item in answer.get("Items", [])], encode_key(last) if last else None)

    def tables_to_start(self, now: str, limit: int) -> list[str]:
        answer = self.client.query(
            TableName=self.table, IndexName=DUE_INDEX, KeyConditionExpression="due_shard = :s AND due_at <= :now",
            ExpressionAttributeValues={":s": codec.s(TABLE_START), ":now": codec.s(now)}, Limit=limit)
        return [item["pk"]["S"].removeprefix("TABLE#") for item in answer.get("Items", [])]


WRITES: Writes = {
    TableWrite: (table_write_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
