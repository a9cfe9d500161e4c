"""The duels area on DynamoDB (access patterns in docs/storage.md). Items, all in the single table:

- ``DUEL#{id} / DUEL``: the duel as JSON, its version, its escrow; sparse keys: ``gsi1`` lists proposals
  (``DUELS#open`` or ``DUELS#to#{sub}``), the due index (its own shards ``DUELDUE#n``, which the step sweep never
  reads) the duel's next deadline: a proposal's lapse time, the ready room's closing, the open turn's deadline.
  A closed duel carries neither (a lapse leaves both).
- ``MEMBER#{sub}``: ``RATING#feinthold``, ``RATING#elo``, ``DUELMONTH#feinthold#{YYYY-MM}`` (gsi1
  ``DUELBOARD#feinthold#{month}`` once eligible).
- ``PAIR#{a}#{b} / RECENT``: the pair's duels finished lately, read with the ratings (the 24-hour rule).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from gameserver.platform.duels import Duel
from gameserver.platform.duels.settlement import escrowed
from gameserver.platform.ratings import EloRating, Glicko2Rating
from gameserver.storage.cursors import GSI1_KEY, InvalidCursor, decode_key, encode_key
from gameserver.storage.duels import (
    MIN_RATED_FOR_BOARD,
    OPEN_DUELS,
    BoardPage,
    DueDuel,
    DuelCompanion,
    DuelRead,
    DuelWrite,
    InsufficientCredits,
    MonthLine,
    PairRecent,
    Ratings,
    Standing,
    StoredDuel,
    board_sk,
    duels_of,
    proposals_to,
)
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.batch import batch_get, unique
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.doctrines import DEFAULT_DOCTRINE, default_doctrine
from gameserver.storage.dynamodb.fairplay import SEEN, decode_seen, mark_put
from gameserver.storage.dynamodb.tables import DUE_INDEX, GSI1, GSI2
from gameserver.storage.errors import WriteConflict
from gameserver.storage.records import LedgerLine

DUEL = "DUEL"
DUEL_DUE_SHARDS = 4
GAME_KIND = "feinthold"
"""The game whose rating and board duels move (Feinthold's duels)."""
PAIR_RECENT = "RECENT"
"""The pair's recently finished duels (``PAIR#{a}#{b} / RECENT``): what the 24-hour rule reads."""
ELO_SK = "RATING#elo"

Item = dict[str, Any]


def duel_pk(duel_id: str) -> str:
    return f"DUEL#{duel_id}"


def pair_key(a: str, b: str) -> str:
    first, second = sorted((a, b))
    return f"PAIR#{first}#{second}"


def duel_due_shard(duel_id: str) -> str:
    return f"DUELDUE#{zlib.crc32(duel_id.encode()) % DUEL_DUE_SHARDS}"


def rating_sk(kind: str = GAME_KIND) -> str:
    return f"RATING#{kind}"


def month_sk(month: str) -> str:
    return f"DUELMONTH#{GAME_KIND}#{month}"


def board_pk(month: str) -> str:
    return f"DUELBOARD#{GAME_KIND}#{month}"


# ------------------------------------------------------------------ codec
def encode_duel(duel: Duel, version: int, due_at: str | None, rating_changes: dict[str, Any] | None,
                delays: dict[str, dict[int, int]] | None = None) -> Item:
    item: Item = {
        "pk": codec.s(duel_pk(duel.id)),
        "sk": codec.s(DUEL),
        "type": codec.s("duel"),
        "duel": codec.j(duel.to_json()),
        "version": codec.n(version),
        "status": codec.s(str(duel.status)),
        "escrow": codec.n(sum(escrowed(duel).values())),
        "proposed_at": codec.s(_iso(duel.proposed_at)),
    }
    listed = codec.s(f"{_iso(duel.proposed_at)}#{duel.id}")
    if str(duel.status) == "proposed":
        item["gsi1pk"] = codec.s(OPEN_DUELS if duel.opponent is None else proposals_to(duel.opponent))
        item["gsi1sk"] = listed
    elif not duel.status.closed and duel.opponent is not None:
        item["gsi1pk"] = codec.s(duels_of(duel.opponent))
        item["gsi1sk"] = listed
    if not duel.status.closed:
        item["gsi2pk"] = codec.s(duels_of(duel.proposer))
        item["gsi2sk"] = listed
    if due_at is not None and not duel.status.closed:
        item["due_shard"] = codec.s(duel_due_shard(duel.id))
        item["due_at"] = codec.s(due_at)
        item["step"] = codec.n(duel.turns_passed)
    if rating_changes is not None:
        item["rating_changes"] = codec.j(rating_changes)
    if delays:
        item["delays"] = codec.j({sub: {str(turn): d for turn, d in turns.items()} for sub, turns in delays.items()})
    return item


def decode_duel(item: Item) -> StoredDuel:
    changes, delays = item.get("rating_changes"), item.get("delays")
    return StoredDuel(
        duel=Duel.from_json(json.loads(item["duel"]["S"])),
        version=int(item["version"]["N"]),
        rating_changes=json.loads(changes["S"]) if changes else None,
        delays={sub: {int(turn): d for turn, d in turns.items()} for sub, turns in json.loads(delays["S"]).items()}
        if delays else {},
    )


def _iso(moment: Any) -> str:
    from gameserver.clock import iso

    return str(iso(moment))


def _encode_month(line: MonthLine) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(line.sub)),
        "sk": codec.s(month_sk(line.month)),
        "type": codec.s("duel-month"),
        "sub": codec.s(line.sub),
        "month": codec.s(line.month),
        "rated": codec.n(line.rated),
        "rating": {"N": str(line.rating)},
        "account_created": codec.s(line.account_created),
    }
    if line.rated >= MIN_RATED_FOR_BOARD:
        item["gsi1pk"] = codec.s(board_pk(line.month))
        item["gsi1sk"] = codec.s(board_sk(line))
    return item


