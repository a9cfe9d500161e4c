"""Front 1901's area on DynamoDB: its daily challenge (access patterns in docs/storage.md, "Front 1901").

Items:

- ``F1901DAY#{day} / CHALLENGE``: the day's challenge (power, level, seed), written once by the rotation or the
  first request that needs it (``attribute_not_exists``: a second, late or out-of-order write changes nothing).
- ``MEMBER#{sub} / F1901DAY#{day}``: the member's challenge of that day, written with the game in one transaction
  (``attribute_not_exists``: one attempt a day), and again with its result when the game ends (only while
  ``playing`` for that game). A ranked result carries the board's keys: ``gsi1pk = challenge#{day}#{shard}`` (8
  write shards by member), ``gsi1sk`` the board's sort key (``gameserver.platform.daily.front1901``), so a query
  returns the board in order, as the Daily Front's does.
- ``F1901DAY#{day} / STARTED#{value}``: the first member who started the day's challenge with that device id or
  address (``device:…``, ``address:…``: the start's, and those the starter was seen with within 30 days), written
  in the start's transaction (``attribute_not_exists``), read by the next starts with the same value (the
  linked-account rule). ``expires_at`` (TTL) 3 days after the day.
- ``F1901DAY#{day} / SUMMARY``: the day's rank markers, rebuilt by the sweep as the Daily Front's.
- ``F1901RATED#{game_id} / CHANGES``: the rating changes a rated online game made (each member's rating before
  and after, JSON), written with the ratings (``attribute_not_exists``), and once again by a moderator's void,
  which sets ``voided_at`` (only while it is absent: a game is voided once).
"""

from __future__ import annotations

import calendar
import json
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from gameserver.platform.daily import SHARDS, board_partition, shard_of
from gameserver.platform.daily.front1901 import BOARD, Challenge
from gameserver.platform.ratings.openskill import SkillRating
from gameserver.storage.cursors import GSI1_KEY, decode_key, encode_key
from gameserver.storage.daily import DaySummary
from gameserver.storage.dynamodb import boards, codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.batch import batch_get
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.fairplay import SEEN, decode_seen
from gameserver.storage.dynamodb.tables import GSI1
from gameserver.storage.errors import WriteConflict
from gameserver.storage.front1901 import (
    ChallengeDay,
    ChallengeEntry,
    ChallengeLine,
    Front1901DayStart,
    Front1901DayStarted,
    MessageReported,
    OnlineRating,
    OnlineRatingsWrite,
    RatedGame,
    RatedGameVoided,
    RatingChange,
    ReportedMessage,
    Starter,
    board_key,
)
from gameserver.storage.records import Page

Item = dict[str, Any]

CHALLENGE = "CHALLENGE"
SUMMARY = boards.SUMMARY
STARTED = "STARTED#"
STARTERS_KEPT = timedelta(days=3)
"""A day's starters are read only while its challenge can be started (that day): TTL a few days later."""
_BOARD_ATTRIBUTES = ("gsi1sk", "name", "result", "centres", "year", "matched")


def day_pk(day: date) -> str:
    return f"F1901DAY#{day.isoformat()}"


def entry_sk(day: date) -> str:
    return f"F1901DAY#{day.isoformat()}"


def _partitions(day: date) -> list[str]:
    return [board_partition(day, shard, BOARD) for shard in range(SHARDS)]


def encode_challenge(challenge: Challenge) -> Item:
    return {"pk": codec.s(day_pk(challenge.day)), "sk": codec.s(CHALLENGE), "type": codec.s("f1901-challenge"),
            "challenge": codec.j(challenge.to_json())}


def decode_challenge(item: Item) -> Challenge:
    return Challenge.from_json(json.loads(item["challenge"]["S"]))


def encode_entry(entry: ChallengeEntry) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(entry.member)),
        "sk": codec.s(entry_sk(entry.day)),
        "type": codec.s("f1901-entry"),
        "day": codec.s(entry.day.isoformat()),
        "member": codec.s(entry.member),
        "name": codec.s(entry.name),
        "game_id": codec.s(entry.game_id),
        "started_at": codec.s(entry.started_at),
        "status": codec.s(entry.status),
    }
    if entry.status == "finished":
        item.update(centres=codec.n(entry.centres), year=codec.n(entry.year), matched=codec.n(entry.matched))
    for name in ("linked_earlier", "result", "not_ranked", "finished_at"):
        value = getattr(entry, name)
        if value is not None:
            item[name] = codec.s(value)
    if entry.board_key is not None:
        item["gsi1pk"] = codec.s(board_partition(entry.day, shard_of(entry.member), BOARD))
        item["gsi1sk"] = codec.s(entry.board_key)
    return item


