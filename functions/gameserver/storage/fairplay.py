"""Fair play in the main table: where members were seen (linked accounts) and the moderators' marks.

- ``MEMBER#{sub} / SEEN``: one string-set attribute per UTC day (``d2026-11-29``) of the values the member was
  seen with that day (``device:{id}``, ``address:{ip}``). A sighting is one UpdateItem that ADDs today's values
  and REMOVEs the days 31 to 45 days old, so an active member's item holds about 31 days; ``expires_at`` (TTL)
  32 days after the last sighting's day takes away the item of a member who stopped coming. Reads keep only
  the 30-day window anyway (``gameserver.fairplay.links``).
- ``MEMBER#{sub} / MARK#{at}#{id}``: a mark (``gameserver.fairplay.marks``), listed for moderators through
  ``gsi1`` (``gsi1pk = MARKS#open``, ``gsi1sk = {at}#{sub}#{id}``: newest first when read backwards). Written
  in the same transaction as what it marks (a duel's end, a Daily Front's result).
"""

from __future__ import annotations

import calendar
from datetime import date, datetime, time, timedelta
from typing import Any

from gameserver.fairplay.links import Link, LinkKind
from gameserver.fairplay.marks import Mark, MarkKind
from gameserver.storage import codec, keys
from gameserver.storage.cursors import GSI1_KEY, decode_key, encode_key
from gameserver.storage.tables import GSI1

Item = dict[str, Any]

SEEN = "SEEN"
MARK_PREFIX = "MARK#"
OPEN_MARKS = "MARKS#open"
KEPT_FROM, KEPT_UNTIL = 31, 45
"""Each sighting removes the day attributes 31 to 45 days old (the window is 30 days)."""
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


def encode_mark(mark: Mark) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(mark.member)),
        "sk": codec.s(mark_sk(mark)),
        "type": codec.s("mark"),
        "mark_id": codec.s(mark.mark_id),
        "member": codec.s(mark.member),
        "kind": codec.s(str(mark.kind)),
        "game_id": codec.s(mark.game_id),
        "at": codec.s(mark.at),
        "gsi1pk": codec.s(OPEN_MARKS),
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
    return Mark(member=item["member"]["S"], kind=MarkKind(item["kind"]["S"]), game_id=item["game_id"]["S"],
                at=item["at"]["S"], other=item["other"]["S"] if "other" in item else None, shared=shared)


def mark_put(table: str, mark: Mark) -> Item:
    """A mark as one Put of the transaction that writes what it marks. Its key comes from the game, the member
    and the kind and its time from the game's end, so a retried end writes the same item again: harmless."""
    return codec.put(table, encode_mark(mark))


class FairPlayStorage:
    """Sightings and marks, on the spine's client and table."""

    def __init__(self, client: Any, table: str) -> None:
        self.client = client
        self.table = table

    def record_sighting(self, sub: str, day: date, values: set[str]) -> None:
        """One UpdateItem: today's values added, the days 31 to 45 days old removed, the TTL moved on."""
        names = {"#type": "type", "#ttl": "expires_at", "#today": day_attribute(day)}
        old = [f"#o{age}" for age in range(KEPT_FROM, KEPT_UNTIL + 1)]
        names.update({name: day_attribute(day - timedelta(days=age))
                      for name, age in zip(old, range(KEPT_FROM, KEPT_UNTIL + 1), strict=True)})
        expires = calendar.timegm((datetime.combine(day, time()) + EXPIRES_AFTER).timetuple())
        self.client.update_item(
            TableName=self.table,
            Key=codec.key(keys.member_pk(sub), SEEN),
            UpdateExpression=f"SET #type = :type, #ttl = :ttl ADD #today :values REMOVE {', '.join(old)}",
            ExpressionAttributeNames=names,
            ExpressionAttributeValues={":type": codec.s("seen"), ":ttl": codec.n(expires),
                                       ":values": {"SS": sorted(values)}},
        )

    def marks(self, cursor: str | None, limit: int) -> tuple[list[Mark], str | None]:
        """A page of the open marks, newest first, and the next page's cursor (None on the last);
        ``InvalidCursor`` for a cursor this query did not hand out."""
        request: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(OPEN_MARKS)},
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": OPEN_MARKS}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return [decode_mark(item) for item in answer.get("Items", [])], encode_key(last) if last else None
