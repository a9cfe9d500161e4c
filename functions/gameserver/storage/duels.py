"""Duels, credits, ratings, doctrines and the feed in the main table (access patterns in docs/storage.md).

Every move of credits is written here, in one transaction with its ledger line and the duel item that caused
it; the duel item's ``version`` is the claim every transition holds, so two requests (or a timer and a request)
can never both move the same duel. Items (all in the single table):

- ``DUEL#{id} / DUEL``: the duel as JSON, its version, its escrow; sparse keys: ``gsi1`` lists proposals
  (``DUELS#open`` or ``DUELS#to#{sub}``), the due index
  (its own shards ``DUELDUE#n``, which the turn sweep never reads) the duel's next deadline: a proposal's lapse
  time, the ready room's closing, the open turn's deadline. A closed duel carries neither (a lapse leaves both).
- ``MEMBER#{sub}``: ``PROFILE`` (the balance, ``credits``), ``LEDGER#...`` lines, ``RATING#feinthold``,
  ``RATING#elo``, ``DUELMONTH#feinthold#{YYYY-MM}`` (gsi1 ``DUELBOARD#feinthold#{month}`` once eligible),
  ``DOCTRINE#{slot}``, ``DOCTRINE-DEFAULT`` (a copy of the default doctrine), ``FEED#{at}#{game}#{turn}``.
- ``PAIR#{a}#{b} / RECENT``: the pair's duels finished lately, read with the ratings (the 24-hour rule).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from gameserver.duels import Duel
from gameserver.fairplay.marks import Mark
from gameserver.ratings import EloRating, Glicko2Rating
from gameserver.storage import codec, keys
from gameserver.storage.batch import batch_get
from gameserver.storage.cursors import GSI1_KEY, TABLE_KEY, InvalidCursor, decode_key, encode_key
from gameserver.storage.fairplay import SEEN, mark_put
from gameserver.storage.port import Conflict
from gameserver.storage.records import Board, Game, LedgerLine, Play, SideView
from gameserver.storage.tables import DUE_INDEX, GSI1

DUEL = "DUEL"
DUEL_DUE_SHARDS = 4
OPEN_DUELS = "DUELS#open"
GAME_KIND = "feinthold"
DEFAULT_DOCTRINE = "DOCTRINE-DEFAULT"
DOCTRINE_PREFIX = "DOCTRINE#"
FEED_PREFIX = "FEED#"
LEDGER_PREFIX = "LEDGER#"
MIN_RATED_FOR_BOARD = 8
"""A month's line joins the board's index once it has 8 rated duels (the rest are never listed)."""

Item = dict[str, Any]


class InsufficientCredits(Conflict):
    """A balance's condition failed: the stake is more than the member holds."""

    def __init__(self, member: str) -> None:
        super().__init__(f"{member}'s balance is below the stake")
        self.member = member


# ------------------------------------------------------------------ keys
def duel_pk(duel_id: str) -> str:
    return f"DUEL#{duel_id}"


def proposals_to(sub: str) -> str:
    return f"DUELS#to#{sub}"


def pair_key(a: str, b: str) -> str:
    first, second = sorted((a, b))
    return f"PAIR#{first}#{second}"


PAIR_RECENT = "RECENT"
"""The pair's recently finished duels (``PAIR#{a}#{b} / RECENT``): what the 24-hour rule reads."""


def duel_due_shard(duel_id: str) -> str:
    return f"DUELDUE#{zlib.crc32(duel_id.encode()) % DUEL_DUE_SHARDS}"


def rating_sk(kind: str = GAME_KIND) -> str:
    return f"RATING#{kind}"


ELO_SK = "RATING#elo"


def month_sk(month: str) -> str:
    return f"DUELMONTH#{GAME_KIND}#{month}"


def board_pk(month: str) -> str:
    return f"DUELBOARD#{GAME_KIND}#{month}"


def board_sk(rating: Decimal, rated: int, account_created: str, sub: str) -> str:
    """Ascending = the board's order: higher rating, then more rated duels, then the older account."""
    return f"{Decimal(100000) - rating:020.9f}#{99999 - rated:05d}#{account_created}#{sub}"


def doctrine_sk(slot: int) -> str:
    return f"{DOCTRINE_PREFIX}{slot}"


def feed_sk(at: str, game_id: str, turn: int) -> str:
    return f"{FEED_PREFIX}{at}#{game_id}#{turn:02d}"