def decode_entry(item: Item) -> ChallengeEntry:
    def text(name: str) -> str | None:
        return item[name]["S"] if name in item else None

    def number(name: str) -> int:
        return int(item[name]["N"]) if name in item else 0

    return ChallengeEntry(
        day=date.fromisoformat(item["day"]["S"]), member=item["member"]["S"], name=item["name"]["S"],
        game_id=item["game_id"]["S"], started_at=item["started_at"]["S"], linked_earlier=text("linked_earlier"),
        status=item["status"]["S"], result=text("result"), centres=number("centres"), year=number("year"),
        matched=number("matched"), board_key=text("gsi1sk"), not_ranked=text("not_ranked"),
        finished_at=text("finished_at"),
    )


def encode_starter(day: date, starter: Starter) -> Item:
    expires = datetime.combine(day, time(0, 0), tzinfo=UTC) + STARTERS_KEPT
    return {"pk": codec.s(day_pk(day)), "sk": codec.s(STARTED + starter.value), "type": codec.s("f1901-starter"),
            "member": codec.s(starter.member), "started_at": codec.s(starter.started_at),
            "expires_at": codec.n(calendar.timegm(expires.utctimetuple()))}


def decode_starter(item: Item) -> Starter:
    return Starter(item["sk"]["S"].removeprefix(STARTED), item["member"]["S"], item["started_at"]["S"])


def decode_line(item: Item) -> ChallengeLine:
    return ChallengeLine(key=item["gsi1sk"]["S"], name=item["name"]["S"], result=item["result"]["S"],
                         centres=int(item["centres"]["N"]), year=int(item["year"]["N"]),
                         matched=int(item["matched"]["N"]))


RATING = "RATING"
ONLINE_BOARD = "F1901RATINGS"
"""The online board's partition in gsi1 (``gsi1sk``: ``board_key``): one, as a board of every rated member is
read a page at a time, highest first."""


def rating_pk(sub: str) -> str:
    return f"F1901RATING#{sub}"


def encode_rating(rating: OnlineRating) -> Item:
    item: Item = {
        "pk": codec.s(rating_pk(rating.member)), "sk": codec.s(RATING), "type": codec.s("front1901-rating"),
        "member": codec.s(rating.member), "mu": {"N": str(rating.rating.mu)}, "sigma": {"N": str(rating.rating.sigma)},
        "games": codec.n(rating.rating.games), "version": codec.n(rating.version),
        "gsi1pk": codec.s(ONLINE_BOARD), "gsi1sk": codec.s(board_key(rating)),
    }
    if rating.last_game is not None:
        item["last_game"] = codec.s(rating.last_game)
    return item


def decode_rating(item: Item) -> OnlineRating:
    return OnlineRating(item["member"]["S"], SkillRating(float(item["mu"]["N"]), float(item["sigma"]["N"]),
                                                         int(item["games"]["N"])),
                        int(item["version"]["N"]), item["last_game"]["S"] if "last_game" in item else None)


CHANGES = "CHANGES"


def rated_pk(game_id: str) -> str:
    return f"F1901RATED#{game_id}"


def _skill(rating: SkillRating) -> list[float]:
    return [rating.mu, rating.sigma, rating.games]


def encode_rated_game(game: RatedGame) -> Item:
    changes = {c.member: [_skill(c.before), _skill(c.after)] for c in game.changes}
    item: Item = {"pk": codec.s(rated_pk(game.game_id)), "sk": codec.s(CHANGES), "type": codec.s("front1901-rated"),
                  "changes": codec.s(json.dumps(changes, sort_keys=True))}
    if game.voided_at is not None:
        item["voided_at"] = codec.s(game.voided_at)
    return item


