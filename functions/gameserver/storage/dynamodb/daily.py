"""The Daily Front's area on DynamoDB (access patterns in docs/storage.md, "The Daily Front").

Items:

- ``FRONT#{day} / FRONT``: the day's Front (layout, side, house AI, noise and seeds), written once by the rotation
  or the first request that needs it (``attribute_not_exists``: a second, late or out-of-order write changes
  nothing).
- ``MEMBER#{sub} / FRONTDAY#{day}``: the member's Front of that day, written with the game in one transaction
  (``attribute_not_exists``: one game a day), and again with its result when the game ends. A ranked result
  carries the board's keys: ``gsi1pk = front#{day}#{shard}`` (8 write shards by member), ``gsi1sk`` the
  board's sort key (``gameserver.platform.daily.board``), so a query returns the board in order.
  While it plays it is on the due index (``due_shard = FRONTDUE#{n}``, ``due_at``: its game's longest and a
  margin), so that the sweep records the result of a Front its end's follow-up failed to record; the result's
  write drops it from the index.
- ``MEMBER#{sub} / FRONTMONTH#{YYYY-MM}``: the member's points, wins and ranked days of a month, written in the
  same transaction as each ranked result (claimed by its ``version``); ``gsi1pk = frontmonth#{month}#{shard}``,
  ``gsi1sk = {999 - points}.{99 - wins}#{sub}``.
- ``FRONT#{day} / SUMMARY``: the day's rank markers (every ``every`` board keys, the key and how many keys come
  before it), the number of ranked entries and ``built_at``, the time its shards were read; rebuilt by the sweep
  and written only when it changed, never over a summary read later (``built_at <= :built_at``).

Every member's items live in their own partition; the boards' partitions are spread over 8 shards each.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import replace
from datetime import date
from typing import Any

from gameserver.platform.daily import (
    SHARDS,
    FrontOfTheDay,
    Noise,
    board_partition,
    shard_of,
)
from gameserver.platform.fairplay.marks import Mark
from gameserver.storage.audit import AuditLine
from gameserver.storage.daily import (
    AlreadyStarted,
    BoardLine,
    DayRead,
    DaySummary,
    DueFront,
    FrontEntry,
    FrontStart,
    FrontStopped,
    MonthLine,
)
from gameserver.storage.dynamodb import boards, codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.audit import encode_audit
from gameserver.storage.dynamodb.batch import batch_get
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.doctrines import DEFAULT_DOCTRINE
from gameserver.storage.dynamodb.doctrines import default_doctrine as doctrine_copy
from gameserver.storage.dynamodb.fairplay import mark_put
from gameserver.storage.dynamodb.moderation import FREEZE
from gameserver.storage.dynamodb.tables import DUE_INDEX, DUE_SHARDS
from gameserver.storage.errors import WriteConflict

Item = dict[str, Any]

FRONT = "FRONT"
SUMMARY = boards.SUMMARY
MAX_MONTH_POINTS = 999
MAX_MONTH_WINS = 99


FRONT_DUE = "FRONTDUE"
"""The due index's shards of Fronts still playing: the Daily Front's own (the turn and duel sweeps never read
them)."""


def front_pk(day: date) -> str:
    return f"FRONT#{day.isoformat()}"


def entry_sk(day: date) -> str:
    return f"FRONTDAY#{day.isoformat()}"


def month_sk(month: str) -> str:
    return f"FRONTMONTH#{month}"


def month_partition(month: str, shard: int) -> str:
    return f"frontmonth#{month}#{shard}"


def _board_partitions(day: date) -> list[str]:
    return [board_partition(day, shard) for shard in range(SHARDS)]


_BOARD_ATTRIBUTES = ("gsi1sk", "name", "outcome", "turns", "seconds", "positions", "income")
_MONTH_ATTRIBUTES = ("gsi1sk", "member", "month", "name", "points", "wins", "ranked_days", "version")


def encode_front(front: FrontOfTheDay) -> Item:
    return {"pk": codec.s(front_pk(front.day)), "sk": codec.s(FRONT), "type": codec.s("front"),
            "front": codec.j(front.to_json())}


def decode_front(item: Item) -> FrontOfTheDay:
    data = json.loads(item["front"]["S"])
    return FrontOfTheDay(
        day=date.fromisoformat(data["day"]), layout_id=data["layout_id"], side=data["side"],
        house_ai=data["house_ai"], noise=Noise(data["noise"]), noise_seed=int(data["noise_seed"]),
        game_seed=int(data["game_seed"]),
    )


def encode_entry(entry: FrontEntry) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(entry.member)),
        "sk": codec.s(entry_sk(entry.day)),
        "type": codec.s("front-entry"),
        "day": codec.s(entry.day.isoformat()),
        "member": codec.s(entry.member),
        "name": codec.s(entry.name),
        "game_id": codec.s(entry.game_id),
        "side": codec.s(entry.side),
        "started_at": codec.s(entry.started_at),
        "status": codec.s(entry.status),
    }
    if entry.status == "finished":
        item.update(turns=codec.n(entry.turns), seconds=codec.n(entry.seconds),
                    positions=codec.n(entry.positions), income=codec.n(entry.income))
    for name in ("outcome", "not_ranked", "finished_at"):
        value = getattr(entry, name)
        if value is not None:
            item[name] = codec.s(value)
    if entry.board_key is not None:
        item["gsi1pk"] = codec.s(board_partition(entry.day, shard_of(entry.member)))
        item["gsi1sk"] = codec.s(entry.board_key)
    if entry.status == "playing" and entry.due_at is not None:
        item["due_shard"] = codec.s(due_shard(entry))
        item["due_at"] = codec.s(entry.due_at)
    return item


def due_shard(entry: FrontEntry) -> str:
    """The due index's shard of a Front still playing, drawn from its key (its own shards, ``FRONTDUE#n``)."""
    return f"{FRONT_DUE}#{zlib.crc32(f'{entry.member}#{entry.day}'.encode()) % DUE_SHARDS}"