# ------------------------------------------------------------------ values read and written
@dataclass(frozen=True)
class StoredDuel:
    duel: Duel
    version: int
    rating_changes: dict[str, Any] | None = None
    delays: dict[str, dict[int, int]] = field(default_factory=dict)
    """Each member's order delay per turn sent (fair play judges their median)."""


@dataclass(frozen=True)
class MonthLine:
    """A member's month on the duel board: rated duels so far, and the game rating after the last one."""

    sub: str
    month: str
    rated: int
    rating: Decimal
    account_created: str


@dataclass(frozen=True)
class Ratings:
    """A member's ratings as stored, with the versions their next write is conditioned on (0: none yet)."""

    game: Glicko2Rating
    game_version: int
    elo: EloRating
    elo_version: int


@dataclass(frozen=True)
class Notice:
    """A line of a member's feed: a turn of theirs opened."""

    sub: str
    game_id: str
    duel_id: str
    turn: int
    opened_at: str
    deadline: str | None


@dataclass(frozen=True)
class NewGame:
    game: Game
    board: Board
    views: list[SideView]
    plays: list[Play]


@dataclass(frozen=True)
class GameUpdate:
    """The game item rewritten (a forfeit, a cancellation), claimed by the version it was read at, with its
    board and views marked over (so the game's view and record show the end)."""

    before_version: int
    game: Game
    plays: list[Play]
    board: Board
    views: list[SideView]


@dataclass(frozen=True)
class PairRecent:
    """The pair's duels that finished lately (won, drawn, forfeited), with the version it was read at (0: none
    yet). Read with both members' ratings and written with the end of a duel, claimed by that version."""

    duels: tuple[Duel, ...] = ()
    version: int = 0


@dataclass
class DuelWrite:
    """Everything one duel transition writes, in one transaction."""

    duel: Duel
    before_version: int | None
    """None: a new duel (the item must not exist)."""
    at: str
    due_at: str | None = None
    lines: tuple[LedgerLine, ...] = ()
    new_game: NewGame | None = None
    game_update: GameUpdate | None = None
    notices: list[Notice] = field(default_factory=list)
    ratings: dict[str, tuple[Ratings, Glicko2Rating, EloRating]] = field(default_factory=dict)
    """sub -> (as read, new game rating, new Elo)."""
    months: list[tuple[MonthLine, int]] = field(default_factory=list)
    """(the new line, the rated count it was read with: 0 when none yet)."""
    rating_changes: dict[str, Any] | None = None
    recent: PairRecent | None = None
    """The pair's recent duels with this one, as the end of a duel writes them."""
    delays: dict[str, dict[int, int]] | None = None
    """The members' order delays so far: the item is written whole, so a transition carries them on."""
    marks: tuple[Mark, ...] = ()
    """Marks for moderators the end leaves (linked accounts), written with it."""


def _escrow(duel: Duel) -> int:
    from gameserver.duels.settlement import escrowed

    return sum(escrowed(duel).values())


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
        "escrow": codec.n(_escrow(duel)),
        "proposed_at": codec.s(_iso(duel.proposed_at)),
    }
    if str(duel.status) == "proposed":
        item["gsi1pk"] = codec.s(OPEN_DUELS if duel.opponent is None else proposals_to(duel.opponent))
        item["gsi1sk"] = codec.s(f"{_iso(duel.proposed_at)}#{duel.id}")
    if due_at is not None and not duel.status.closed:
        item["due_shard"] = codec.s(duel_due_shard(duel.id))
        item["due_at"] = codec.s(due_at)
        item["turn"] = codec.n(duel.turns_passed)
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

    return iso(moment)


def encode_notice(notice: Notice) -> Item:
    item: Item = {
        "pk": codec.s(keys.member_pk(notice.sub)),
        "sk": codec.s(feed_sk(notice.opened_at, notice.game_id, notice.turn)),
        "type": codec.s("notice"),
        "kind": codec.s("turn-open"),
        "game_id": codec.s(notice.game_id),
        "duel_id": codec.s(notice.duel_id),
        "turn": codec.n(notice.turn),
        "opened_at": codec.s(notice.opened_at),
    }
    if notice.deadline:
        item["deadline"] = codec.s(notice.deadline)
    return item


