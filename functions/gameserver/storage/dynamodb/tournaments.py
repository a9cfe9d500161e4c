"""The tournaments area on DynamoDB (access patterns in docs/storage.md). Items, all in the single table:

- ``TOURNEY#{id} / TOURNEY``: the tournament as JSON (its bracket, results and ledger lines), its version, status,
  pot; sparse keys: ``gsi1`` (``TOURNEYS#open``, newest first) while it takes entries, the due index (its own
  shards ``TOURNEYDUE#n``) at its next deadline (the fill deadline, then the earliest round deadline of a match
  being played).
- ``TOURNEY#{id} / ENTRY#{sub}``: a member in it; ``gsi2`` (``ENTRANT#{sub}``) lists a member's tournaments.
- ``TOURNEY#{id} / MATCH#{slot}``: a match that has a game: the turns its steps applied, the senders, the order
  delays, its rating changes once decided; on the due index (the same shards) at its game's open deadline.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from gameserver.clock import iso
from gameserver.platform.tournaments import Tournament, TournamentStatus, match_id
from gameserver.storage.cursors import GSI1_KEY, GSI2_KEY, decode_key, encode_key
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.batch import batch_get, unique
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.doctrines import DEFAULT_DOCTRINE, default_doctrine
from gameserver.storage.dynamodb.duels import (
    credit_items,
    decode_member_standing,
    explain_credits,
    member_standing_keys,
    rating_items,
)
from gameserver.storage.dynamodb.fairplay import SEEN, decode_seen, mark_put
from gameserver.storage.dynamodb.tables import DUE_INDEX, GSI1, GSI2
from gameserver.storage.errors import WriteConflict
from gameserver.storage.tournaments import (
    OPEN_TOURNAMENTS,
    Bracket,
    Contender,
    DueTournament,
    MatchCompanion,
    MatchRead,
    MatchWrite,
    StoredMatch,
    StoredTournament,
    TournamentCompanion,
    TournamentRead,
    TournamentWrite,
)

TOURNEY = "TOURNEY"
ENTRY_PREFIX = "ENTRY#"
MATCH_PREFIX = "MATCH#"
DUE_SHARDS = 4
"""The tournaments' own due shards (``TOURNEYDUE#n``): the step sweep and the duel sweep never read them."""

Item = dict[str, Any]


def tourney_pk(tournament_id: str) -> str:
    return f"TOURNEY#{tournament_id}"


def entry_sk(sub: str) -> str:
    return f"{ENTRY_PREFIX}{sub}"


def match_sk(slot: int) -> str:
    return f"{MATCH_PREFIX}{slot}"


def entrant_pk(sub: str) -> str:
    """The list of a member's tournaments (``gsi2``)."""
    return f"ENTRANT#{sub}"


def due_shard(tournament_id: str) -> str:
    """A tournament and its matches share a shard (crc32: the same in every process)."""
    return f"TOURNEYDUE#{zlib.crc32(tournament_id.encode()) % DUE_SHARDS}"


def _versioned_put(table: str, item: Item, before_version: int | None) -> Item:
    """A put claimed by the version read (None: the item must not exist yet)."""
    if before_version is None:
        return codec.put(table, item, "attribute_not_exists(pk)")
    return codec.put(table, item, "#v = :v", {"#v": "version"}, {":v": codec.n(before_version)})


# ------------------------------------------------------------------ codec
def encode_tournament(tournament: Tournament, version: int) -> Item:
    item: Item = {
        "pk": codec.s(tourney_pk(tournament.id)),
        "sk": codec.s(TOURNEY),
        "type": codec.s("tournament"),
        "tournament": codec.j(tournament.to_json()),
        "version": codec.n(version),
        "status": codec.s(str(tournament.status)),
        "pot": codec.n(tournament.pot),
        "created_at": codec.s(iso(tournament.created_at)),
    }
    if tournament.status is TournamentStatus.OPEN:
        item["gsi1pk"] = codec.s(OPEN_TOURNAMENTS)
        item["gsi1sk"] = codec.s(f"{iso(tournament.created_at)}#{tournament.id}")
    if tournament.due_at is not None:
        item["due_shard"] = codec.s(due_shard(tournament.id))
        item["due_at"] = codec.s(iso(tournament.due_at))
    return item


def decode_tournament(item: Item) -> StoredTournament:
    return StoredTournament(Tournament.from_json(json.loads(item["tournament"]["S"])), int(item["version"]["N"]))


