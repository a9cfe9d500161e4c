"""The challenges area on DynamoDB (keys and access patterns in docs/storage.md, "Doctrine challenges").

- ``DOCTRINE#{id} / DOCTRINE``: a published doctrine (its rules as published, its status), its rating, record
  and version; listed through ``gsi1`` (``PUBLISHED``, by rating) while it is published.
- ``DOCTRINE#{id} / QUEUE#{ended_at}#{game}``: a counted challenge's result waiting to move the doctrine's
  rating, on the due index (shards ``DOCQUEUE#n``) at its end; ``DOCTRINE#{id} / DOCMONTH#{YYYY-MM}``: the
  doctrine's month line (``gsi1`` ``DOCBOARD#{month}`` from 10 rated challenges faced);
  ``DOCTRINE#{id} / EVENT#{at}#{game}#{kind}``: an event waiting for the author's notice (due shards
  ``AUTHORDUE#n``); ``DOCTRINE#{id} / NOTICES``: when the last notice went.
- ``CHALLENGE#{id} / CHALLENGE``: the challenge (its game has the same id), on the due index (shards
  ``CHALLENGEDUE#n``) while it plays; ``CHALLENGE#{id} / DOCTRINE-CHANGE``: the doctrine's change for it.
- ``MEMBER#{sub}``: ``VERSUS#{doctrine}`` (their challenges of it), ``RATING#challenge``,
  ``CHALLENGEMONTH#{YYYY-MM}`` (``gsi1`` ``CHALLENGERS#{month}`` from 8 rated challenges), and the author's
  notices in the feed (``FEED#{at}#{doctrine}#challenges``).
"""

from __future__ import annotations

import json
import zlib
from datetime import timedelta
from decimal import Decimal
from typing import Any

from gameserver.clock import iso, parse_iso
from gameserver.platform.challenges import (
    MIN_CHALLENGES_FACED,
    MIN_RATED_CHALLENGES,
    AppliedResult,
    AuthorEvent,
    AuthorNotice,
    Challenge,
    ChallengerLine,
    DoctrineLine,
    NoticeKind,
    PublishedDoctrine,
    QueuedResult,
)
from gameserver.platform.ratings import Glicko2Change, Glicko2Rating
from gameserver.storage.challenges import (
    BoardPage,
    ChallengeFinish,
    ChallengerChange,
    ChallengeRead,
    ChallengeStart,
    DoctrineRatingWrite,
    DoctrineRecord,
    DoctrineWrite,
    EndRead,
    FeedNotice,
    NoticeState,
    NoticeWrite,
    QueueRead,
    StartRead,
    StoredChallenge,
    StoredDoctrine,
    Versus,
    VersusChanged,
    Waiting,
    WaitingRead,
    challenger_board_key,
    doctrine_board_key,
    event_key,
    listing_key,
    queue_key,
)
from gameserver.storage.cursors import GSI1_KEY, InvalidCursor, decode_key, encode_key
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.batch import batch_get, unique
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.doctrines import DEFAULT_DOCTRINE, default_doctrine
from gameserver.storage.dynamodb.fairplay import SEEN, decode_seen, mark_put
from gameserver.storage.dynamodb.moderation import FREEZE
from gameserver.storage.dynamodb.tables import DUE_INDEX, GSI1
from gameserver.storage.errors import WriteConflict
from gameserver.storage.records import Page

Item = dict[str, Any]

DOCTRINE = "DOCTRINE"
CHALLENGE = "CHALLENGE"
DOCTRINE_CHANGE = "DOCTRINE-CHANGE"
NOTICES = "NOTICES"
RATING_SK = "RATING#challenge"
PUBLISHED = "PUBLISHED"
"""The ``gsi1`` partition of the published doctrines, by rating."""
QUEUE_PREFIX = "QUEUE#"
EVENT_PREFIX = "EVENT#"
FEED_KIND = "doctrine-challenges"
"""The ``kind`` of an author's notice in the feed (the feed's other lines are ``turn-open``)."""
SHARDS = 4
"""Due shards of each kind (challenges, queues, authors' events): the sweep reads each once a minute."""
EVENT_LIFE = timedelta(days=30)
"""TTL of a waiting event: told within the hour after it waits, so only a lost one ever gets that old."""


def doctrine_pk(doctrine_id: str) -> str:
    return f"DOCTRINE#{doctrine_id}"