def _decode_month(item: Item) -> MonthLine:
    return MonthLine(
        sub=item["sub"]["S"],
        month=item["month"]["S"],
        rated=int(item["rated"]["N"]),
        rating=Decimal(item["rating"]["N"]),
        account_created=item["account_created"]["S"],
    )


def companion_key(companion: DuelCompanion) -> tuple[str, str]:
    return duel_pk(companion.duel_id), DUEL


def decode_companion(item: Item) -> StoredDuel:
    return decode_duel(item)


def member_standing_keys(sub: str, month: str) -> list[Item]:
    """What a rated game's end reads of one member: both ratings, the month's line, the profile (the account's
    creation), the sightings (linked accounts)."""
    pk = keys.member_pk(sub)
    return [codec.key(pk, rating_sk()), codec.key(pk, ELO_SK), codec.key(pk, month_sk(month)),
            codec.key(pk, keys.PROFILE), codec.key(pk, SEEN)]


def decode_member_standing(found: dict[tuple[str, str], Item], sub: str, month: str
                           ) -> tuple[Ratings, MonthLine | None, str]:
    """A member's ratings (with their versions), month line and account creation from ``member_standing_keys``'
    items (absent ratings: the starting ones, version 0)."""
    pk = keys.member_pk(sub)
    game_item, elo_item = found.get((pk, rating_sk())), found.get((pk, ELO_SK))
    ratings = Ratings(
        game=Glicko2Rating.from_json(json.loads(game_item["rating"]["S"])) if game_item else Glicko2Rating(),
        game_version=int(game_item["version"]["N"]) if game_item else 0,
        elo=EloRating(int(elo_item["points"]["N"]), int(elo_item["games"]["N"])) if elo_item else EloRating(),
        elo_version=int(elo_item["version"]["N"]) if elo_item else 0,
    )
    month_item = found.get((pk, month_sk(month)))
    profile = found.get((pk, keys.PROFILE))
    return ratings, _decode_month(month_item) if month_item else None, profile["created_at"]["S"] if profile else ""


