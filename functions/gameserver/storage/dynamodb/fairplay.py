"""The fair-play area on DynamoDB: where members were seen (linked accounts) and the moderators' marks.

- ``MEMBER#{sub} / SEEN``: one string-set attribute per UTC day (``d2026-11-29``) of the values the member was
  seen with that day (``device:{id}``, ``address:{ip}``). A sighting is one UpdateItem that ADDs today's values
  and REMOVEs the days 31 to 45 days old, so an active member's item holds about 31 days; ``expires_at`` (TTL)
  32 days after the last sighting's day takes away the item of a member who stopped coming. Reads keep only
  the 30-day window anyway (``gameserver.platform.fairplay.links``).
- ``MEMBER#{sub} / MARK#{at}#{id}``: a mark (``gameserver.platform.fairplay.marks``), listed for moderators through
  ``gsi1`` (``gsi1pk = MARKS#open`` or ``MARKS#closed``, ``gsi1sk = {at}#{sub}#{id}``: newest first when read
  backwards). Written in the same transaction as what it marks (a duel's end, a Daily Front's result), as an
  Update that never touches what a moderator wrote; closed by a moderator with ``closed_by``, ``closed_at``,
  ``why`` and the audit line (``gameserver.storage.audit``) in one transaction. ``gsi1pk`` is the mark's
  status: nothing else says it.
"""

from __future__ import annotations

import calendar
from datetime import date, datetime, time, timedelta
from typing import Any

from gameserver.platform.fairplay.links import Link, LinkKind
from gameserver.platform.fairplay.marks import Closure, Mark, MarkKind, MarkStatus
from gameserver.storage.audit import AuditLine
from gameserver.storage.cursors import GSI1_KEY, TABLE_KEY, InvalidCursor, decode_key, encode_key
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.audit import encode_audit
from gameserver.storage.dynamodb.batch import batch_get
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.tables import GSI1
from gameserver.storage.fairplay import Marks
from gameserver.storage.records import Page

Item = dict[str, Any]

SEEN = "SEEN"
MARK_PREFIX = "MARK#"
MARKS_PREFIX = "MARKS#"
KEPT_FROM, KEPT_UNTIL = 31, 45
"""Each sighting removes the day attributes 31 to 45 days old (the window is 30 days)."""
VALUES_A_DAY = 32
"""Device ids and addresses kept for one member and one day: plenty for phones, laptops and changing networks."""
EXPIRES_AFTER = timedelta(days=32)
"""The item's TTL after the day of its last sighting: past the window, whatever the day's hour."""

def day_attribute(day: date) -> str:
    return f"d{day.isoformat()}"


def seen_values(device: str | None, address: str | None) -> set[str]:
    """A request's values as stored: ``device:{id}`` (only when the header came) and ``address:{ip}``."""
    return {f"{kind}:{value}" for kind, value in ((LinkKind.DEVICE, device), (LinkKind.ADDRESS, address)) if value}


def decode_seen(item: Item | None) -> dict[date, set[Link]]:
    """A member's ``SEEN`` item as days and what was seen on each (nothing when there is no item)."""
    days: dict[date, set[Link]] = {}
    for name, value in (item or {}).items():
        if not (name.startswith("d") and "SS" in value):
            continue
        links = set()
        for text in value["SS"]:
            kind, _, seen = text.partition(":")
            links.add(Link(LinkKind(kind), seen))
        days[date.fromisoformat(name[1:])] = links
    return days


def mark_sk(mark: Mark) -> str:
    return f"{MARK_PREFIX}{mark.at}#{mark.mark_id}"


def marks_partition(status: MarkStatus) -> str:
    """The ``gsi1`` partition of the marks of a status: ``MARKS#open``, ``MARKS#closed``."""
    return f"{MARKS_PREFIX}{status}"