def decode_entry(item: Item) -> FrontEntry:
    def text(name: str) -> str | None:
        return item[name]["S"] if name in item else None

    def number(name: str) -> int:
        return int(item[name]["N"]) if name in item else 0

    return FrontEntry(
        day=date.fromisoformat(item["day"]["S"]), member=item["member"]["S"], name=item["name"]["S"],
        game_id=item["game_id"]["S"], side=item["side"]["S"], started_at=item["started_at"]["S"],
        status=item["status"]["S"], outcome=text("outcome"), turns=number("turns"), seconds=number("seconds"),
        positions=number("positions"), income=number("income"), board_key=text("gsi1sk"),
        not_ranked=text("not_ranked"), finished_at=text("finished_at"), due_at=text("due_at"),
    )


def decode_board_line(item: Item) -> BoardLine:
    return BoardLine(key=item["gsi1sk"]["S"], name=item["name"]["S"], outcome=item["outcome"]["S"],
                     turns=int(item["turns"]["N"]), seconds=int(item["seconds"]["N"]),
                     positions=int(item["positions"]["N"]), income=int(item["income"]["N"]))


def encode_month(line: MonthLine) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(line.member)),
        "sk": codec.s(month_sk(line.month)),
        "type": codec.s("front-month"),
        "member": codec.s(line.member),
        "month": codec.s(line.month),
        "name": codec.s(line.name),
        "points": codec.n(line.points),
        "wins": codec.n(line.wins),
        "ranked_days": codec.n(line.ranked_days),
        "version": codec.n(line.version),
    }
    if line.ranked_days:  # a line whose every ranked day was removed leaves the table
        item["gsi1pk"] = codec.s(month_partition(line.month, shard_of(line.member)))
        item["gsi1sk"] = codec.s(line.key)
    return item


def decode_month(item: Item) -> MonthLine:
    return MonthLine(
        member=item["member"]["S"], month=item["month"]["S"], name=item["name"]["S"],
        points=int(item["points"]["N"]), wins=int(item["wins"]["N"]), ranked_days=int(item["ranked_days"]["N"]),
        version=int(item["version"]["N"]),
    )


