"""The doctrines area on DynamoDB: ``MEMBER#{sub} / DOCTRINE#{slot}`` and ``DOCTRINE-DEFAULT`` (a copy of the default
doctrine, which a starting game reads in the same request as its other items)."""

from __future__ import annotations

import json
from typing import Any

from gameserver.storage.doctrines import Doctrines, SlotDoctrine
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area

DEFAULT_DOCTRINE = "DOCTRINE-DEFAULT"
DOCTRINE_PREFIX = "DOCTRINE#"

Item = dict[str, Any]


def doctrine_sk(slot: int) -> str:
    return f"{DOCTRINE_PREFIX}{slot}"


class DynamoDoctrines(Area):
    def doctrines(self, sub: str) -> Doctrines:
        answer = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues={":pk": codec.s(keys.member_pk(sub)), ":prefix": codec.s("DOCTRINE")},
            ConsistentRead=True,
        )
        slots: dict[int, SlotDoctrine] = {}
        default: int | None = None
        for item in answer.get("Items", []):
            if item["sk"]["S"] == DEFAULT_DOCTRINE:
                default = int(item["slot"]["N"])
            else:
                slots[int(item["slot"]["N"])] = SlotDoctrine(json.loads(item["doctrine"]["S"]),
                                                             item["updated_at"]["S"])
        return Doctrines(slots, default)

    def put(self, sub: str, slot: int, doctrine: dict[str, Any], at: str, *, new: bool, is_default: bool) -> None:
        table = self.table
        item = {"pk": codec.s(keys.member_pk(sub)), "sk": codec.s(doctrine_sk(slot)), "type": codec.s("doctrine"),
                "slot": codec.n(slot), "doctrine": codec.j(doctrine), "updated_at": codec.s(at)}
        items = [codec.put(table, item, "attribute_not_exists(pk)" if new else "attribute_exists(pk)")]
        if is_default:
            items.append(codec.put(table, self._default_item(sub, slot, doctrine), "#s = :s", {"#s": "slot"},
                                   {":s": codec.n(slot)}))
        else:
            items.append(self._check_not_default(sub, slot))
        self._store.transact_items(items)

    def delete(self, sub: str, slot: int, *, is_default: bool) -> None:
        table, pk = self.table, keys.member_pk(sub)
        items: list[Item] = [{"Delete": {"TableName": table, "Key": codec.key(pk, doctrine_sk(slot)),
                                         "ConditionExpression": "attribute_exists(pk)"}}]
        if is_default:
            items.append({"Delete": {"TableName": table, "Key": codec.key(pk, DEFAULT_DOCTRINE),
                                     "ConditionExpression": "#s = :s",
                                     "ExpressionAttributeNames": {"#s": "slot"},
                                     "ExpressionAttributeValues": {":s": codec.n(slot)}}})
        else:
            items.append(self._check_not_default(sub, slot))
        self._store.transact_items(items)

    def set_default(self, sub: str, slot: int, doctrine: dict[str, Any], updated_at: str) -> None:
        table, pk = self.table, keys.member_pk(sub)
        self._store.transact_items([
            {"ConditionCheck": {"TableName": table, "Key": codec.key(pk, doctrine_sk(slot)),
                                "ConditionExpression": "#u = :u", "ExpressionAttributeNames": {"#u": "updated_at"},
                                "ExpressionAttributeValues": {":u": codec.s(updated_at)}}},
            codec.put(table, self._default_item(sub, slot, doctrine)),
        ])

    def _default_item(self, sub: str, slot: int, doctrine: dict[str, Any]) -> Item:
        return {"pk": codec.s(keys.member_pk(sub)), "sk": codec.s(DEFAULT_DOCTRINE),
                "type": codec.s("doctrine-default"), "slot": codec.n(slot), "doctrine": codec.j(doctrine)}

    def _check_not_default(self, sub: str, slot: int) -> Item:
        return {"ConditionCheck": {"TableName": self.table,
                                   "Key": codec.key(keys.member_pk(sub), DEFAULT_DOCTRINE),
                                   "ConditionExpression": "attribute_not_exists(pk) OR #s <> :s",
                                   "ExpressionAttributeNames": {"#s": "slot"},
                                   "ExpressionAttributeValues": {":s": codec.n(slot)}}}


def default_doctrine(item: Item | None) -> dict[str, Any] | None:
    """The default doctrine's copy as read (None: no default)."""
    return json.loads(item["doctrine"]["S"]) if item else None