def challenge_pk(challenge_id: str) -> str:
    return f"CHALLENGE#{challenge_id}"


def versus_sk(doctrine_id: str) -> str:
    return f"VERSUS#{doctrine_id}"


def challenger_month_sk(month: str) -> str:
    return f"CHALLENGEMONTH#{month}"


def doctrine_month_sk(month: str) -> str:
    return f"DOCMONTH#{month}"


def challengers_board(month: str) -> str:
    return f"CHALLENGERS#{month}"


def doctrines_board(month: str) -> str:
    return f"DOCBOARD#{month}"


def shard(kind: str, key: str) -> str:
    """The due shard of ``key`` (a challenge or doctrine id) among ``{kind}#0..3``: stable across processes."""
    return f"{kind}#{zlib.crc32(key.encode()) % SHARDS}"


# ------------------------------------------------------------------ codec
def _rating(item: Item | None, name: str = "rating") -> Glicko2Rating:
    return Glicko2Rating.from_json(json.loads(item[name]["S"])) if item and name in item else Glicko2Rating()


def encode_doctrine(stored: StoredDoctrine, version: int) -> Item:
    doctrine = stored.doctrine
    item: Item = {
        "pk": codec.s(doctrine_pk(doctrine.id)), "sk": codec.s(DOCTRINE), "type": codec.s("published-doctrine"),
        "doctrine": codec.j(doctrine.to_json()), "status": codec.s(str(doctrine.status)),
        "rating": codec.j(stored.rating.to_json()), "won": codec.n(stored.record.won),
        "drawn": codec.n(stored.record.drawn), "lost": codec.n(stored.record.lost), "version": codec.n(version),
    }
    if doctrine.listed:
        item["gsi1pk"] = codec.s(PUBLISHED)
        item["gsi1sk"] = codec.s(listing_key(stored))
    return item


def decode_doctrine(item: Item) -> StoredDoctrine:
    return StoredDoctrine(
        PublishedDoctrine.from_json(json.loads(item["doctrine"]["S"])), _rating(item),
        DoctrineRecord(int(item["won"]["N"]), int(item["drawn"]["N"]), int(item["lost"]["N"])),
        int(item["version"]["N"]))


def _challenges(challenges: tuple[Challenge, ...]) -> dict[str, str]:
    return codec.j([c.to_json() for c in challenges])


def encode_challenge(stored: StoredChallenge, version: int, due_at: str | None) -> Item:
    challenge = stored.challenge
    item: Item = {
        "pk": codec.s(challenge_pk(challenge.id)), "sk": codec.s(CHALLENGE), "type": codec.s("challenge"),
        "challenge": codec.j(challenge.to_json()), "status": codec.s(str(challenge.status)),
        "version": codec.n(version),
    }
    if stored.challenger_change is not None:
        item["challenger_change"] = codec.j({"before": stored.challenger_change.before.to_json(),
                                             "change": stored.challenger_change.change.to_json()})
    if due_at is not None:
        item["due_shard"] = codec.s(shard("CHALLENGEDUE", challenge.id))
        item["due_at"] = codec.s(due_at)
    return item


def decode_challenge(item: Item) -> StoredChallenge:
    change = item.get("challenger_change")
    parsed = json.loads(change["S"]) if change else None
    return StoredChallenge(
        Challenge.from_json(json.loads(item["challenge"]["S"])), int(item["version"]["N"]),
        None if parsed is None else ChallengerChange(Glicko2Rating.from_json(parsed["before"]),
                                                     Glicko2Change.from_json(parsed["change"])))


def _decode_versus(item: Item | None, challenger: str, doctrine_id: str) -> Versus:
    if item is None:
        return Versus(challenger, doctrine_id)
    return Versus(challenger, doctrine_id,
                  tuple(Challenge.from_json(c) for c in json.loads(item["challenges"]["S"])),
                  int(item["version"]["N"]))


def _encode_applied(applied: AppliedResult) -> Item:
    return {"pk": codec.s(challenge_pk(applied.game)), "sk": codec.s(DOCTRINE_CHANGE),
            "type": codec.s("doctrine-change"), "doctrine": codec.s(applied.doctrine),
            "ended_at": codec.s(iso(applied.ended_at)), "before": codec.j(applied.before.to_json()),
            "change": codec.j(applied.change.to_json())}