# ------------------------------------------------------------------ the adapter
class DynamoDuels(Area):
    def _batch_get(self, wanted: list[Item]) -> dict[tuple[str, str], Item]:
        return batch_get(self.client, self.table, wanted)

    def read(self, duel_id: str, *, game: bool = False, profiles: tuple[str, ...] = (),
             defaults: tuple[str, ...] = ()) -> DuelRead:
        wanted = [codec.key(duel_pk(duel_id), DUEL)]
        if game:
            wanted.append(codec.key(keys.game_pk(duel_id), keys.GAME))
        wanted += [codec.key(keys.member_pk(sub), keys.PROFILE) for sub in profiles]
        wanted += [codec.key(keys.member_pk(sub), DEFAULT_DOCTRINE) for sub in defaults]
        found = self._batch_get(unique(wanted))
        stored = found.get((duel_pk(duel_id), DUEL))
        game_item = found.get((keys.game_pk(duel_id), keys.GAME))
        balances = {sub: int(found[(keys.member_pk(sub), keys.PROFILE)]["credits"]["N"])
                    for sub in profiles if (keys.member_pk(sub), keys.PROFILE) in found}
        doctrines: dict[str, dict[str, Any] | None] = {}
        for sub in defaults:
            item = found.get((keys.member_pk(sub), DEFAULT_DOCTRINE))
            doctrines[sub] = default_doctrine(item)
        return DuelRead(decode_duel(stored) if stored else None,
                        codec.decode_game(game_item) if game_item else None, balances, doctrines)

    def standing(self, subs: tuple[str, str], month: str) -> Standing:
        pair = pair_key(*subs)
        wanted: list[Item] = [codec.key(pair, PAIR_RECENT)]
        for sub in subs:
            wanted += member_standing_keys(sub, month)
        found = self._batch_get(wanted)
        ratings: dict[str, Ratings] = {}
        months: dict[str, MonthLine | None] = {}
        created: dict[str, str] = {}
        for sub in subs:
            ratings[sub], months[sub], created[sub] = decode_member_standing(found, sub, month)
        recent = found.get((pair, PAIR_RECENT))
        return Standing(
            ratings, months, created,
            PairRecent(tuple(Duel.from_json(d) for d in json.loads(recent["duels"]["S"])) if recent else (),
                       int(recent["version"]["N"]) if recent else 0),
            {sub: decode_seen(found.get((keys.member_pk(sub), SEEN))) for sub in subs},
        )

    def proposals(self, partition: str, cursor: str | None, limit: int) -> tuple[list[StoredDuel], str | None]:
        request: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(partition)},
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": partition}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return [decode_duel(item) for item in answer.get("Items", [])], encode_key(last) if last else None

    def open_of(self, sub: str) -> list[str]:
        # Three lists, every page: the member's own duels not closed (gsi2), those they accepted (gsi1), and
        # the proposals named to them (gsi1). A member has a few duels open at a time.
        found: dict[str, None] = {}
        for index, partition in ((GSI2, duels_of(sub)), (GSI1, duels_of(sub)), (GSI1, proposals_to(sub))):
            prefix = index.removeprefix("gsi")
            request: dict[str, Any] = {
                "TableName": self.table, "IndexName": index, "KeyConditionExpression": f"gsi{prefix}pk = :pk",
                "ExpressionAttributeValues": {":pk": codec.s(partition)},
            }
            while True:
                answer = self.client.query(**request)
                found.update({item["pk"]["S"].removeprefix("DUEL#"): None for item in answer.get("Items", [])})
                if "LastEvaluatedKey" not in answer:
                    break
                request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]
        return sorted(found)

    def due_duels(self, now: str, limit: int) -> list[DueDuel]:
        due: list[DueDuel] = []
        for shard in range(DUEL_DUE_SHARDS):
            answer = self.client.query(
                TableName=self.table,
                IndexName=DUE_INDEX,
                KeyConditionExpression="due_shard = :shard AND due_at <= :now",
                ExpressionAttributeValues={":shard": codec.s(f"DUELDUE#{shard}"), ":now": codec.s(now)},
                Limit=limit,
            )
            due += [DueDuel(item["pk"]["S"].removeprefix("DUEL#"), item["due_at"]["S"])
                    for item in answer.get("Items", [])]
        return sorted(due, key=lambda entry: entry.due_at)[:limit]

    def month_board(self, month: str, cursor: str | None, limit: int) -> BoardPage:
        request: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(board_pk(month))},
            "Limit": limit,
        }
        before = 0
        if cursor:
            start = decode_key(cursor, {"gsi1pk": board_pk(month)}, (*GSI1_KEY, "before"))
            count = start.pop("before", {}).get("S", "")
            if not count.isdigit():
                raise InvalidCursor()
            before = int(count)
            request["ExclusiveStartKey"] = start
        answer = self.client.query(**request)
        lines = [_decode_month(item) for item in answer.get("Items", [])]
        last = answer.get("LastEvaluatedKey")
        next_cursor = encode_key({**last, "before": codec.s(str(before + len(lines)))}) if last else None
        return BoardPage(lines, before, next_cursor)


