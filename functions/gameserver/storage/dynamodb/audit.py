"""The audit area on DynamoDB: ``AUDIT#{YYYY-MM} / {at}#{id}``; ``gsi2pk = AUDITOF#{member}`` lists the actions
on a member, ``gsi1pk = AUDIT`` every action (moderators' actions are rare: one partition holds them)."""

from __future__ import annotations

from typing import Any

from gameserver.storage.audit import AuditLine
from gameserver.storage.cursors import GSI1_KEY, GSI2_KEY, decode_key, encode_key
from gameserver.storage.dynamodb import codec
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.tables import GSI1, GSI2
from gameserver.storage.records import Page

Item = dict[str, Any]

EVERY_LINE = "AUDIT"
"""The list of every audit line (gsi1)."""


def encode_audit(line: AuditLine) -> Item:
    sort_key = f"{line.at}#{line.audit_id}"
    return {
        "pk": codec.s(f"AUDIT#{line.at[:7]}"),
        "sk": codec.s(sort_key),
        "type": codec.s("audit"),
        "moderator": codec.s(line.moderator),
        "at": codec.s(line.at),
        "action": codec.s(line.action),
        "member": codec.s(line.member),
        "target": codec.s(line.target),
        "why": codec.s(line.why),
        "gsi1pk": codec.s(EVERY_LINE),
        "gsi1sk": codec.s(sort_key),
        "gsi2pk": codec.s(f"AUDITOF#{line.member}"),
        "gsi2sk": codec.s(sort_key),
    }


def decode_audit(item: Item) -> AuditLine:
    return AuditLine(moderator=item["moderator"]["S"], at=item["at"]["S"], action=item["action"]["S"],
                     member=item["member"]["S"], target=item["target"]["S"], why=item["why"]["S"],
                     audit_id=item["sk"]["S"].partition("#")[2])


def audit_items(table: str, line: AuditLine) -> list[Item]:
    return [codec.put(table, encode_audit(line), "attribute_not_exists(pk)")]


class DynamoAudit(Area):
    def of_member(self, member: str, cursor: str | None, limit: int) -> Page:
        return self._page(GSI2, f"AUDITOF#{member}", GSI2_KEY, cursor, limit)

    def lines(self, cursor: str | None, limit: int) -> Page:
        return self._page(GSI1, EVERY_LINE, GSI1_KEY, cursor, limit)

    def _page(self, index: str, partition: str, key: tuple[str, ...], cursor: str | None, limit: int) -> Page:
        name = f"{index}pk"
        request: dict[str, Any] = {
            "TableName": self.table, "IndexName": index, "KeyConditionExpression": f"{name} = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(partition)}, "ScanIndexForward": False, "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {name: partition}, key)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode_audit(item) for item in answer.get("Items", [])], encode_key(last) if last else None)


WRITES: Writes = {
    AuditLine: (audit_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