def _decode_applied(item: Item) -> AppliedResult:
    return AppliedResult(item["doctrine"]["S"], item["pk"]["S"].removeprefix("CHALLENGE#"),
                         parse_iso(item["ended_at"]["S"]), _rating(item, "before"),
                         Glicko2Change.from_json(json.loads(item["change"]["S"])))


def _encode_challenger_month(month: str, line: ChallengerLine) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(line.member)), "sk": codec.s(challenger_month_sk(month)),
        "type": codec.s("challenger-month"), "member": codec.s(line.member), "month": codec.s(month),
        "rated": codec.n(line.rated_challenges), "rating": {"N": str(line.rating)},
        "account_created": codec.s(iso(line.account_created)),
    }
    if line.rated_challenges >= MIN_RATED_CHALLENGES:
        item["gsi1pk"] = codec.s(challengers_board(month))
        item["gsi1sk"] = codec.s(challenger_board_key(line))
    return item


def _decode_challenger_month(item: Item) -> ChallengerLine:
    return ChallengerLine(item["member"]["S"], Decimal(item["rating"]["N"]), int(item["rated"]["N"]),
                          parse_iso(item["account_created"]["S"]))


def _encode_doctrine_month(month: str, line: DoctrineLine) -> Item:
    item: Item = {
        "pk": codec.s(doctrine_pk(line.doctrine)), "sk": codec.s(doctrine_month_sk(month)),
        "type": codec.s("doctrine-month"), "doctrine": codec.s(line.doctrine), "month": codec.s(month),
        "faced": codec.n(line.faced), "rating": {"N": str(line.rating)},
        "published_at": codec.s(iso(line.published_at)),
    }
    if line.author is not None:
        item["author"] = codec.s(line.author)
    if line.faced >= MIN_CHALLENGES_FACED:
        item["gsi1pk"] = codec.s(doctrines_board(month))
        item["gsi1sk"] = codec.s(doctrine_board_key(line))
    return item


def _decode_doctrine_month(item: Item) -> DoctrineLine:
    author = item.get("author")
    return DoctrineLine(item["doctrine"]["S"], author["S"] if author else None, Decimal(item["rating"]["N"]),
                        int(item["faced"]["N"]), parse_iso(item["published_at"]["S"]))


def _encode_queued(result: QueuedResult) -> Item:
    return {"pk": codec.s(doctrine_pk(result.doctrine)), "sk": codec.s(QUEUE_PREFIX + queue_key(result)),
            "type": codec.s("queued-result"), "result": codec.j(result.to_json()),
            "due_shard": codec.s(shard("DOCQUEUE", result.doctrine)), "due_at": codec.s(iso(result.ended_at))}


def _encode_event(waiting: Waiting) -> Item:
    event = waiting.event
    return {"pk": codec.s(doctrine_pk(event.doctrine)), "sk": codec.s(EVENT_PREFIX + event_key(event)),
            "type": codec.s("author-event"), "author": codec.s(event.author), "game": codec.s(event.game),
            "kind": codec.s(str(event.kind)), "at": codec.s(iso(event.at)),
            "due_shard": codec.s(shard("AUTHORDUE", event.doctrine)), "due_at": codec.s(waiting.due_at),
            "expires_at": codec.n(int((event.at + EVENT_LIFE).timestamp()))}


def _decode_event(item: Item) -> AuthorEvent:
    return AuthorEvent(item["pk"]["S"].removeprefix("DOCTRINE#"), item["author"]["S"], item["game"]["S"],
                       NoticeKind(item["kind"]["S"]), parse_iso(item["at"]["S"]))


def _decode_notices(item: Item | None, doctrine_id: str) -> NoticeState:
    if item is None:
        return NoticeState(doctrine_id)
    sent = item.get("last_sent")
    return NoticeState(doctrine_id, parse_iso(sent["S"]) if sent else None, int(item["version"]["N"]))


def encode_feed_notice(feed: FeedNotice) -> Item:
    notice = feed.notice
    return {"pk": codec.s(keys.member_pk(notice.author)), "sk": codec.s(keys.FEED_PREFIX + feed.order),
            "type": codec.s("notice"), "kind": codec.s(FEED_KIND), "doctrine": codec.s(notice.doctrine),
            "name": codec.s(feed.name), "at": codec.s(iso(notice.at)),
            "told": codec.j([{"game": e.game, "kind": str(e.kind), "at": iso(e.at)} for e in notice.told])}


