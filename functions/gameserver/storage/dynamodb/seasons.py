"""The seasons area on DynamoDB (docs/storage.md, "Seasons"). Items:

- ``SEASON#{YYYY-MM} / CLOSE``: the close (``SeasonClose`` as JSON), its version and status, ``prizes_at`` and
  ``titles_at`` once their stage is fixed (what a stage's write is conditioned on the absence of); listed on
  ``gsi1pk = SEASONS`` (by season); on the due index (its own shard ``SEASONDUE#0``) while something is due.
- ``SEASON#{YYYY-MM} / PRIZE#{game}#{place:02d}``: a prize paid (written once: the payment's id).
- ``MEMBER#{sub} / SEASON#{YYYY-MM}#PRIZE#{game}`` and ``.../SEASON#{YYYY-MM}#TITLE#{title}``: the member's history.
"""

from __future__ import annotations

import json
from typing import Any

from gameserver.platform.seasons import PrizePayment, SeasonClose
from gameserver.storage.cursors import GSI1_KEY, TABLE_KEY, InvalidCursor, decode_key, encode_key
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.duels import credit_items
from gameserver.storage.dynamodb.tables import DUE_INDEX, GSI1
from gameserver.storage.records import Page
from gameserver.storage.seasons import (
    CloseStatus,
    CloseWrite,
    HistoryLine,
    Paid,
    PrizePaid,
    SeasonRead,
    StoredClose,
)

Item = dict[str, Any]

CLOSE = "CLOSE"
PRIZE_PREFIX = "PRIZE#"
HISTORY_PREFIX = "SEASON#"
SEASONS = "SEASONS"
"""The list of every close (gsi1), by season."""
SEASON_DUE = "SEASONDUE#0"
"""The closes' own shard of the due index: at most one close is due at a time."""


def season_pk(season: str) -> str:
    return f"SEASON#{season}"


def prize_sk(payment: PrizePayment) -> str:
    return f"{PRIZE_PREFIX}{payment.game}#{payment.place:02d}"


def encode_close(write: CloseWrite) -> Item:
    close = write.close
    version = 1 if write.before_version is None else write.before_version + 1
    item: Item = {
        "pk": codec.s(season_pk(close.season)),
        "sk": codec.s(CLOSE),
        "type": codec.s("season-close"),
        "close": codec.j(close.to_json()),
        "version": codec.n(version),
        "status": codec.s(str(write.status)),
        "gsi1pk": codec.s(SEASONS),
        "gsi1sk": codec.s(close.season),
    }
    if close.prizes_at is not None:
        item["prizes_at"] = codec.s(close.prizes_at.isoformat())
    if close.titles_at is not None:
        item["titles_at"] = codec.s(close.titles_at.isoformat())
    if write.due_at is not None:
        item["due_shard"] = codec.s(SEASON_DUE)
        item["due_at"] = codec.s(write.due_at)
    return item


def decode_close(item: Item) -> StoredClose:
    return StoredClose(SeasonClose.from_json(json.loads(item["close"]["S"])), int(item["version"]["N"]),
                       CloseStatus(item["status"]["S"]))


def encode_history(line: HistoryLine) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(line.member)),
        "sk": codec.s(HISTORY_PREFIX + line.what),
        "type": codec.s("season-history"),
        "member": codec.s(line.member),
        "season": codec.s(line.season),
        "at": codec.s(line.at),
    }
    for name in ("game", "title", "doctrine"):
        value = getattr(line, name)
        if value is not None:
            item[name] = codec.s(value)
    for name in ("place", "credits"):
        value = getattr(line, name)
        if value is not None:
            item[name] = codec.n(value)
    return item


def decode_history(item: Item) -> HistoryLine:
    def text(name: str) -> str | None:
        return item[name]["S"] if name in item else None

    def number(name: str) -> int | None:
        return int(item[name]["N"]) if name in item else None

    return HistoryLine(member=item["member"]["S"], season=item["season"]["S"], at=item["at"]["S"],
                       game=text("game"), place=number("place"), credits=number("credits"), title=text("title"),
                       doctrine=text("doctrine"))


