"""The members area on DynamoDB: ``MEMBER#{sub}`` holds the profile with its balance (``PROFILE``), the ledger
(``LEDGER#{at}#{id}``) and the feed (``FEED#{at}#{game}#{step}``)."""

from __future__ import annotations

from typing import Any

from gameserver.storage.cursors import TABLE_KEY, InvalidCursor, decode_key, encode_key
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.batch import batch_get, unique
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.errors import WriteConflict
from gameserver.storage.members import Notices
from gameserver.storage.records import LedgerLine, Page, Profile

Item = dict[str, Any]


class DynamoMembers(Area):
    def get_profile(self, sub: str) -> Profile | None:
        item = self.client.get_item(
            TableName=self.table, Key=codec.key(keys.member_pk(sub), keys.PROFILE), ConsistentRead=True
        ).get("Item")
        return codec.decode_profile(item) if item else None

    def create_profile(self, profile: Profile, grant: LedgerLine) -> bool:
        table = self.table
        try:
            self._store.transact_items([
                codec.put(table, codec.encode_profile(profile), "attribute_not_exists(pk)"),
                codec.put(table, codec.encode_ledger(grant), "attribute_not_exists(pk)"),
            ])
        except WriteConflict:
            return False
        return True

    def balances(self, subs: tuple[str, ...]) -> dict[str, int]:
        wanted = unique([codec.key(keys.member_pk(sub), keys.PROFILE) for sub in subs])
        found = batch_get(self.client, self.table, wanted)
        return {sub: int(found[(keys.member_pk(sub), keys.PROFILE)]["credits"]["N"])
                for sub in subs if (keys.member_pk(sub), keys.PROFILE) in found}

    def ledger(self, sub: str, cursor: str | None, limit: int) -> Page:
        items, next_cursor = member_page(self._store, sub, keys.LEDGER_PREFIX, cursor, limit)
        return Page([codec.decode_ledger(item) for item in items], next_cursor)

    def feed(self, sub: str, cursor: str | None, limit: int) -> Page:
        items, next_cursor = member_page(self._store, sub, keys.FEED_PREFIX, cursor, limit)
        return Page([_feed_line(item) for item in items], next_cursor)


def _feed_line(item: Item) -> Any:
    """A line of the feed: a turn that opened (``Notice``), or an author's notice of challenges (``FeedNotice``,
    decoded by the challenges area's adapter)."""
    from gameserver.storage.dynamodb.challenges import FEED_KIND, decode_feed_notice

    return decode_feed_notice(item) if item["kind"]["S"] == FEED_KIND else codec.decode_notice(item)


def notices_items(table: str, write: Notices) -> list[Item]:
    """Puts of the notices (no condition: the same notice written twice is the same item)."""
    return [codec.put(table, codec.encode_notice(notice)) for notice in write.notices]


def member_page(store: Any, sub: str, prefix: str, cursor: str | None, limit: int) -> tuple[list[Item], str | None]:
    """A page of the member's items whose sort key starts with ``prefix``, newest first."""
    pk = keys.member_pk(sub)
    request: dict[str, Any] = {
        "TableName": store.table,
        "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
        "ExpressionAttributeValues": {":pk": codec.s(pk), ":prefix": codec.s(prefix)},
        "ScanIndexForward": False,
        "Limit": limit,
    }
    if cursor:
        start = decode_key(cursor, {"pk": pk}, TABLE_KEY)
        if not start.get("sk", {}).get("S", "").startswith(prefix):
            raise InvalidCursor()
        request["ExclusiveStartKey"] = start
    answer = store.client.query(**request)
    last = answer.get("LastEvaluatedKey")
    return answer.get("Items", []), encode_key(last) if last else None


WRITES: Writes = {
    Notices: (notices_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