def decode_notice(item: Item) -> dict[str, Any]:
    return {
        "kind": item["kind"]["S"],
        "game_id": item["game_id"]["S"],
        "duel_id": item["duel_id"]["S"],
        "turn": int(item["turn"]["N"]),
        "opened_at": item["opened_at"]["S"],
        "deadline": item["deadline"]["S"] if "deadline" in item else None,
    }


def decode_ledger(item: Item) -> LedgerLine:
    return LedgerLine(
        sub=item["sub"]["S"],
        amount=int(item["amount"]["N"]),
        kind=item["kind"]["S"],
        at=item["at"]["S"],
        line_id=item["line_id"]["S"],
        ref=item["ref"]["S"],
    )


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
        item["gsi1sk"] = codec.s(board_sk(line.rating, line.rated, line.account_created, line.sub))
    return item


def _decode_month(item: Item) -> MonthLine:
    return MonthLine(
        sub=item["sub"]["S"],
        month=item["month"]["S"],
        rated=int(item["rated"]["N"]),
        rating=Decimal(item["rating"]["N"]),
        account_created=item["account_created"]["S"],
    )




# ------------------------------------------------------------------ the adapter
class DuelStorage:
    """The duel side of the table, on the same client and table as the spine's ``DynamoStorage``."""

    def __init__(self, client: Any, table: str) -> None:
        self.client = client
        self.table = table

    # -------------------------------------------------------------- reads
    def read(self, duel_id: str, *, game: bool = False, profiles: tuple[str, ...] = (),
             defaults: tuple[str, ...] = ()) -> tuple[StoredDuel | None, Game | None, dict[str, int],
                                                      dict[str, dict[str, Any] | None]]:
        """The duel and, in the same BatchGetItem, its game item, members' balances and default doctrines."""
        wanted = [codec.key(duel_pk(duel_id), DUEL)]
        if game:
            wanted.append(codec.key(keys.game_pk(duel_id), keys.GAME))
        wanted += [codec.key(keys.member_pk(sub), keys.PROFILE) for sub in profiles]
        wanted += [codec.key(keys.member_pk(sub), DEFAULT_DOCTRINE) for sub in defaults]
        found = self._batch_get(_unique(wanted))
        stored = found.get((duel_pk(duel_id), DUEL))
        game_item = found.get((keys.game_pk(duel_id), keys.GAME))
        balances = {
            sub: int(found[(keys.member_pk(sub), keys.PROFILE)]["credits"]["N"])
            for sub in profiles
            if (keys.member_pk(sub), keys.PROFILE) in found
        }
        doctrines: dict[str, dict[str, Any] | None] = {}
        for sub in defaults:
            item = found.get((keys.member_pk(sub), DEFAULT_DOCTRINE))
            doctrines[sub] = json.loads(item["doctrine"]["S"]) if item else None
        return (
            decode_duel(stored) if stored else None,
            codec.decode_game(game_item) if game_item else None,
            balances,
            doctrines,
        )

    def game_board(self, game_id: str) -> Board | None:
        item = self.client.get_item(
            TableName=self.table, Key=codec.key(keys.game_pk(game_id), keys.BOARD), ConsistentRead=True
        ).get("Item")
        return codec.decode_board(item) if item else None

    def balances(self, subs: tuple[str, ...]) -> dict[str, int]:
        """The balance of each member who has a profile (one BatchGetItem); members without one are left out."""
        found = self._batch_get(_unique([codec.key(keys.member_pk(sub), keys.PROFILE) for sub in subs]))
        return {sub: int(found[(keys.member_pk(sub), keys.PROFILE)]["credits"]["N"])
                for sub in subs if (keys.member_pk(sub), keys.PROFILE) in found}

    def standing(self, subs: tuple[str, ...], month: str) -> tuple[dict[str, Ratings], dict[str, MonthLine | None],
                                                                    dict[str, str], PairRecent, dict[str, Item | None]]:
        """Both members' ratings, month lines and account creation times, the pair's recent duels, and each
        member's ``SEEN`` item (linked accounts, ``storage.fairplay``): one BatchGetItem."""
        pair = pair_key(*subs)
        wanted: list[Item] = [codec.key(pair, PAIR_RECENT)]
        for sub in subs:
            pk = keys.member_pk(sub)
            wanted += [codec.key(pk, rating_sk()), codec.key(pk, ELO_SK), codec.key(pk, month_sk(month)), codec.key(pk, keys.PROFILE)]
            wanted.append(codec.key(pk, SEEN))
        found = self._batch_get(wanted)
        ratings: dict[str, Ratings] = {}
        months: dict[str, MonthLine | None] = {}
        created: dict[str, str] = {}
        for sub in subs:
            pk = keys.member_pk(sub)
            game_item, elo_item = found.get((pk, rating_sk())), found.get((pk, ELO_SK))
            ratings[sub] = Ratings(
                game=Glicko2Rating.from_json(json.loads(game_item["rating"]["S"])) if game_item else Glicko2Rating(),
                game_version=int(game_item["version"]["N"]) if game_item else 0,
                elo=(EloRating(int(elo_item["points"]["N"]), int(elo_item["games"]["N"]))
                     if elo_item else EloRating()),
                elo_version=int(elo_item["version"]["N"]) if elo_item else 0,
            )
            month_item = found.get((pk, month_sk(month)))
            months[sub] = _decode_month(month_item) if month_item else None
            profile = found.get((pk, keys.PROFILE))
            created[sub] = profile["created_at"]["S"] if profile else ""
        recent = found.get((pair, PAIR_RECENT))
        return ratings, months, created, PairRecent(
            tuple(Duel.from_json(d) for d in json.loads(recent["duels"]["S"])) if recent else (),
            int(recent["version"]["N"]) if recent else 0), {
            sub: found.get((keys.member_pk(sub), SEEN)) for sub in subs}

    def proposals(self, partition: str, cursor: str | None, limit: int) -> tuple[list[StoredDuel], str | None]:
        """Open proposals (``DUELS#open``) or those made to a member, oldest first, paginated."""
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

    def due_duels(self, now: str, limit: int) -> list[tuple[str, str]]:
        """``(duel_id, due_at)`` of duels whose next deadline is at or before ``now``."""
        due: list[tuple[str, str]] = []
        for shard in range(DUEL_DUE_SHARDS):
            answer = self.client.query(
                TableName=self.table,
                IndexName=DUE_INDEX,
                KeyConditionExpression="due_shard = :shard AND due_at <= :now",
                ExpressionAttributeValues={":shard": codec.s(f"DUELDUE#{shard}"), ":now": codec.s(now)},
                Limit=limit,
            )
            due += [(item["pk"]["S"].removeprefix("DUEL#"), item["due_at"]["S"]) for item in answer.get("Items", [])]
        return sorted(due, key=lambda entry: entry[1])[:limit]

    def _member_page(self, sub: str, prefix: str, cursor: str | None, limit: int) -> tuple[list[Item], str | None]:
        pk = keys.member_pk(sub)
        request: dict[str, Any] = {
            "TableName": self.table,
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
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return answer.get("Items", []), encode_key(last) if last else None

    def ledger(self, sub: str, cursor: str | None, limit: int) -> tuple[list[LedgerLine], str | None]:
        items, next_cursor = self._member_page(sub, LEDGER_PREFIX, cursor, limit)
        return [decode_ledger(item) for item in items], next_cursor

    def feed(self, sub: str, cursor: str | None, limit: int) -> tuple[list[dict[str, Any]], str | None]:
        items, next_cursor = self._member_page(sub, FEED_PREFIX, cursor, limit)
        return [decode_notice(item) for item in items], next_cursor

    def month_board(self, month: str, cursor: str | None, limit: int) -> tuple[list[MonthLine], int, str | None]:
        """A page of the month's board in order, how many lines came before it, and the next page's cursor."""
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
        return lines, before, next_cursor

    # -------------------------------------------------------------- the one write of a duel transition
    def write(self, change: DuelWrite) -> None:
        """One transaction: the duel (claimed by its version), its ledger lines with their balances, a game
        created or closed, the feed, ratings and month lines. ``InsufficientCredits`` when a stake no longer
        fits a balance; ``Conflict`` when anything else changed meanwhile."""
        items, balance_subs = self.transaction_items(change)
        try:
            self.client.transact_write_items(TransactItems=items)
        except self.client.exceptions.TransactionCanceledException as error:
            reasons = error.response.get("CancellationReasons") or []
            for index, reason in enumerate(reasons):
                if reason.get("Code") == "ConditionalCheckFailed" and 1 <= index <= len(balance_subs):
                    raise InsufficientCredits(balance_subs[index - 1]) from error
            raise Conflict(str(error)) from error

    def transaction_items(self, change: DuelWrite) -> tuple[list[Item], list[str]]:
        """The transaction items of ``change``, the duel's own first, then one balance update per member in
        the returned order; a duel's turn adds them to the turn's own transaction."""
        next_version = 1 if change.before_version is None else change.before_version + 1
        items: list[Item] = [
            codec.put(self.table, encode_duel(change.duel, next_version, change.due_at, change.rating_changes, change.delays),
                 "attribute_not_exists(pk)" if change.before_version is None else "#v = :v",
                 None if change.before_version is None else {"#v": "version"},
                 None if change.before_version is None else {":v": codec.n(change.before_version)}),
        ]
        balance_subs: list[str] = []
        for delta_sub, delta in _balance_deltas(change.lines).items():
            update: dict[str, Any] = {
                "TableName": self.table,
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
            balance_subs.append(delta_sub)
        items += [codec.put(self.table, codec.encode_ledger(line), "attribute_not_exists(pk)") for line in change.lines]
        if change.new_game is not None:
            new = change.new_game
            items.append(codec.put(self.table, codec.encode_game(new.game), "attribute_not_exists(pk)"))
            items.append(codec.put(self.table, codec.encode_board(new.board)))
            items += [codec.put(self.table, codec.encode_view(view)) for view in new.views]
            items += [codec.put(self.table, codec.encode_play(play)) for play in new.plays]
        if change.game_update is not None:
            update_game = change.game_update
            items.append(codec.put(self.table, codec.encode_game(update_game.game), "#v = :v", {"#v": "version"},
                              {":v": codec.n(update_game.before_version)}))
            items += [codec.put(self.table, codec.encode_play(play)) for play in update_game.plays]
            items.append(codec.put(self.table, codec.encode_board(update_game.board)))
            items += [codec.put(self.table, codec.encode_view(view)) for view in update_game.views]
        items += [codec.put(self.table, encode_notice(notice)) for notice in change.notices]
        for sub, (before, game_rating, elo) in change.ratings.items():
            items.append(self._rating_put(sub, rating_sk(), {"rating": codec.j(game_rating.to_json())},
                                          before.game_version))
            items.append(self._rating_put(sub, ELO_SK, {"points": codec.n(elo.points), "games": codec.n(elo.games)},
                                          before.elo_version))
        if change.recent is not None and change.duel.opponent is not None:
            recent, read = change.recent, change.recent.version
            items.append(codec.put(self.table, {
                "pk": codec.s(pair_key(change.duel.proposer, change.duel.opponent)), "sk": codec.s(PAIR_RECENT),
                "type": codec.s("pair-recent"), "version": codec.n(read + 1),
                "duels": codec.j([d.to_json() for d in recent.duels])},
                "attribute_not_exists(pk)" if read == 0 else "#v = :v", None if read == 0 else {"#v": "version"},
                None if read == 0 else {":v": codec.n(read)}))
        items += [mark_put(self.table, mark) for mark in change.marks]
        for line, read_rated in change.months:
            items.append(codec.put(self.table, _encode_month(line),
                              "attribute_not_exists(pk)" if read_rated == 0 else "#r = :r",
                              None if read_rated == 0 else {"#r": "rated"},
                              None if read_rated == 0 else {":r": codec.n(read_rated)}))
        return items, balance_subs

    def _rating_put(self, sub: str, sk: str, values: Item, read_version: int) -> Item:
        item = {"pk": codec.s(keys.member_pk(sub)), "sk": codec.s(sk), "type": codec.s("rating"),
                "version": codec.n(read_version + 1), **values}
        if read_version == 0:
            return codec.put(self.table, item, "attribute_not_exists(pk)")
        return codec.put(self.table, item, "#v = :v", {"#v": "version"}, {":v": codec.n(read_version)})

    # -------------------------------------------------------------- doctrines
    def doctrines(self, sub: str) -> tuple[dict[int, dict[str, Any]], int | None]:
        """A member's doctrines by slot, and the slot of their default (one query)."""
        answer = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues={":pk": codec.s(keys.member_pk(sub)), ":prefix": codec.s("DOCTRINE")},
            ConsistentRead=True,
        )
        slots: dict[int, dict[str, Any]] = {}
        default: int | None = None
        for item in answer.get("Items", []):
            if item["sk"]["S"] == DEFAULT_DOCTRINE:
                default = int(item["slot"]["N"])
            else:
                slots[int(item["slot"]["N"])] = {"doctrine": json.loads(item["doctrine"]["S"]),
                                                 "updated_at": item["updated_at"]["S"]}
        return slots, default

    def put_doctrine(self, sub: str, slot: int, doctrine: dict[str, Any], at: str, *, new: bool,
                     is_default: bool) -> None:
        """Create (``new``: the slot must be free) or replace a doctrine; the default's copy follows it."""
        pk = keys.member_pk(sub)
        item = {"pk": codec.s(pk), "sk": codec.s(doctrine_sk(slot)), "type": codec.s("doctrine"),
                "slot": codec.n(slot), "doctrine": codec.j(doctrine), "updated_at": codec.s(at)}
        items = [codec.put(self.table, item, "attribute_not_exists(pk)" if new else "attribute_exists(pk)")]
        if is_default:
            items.append(codec.put(self.table, self._default_item(sub, slot, doctrine), "#s = :s", {"#s": "slot"},
                              {":s": codec.n(slot)}))
        else:
            items.append(self._check_not_default(sub, slot))
        self._transact(items)

    def delete_doctrine(self, sub: str, slot: int, *, is_default: bool) -> None:
        pk = keys.member_pk(sub)
        items: list[Item] = [{"Delete": {"TableName": self.table, "Key": codec.key(pk, doctrine_sk(slot)),
                                         "ConditionExpression": "attribute_exists(pk)"}}]
        if is_default:
            items.append({"Delete": {"TableName": self.table, "Key": codec.key(pk, DEFAULT_DOCTRINE),
                                     "ConditionExpression": "#s = :s",
                                     "ExpressionAttributeNames": {"#s": "slot"},
                                     "ExpressionAttributeValues": {":s": codec.n(slot)}}})
        else:
            items.append(self._check_not_default(sub, slot))
        self._transact(items)

    def set_default(self, sub: str, slot: int, doctrine: dict[str, Any], updated_at: str) -> None:
        """Make ``slot`` the default: its copy replaces the previous default's, if the doctrine is unchanged."""
        pk = keys.member_pk(sub)
        self._transact([
            {"ConditionCheck": {"TableName": self.table, "Key": codec.key(pk, doctrine_sk(slot)),
                                "ConditionExpression": "#u = :u", "ExpressionAttributeNames": {"#u": "updated_at"},
                                "ExpressionAttributeValues": {":u": codec.s(updated_at)}}},
            codec.put(self.table, self._default_item(sub, slot, doctrine)),
        ])

    def _default_item(self, sub: str, slot: int, doctrine: dict[str, Any]) -> Item:
        return {"pk": codec.s(keys.member_pk(sub)), "sk": codec.s(DEFAULT_DOCTRINE), "type": codec.s("doctrine-default"),
                "slot": codec.n(slot), "doctrine": codec.j(doctrine)}

    def _check_not_default(self, sub: str, slot: int) -> Item:
        return {"ConditionCheck": {"TableName": self.table, "Key": codec.key(keys.member_pk(sub), DEFAULT_DOCTRINE),
                                   "ConditionExpression": "attribute_not_exists(pk) OR #s <> :s",
                                   "ExpressionAttributeNames": {"#s": "slot"},
                                   "ExpressionAttributeValues": {":s": codec.n(slot)}}}

    # -------------------------------------------------------------- helpers
    def _batch_get(self, wanted: list[Item]) -> dict[tuple[str, str], Item]:
        return batch_get(self.client, self.table, wanted)

    def _transact(self, items: list[Item]) -> None:
        try:
            self.client.transact_write_items(TransactItems=items)
        except self.client.exceptions.TransactionCanceledException as error:
            raise Conflict(str(error)) from error


def _balance_deltas(lines: tuple[LedgerLine, ...]) -> dict[str, int]:
    deltas: dict[str, int] = {}
    for line in lines:
        deltas[line.sub] = deltas.get(line.sub, 0) + line.amount
    return {sub: delta for sub, delta in deltas.items() if delta}


def _unique(wanted: list[Item]) -> list[Item]:
    seen: set[tuple[str, str]] = set()
    unique = []
    for key in wanted:
        pair = (key["pk"]["S"], key["sk"]["S"])
        if pair not in seen:
            seen.add(pair)
            unique.append(key)
    return unique