def close_write_items(table: str, write: CloseWrite) -> list[Item]:
    """The close item, claimed (new, or the version read and the stage it fixes still absent), then the titles'
    history lines and notices."""
    if write.before_version is None:
        condition, names, values = "attribute_not_exists(pk)", None, None
    else:
        condition, names, values = "#v = :v", {"#v": "version"}, {":v": codec.n(write.before_version)}
    if write.fixes is not None:
        condition += " AND attribute_not_exists(#stage)"
        names = {**(names or {}), "#stage": f"{write.fixes}_at"}
    items = [codec.put(table, encode_close(write), condition, names, values)]
    for _, history, notice in write.titles:
        items.append(codec.put(table, encode_history(history), "attribute_not_exists(pk)"))
        items.append(codec.put(table, codec.encode_notice(notice)))
    return items


def prize_paid_items(table: str, write: PrizePaid) -> list[Item]:
    """The payment (once: its id), the balance and its ledger line, the history line, the notice."""
    payment = write.payment
    paid = {"pk": codec.s(season_pk(payment.season)), "sk": codec.s(prize_sk(payment)), "type": codec.s("prize"),
            "game": codec.s(payment.game), "place": codec.n(payment.place), "member": codec.s(payment.member),
            "credits": codec.n(payment.credits), "at": codec.s(write.line.at)}
    return [codec.put(table, paid, "attribute_not_exists(pk)"), *credit_items(table, (write.line,)),
            codec.put(table, encode_history(write.history)), codec.put(table, codec.encode_notice(write.notice))]


class DynamoSeasons(Area):
    def read(self, season: str) -> SeasonRead:
        request: dict[str, Any] = {"TableName": self.table, "KeyConditionExpression": "pk = :pk",
                                   "ExpressionAttributeValues": {":pk": codec.s(season_pk(season))},
                                   "ConsistentRead": True}
        stored, paid = None, {}
        while True:
            answer = self.client.query(**request)
            for item in answer.get("Items", []):
                if item["sk"]["S"] == CLOSE:
                    stored = decode_close(item)
                elif item["sk"]["S"].startswith(PRIZE_PREFIX):
                    payment = PrizePayment(season, item["game"]["S"], int(item["place"]["N"]), item["member"]["S"],
                                           int(item["credits"]["N"]))
                    paid[payment.id] = Paid(payment, item["at"]["S"])
            if "LastEvaluatedKey" not in answer:
                return SeasonRead(stored, paid)
            request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]

    def closes(self, cursor: str | None, limit: int) -> Page:
        request: dict[str, Any] = {
            "TableName": self.table, "IndexName": GSI1, "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(SEASONS)}, "ScanIndexForward": False, "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": SEASONS}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode_close(item) for item in answer.get("Items", [])], encode_key(last) if last else None)

    def history(self, member: str, cursor: str | None, limit: int) -> Page:
        pk = keys.member_pk(member)
        request: dict[str, Any] = {
            "TableName": self.table, "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {":pk": codec.s(pk), ":prefix": codec.s(HISTORY_PREFIX)},
            "ScanIndexForward": False, "Limit": limit,
        }
        if cursor:
            start = decode_key(cursor, {"pk": pk}, TABLE_KEY)
            if not start["sk"]["S"].startswith(HISTORY_PREFIX):
                raise InvalidCursor()
            request["ExclusiveStartKey"] = start
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode_history(item) for item in answer.get("Items", [])], encode_key(last) if last else None)

    def due(self, now: str, limit: int) -> list[str]:
        answer = self.client.query(
            TableName=self.table, IndexName=DUE_INDEX, KeyConditionExpression="due_shard = :s AND due_at <= :now",
            ExpressionAttributeValues={":s": codec.s(SEASON_DUE), ":now": codec.s(now)}, Limit=limit)
        return sorted(item["pk"]["S"].removeprefix("SEASON#") for item in answer.get("Items", []))


WRITES: Writes = {
    CloseWrite: (close_write_items, None),
    PrizePaid: (prize_paid_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