def encode_match(match: StoredMatch, version: int, due_at: str | None) -> Item:
    item: Item = {
        "pk": codec.s(tourney_pk(match.tournament_id)),
        "sk": codec.s(match_sk(match.slot)),
        "type": codec.s("tourney-match"),
        "tournament_id": codec.s(match.tournament_id),
        "slot": codec.n(match.slot),
        "players": codec.j(list(match.players)),
        "version": codec.n(version),
        "turns_passed": codec.n(match.turns_passed),
        "senders": codec.j(sorted(match.senders)),
        "delays": codec.j({sub: {str(turn): d for turn, d in turns.items()} for sub, turns in match.delays.items()}),
        "decided": {"BOOL": match.decided},
    }
    if match.rating_changes is not None:
        item["rating_changes"] = codec.j(match.rating_changes)
    if due_at is not None and not match.decided:
        item["due_shard"] = codec.s(due_shard(match.tournament_id))
        item["due_at"] = codec.s(due_at)
    return item


def decode_match(item: Item) -> StoredMatch:
    first, second = json.loads(item["players"]["S"])
    changes = item.get("rating_changes")
    return StoredMatch(
        tournament_id=item["tournament_id"]["S"],
        slot=int(item["slot"]["N"]),
        players=(first, second),
        version=int(item["version"]["N"]),
        turns_passed=int(item["turns_passed"]["N"]),
        senders=frozenset(json.loads(item["senders"]["S"])),
        delays={sub: {int(turn): d for turn, d in turns.items()}
                for sub, turns in json.loads(item["delays"]["S"]).items()},
        decided=bool(item["decided"]["BOOL"]),
        rating_changes=json.loads(changes["S"]) if changes else None,
    )


def companion_key(companion: TournamentCompanion | MatchCompanion) -> tuple[str, str]:
    if isinstance(companion, MatchCompanion):
        return tourney_pk(companion.tournament_id), match_sk(companion.slot)
    return tourney_pk(companion.tournament_id), TOURNEY


def decode_companion(item: Item) -> StoredTournament | StoredMatch:
    return decode_match(item) if item["sk"]["S"].startswith(MATCH_PREFIX) else decode_tournament(item)


# ------------------------------------------------------------------ the adapter
class DynamoTournaments(Area):
    def _batch_get(self, wanted: list[Item]) -> dict[tuple[str, str], Item]:
        return batch_get(self.client, self.table, unique(wanted))

    def read(self, tournament_id: str, *, profiles: tuple[str, ...] = ()) -> TournamentRead:
        pk = tourney_pk(tournament_id)
        found = self._batch_get([codec.key(pk, TOURNEY), *(codec.key(keys.member_pk(s), keys.PROFILE)
                                                           for s in profiles)])
        item = found.get((pk, TOURNEY))
        balances = {sub: int(found[(keys.member_pk(sub), keys.PROFILE)]["credits"]["N"])
                    for sub in profiles if (keys.member_pk(sub), keys.PROFILE) in found}
        return TournamentRead(decode_tournament(item) if item else None, balances)

    def bracket(self, tournament_id: str) -> Bracket:
        items, start = [], None
        while True:
            answer = self.client.query(
                TableName=self.table, KeyConditionExpression="pk = :pk",
                ExpressionAttributeValues={":pk": codec.s(tourney_pk(tournament_id))}, ConsistentRead=True,
                **({"ExclusiveStartKey": start} if start else {}))
            items += answer.get("Items", [])
            start = answer.get("LastEvaluatedKey")
            if not start:
                break
        stored = next((decode_tournament(i) for i in items if i["sk"]["S"] == TOURNEY), None)
        matches = {match.slot: match for match in (decode_match(i) for i in items
                                                   if i["sk"]["S"].startswith(MATCH_PREFIX))}
        return Bracket(stored, matches)

    def read_match(self, tournament_id: str, slot: int) -> MatchRead:
        pk = tourney_pk(tournament_id)
        game_pk = keys.game_pk(match_id(tournament_id, slot))
        found = self._batch_get([codec.key(pk, TOURNEY), codec.key(pk, match_sk(slot)),
                                 codec.key(game_pk, keys.GAME)])
        tournament, match, game = found.get((pk, TOURNEY)), found.get((pk, match_sk(slot))), found.get(
            (game_pk, keys.GAME))
        return MatchRead(decode_tournament(tournament) if tournament else None,
                         decode_match(match) if match else None, codec.decode_game(game) if game else None)

    def contenders(self, subs: tuple[str, ...], month: str, *, defaults: tuple[str, ...] = ()
                   ) -> dict[str, Contender]:
        wanted = [key for sub in subs for key in member_standing_keys(sub, month)]
        wanted += [codec.key(keys.member_pk(sub), DEFAULT_DOCTRINE) for sub in defaults]
        found = self._batch_get(wanted)
        contenders = {}
        for sub in subs:
            ratings, line, created = decode_member_standing(found, sub, month)
            default = default_doctrine(found.get((keys.member_pk(sub), DEFAULT_DOCTRINE))) if sub in defaults else None
            contenders[sub] = Contender(ratings, line, created, decode_seen(found.get((keys.member_pk(sub), SEEN))),
                                        default)
        return contenders

    def open_tournaments(self, cursor: str | None, limit: int) -> tuple[list[StoredTournament], str | None]:
        request: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(OPEN_TOURNAMENTS)},
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi1pk": OPEN_TOURNAMENTS}, GSI1_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return [decode_tournament(item) for item in answer.get("Items", [])], encode_key(last) if last else None

    def of_member(self, sub: str, cursor: str | None, limit: int) -> tuple[list[StoredTournament], str | None]:
        request: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": GSI2,
            "KeyConditionExpression": "gsi2pk = :pk",
            "ExpressionAttributeValues": {":pk": codec.s(entrant_pk(sub))},
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = decode_key(cursor, {"gsi2pk": entrant_pk(sub)}, GSI2_KEY)
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        pks = [item["pk"]["S"] for item in answer.get("Items", [])]
        found = self._batch_get([codec.key(pk, TOURNEY) for pk in pks]) if pks else {}
        listed = [decode_tournament(found[(pk, TOURNEY)]) for pk in pks if (pk, TOURNEY) in found]
        return listed, encode_key(last) if last else None

    def due(self, now: str, limit: int) -> list[DueTournament]:
        due: list[DueTournament] = []
        for shard in range(DUE_SHARDS):
            answer = self.client.query(
                TableName=self.table,
                IndexName=DUE_INDEX,
                KeyConditionExpression="due_shard = :shard AND due_at <= :now",
                ExpressionAttributeValues={":shard": codec.s(f"TOURNEYDUE#{shard}"), ":now": codec.s(now)},
                Limit=limit,
            )
            for item in answer.get("Items", []):
                sk = item["sk"]["S"]
                due.append(DueTournament(item["pk"]["S"].removeprefix("TOURNEY#"),
                                         int(sk.removeprefix(MATCH_PREFIX)) if sk.startswith(MATCH_PREFIX) else None,
                                         item["due_at"]["S"]))
        return sorted(due, key=lambda entry: entry.due_at)[:limit]


