"""Feinthold's friendly invitations on DynamoDB: ``INVITATION#{id}`` / ``INVITATION``, listed by invitee
(``gsi1``, pending only) and by inviter (``gsi2``)."""

from __future__ import annotations

from typing import Any

from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.tables import GSI1, GSI2
from gameserver.storage.errors import WriteConflict
from gameserver.storage.invitations import Invitation, InvitationAccepted

Item = dict[str, Any]


class DynamoInvitations(Area):
    def put(self, invitation: Invitation) -> None:
        if not self.put_if(codec.encode_invitation(invitation), "attribute_not_exists(pk)"):
            raise WriteConflict(f"invitation {invitation.invitation_id} exists")

    def get(self, invitation_id: str) -> Invitation | None:
        item = self.client.get_item(
            TableName=self.table, Key=codec.key(keys.invitation_pk(invitation_id), keys.INVITATION),
            ConsistentRead=True,
        ).get("Item")
        return codec.decode_invitation(item) if item else None

    def answer(self, invitation: Invitation) -> None:
        condition, names, values = still_pending()
        if not self.put_if(codec.encode_invitation(invitation), condition, values, names):
            raise WriteConflict(f"invitation {invitation.invitation_id} was already answered")

    def listed(self, sub: str, received: bool, limit: int) -> list[Invitation]:
        index, hash_name, hash_value = (
            (GSI1, "gsi1pk", keys.invitee_gsi1pk(sub)) if received else (GSI2, "gsi2pk", keys.inviter_gsi2pk(sub))
        )
        answer = self.client.query(
            TableName=self.table, IndexName=index, KeyConditionExpression=f"{hash_name} = :pk",
            ExpressionAttributeValues={":pk": codec.s(hash_value)}, ScanIndexForward=False, Limit=limit,
        )
        return [codec.decode_invitation(item) for item in answer.get("Items", [])]


def still_pending() -> tuple[str, dict[str, str], dict[str, Any]]:
    return "#status = :pending", {"#status": "status"}, {":pending": codec.s("pending")}


def invitation_accepted_items(table: str, write: InvitationAccepted) -> list[Item]:
    return [codec.put(table, codec.encode_invitation(write.invitation), *still_pending())]


WRITES: Writes = {InvitationAccepted: (invitation_accepted_items, None)}
"""The writes of this area a transaction may hold: an invitation accepted with the game it starts."""