def decode_rated_game(item: Item) -> RatedGame:
    def skill(values: list[float]) -> SkillRating:
        return SkillRating(float(values[0]), float(values[1]), int(values[2]))

    changes = json.loads(item["changes"]["S"])
    return RatedGame(item["pk"]["S"].removeprefix("F1901RATED#"),
                     tuple(RatingChange(sub, skill(b), skill(a)) for sub, (b, a) in sorted(changes.items())),
                     item["voided_at"]["S"] if "voided_at" in item else None)


def ratings_items(table: str, write: OnlineRatingsWrite | RatedGameVoided) -> list[Item]:
    """Each rating at version + 1, only if still at its version (0: only if none is stored); a game's changes
    once; a void only of changes stored and not voided yet."""
    items = []
    if isinstance(write, RatedGameVoided):
        items.append(codec.put(table, encode_rated_game(write.game),
                               "attribute_exists(pk) AND attribute_not_exists(voided_at)"))
    elif write.game is not None:
        items.append(codec.put(table, encode_rated_game(write.game), "attribute_not_exists(pk)"))
    for rating in write.ratings:
        written = encode_rating(OnlineRating(rating.member, rating.rating, rating.version + 1, rating.last_game))
        if rating.version == 0:
            items.append(codec.put(table, written, "attribute_not_exists(pk)"))
        else:
            items.append(codec.put(table, written, "#version = :version", {"#version": "version"},
                                   {":version": codec.n(rating.version)}))
    return items


REPORT = "REPORT"
REPORTS = "F1901REPORTS"
"""The moderators' list of reported messages in gsi1 (``gsi1sk``: ``{reported_at}#{report_id}``), latest first."""


def report_pk(report_id: str) -> str:
    return f"F1901REPORT#{report_id}"


def encode_report(report: ReportedMessage) -> Item:
    item: Item = {
        "pk": codec.s(report_pk(report.report_id)), "sk": codec.s(REPORT), "type": codec.s("front1901-report"),
        "game_id": codec.s(report.game_id), "phase": codec.s(report.phase), "message_id": codec.n(report.message_id),
        "sender": codec.s(report.sender), "text": codec.s(report.text), "reporter": codec.s(report.reporter),
        "reported_at": codec.s(report.reported_at), "gsi1pk": codec.s(REPORTS),
        "gsi1sk": codec.s(f"{report.reported_at}#{report.report_id}"),
    }
    if report.recipient is not None:
        item["recipient"] = codec.s(report.recipient)
    return item


def decode_report(item: Item) -> ReportedMessage:
    return ReportedMessage(item["game_id"]["S"], item["phase"]["S"], int(item["message_id"]["N"]),
                           item["sender"]["S"], item["recipient"]["S"] if "recipient" in item else None,
                           item["text"]["S"], item["reporter"]["S"], item["reported_at"]["S"])


def report_items(table: str, write: MessageReported) -> list[Item]:
    """The report once: a second one of the same message by the same member is refused (the caller ignores it)."""
    return [codec.put(table, encode_report(write.report), "attribute_not_exists(pk)")]