# ------------------------------------------------------------------ writes in a transaction
def tournament_write_items(table: str, change: TournamentWrite) -> list[Item]:
    """The tournament first, then its credit moves (a failed balance condition is that member's short balance:
    ``explain_tournament_write``), the entries, the feed, the ratings and month lines, the marks."""
    version = 1 if change.before_version is None else change.before_version + 1
    tournament = change.tournament
    items = [_versioned_put(table, encode_tournament(tournament, version), change.before_version)]
    items += credit_items(table, change.lines)
    joined_at = {entry.member: iso(entry.joined_at) for entry in tournament.entries}
    for sub in change.joined:
        items.append(codec.put(table, {
            "pk": codec.s(tourney_pk(tournament.id)), "sk": codec.s(entry_sk(sub)), "type": codec.s("tourney-entry"),
            "sub": codec.s(sub), "joined_at": codec.s(joined_at[sub]),
            "gsi2pk": codec.s(entrant_pk(sub)), "gsi2sk": codec.s(f"{joined_at[sub]}#{tournament.id}"),
        }, "attribute_not_exists(pk)"))
    for sub in change.left:
        items.append({"Delete": {"TableName": table, "Key": codec.key(tourney_pk(tournament.id), entry_sk(sub)),
                                 "ConditionExpression": "attribute_exists(pk)"}})
    items += [codec.put(table, codec.encode_notice(notice)) for notice in change.notices]
    items += rating_items(table, change.ratings, change.months)
    items += [mark_put(table, mark) for mark in change.marks]
    return items


def explain_tournament_write(change: TournamentWrite, index: int) -> WriteConflict:
    """What a failed condition at ``index`` of a tournament's items means: a short balance (joining without the
    fee), or another write first."""
    return explain_credits(change.lines, index - 1) or WriteConflict(
        f"item {index} of tournament {change.tournament.id}'s write changed meanwhile")


def match_write_items(table: str, change: MatchWrite) -> list[Item]:
    """The match, claimed by its version (or new), and the notices it sends."""
    version = 1 if change.before_version is None else change.before_version + 1
    return [_versioned_put(table, encode_match(change.match, version, change.due_at), change.before_version),
            *(codec.put(table, codec.encode_notice(notice)) for notice in change.notices)]


WRITES: Writes = {
    TournamentWrite: (tournament_write_items, explain_tournament_write),
    MatchWrite: (match_write_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