def decode_feed_notice(item: Item) -> FeedNotice:
    """An author's notice read from the feed (``members.feed`` hands its lines of this kind here)."""
    doctrine, author = item["doctrine"]["S"], item["pk"]["S"].removeprefix("MEMBER#")
    told = tuple(AuthorEvent(doctrine, author, e["game"], NoticeKind(e["kind"]), parse_iso(e["at"]))
                 for e in json.loads(item["told"]["S"]))
    return FeedNotice(AuthorNotice(doctrine, author, parse_iso(item["at"]["S"]), told), item["name"]["S"])


def _versioned(table: str, item: Item, read_version: int, refused: str = "version") -> Item:
    """A Put claimed by the version (or the count named ``refused``) it was read at; 0: the item must not exist."""
    if read_version == 0:
        return codec.put(table, item, "attribute_not_exists(pk)")
    return codec.put(table, item, "#v = :v", {"#v": refused}, {":v": codec.n(read_version)})


def _versus_put(table: str, versus: Versus) -> Item:
    item = {"pk": codec.s(keys.member_pk(versus.challenger)), "sk": codec.s(versus_sk(versus.doctrine)),
            "type": codec.s("versus"), "challenges": _challenges(versus.challenges),
            "version": codec.n(versus.version + 1)}
    return _versioned(table, item, versus.version)


def _delete(table: str, pk: str, sk: str) -> Item:
    return {"Delete": {"TableName": table, "Key": codec.key(pk, sk)}}


# ------------------------------------------------------------------ writes in a transaction
def doctrine_write_items(table: str, write: DoctrineWrite) -> list[Item]:
    return [_versioned(table, encode_doctrine(write.stored, write.stored.version + 1), write.stored.version)]


def challenge_start_items(table: str, write: ChallengeStart) -> list[Item]:
    """The challenge (new), the member's ``Versus`` (claimed: item 1, ``explain_challenge_start``), the
    author's event."""
    return [codec.put(table, encode_challenge(StoredChallenge(write.challenge, 1), 1, write.due_at),
                      "attribute_not_exists(pk)"),
            _versus_put(table, write.versus),
            *(codec.put(table, _encode_event(w)) for w in write.waiting)]


def explain_challenge_start(write: ChallengeStart, index: int) -> WriteConflict:
    if index == 1:
        return VersusChanged(f"{write.versus.challenger}'s challenges of {write.versus.doctrine} changed meanwhile")
    return WriteConflict(f"item {index} of a challenge's start was refused")


def challenge_finish_items(table: str, write: ChallengeFinish) -> list[Item]:
    stored = write.stored
    items = [_versioned(table, encode_challenge(stored, stored.version + 1, None), stored.version),
             _versus_put(table, write.versus)]
    if stored.challenger_change is not None:
        rating = {"pk": codec.s(keys.member_pk(stored.challenge.challenger)), "sk": codec.s(RATING_SK),
                  "type": codec.s("rating"), "rating": codec.j(stored.challenger_change.after.to_json()),
                  "version": codec.n(write.rating_version + 1)}
        items.append(_versioned(table, rating, write.rating_version))
    if write.month is not None:
        items.append(_versioned(table, _encode_challenger_month(write.month.month, write.month.line),
                                write.month.read_rated, "rated"))
    if write.queued is not None:
        items.append(codec.put(table, _encode_queued(write.queued), "attribute_not_exists(pk)"))
    items += [codec.put(table, _encode_event(w)) for w in write.waiting]
    items += [mark_put(table, mark) for mark in write.marks]
    return items


def explain_challenge_finish(write: ChallengeFinish, index: int) -> WriteConflict:
    if index == 1:
        return VersusChanged(f"{write.versus.challenger}'s challenges of {write.versus.doctrine} changed meanwhile")
    return WriteConflict(f"item {index} of a challenge's end was refused")


def doctrine_rating_items(table: str, write: DoctrineRatingWrite) -> list[Item]:
    stored = write.stored
    items = [_versioned(table, encode_doctrine(stored, stored.version + 1), stored.version)]
    items += [codec.put(table, _encode_applied(applied), "attribute_not_exists(pk)") for applied in write.applied]
    items += [_delete(table, doctrine_pk(r.doctrine), QUEUE_PREFIX + queue_key(r)) for r in write.done]
    items += [_versioned(table, _encode_doctrine_month(m.month, m.line), m.read_faced, "faced")
              for m in write.months]
    return items