class DynamoFront1901(Area):
    def reported_messages(self, cursor: str | None, limit: int) -> Page:
        return self._latest_first(REPORTS, cursor, limit, decode_report)

    def _latest_first(self, partition: str, cursor: str | None, limit: int, decode: Any) -> Page:
        """A page of one gsi1 partition, its keys descending (the board's highest, the reports' latest first)."""
        request: dict[str, Any] = {
            "TableName": self.table, "IndexName": GSI1, "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(partition)}, "ScanIndexForward": False, "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": partition}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode(item) for item in answer.get("Items", [])], encode_key(last) if last else None)

    def online_ratings(self, subs: tuple[str, ...]) -> dict[str, OnlineRating]:
        found = batch_get(self.client, self.table, [codec.key(rating_pk(sub), RATING) for sub in subs])
        return {item["member"]["S"]: decode_rating(item) for item in found.values()}

    def online_rated_game(self, game_id: str) -> RatedGame | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(rated_pk(game_id), CHANGES),
                                    ConsistentRead=True).get("Item")
        return decode_rated_game(item) if item else None

    def online_board(self, cursor: str | None, limit: int) -> Page:
        return self._latest_first(ONLINE_BOARD, cursor, limit, decode_rating)

    def put_challenge(self, challenge: Challenge) -> bool:
        return self.put_if(encode_challenge(challenge), "attribute_not_exists(pk)")

    def get_challenge(self, day: date) -> Challenge | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(day_pk(day), CHALLENGE),
                                    ConsistentRead=True).get("Item")
        return decode_challenge(item) if item else None

    def read_day(self, day: date, sub: str, *, challenge: bool = True, seen: bool = False) -> ChallengeDay:
        """One BatchGetItem: the entry, the challenge and the member's ``SEEN`` item, as asked."""
        wanted = [codec.key(keys.member_pk(sub), entry_sk(day))]
        if challenge:
            wanted.append(codec.key(day_pk(day), CHALLENGE))
        if seen:
            wanted.append(codec.key(keys.member_pk(sub), SEEN))
        found = batch_get(self.client, self.table, wanted)
        read = ChallengeDay()
        if (item := found.get((day_pk(day), CHALLENGE))) is not None:
            read.challenge = decode_challenge(item)
        if (item := found.get((keys.member_pk(sub), entry_sk(day)))) is not None:
            read.entry = decode_entry(item)
        read.seen = decode_seen(found.get((keys.member_pk(sub), SEEN)))
        return read

    def starters(self, day: date, values: tuple[str, ...]) -> dict[str, Starter]:
        """One BatchGetItem of the day's ``STARTED#{value}`` items."""
        if not values:
            return {}
        found = batch_get(self.client, self.table, [codec.key(day_pk(day), STARTED + value) for value in values])
        return {value: decode_starter(item) for value in values
                if (item := found.get((day_pk(day), STARTED + value))) is not None}

    def finish(self, entry: ChallengeEntry) -> None:
        item = codec.put(self.table, encode_entry(entry), "#status = :playing AND game_id = :game",
                         {"#status": "status"}, {":playing": codec.s("playing"), ":game": codec.s(entry.game_id)})
        self._store.transact_items([item], f"{entry.member}'s challenge of {entry.day} changed meanwhile")

    def board_after(self, day: date, after: str | None, limit: int) -> list[ChallengeLine]:
        items = boards.merged(self.client, self.table, _partitions(day), after, limit, _BOARD_ATTRIBUTES)
        return [decode_line(item) for item in items]

    def board_keys(self, day: date) -> list[list[str]]:
        return boards.keys_of(self.client, self.table, _partitions(day))

    def get_summary(self, day: date) -> DaySummary | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(day_pk(day), SUMMARY)).get("Item")
        return boards.decode_summary(item) if item else None

    def put_summary(self, day: date, stored: DaySummary) -> bool:
        return self.put_if(boards.encode_summary(day_pk(day), "f1901-summary", stored), boards.LATER_SUMMARY_KEPT,
                           boards.summary_values(stored))

    def read_rank(self, day: date, sub: str) -> tuple[ChallengeEntry | None, DaySummary | None]:
        found = batch_get(self.client, self.table, [codec.key(keys.member_pk(sub), entry_sk(day)),
                                                    codec.key(day_pk(day), SUMMARY)])
        entry = found.get((keys.member_pk(sub), entry_sk(day)))
        summary = found.get((day_pk(day), SUMMARY))
        return (decode_entry(entry) if entry else None), (boards.decode_summary(summary) if summary else None)

    def count_better(self, day: date, start: str | None, bound: str) -> int:
        return boards.count_between(self.client, self.table, _partitions(day), start, bound)


def day_start_items(table: str, write: Front1901DayStart) -> list[Item]:
    """The member's entry of the day, only if they have none (one attempt a day); each starter only if nobody
    started with that value before."""
    return [codec.put(table, encode_entry(write.entry), "attribute_not_exists(pk)"),
            *(codec.put(table, encode_starter(write.entry.day, s), "attribute_not_exists(pk)")
              for s in write.starters)]


def explain_day_start(write: Front1901DayStart, index: int) -> WriteConflict:
    """The entry's condition (index 0): the member has a challenge that day already; a starter's: another member
    started with that value meanwhile (read again)."""
    if index == 0:
        return Front1901DayStarted(f"{write.entry.member} already has a challenge on {write.entry.day}")
    return WriteConflict(f"another member started the challenge of {write.entry.day} with the same device or "
                         "address meanwhile")


WRITES: Writes = {
    Front1901DayStart: (day_start_items, explain_day_start),
    OnlineRatingsWrite: (ratings_items, None),
    RatedGameVoided: (ratings_items, None),
    MessageReported: (report_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