def _mark_fields(mark: Mark) -> Item:
    """What fair play wrote of a mark: neither its keys nor its status, which a moderator changes."""
    item: Item = {
        "type": codec.s("mark"),
        "mark_id": codec.s(mark.mark_id),
        "member": codec.s(mark.member),
        "kind": codec.s(str(mark.kind)),
        "game_id": codec.s(mark.game_id),
        "at": codec.s(mark.at),
        "gsi1sk": codec.s(f"{mark.at}#{mark.member}#{mark.mark_id}"),
    }
    if mark.other is not None:
        item["other"] = codec.s(mark.other)
    if mark.shared is not None:
        item["shared_kind"] = codec.s(str(mark.shared.kind))
        item["shared_value"] = codec.s(mark.shared.value)
    return item


def decode_mark(item: Item) -> Mark:
    shared = Link(LinkKind(item["shared_kind"]["S"]), item["shared_value"]["S"]) if "shared_kind" in item else None
    closure = None
    if item["gsi1pk"]["S"] == marks_partition(MarkStatus.CLOSED):
        closure = Closure(by=item["closed_by"]["S"], at=item["closed_at"]["S"], why=item["why"]["S"])
    return Mark(member=item["member"]["S"], kind=MarkKind(item["kind"]["S"]), game_id=item["game_id"]["S"],
                at=item["at"]["S"], other=item["other"]["S"] if "other" in item else None, shared=shared,
                closure=closure)


def mark_put(table: str, mark: Mark) -> Item:
    """A new mark's write in the transaction of what it marks: an Update that sets what fair play knows and
    ``gsi1pk = if_not_exists(gsi1pk, MARKS#open)``, with no condition, so it never cancels that transaction
    and never reopens a mark a moderator closed. Its key comes from the game, the member and the kind and its
    time from the game's end, so writing the same end again changes nothing. (The ends that carry marks are
    claimed once anyway, by the duel's version or the Front entry's ``playing`` status; this write does not
    rely on it.)"""
    if mark.closure is not None:
        raise ValueError(f"mark {mark.mark_id} is written open; a moderator closes it (close_mark)")
    fields = {**_mark_fields(mark), "gsi1pk": codec.s(marks_partition(MarkStatus.OPEN))}
    names = {f"#a{n}": name for n, name in enumerate(fields)}
    values = {f":a{n}": value for n, value in enumerate(fields.values())}
    sets = [f"#a{n} = if_not_exists(#a{n}, :a{n})" if name == "gsi1pk" else f"#a{n} = :a{n}"
            for n, name in enumerate(fields)]
    return {"Update": {"TableName": table, "Key": codec.key(keys.member_pk(mark.member), mark_sk(mark)),
                       "UpdateExpression": "SET " + ", ".join(sets),
                       "ExpressionAttributeNames": names, "ExpressionAttributeValues": values}}


def marks_items(table: str, write: Marks) -> list[Item]:
    return [mark_put(table, mark) for mark in write.marks]