# ------------------------------------------------------------------ a duel's write in a transaction
def duel_write_items(table: str, change: DuelWrite) -> list[Item]:
    """The transaction items of ``change``: the duel's own first, then one balance update per member whose
    balance moves (a failed balance condition is that member's short balance: ``explain_duel_write``)."""
    next_version = 1 if change.before_version is None else change.before_version + 1
    new = change.before_version is None
    items: list[Item] = [
        codec.put(table, encode_duel(change.duel, next_version, change.due_at, change.rating_changes, change.delays),
                  "attribute_not_exists(pk)" if new else "#v = :v", None if new else {"#v": "version"},
                  None if new else {":v": codec.n(change.before_version or 0)}),
    ]
    items += credit_items(table, change.lines)
    items += [codec.put(table, codec.encode_notice(notice)) for notice in change.notices]
    items += rating_items(table, change.ratings, change.months)
    if change.recent is not None and change.duel.opponent is not None:
        recent, read = change.recent, change.recent.version
        items.append(codec.put(table, {
            "pk": codec.s(pair_key(change.duel.proposer, change.duel.opponent)), "sk": codec.s(PAIR_RECENT),
            "type": codec.s("pair-recent"), "version": codec.n(read + 1),
            "duels": codec.j([d.to_json() for d in recent.duels])},
            "attribute_not_exists(pk)" if read == 0 else "#v = :v", None if read == 0 else {"#v": "version"},
            None if read == 0 else {":v": codec.n(read)}))
    items += [mark_put(table, mark) for mark in change.marks]
    return items


def explain_duel_write(change: DuelWrite, index: int) -> WriteConflict:
    """What a failed condition at ``index`` of a duel's items means: a short balance, or another write first."""
    return explain_credits(change.lines, index - 1) or WriteConflict(f"item {index} of a duel's write changed meanwhile")


def credit_items(table: str, lines: tuple[LedgerLine, ...]) -> list[Item]:
    """What moving credits writes: one balance update per member whose balance moves (a debit conditioned on
    the balance covering it: ``explain_credits``), then every ledger line (each written once)."""
    items: list[Item] = []
    for delta_sub, delta in _balance_deltas(lines).items():
        update: dict[str, Any] = {
            "TableName": table,
            "Key": codec.key(keys.member_pk(delta_sub), keys.PROFILE),
            "UpdateExpression": "SET #c = #c + :d",
            "ExpressionAttributeNames": {"#c": "credits"},
            "ExpressionAttributeValues": {":d": codec.n(delta)},
            "ConditionExpression": "attribute_exists(pk)",
        }
        if delta < 0:
            update["ConditionExpression"] = "attribute_exists(pk) AND #c >= :need"
            update["ExpressionAttributeValues"][":need"] = codec.n(-delta)
        items.append({"Update": update})
    return items + [codec.put(table, codec.encode_ledger(line), "attribute_not_exists(pk)") for line in lines]


def explain_credits(lines: tuple[LedgerLine, ...], index: int) -> WriteConflict | None:
    """``InsufficientCredits`` when ``index`` of ``credit_items(lines)`` is a member's balance update, else None."""
    balance_subs = list(_balance_deltas(lines))
    return InsufficientCredits(balance_subs[index]) if 0 <= index < len(balance_subs) else None


def rating_items(table: str, ratings: dict[str, tuple[Ratings, Glicko2Rating, EloRating]],
                 months: Sequence[tuple[MonthLine, int]]) -> list[Item]:
    """What a rated game's end writes: each member's two ratings (conditioned on the versions read, or not there
    yet) and month lines (conditioned on the rated count read, or not there yet)."""
    items: list[Item] = []
    for sub, (before, game_rating, elo) in ratings.items():
        items.append(_rating_put(table, sub, rating_sk(), {"rating": codec.j(game_rating.to_json())},
                                 before.game_version))
        items.append(_rating_put(table, sub, ELO_SK, {"points": codec.n(elo.points), "games": codec.n(elo.games)},
                                 before.elo_version))
    for line, read_rated in months:
        items.append(codec.put(table, _encode_month(line),
                               "attribute_not_exists(pk)" if read_rated == 0 else "#r = :r",
                               None if read_rated == 0 else {"#r": "rated"},
                               None if read_rated == 0 else {":r": codec.n(read_rated)}))
    return items


def _rating_put(table: str, sub: str, sk: str, values: Item, read_version: int) -> Item:
    item = {"pk": codec.s(keys.member_pk(sub)), "sk": codec.s(sk), "type": codec.s("rating"),
            "version": codec.n(read_version + 1), **values}
    if read_version == 0:
        return codec.put(table, item, "attribute_not_exists(pk)")
    return codec.put(table, item, "#v = :v", {"#v": "version"}, {":v": codec.n(read_version)})


def _balance_deltas(lines: tuple[LedgerLine, ...]) -> dict[str, int]:
    deltas: dict[str, int] = {}
    for line in lines:
        deltas[line.sub] = deltas.get(line.sub, 0) + line.amount
    return {sub: delta for sub, delta in deltas.items() if delta}


WRITES: Writes = {
    DuelWrite: (duel_write_items, explain_duel_write),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