def notice_items(table: str, write: NoticeWrite) -> list[Item]:
    state, notice = write.state, write.feed.notice
    item = {"pk": codec.s(doctrine_pk(state.doctrine)), "sk": codec.s(NOTICES), "type": codec.s("notices"),
            "last_sent": codec.s(iso(notice.at)), "version": codec.n(state.version + 1)}
    return [_versioned(table, item, state.version), codec.put(table, encode_feed_notice(write.feed)),
            *(_delete(table, doctrine_pk(state.doctrine), EVENT_PREFIX + event_key(e)) for e in notice.told)]


# ------------------------------------------------------------------ the adapter
class DynamoChallenges(Area):
    def _get(self, wanted: list[Item]) -> dict[tuple[str, str], Item]:
        return batch_get(self.client, self.table, unique(wanted))

    def doctrine(self, doctrine_id: str) -> StoredDoctrine | None:
        item = self.client.get_item(TableName=self.table, Key=codec.key(doctrine_pk(doctrine_id), DOCTRINE),
                                    ConsistentRead=True).get("Item")
        return decode_doctrine(item) if item else None

    def doctrines(self, doctrine_ids: tuple[str, ...]) -> dict[str, StoredDoctrine]:
        found: dict[str, StoredDoctrine] = {}
        wanted = list(dict.fromkeys(doctrine_ids))
        for start in range(0, len(wanted), 100):
            items = self._get([codec.key(doctrine_pk(d), DOCTRINE) for d in wanted[start:start + 100]])
            found.update({item["pk"]["S"].removeprefix("DOCTRINE#"): decode_doctrine(item) for item in items.values()})
        return found

    def put_house(self, stored: StoredDoctrine) -> bool:
        try:
            self._store.transact_items([codec.put(self.table, encode_doctrine(stored, 1), "attribute_not_exists(pk)")])
        except WriteConflict:
            return False
        return True

    def published(self, cursor: str | None, limit: int) -> Page:
        request: dict[str, Any] = {"TableName": self.table, "IndexName": GSI1, "KeyConditionExpression": "gsi1pk = :pk",
                                   "ExpressionAttributeValues": {":pk": codec.s(PUBLISHED)}, "Limit": limit}
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": PUBLISHED}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([decode_doctrine(item) for item in answer.get("Items", [])], encode_key(last) if last else None)

    def read_start(self, challenger: str, doctrine_id: str) -> StartRead:
        pk, member = doctrine_pk(doctrine_id), keys.member_pk(challenger)
        found = self._get([codec.key(pk, DOCTRINE), codec.key(pk, NOTICES), codec.key(member, versus_sk(doctrine_id)),
                           codec.key(member, DEFAULT_DOCTRINE), codec.key(member, SEEN), codec.key(member, FREEZE)])
        item = found.get((pk, DOCTRINE))
        stored = decode_doctrine(item) if item else None
        seen = {challenger: decode_seen(found.get((member, SEEN)))}
        frozen = {challenger} if (member, FREEZE) in found else set()
        author = stored.doctrine.author if stored else None
        if author is not None and author != challenger:
            theirs = keys.member_pk(author)
            of_author = self._get([codec.key(theirs, SEEN), codec.key(theirs, FREEZE)])
            seen[author] = decode_seen(of_author.get((theirs, SEEN)))
            frozen |= {author} if (theirs, FREEZE) in of_author else set()
        return StartRead(stored, _decode_versus(found.get((member, versus_sk(doctrine_id))), challenger, doctrine_id),
                         default_doctrine(found.get((member, DEFAULT_DOCTRINE))), seen,
                         _decode_notices(found.get((pk, NOTICES)), doctrine_id), frozenset(frozen))

    def read_challenge(self, challenge_id: str) -> ChallengeRead:
        pk = challenge_pk(challenge_id)
        found = self._get([codec.key(pk, CHALLENGE), codec.key(pk, DOCTRINE_CHANGE),
                           codec.key(keys.game_pk(challenge_id), keys.GAME)])
        item, change, game = found.get((pk, CHALLENGE)), found.get((pk, DOCTRINE_CHANGE)), \
            found.get((keys.game_pk(challenge_id), keys.GAME))
        return ChallengeRead(decode_challenge(item) if item else None, _decode_applied(change) if change else None,
                             codec.decode_game(game) if game else None)

    def read_end(self, challenge_id: str, challenger: str, doctrine_id: str, author: str | None,
                 month: str) -> EndRead:
        member, pk = keys.member_pk(challenger), doctrine_pk(doctrine_id)
        wanted = [codec.key(challenge_pk(challenge_id), CHALLENGE), codec.key(member, versus_sk(doctrine_id)),
                  codec.key(member, RATING_SK), codec.key(member, challenger_month_sk(month)),
                  codec.key(member, SEEN), codec.key(member, keys.PROFILE), codec.key(pk, DOCTRINE),
                  codec.key(pk, NOTICES)]
        wanted.append(codec.key(member, FREEZE))
        if author is not None:
            wanted += [codec.key(keys.member_pk(author), SEEN), codec.key(keys.member_pk(author), FREEZE)]
        found = self._get(wanted)
        item, rating = found.get((challenge_pk(challenge_id), CHALLENGE)), found.get((member, RATING_SK))
        month_item, doctrine = found.get((member, challenger_month_sk(month))), found.get((pk, DOCTRINE))
        profile = found.get((member, keys.PROFILE))
        seen = {sub: decode_seen(found.get((keys.member_pk(sub), SEEN))) for sub in (challenger, author) if sub}
        return EndRead(decode_challenge(item) if item else None,
                       _decode_versus(found.get((member, versus_sk(doctrine_id))), challenger, doctrine_id),
                       _rating(rating), int(rating["version"]["N"]) if rating else 0,
                       _decode_challenger_month(month_item) if month_item else None,
                       decode_doctrine(doctrine) if doctrine else None, seen,
                       profile["created_at"]["S"] if profile else "", _decode_notices(found.get((pk, NOTICES)),
                                                                                       doctrine_id),
                       frozenset(sub for sub in (challenger, author)
                                 if sub is not None and (keys.member_pk(sub), FREEZE) in found))

    def _due(self, kind: str, now: str, limit: int) -> list[tuple[str, str]]:
        """(due_at, the partition key's id) of the due items of ``kind``'s shards, earliest first."""
        due: list[tuple[str, str]] = []
        for n in range(SHARDS):
            answer = self.client.query(
                TableName=self.table, IndexName=DUE_INDEX,
                KeyConditionExpression="due_shard = :shard AND due_at <= :now",
                ExpressionAttributeValues={":shard": codec.s(f"{kind}#{n}"), ":now": codec.s(now)}, Limit=limit)
            due += [(item["due_at"]["S"], item["pk"]["S"].partition("#")[2]) for item in answer.get("Items", [])]
        return sorted(due)

    def _first_of_each(self, kind: str, now: str, limit: int) -> list[str]:
        return list(dict.fromkeys(key for _, key in self._due(kind, now, limit)))[:limit]

    def due_challenges(self, now: str, limit: int) -> list[str]:
        return self._first_of_each("CHALLENGEDUE", now, limit)

    def queued(self, now: str, limit: int) -> list[str]:
        return self._first_of_each("DOCQUEUE", now, limit)

    def read_queue(self, doctrine_id: str, limit: int) -> QueueRead:
        pk = doctrine_pk(doctrine_id)
        doctrine = self.doctrine(doctrine_id)
        answer = self.client.query(
            TableName=self.table, KeyConditionExpression="pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues={":pk": codec.s(pk), ":prefix": codec.s(QUEUE_PREFIX)}, ConsistentRead=True,
            Limit=limit)
        queued = tuple(QueuedResult.from_json(json.loads(item["result"]["S"])) for item in answer.get("Items", []))
        months = sorted({iso(r.ended_at)[:7] for r in queued})
        found = self._get([codec.key(challenge_pk(r.game), DOCTRINE_CHANGE) for r in queued]
                          + [codec.key(pk, doctrine_month_sk(m)) for m in months]) if queued else {}
        applied = frozenset(r.game for r in queued if (challenge_pk(r.game), DOCTRINE_CHANGE) in found)
        lines = {m: _decode_doctrine_month(found[(pk, doctrine_month_sk(m))])
                 for m in months if (pk, doctrine_month_sk(m)) in found}
        return QueueRead(doctrine, queued, applied, lines)

    def waiting(self, now: str, limit: int) -> list[str]:
        return self._first_of_each("AUTHORDUE", now, limit)

    def read_waiting(self, doctrine_id: str) -> WaitingRead:
        pk = doctrine_pk(doctrine_id)
        found = self._get([codec.key(pk, DOCTRINE), codec.key(pk, NOTICES)])
        events: list[AuthorEvent] = []
        request: dict[str, Any] = {"TableName": self.table, "KeyConditionExpression": "pk = :pk AND begins_with(sk, :p)",
                                   "ExpressionAttributeValues": {":pk": codec.s(pk), ":p": codec.s(EVENT_PREFIX)},
                                   "ConsistentRead": True}
        while True:
            answer = self.client.query(**request)
            events += [_decode_event(item) for item in answer.get("Items", [])]
            if "LastEvaluatedKey" not in answer:
                break
            request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]
        doctrine = found.get((pk, DOCTRINE))
        return WaitingRead(decode_doctrine(doctrine) if doctrine else None,
                           _decode_notices(found.get((pk, NOTICES)), doctrine_id), tuple(events))

    def delay_waiting(self, doctrine_id: str, events: tuple[AuthorEvent, ...], due_at: str) -> None:
        for event in events:
            try:
                self.client.update_item(
                    TableName=self.table, Key=codec.key(doctrine_pk(doctrine_id), EVENT_PREFIX + event_key(event)),
                    UpdateExpression="SET due_at = :due", ConditionExpression="attribute_exists(pk)",
                    ExpressionAttributeValues={":due": codec.s(due_at)})
            except self.client.exceptions.ConditionalCheckFailedException:
                continue  # told meanwhile: nothing to delay

    def challenger_rating(self, sub: str) -> tuple[Glicko2Rating, int]:
        item = self.client.get_item(TableName=self.table, Key=codec.key(keys.member_pk(sub), RATING_SK),
                                    ConsistentRead=True).get("Item")
        return _rating(item), int(item["version"]["N"]) if item else 0

    @staticmethod
    def _before(request: dict[str, Any], cursor: str | None, partition: str) -> int:
        """The lines shown before this page (the cursor carries them with its start key), 0 for the first."""
        if not cursor:
            return 0
        start = decode_key(cursor, {"gsi1pk": partition}, (*GSI1_KEY, "before"))
        count = start.pop("before", {}).get("S", "")
        if not count.isdigit():
            raise InvalidCursor()
        request["ExclusiveStartKey"] = start
        return int(count)

    @staticmethod
    def _after(answer: dict[str, Any], shown: int) -> str | None:
        last = answer.get("LastEvaluatedKey")
        return encode_key({**last, "before": codec.s(str(shown))}) if last else None

    def challenger_board(self, month: str, cursor: str | None, limit: int) -> BoardPage:
        partition = challengers_board(month)
        request: dict[str, Any] = {"TableName": self.table, "IndexName": GSI1, "KeyConditionExpression": "gsi1pk = :pk",
                                   "ExpressionAttributeValues": {":pk": codec.s(partition)}, "Limit": limit}
        before = self._before(request, cursor, partition)
        answer = self.client.query(**request)
        lines = [_decode_challenger_month(item) for item in answer.get("Items", [])]
        return BoardPage(lines, before, self._after(answer, before + len(lines)))

    def doctrine_board(self, month: str, cursor: str | None, limit: int) -> BoardPage:
        partition = doctrines_board(month)
        request: dict[str, Any] = {"TableName": self.table, "IndexName": GSI1, "KeyConditionExpression": "gsi1pk = :pk",
                                   "ExpressionAttributeValues": {":pk": codec.s(partition)}, "Limit": limit}
        before = self._before(request, cursor, partition)
        answer = self.client.query(**request)
        lines = [_decode_doctrine_month(item) for item in answer.get("Items", [])]
        now = self.doctrines(tuple(line.doctrine for line in lines)) if lines else {}
        public = [line for line in lines if line.doctrine in now and now[line.doctrine].doctrine.listed]
        return BoardPage(public, before, self._after(answer, before + len(public)),
                         {line.doctrine: now[line.doctrine].doctrine.name for line in public})


WRITES: Writes = {
    DoctrineWrite: (doctrine_write_items, None),
    ChallengeStart: (challenge_start_items, explain_challenge_start),
    ChallengeFinish: (challenge_finish_items, explain_challenge_finish),
    DoctrineRatingWrite: (doctrine_rating_items, None),
    NoticeWrite: (notice_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