class DynamoFairPlay(Area):
    def sightings(self, subs: tuple[str, ...]) -> dict[str, dict[date, set[Link]]]:
        found = batch_get(self.client, self.table, [codec.key(keys.member_pk(sub), SEEN) for sub in subs])
        return {pk.removeprefix(keys.member_pk("")): seen for (pk, _), item in found.items()
                if (seen := decode_seen(item))}

    def record_sighting(self, sub: str, day: date, device: str | None, address: str | None) -> bool:
        """One UpdateItem: today's values added, the days 31 to 45 days old removed, the TTL moved on. False,
        writing nothing, once the day holds ``VALUES_A_DAY`` values: a client that sends a new device id on
        every request neither grows the item without end nor costs a write each time."""
        values = seen_values(device, address)
        names = {"#type": "type", "#ttl": "expires_at", "#today": day_attribute(day)}
        old = [f"#o{age}" for age in range(KEPT_FROM, KEPT_UNTIL + 1)]
        names.update({name: day_attribute(day - timedelta(days=age))
                      for name, age in zip(old, range(KEPT_FROM, KEPT_UNTIL + 1), strict=True)})
        expires = calendar.timegm((datetime.combine(day, time()) + EXPIRES_AFTER).timetuple())
        try:
            self.client.update_item(
                TableName=self.table,
                Key=codec.key(keys.member_pk(sub), SEEN),
                UpdateExpression=f"SET #type = :type, #ttl = :ttl ADD #today :values REMOVE {', '.join(old)}",
                ConditionExpression="attribute_not_exists(#today) OR size(#today) < :cap",
                ExpressionAttributeNames=names,
                ExpressionAttributeValues={":type": codec.s("seen"), ":ttl": codec.n(expires),
                                           ":values": {"SS": sorted(values)}, ":cap": codec.n(VALUES_A_DAY)},
            )
        except self.client.exceptions.ConditionalCheckFailedException:
            return False
        return True

    def marks(self, cursor: str | None, limit: int, status: MarkStatus = MarkStatus.OPEN
              ) -> tuple[list[Mark], str | None]:
        """A page of the marks of ``status``, newest first, and the next page's cursor (None on the last);
        ``InvalidCursor`` for a cursor this query (this status) did not hand out."""
        partition = marks_partition(status)
        request: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(partition)},
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": partition}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return [decode_mark(item) for item in answer.get("Items", [])], encode_key(last) if last else None

    def marks_of(self, member: str, cursor: str | None, limit: int) -> Page:
        pk = keys.member_pk(member)
        request: dict[str, Any] = {
            "TableName": self.table, "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {":pk": codec.s(pk), ":prefix": codec.s(MARK_PREFIX)},
            "ScanIndexForward": False, "Limit": limit,
        }
        if cursor:
            start = decode_key(cursor, {"pk": pk}, TABLE_KEY)
            if not start["sk"]["S"].startswith(MARK_PREFIX):
                raise InvalidCursor()
            request["ExclusiveStartKey"] = start
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode_mark(item) for item in answer.get("Items", [])], encode_key(last) if last else None)

    def find_mark(self, member: str, mark_id: str) -> Mark | None:
        """The member's mark of that id, or None: a consistent Query of the member's marks (a mark's sort key
        starts with its time, which the caller does not know), filtered on the id. A member has few marks, so
        this reads one page of a few items."""
        request: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "FilterExpression": "mark_id = :id",
            "ExpressionAttributeValues": {":pk": codec.s(keys.member_pk(member)),
                                          ":prefix": codec.s(MARK_PREFIX), ":id": codec.s(mark_id)},
            "ConsistentRead": True,
        }
        while True:
            answer = self.client.query(**request)
            found = answer.get("Items", [])
            if found:
                return decode_mark(found[0])
            if "LastEvaluatedKey" not in answer:
                return None
            request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]

    def close_mark(self, closed: Mark, audit: AuditLine) -> None:
        """A moderator closes a mark: its ``gsi1pk`` moves from ``MARKS#open`` to ``MARKS#closed`` with who,
        when and why (only while it is still open) and the audit line is written, in one transaction;
        ``WriteConflict`` when the mark was closed meanwhile (or the transaction met another)."""
        closure = closed.closure
        if closure is None:
            raise ValueError(f"mark {closed.mark_id} is not closed")
        update = {"Update": {
            "TableName": self.table,
            "Key": codec.key(keys.member_pk(closed.member), mark_sk(closed)),
            "UpdateExpression": "SET gsi1pk = :closed, closed_by = :by, closed_at = :at, #why = :why",
            "ConditionExpression": "gsi1pk = :open",
            "ExpressionAttributeNames": {"#why": "why"},
            "ExpressionAttributeValues": {
                ":closed": codec.s(marks_partition(MarkStatus.CLOSED)),
                ":open": codec.s(marks_partition(MarkStatus.OPEN)),
                ":by": codec.s(closure.by), ":at": codec.s(closure.at), ":why": codec.s(closure.why)},
        }}
        items = [update, codec.put(self.table, encode_audit(audit), "attribute_not_exists(pk)")]
        self._store.transact_items(items, f"mark {closed.mark_id} of {closed.member} changed meanwhile")


WRITES: Writes = {
    Marks: (marks_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
