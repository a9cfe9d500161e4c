"""The moderation area on DynamoDB (docs/storage.md, "Moderation"): ``MEMBER#{sub} / FREEZE`` while the member's
ratings are frozen, listed on ``gsi1pk = FROZEN`` (by member) and, until the sweep has applied its effects again,
on the due index (its own shard ``FREEZEDUE#0``)."""

from __future__ import annotations

from typing import Any

from gameserver.storage.cursors import GSI1_KEY, decode_key, encode_key
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.batch import batch_get, unique
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.tables import DUE_INDEX, GSI1
from gameserver.storage.moderation import (
    AccountFrozen,
    Freeze,
    FreezeSettled,
    FreezeWrite,
    NotFrozen,
    Unfreeze,
)
from gameserver.storage.records import Page

Item = dict[str, Any]

FREEZE = "FREEZE"
FROZEN_LIST = "FROZEN"
"""The list of every freeze (gsi1): a small set, read whole by a season's close."""
FREEZE_DUE = "FREEZEDUE#0"
"""The freezes' own shard of the due index: a freeze is rare, one shard is plenty."""


def encode_freeze(freeze: Freeze) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(freeze.member)),
        "sk": codec.s(FREEZE),
        "type": codec.s("freeze"),
        "member": codec.s(freeze.member),
        "at": codec.s(freeze.at),
        "by": codec.s(freeze.by),
        "gsi1pk": codec.s(FROZEN_LIST),
        "gsi1sk": codec.s(freeze.member),
    }
    if freeze.settle_at is not None:
        item["due_shard"] = codec.s(FREEZE_DUE)
        item["due_at"] = codec.s(freeze.settle_at)
    return item


def decode_freeze(item: Item) -> Freeze:
    due = item.get("due_at")
    return Freeze(member=item["member"]["S"], at=item["at"]["S"], by=item["by"]["S"],
                  settle_at=due["S"] if due else None)


def _key(member: str) -> Item:
    return codec.key(keys.member_pk(member), FREEZE)


def freeze_write_items(table: str, write: FreezeWrite) -> list[Item]:
    return [codec.put(table, encode_freeze(write.freeze), "attribute_not_exists(pk)")]


def unfreeze_items(table: str, write: Unfreeze) -> list[Item]:
    return [{"Delete": {"TableName": table, "Key": _key(write.member), "ConditionExpression": "#at = :at",
                        "ExpressionAttributeNames": {"#at": "at"},
                        "ExpressionAttributeValues": {":at": codec.s(write.at)}}}]


def freeze_settled_items(table: str, write: FreezeSettled) -> list[Item]:
    return [{"Update": {"TableName": table, "Key": _key(write.member), "UpdateExpression": "REMOVE due_shard, due_at",
                        "ConditionExpression": "#at = :at", "ExpressionAttributeNames": {"#at": "at"},
                        "ExpressionAttributeValues": {":at": codec.s(write.at)}}}]


def not_frozen_items(table: str, write: NotFrozen) -> list[Item]:
    """One ConditionCheck per member: no freeze item (a check reads nothing back and writes nothing)."""
    return [{"ConditionCheck": {"TableName": table, "Key": _key(member),
                                "ConditionExpression": "attribute_not_exists(pk)"}} for member in write.members]


def explain_not_frozen(write: NotFrozen, index: int) -> AccountFrozen:
    return AccountFrozen(write.members[index])


class DynamoModeration(Area):
    def freezes(self, subs: tuple[str, ...]) -> dict[str, Freeze]:
        if not subs:
            return {}
        found = batch_get(self.client, self.table, unique([_key(sub) for sub in subs]))
        return {item["member"]["S"]: decode_freeze(item) for item in found.values()}

    def frozen(self, cursor: str | None, limit: int) -> Page:
        request: dict[str, Any] = {
            "TableName": self.table, "IndexName": GSI1, "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(FROZEN_LIST)}, "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": FROZEN_LIST}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode_freeze(item) for item in answer.get("Items", [])], encode_key(last) if last else None)

    def due_freezes(self, now: str, limit: int) -> list[Freeze]:
        answer = self.client.query(
            TableName=self.table, IndexName=DUE_INDEX, KeyConditionExpression="due_shard = :s AND due_at <= :now",
            ExpressionAttributeValues={":s": codec.s(FREEZE_DUE), ":now": codec.s(now)}, Limit=limit)
        members = [item["pk"]["S"].removeprefix("MEMBER#") for item in answer.get("Items", [])]
        found = self.freezes(tuple(members))
        return sorted((f for f in found.values() if f.settle_at is not None and f.settle_at <= now),
                      key=lambda f: (f.settle_at or "", f.member))


WRITES: Writes = {
    FreezeWrite: (freeze_write_items, None),
    Unfreeze: (unfreeze_items, None),
    FreezeSettled: (freeze_settled_items, None),
    NotFrozen: (not_frozen_items, explain_not_frozen),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
