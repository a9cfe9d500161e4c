"""The DynamoDB adapter of the storage port: low-level client, single table, conditional writes, transactions.

Items are written whole from the records (``codec``) except the one hot path, a submission, which is an
``UpdateItem`` whose condition holds the turn number and the side's submission count.
"""

from __future__ import annotations

import threading
from typing import Any

from gameserver.storage import codec, keys
from gameserver.storage.batch import batch_get
from gameserver.storage.client import dynamodb_client
from gameserver.storage.cursors import decode_sort_key, encode_sort_key
from gameserver.storage.port import Conflict
from gameserver.storage.records import (
    Board,
    Game,
    Invitation,
    LedgerLine,
    Page,
    Play,
    Profile,
    SideView,
    Submission,
    TurnRecord,
)
from gameserver.storage.tables import DUE_INDEX, GSI1, GSI2

_EPOCH_RETRIES = 3
_DUEL_PK, _DUEL_SK = "DUEL#{}", "DUEL"
"""A duel's item (``storage.duels.duel_pk``): its game has the duel's id."""
_DUELS_KEPT = 64


class DynamoStorage:
    def __init__(self, table_name: str | None = None, client: Any = None) -> None:
        if table_name is None:
            from gameserver.config import get_settings

            table_name = get_settings().table_name
        self.table = table_name
        self._client = client
        self._duels_read: dict[str, tuple[int, dict[str, Any]]] = {}
        """game id -> (the game's version, the duel item read with it): a duel's game reads its duel in the
        turn's own BatchGetItem, and the turn's transaction carries the duel's update (``duel_read_with``)."""
        self._duels_lock = threading.Lock()

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = dynamodb_client()
        return self._client

    # ---------------------------------------------------------------- members
    def get_profile(self, sub: str) -> Profile | None:
        item = self.client.get_item(
            TableName=self.table, Key=codec.key(keys.member_pk(sub), keys.PROFILE), ConsistentRead=True
        ).get("Item")
        return codec.decode_profile(item) if item else None

    def create_profile(self, profile: Profile, grant: LedgerLine) -> bool:
        try:
            self.client.transact_write_items(
                TransactItems=[
                    codec.put(self.table, codec.encode_profile(profile), "attribute_not_exists(pk)"),
                    codec.put(self.table, codec.encode_ledger(grant), "attribute_not_exists(pk)"),
                ]
            )
        except self.client.exceptions.TransactionCanceledException:
            return False
        return True

    # ---------------------------------------------------------------- games
    def create_game(
        self,
        game: Game,
        board: Board,
        views: list[SideView],
        plays: list[Play],
        accept: Invitation | None = None,
    ) -> None:
        items = [
            codec.put(self.table, codec.encode_game(game), "attribute_not_exists(pk)"),
            codec.put(self.table, codec.encode_board(board)),
            *(codec.put(self.table, codec.encode_view(v)) for v in views),
            *(codec.put(self.table, codec.encode_play(p)) for p in plays),
        ]
        if accept is not None:
            items.append(codec.put(self.table, codec.encode_invitation(accept), *_still_pending()))
        self._transact(items)

    def get_game(self, game_id: str) -> Game | None:
        item = self.client.get_item(
            TableName=self.table, Key=codec.key(keys.game_pk(game_id), keys.GAME), ConsistentRead=True
        ).get("Item")
        return codec.decode_game(item) if item else None

    def read_view(self, game_id: str, sub: str) -> tuple[Game | None, SideView | None]:
        game, _, view = self._read_game_items(game_id, sub, with_board=False)
        return game, view

    def read_for_turn(
        self, game_id: str, sub: str | None = None
    ) -> tuple[Game | None, Board | None, SideView | None]:
        return self._read_game_items(game_id, sub, with_board=True)

    def _read_game_items(
        self, game_id: str, sub: str | None, with_board: bool
    ) -> tuple[Game | None, Board | None, SideView | None]:
        """One BatchGetItem; read again in the rare case it straddled a turn's transaction (epochs differ).

        A turn's read (``with_board``) also asks for the duel item of the same id: a duel's game resolves its
        turn and updates its duel in one transaction, on what this one request read. Any other game has no
        such item (a key not found costs the minimum read unit, no request)."""
        pk = keys.game_pk(game_id)
        wanted = [(pk, keys.GAME)] + ([(pk, keys.BOARD)] if with_board else []) + (
            [(pk, keys.view_sk(sub))] if sub else [])
        duel_key = (_DUEL_PK.format(game_id), _DUEL_SK)
        if with_board:
            wanted.append(duel_key)
        for _ in range(_EPOCH_RETRIES):
            items = self._batch_get(wanted)
            game = codec.decode_game(items[(pk, keys.GAME)]) if (pk, keys.GAME) in items else None
            board = codec.decode_board(items[(pk, keys.BOARD)]) if (pk, keys.BOARD) in items else None
            view_key = (pk, keys.view_sk(sub)) if sub else None
            view = codec.decode_view(items[view_key]) if view_key in items else None
            if game is None:
                return None, None, None
            if all(part is None or part.epoch == game.epoch for part in (board, view)):
                if duel_key in items and game.mode == "duel":
                    self._remember_duel(game_id, game.version, items[duel_key])
                return game, board, view
        raise Conflict(f"game {game_id} kept changing while being read")

    def _remember_duel(self, game_id: str, game_version: int, item: dict[str, Any]) -> None:
        with self._duels_lock:  # one adapter may serve several threads (the local runner)
            self._duels_read.pop(game_id, None)
            self._duels_read[game_id] = (game_version, item)
            while len(self._duels_read) > _DUELS_KEPT:  # a warm process keeps only its latest duels' items
                self._duels_read.pop(next(iter(self._duels_read)))

    def duel_read_with(self, game: Game) -> dict[str, Any] | None:
        """The duel item read (or written) together with ``game`` at its version; None if it was not."""
        kept = self._duels_read.get(game.game_id)
        return kept[1] if kept is not None and kept[0] == game.version else None

    def _batch_get(self, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
        return batch_get(self.client, self.table, [codec.key(pk, sk) for pk, sk in wanted])

    def save_submission(self, game: Game, side: str, submission: Submission, opponent_must_wait: bool) -> Game:
        opponent = next(s for s in game.players if s != side)
        names = {"#turn": "turn", "#status": "status", "#version": "version", "#count": f"count_{side}"}
        values: dict[str, Any] = {
            ":turn": codec.n(game.turn),
            ":open": codec.s("open"),
            ":count": codec.n(game.submissions[side].count),
            ":one": codec.n(1),
        }
        condition = "#turn = :turn AND #status = :open AND #count = :count"
        if opponent_must_wait:
            names["#opponent"] = f"count_{opponent}"
            values[":zero"] = codec.n(0)
            condition += " AND #opponent = :zero"
        sets = ["#version = #version + :one"]
        removes = []
        for field, value in codec.submission_attributes(side, submission).items():
            names[f"#{field}"] = field
            if value is None:
                removes.append(f"#{field}")
            else:
                values[f":{field}"] = value
                sets.append(f"#{field} = :{field}")
        expression = "SET " + ", ".join(sets) + (" REMOVE " + ", ".join(removes) if removes else "")
        try:
            answer = self.client.update_item(
                TableName=self.table,
                Key=codec.key(keys.game_pk(game.game_id), keys.GAME),
                UpdateExpression=expression,
                ConditionExpression=condition,
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=values,
                ReturnValues="ALL_NEW",
            )
        except self.client.exceptions.ConditionalCheckFailedException as error:
            raise Conflict(f"turn {game.turn} of game {game.game_id} changed meanwhile") from error
        return codec.decode_game(answer["Attributes"])

    def commit_turn(
        self,
        before: Game,
        after: Game,
        board: Board,
        views: list[SideView],
        record: TurnRecord,
        plays: list[Play],
        duel: tuple[dict[str, Any], list[dict[str, Any]]] | None = None,
    ) -> None:
        """The turn's transaction; ``duel`` (the duel item as written, and every transaction item of the duel's
        update, the duel's own first) rides in it for a duel's game: all of it commits, or none of it."""
        self._transact(
            [
                codec.put(
                    self.table,
                    codec.encode_game(after),
                    "#version = :version",
                    {"#version": "version"},
                    {":version": codec.n(before.version)},
                ),
                codec.put(self.table, codec.encode_board(board)),
                *(codec.put(self.table, codec.encode_view(v)) for v in views),
                codec.put(self.table, codec.encode_turn(record), "attribute_not_exists(pk)"),
                *(codec.put(self.table, codec.encode_play(p)) for p in plays),
                *(duel[1] if duel else ()),
            ]
        )
        if duel is not None:
            self._remember_duel(after.game_id, after.version, duel[0])

    def list_plays(self, sub: str, kind: str, cursor: str | None, limit: int) -> Page:
        prefix = keys.play_prefix(kind)
        request: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {":pk": codec.s(keys.member_pk(sub)), ":prefix": codec.s(prefix)},
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = codec.key(keys.member_pk(sub), decode_sort_key(cursor, prefix))
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page(
            items=[codec.decode_play(item) for item in answer.get("Items", [])],
            cursor=encode_sort_key(last["sk"]["S"]) if last else None,
        )

    def turn_records(self, game_id: str) -> list[TurnRecord]:
        records: list[TurnRecord] = []
        request: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {
                ":pk": codec.s(keys.game_pk(game_id)),
                ":prefix": codec.s(keys.TURN_PREFIX),
            },
            "ConsistentRead": True,
        }
        while True:
            answer = self.client.query(**request)
            records.extend(codec.decode_turn(item) for item in answer.get("Items", []))
            if "LastEvaluatedKey" not in answer:
                return records
            request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]

    def due_turns(self, now: str, limit: int) -> list[tuple[str, int, str]]:
        due: list[tuple[str, int, str]] = []
        for shard in keys.all_due_shards():
            answer = self.client.query(
                TableName=self.table,
                IndexName=DUE_INDEX,
                KeyConditionExpression="due_shard = :shard AND due_at <= :now",
                ExpressionAttributeValues={":shard": codec.s(shard), ":now": codec.s(now)},
                Limit=limit,
            )
            for item in answer.get("Items", []):
                game_id = item["pk"]["S"].removeprefix("GAME#")
                due.append((game_id, int(item["turn"]["N"]), item["due_at"]["S"]))
        due.sort(key=lambda entry: entry[2])
        return due[:limit]

    # ---------------------------------------------------------------- invitations
    def put_invitation(self, invitation: Invitation) -> None:
        self.client.put_item(
            TableName=self.table,
            Item=codec.encode_invitation(invitation),
            ConditionExpression="attribute_not_exists(pk)",
        )

    def get_invitation(self, invitation_id: str) -> Invitation | None:
        item = self.client.get_item(
            TableName=self.table,
            Key=codec.key(keys.invitation_pk(invitation_id), keys.INVITATION),
            ConsistentRead=True,
        ).get("Item")
        return codec.decode_invitation(item) if item else None

    def answer_invitation(self, invitation: Invitation) -> None:
        condition, names, values = _still_pending()
        try:
            self.client.put_item(
                TableName=self.table,
                Item=codec.encode_invitation(invitation),
                ConditionExpression=condition,
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=values,
            )
        except self.client.exceptions.ConditionalCheckFailedException as error:
            raise Conflict(f"invitation {invitation.invitation_id} was already answered") from error

    def list_invitations(self, sub: str, received: bool, limit: int) -> list[Invitation]:
        index, hash_name, hash_value = (
            (GSI1, "gsi1pk", keys.invitee_gsi1pk(sub)) if received else (GSI2, "gsi2pk", keys.inviter_gsi2pk(sub))
        )
        answer = self.client.query(
            TableName=self.table,
            IndexName=index,
            KeyConditionExpression=f"{hash_name} = :pk",
            ExpressionAttributeValues={":pk": codec.s(hash_value)},
            ScanIndexForward=False,
            Limit=limit,
        )
        return [codec.decode_invitation(item) for item in answer.get("Items", [])]

    # ---------------------------------------------------------------- helpers
    def _transact(self, items: list[dict[str, Any]]) -> None:
        try:
            self.client.transact_write_items(TransactItems=items)
        except self.client.exceptions.TransactionCanceledException as error:
            raise Conflict(str(error)) from error


def _still_pending() -> tuple[str, dict[str, str], dict[str, Any]]:
    return "#status = :pending", {"#status": "status"}, {":pending": codec.s("pending")}