class DynamoDaily(Area):
    # -------------------------------------------------------------- the day's Front
    def put_front(self, front: FrontOfTheDay) -> bool:
        """Store the day's Front unless it is there; True when this call created it."""
        return self.put_if(encode_front(front), "attribute_not_exists(pk)")

    def get_front(self, day: date) -> FrontOfTheDay | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(front_pk(day), FRONT),
                                    ConsistentRead=True).get("Item")
        return decode_front(item) if item else None

    def read_day(self, day: date, sub: str, *, front: bool = True, default_doctrine: bool = False,
                 frozen: bool = False) -> DayRead:
        """The member's entry of that day and, as asked, the day's Front, (to start) their default doctrine and
        (to record a result) their freeze: one request."""
        wanted = [codec.key(keys.member_pk(sub), entry_sk(day))]
        if front:
            wanted.append(codec.key(front_pk(day), FRONT))
        if default_doctrine:
            wanted.append(codec.key(keys.member_pk(sub), DEFAULT_DOCTRINE))
        if frozen:
            wanted.append(codec.key(keys.member_pk(sub), FREEZE))
        found = self._batch_get(wanted)
        read = DayRead()
        if (item := found.get((front_pk(day), FRONT))) is not None:
            read.front = decode_front(item)
        if (item := found.get((keys.member_pk(sub), entry_sk(day)))) is not None:
            read.entry = decode_entry(item)
        if (item := found.get((keys.member_pk(sub), DEFAULT_DOCTRINE))) is not None:
            read.default_doctrine = doctrine_copy(item)
        read.frozen = frozen and (keys.member_pk(sub), FREEZE) in found
        return read

    # -------------------------------------------------------------- a member's Front
    def month_line(self, sub: str, month: str) -> MonthLine | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(keys.member_pk(sub), month_sk(month)),
                                    ConsistentRead=True).get("Item")
        return decode_month(item) if item else None

    def finish(self, entry: FrontEntry, month: MonthLine | None = None, marks: tuple[Mark, ...] = ()) -> None:
        """The entry's result (only while it is still ``playing``: a result is written once) and, for a ranked
        result, the month's line claimed by the version it was read at; ``WriteConflict`` when either moved. ``marks``
        for moderators ride in the same transaction (same key on a retry: harmless)."""
        items = [codec.put(self.table, encode_entry(entry), "#status = :playing AND game_id = :game",
                      {"#status": "status"}, {":playing": codec.s("playing"), ":game": codec.s(entry.game_id)})]
        if month is not None:
            stored = replace(month, version=month.version + 1)
            if month.version == 0:
                items.append(codec.put(self.table, encode_month(stored), "attribute_not_exists(pk)"))
            else:
                items.append(codec.put(self.table, encode_month(stored), "version = :version", None,
                                  {":version": codec.n(month.version)}))
        items += [mark_put(self.table, mark) for mark in marks]
        self._store.transact_items(items, f"{entry.member}'s Front of {entry.day} changed meanwhile")

    def remove(self, removed: FrontEntry, month: MonthLine, audit: AuditLine) -> None:
        """A moderator's removal: the entry off the board (only if it is still on it), the month's line without
        that day (claimed by its version) and the audit line, in one transaction; ``WriteConflict`` otherwise."""
        stored = replace(month, version=month.version + 1)
        items = [
            codec.put(self.table, encode_entry(removed), "attribute_exists(gsi1sk) AND game_id = :game", None,
                 {":game": codec.s(removed.game_id)}),
            codec.put(self.table, encode_month(stored), "version = :version", None, {":version": codec.n(month.version)}),
            codec.put(self.table, encode_audit(audit), "attribute_not_exists(pk)"),
        ]
        self._store.transact_items(items, f"{removed.member}'s Front of {removed.day} changed meanwhile")

    # -------------------------------------------------------------- boards
    def board_after(self, day: date, after: str | None, limit: int) -> list[BoardLine]:
        """The day's ranked results after the sort key ``after``, in board order, ``limit`` at most."""
        items = boards.merged(self.client, self.table, _board_partitions(day), after, limit, _BOARD_ATTRIBUTES)
        return [decode_board_line(item) for item in items]

    def month_after(self, month: str, after: str | None, limit: int) -> list[MonthLine]:
        """The month's lines after the key ``after``, best first, ``limit`` at most."""
        partitions = [month_partition(month, shard) for shard in range(SHARDS)]
        return [decode_month(item) for item in boards.merged(self.client, self.table, partitions, after, limit,
                                                             _MONTH_ATTRIBUTES)]

    # -------------------------------------------------------------- the board's summary and ranks
    def board_keys(self, day: date) -> list[list[str]]:
        """Every shard's board keys in order, each shard paged to its end."""
        return boards.keys_of(self.client, self.table, _board_partitions(day))

    def get_summary(self, day: date) -> DaySummary | None:
        """The day's summary, eventually consistent: the rebuild compares it with its own, a minute apart."""
        item = self.client.get_item(TableName=self.table, Key=codec.key(front_pk(day), SUMMARY)).get("Item")
        return boards.decode_summary(item) if item else None

    def put_summary(self, day: date, stored: DaySummary) -> bool:
        """Store the day's summary unless one built from later reads is there (a late or out-of-order rebuild
        changes nothing); True when written."""
        return self.put_if(boards.encode_summary(front_pk(day), "front-summary", stored), boards.LATER_SUMMARY_KEPT,
                           boards.summary_values(stored))

    def read_rank(self, day: date, sub: str) -> tuple[FrontEntry | None, DaySummary | None]:
        """The member's entry of that day (its board key) and the day's summary: one BatchGetItem."""
        found = self._batch_get([codec.key(keys.member_pk(sub), entry_sk(day)), codec.key(front_pk(day), SUMMARY)])
        entry = found.get((keys.member_pk(sub), entry_sk(day)))
        summary = found.get((front_pk(day), SUMMARY))
        return (decode_entry(entry) if entry else None), (boards.decode_summary(summary) if summary else None)

    def due_fronts(self, now: str, limit: int) -> list[DueFront]:
        due: list[DueFront] = []
        for shard in range(DUE_SHARDS):
            answer = self.client.query(
                TableName=self.table, IndexName=DUE_INDEX, KeyConditionExpression="due_shard = :shard AND due_at <= :now",
                ExpressionAttributeValues={":shard": codec.s(f"{FRONT_DUE}#{shard}"), ":now": codec.s(now)},
                Limit=limit)
            due += [DueFront(date.fromisoformat(item["sk"]["S"].removeprefix("FRONTDAY#")),
                             item["pk"]["S"].removeprefix("MEMBER#"), item["due_at"]["S"])
                    for item in answer.get("Items", [])]
        return sorted(due, key=lambda entry: entry.due_at)[:limit]

    def count_better(self, day: date, start: str | None, bound: str) -> int:
        """How many board keys, over every shard, lie in ``start <= key < bound`` (``boards.count_between``)."""
        return boards.count_between(self.client, self.table, _board_partitions(day), start, bound)

    # -------------------------------------------------------------- helpers
    def _batch_get(self, wanted: list[Item]) -> dict[tuple[str, str], Item]:
        return batch_get(self.client, self.table, wanted)


def front_stopped_items(table: str, write: FrontStopped) -> list[Item]:
    entry = write.entry
    return [codec.put(table, encode_entry(entry), "#status = :playing AND game_id = :game", {"#status": "status"},
                      {":playing": codec.s("playing"), ":game": codec.s(entry.game_id)})]


def front_start_items(table: str, write: FrontStart) -> list[Item]:
    """The member's entry of the day, only if they have none (one game a day)."""
    return [codec.put(table, encode_entry(write.entry), "attribute_not_exists(pk)")]


def explain_front_start(write: FrontStart, index: int) -> WriteConflict:
    """The entry's condition is the only one: the member has a Front that day already."""
    return AlreadyStarted(f"{write.entry.member} already has a Front on {write.entry.day}")


WRITES: Writes = {
    FrontStart: (front_start_items, explain_front_start),
    FrontStopped: (front_stopped_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
