"""The limits area on DynamoDB: ``MEMBER#{sub} / LIMIT#{limit}#{window_start}``, a member's count of an
expensive limit in a fixed window (``gameserver.domain.limits``).

A count is one UpdateItem: ``ADD n 1`` under ``attribute_not_exists(n) OR n < :cap``, and ``expires_at`` (TTL)
the window's end, so the items of past windows go away by themselves. 1 WCU; a refused count writes nothing
(DynamoDB still bills the failed condition's write unit).
"""

from __future__ import annotations

from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area

LIMIT_PREFIX = "LIMIT#"


def limit_sk(limit: str, window_start: int) -> str:
    return f"{LIMIT_PREFIX}{limit}#{window_start}"


class DynamoLimits(Area):
    def take(self, sub: str, limit: str, window_start: int, expires_at: int, cap: int) -> bool:
        try:
            self.client.update_item(
                TableName=self.table,
                Key=codec.key(keys.member_pk(sub), limit_sk(limit, window_start)),
                UpdateExpression="SET #type = :type, #ttl = :ttl ADD #n :one",
                ConditionExpression="attribute_not_exists(#n) OR #n < :cap",
                ExpressionAttributeNames={"#type": "type", "#ttl": "expires_at", "#n": "n"},
                ExpressionAttributeValues={":type": codec.s("limit"), ":ttl": codec.n(expires_at),
                                           ":one": codec.n(1), ":cap": codec.n(cap)},
            )
        except self.client.exceptions.ConditionalCheckFailedException:
            return False
        return True
