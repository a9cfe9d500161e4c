"""The games area on DynamoDB: ``GAME#{id}`` holds the game item (``GAME``), its board (``BOARD``), each member's
views (``VIEW#{sub}``) and the record of each step (``STEP#{000001}``); ``MEMBER#{sub} / PLAY#...`` lists a
member's games.

Items are written whole from the records (``codec``), in the store's transactions, except the one hot path, a
submission: one ``UpdateItem`` whose condition holds the step number and the seats' submission counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gameserver.storage.cursors import (
    InvalidCursor,
    decode_json,
    decode_sort_key,
    encode_json,
    encode_sort_key,
)
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.area import Area
from gameserver.storage.dynamodb.batch import batch_get
from gameserver.storage.dynamodb.codec import Writes
from gameserver.storage.dynamodb.tables import DUE_INDEX
from gameserver.storage.errors import WriteConflict
from gameserver.storage.events import EventWrite
from gameserver.storage.games import DueStep, GameClose, NewGame, StepCommit, StepRead
from gameserver.storage.records import Game, Json, Page, Seat, StepRecord, Submission

if TYPE_CHECKING:
    from gameserver.storage.games import Companion

Item = dict[str, Any]

_EPOCH_RETRIES = 3


class DynamoGames(Area):
    def get(self, game_id: str) -> Game | None:
        item = self.client.get_item(
            TableName=self.table, Key=codec.key(keys.game_pk(game_id), keys.GAME), ConsistentRead=True
        ).get("Item")
        return codec.decode_game(item) if item else None

    def board(self, game_id: str) -> Any:
        item = self.client.get_item(
            TableName=self.table, Key=codec.key(keys.game_pk(game_id), keys.BOARD), ConsistentRead=True
        ).get("Item")
        return codec.decode_board(item) if item else None

    def read_view(self, game_id: str, sub: str) -> StepRead:
        return self._read(game_id, sub, with_board=False, companions=())

    def read_step(self, game_id: str, sub: str | None = None, companions: Sequence[Companion] = ()) -> StepRead:
        return self._read(game_id, sub, with_board=True, companions=companions)

    def _read(self, game_id: str, sub: str | None, with_board: bool, companions: Sequence[Companion]) -> StepRead:
        """One BatchGetItem; read again in the rare case it straddled a step's transaction (epochs differ)."""
        pk = keys.game_pk(game_id)
        wanted = [(pk, keys.GAME)] + ([(pk, keys.BOARD)] if with_board else []) + (
            [(pk, keys.views_sk(sub))] if sub else [])
        companion_keys = {companion: self._store.companion_key(companion) for companion in companions}
        wanted += list(companion_keys.values())
        for _ in range(_EPOCH_RETRIES):
            items = batch_get(self.client, self.table, [codec.key(p, s) for p, s in wanted])
            game = codec.decode_game(items[(pk, keys.GAME)]) if (pk, keys.GAME) in items else None
            if game is None:
                return StepRead(game=None)
            board = codec.decode_board(items[(pk, keys.BOARD)]) if (pk, keys.BOARD) in items else None
            views_key = (pk, keys.views_sk(sub)) if sub else None
            views = codec.decode_views(items[views_key]) if views_key in items else None
            if all(part is None or part.epoch == game.epoch for part in (board, views)):
                found = {companion: self._store.decode_companion(companion, items.get(key))
                         for companion, key in companion_keys.items()}
                return StepRead(game=game, board=board, views=views, companions=found)
        raise WriteConflict(f"game {game_id} kept changing while being read")

    def save_submission(self, game: Game, seat: Seat, submission: Submission, events: EventWrite | None = None
                        ) -> Game:
        others = [other for other in game.awaiting if other != seat]
        if not others:
            raise ValueError(f"seat {seat}'s orders complete step {game.step}: they resolve it, not wait")
        names = {"#step": "step", "#status": "status", "#version": "version", "#mine": f"count_{seat}"}
        values: dict[str, Any] = {":step": codec.n(game.step), ":open": codec.s("open"), ":one": codec.n(1),
                                  ":mine": codec.n(game.submissions[seat].count), ":zero": codec.n(0)}
        waiting = []
        for index, other in enumerate(others):
            names[f"#o{index}"] = f"count_{other}"
            waiting.append(f"#o{index} = :zero")
        conditions = ["#step = :step", "#status = :open", "#mine = :mine", "(" + " OR ".join(waiting) + ")"]
        if events is not None:
            # The events are at the version written: the game item must still be at the one they were built on.
            conditions.append("#version = :version")
            values[":version"] = codec.n(game.version)
        sets = ["#version = #version + :one"]
        removes = []
        for index, (field, value) in enumerate(codec.submission_attributes(seat, submission).items()):
            names[f"#f{index}"] = field
            if value is None:
                removes.append(f"#f{index}")
            else:
                values[f":f{index}"] = value
                sets.append(f"#f{index} = :f{index}")
        expression = "SET " + ", ".join(sets) + (" REMOVE " + ", ".join(removes) if removes else "")
        update = {"Key": codec.key(keys.game_pk(game.game_id), keys.GAME), "UpdateExpression": expression,
                  "ConditionExpression": " AND ".join(conditions), "ExpressionAttributeNames": names,
                  "ExpressionAttributeValues": values}
        written = replace(game, version=game.version + 1, submissions={**game.submissions, seat: submission})
        return self._update_game(game, update, events, written)

    def save_action(self, game: Game, action: Json, events: EventWrite | None = None) -> Game:
        update = {
            "Key": codec.key(keys.game_pk(game.game_id), keys.GAME),
            "UpdateExpression": "SET #actions = :actions, #version = #version + :one",
            "ConditionExpression": "#step = :step AND #status = :open AND #version = :version",
            "ExpressionAttributeNames": {"#actions": "actions", "#version": "version", "#step": "step",
                                         "#status": "status"},
            "ExpressionAttributeValues": {":actions": codec.j([*game.actions, action]), ":one": codec.n(1),
                                          ":step": codec.n(game.step), ":open": codec.s("open"),
                                          ":version": codec.n(game.version)},
        }
        written = replace(game, version=game.version + 1, actions=(*game.actions, action))
        return self._update_game(game, update, events, written)

    def _update_game(self, game: Game, update: dict[str, Any], events: EventWrite | None, written: Game) -> Game:
        """One conditional update of the game item: alone (one UpdateItem, answering the item as written), or
        with the events it causes (one transaction: ``written``, the game as the update leaves it)."""
        refused = f"step {game.step} of game {game.game_id} changed meanwhile"
        if events is None:
            try:
                answer = self.client.update_item(TableName=self.table, ReturnValues="ALL_NEW", **update)
            except self.client.exceptions.ConditionalCheckFailedException as error:
                raise WriteConflict(refused) from error
            return codec.decode_game(answer["Attributes"])
        from gameserver.storage.dynamodb.events import event_items

        self._store.transact_items([{"Update": {"TableName": self.table, **update}},
                                    *event_items(self.table, events)], refused=refused)
        return written

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
            request["ExclusiveStartKey"] = codec.key(keys.member_pk(sub), decode_sort_key(cursor, keys.member_pk(sub),
                                                                                          prefix))
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page(
            items=[codec.decode_play(item) for item in answer.get("Items", [])],
            cursor=encode_sort_key(keys.member_pk(sub), last["sk"]["S"]) if last else None,
        )

    def list_all_plays(self, sub: str, kinds: Sequence[str], cursor: str | None, limit: int) -> Page:
        """Each kind's own list read from where the last page left it (the cursor holds, per kind with more to
        show, the sort key of the last entry shown), merged newest first."""
        going: dict[str, str | None] = {kind: None for kind in kinds}
        if cursor:
            held = decode_json(cursor)
            if not isinstance(held, dict) or not all(
                    kind in kinds and (after is None or isinstance(after, str) and after.startswith(keys.play_prefix(kind)))
                    for kind, after in held.items()):
                raise InvalidCursor()
            going = held
        read: list[tuple[str, str, Item]] = []
        more: dict[str, bool] = {}
        for kind, after in going.items():
            request: dict[str, Any] = {
                "TableName": self.table,
                "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
                "ExpressionAttributeValues": {":pk": codec.s(keys.member_pk(sub)),
                                              ":prefix": codec.s(keys.play_prefix(kind))},
                "ScanIndexForward": False,
                "Limit": limit,
            }
            if after:
                request["ExclusiveStartKey"] = codec.key(keys.member_pk(sub), after)
            answer = self.client.query(**request)
            read += [(kind, item["sk"]["S"], item) for item in answer.get("Items", [])]
            more[kind] = "LastEvaluatedKey" in answer
        read.sort(key=lambda entry: (entry[2]["created_at"]["S"], entry[2]["game_id"]["S"]), reverse=True)
        shown = read[:limit]
        left: dict[str, str | None] = {}
        for kind, after in going.items():
            taken = [sk for k, sk, _ in shown if k == kind]
            if more[kind] or len(taken) < sum(1 for k, _, _ in read if k == kind):
                left[kind] = taken[-1] if taken else after
        return Page([codec.decode_play(item) for _, _, item in shown], encode_json(left) if left else None)

    def step_records(self, game_id: str) -> list[StepRecord]:
        records: list[StepRecord] = []
        request: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {
                ":pk": codec.s(keys.game_pk(game_id)),
                ":prefix": codec.s(keys.STEP_PREFIX),
            },
            "ConsistentRead": True,
        }
        while True:
            answer = self.client.query(**request)
            records.extend(codec.decode_step(item) for item in answer.get("Items", []))
            if "LastEvaluatedKey" not in answer:
                return records
            request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]

    def step_page(self, game_id: str, cursor: str | None, limit: int) -> Page:
        request: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {":pk": codec.s(keys.game_pk(game_id)), ":prefix": codec.s(keys.STEP_PREFIX)},
            "ConsistentRead": True,
            "Limit": limit,
        }
        if cursor:
            request["ExclusiveStartKey"] = codec.key(keys.game_pk(game_id),
                                                     decode_sort_key(cursor, keys.game_pk(game_id), keys.STEP_PREFIX))
        answer = self.client.query(**request)
        last = answer.get("LastEvaluatedKey")
        return Page([codec.decode_step(item) for item in answer.get("Items", [])],
                     encode_sort_key(keys.game_pk(game_id), last["sk"]["S"]) if last else None)

    def due_steps(self, now: str, limit: int) -> list[DueStep]:
        due: list[DueStep] = []
        for shard in keys.all_due_shards():
            answer = self.client.query(
                TableName=self.table,
                IndexName=DUE_INDEX,
                KeyConditionExpression="due_shard = :shard AND due_at <= :now",
                ExpressionAttributeValues={":shard": codec.s(shard), ":now": codec.s(now)},
                Limit=limit,
            )
            due += [DueStep(item["pk"]["S"].removeprefix("GAME#"), int(item["step"]["N"]), item["due_at"]["S"])
                    for item in answer.get("Items", [])]
        due.sort(key=lambda entry: entry.due_at)
        return due[:limit]


# ------------------------------------------------------------------ the games area's writes in a transaction
def new_game_items(table: str, write: NewGame) -> list[Item]:
    return [
        codec.put(table, codec.encode_game(write.game), "attribute_not_exists(pk)"),
        codec.put(table, codec.encode_board(write.board)),
        *(codec.put(table, codec.encode_views(v)) for v in write.views),
        *(codec.put(table, codec.encode_play(p)) for p in write.plays),
    ]


def _claimed_game(table: str, game: Game, before_version: int) -> Item:
    return codec.put(table, codec.encode_game(game), "#version = :version", {"#version": "version"},
                     {":version": codec.n(before_version)})


def step_commit_items(table: str, write: StepCommit) -> list[Item]:
    return [
        _claimed_game(table, write.game, write.before_version),
        codec.put(table, codec.encode_board(write.board)),
        *(codec.put(table, codec.encode_views(v)) for v in write.views),
        *(codec.put(table, codec.encode_step(r), "attribute_not_exists(pk)") for r in write.records),
        *(codec.put(table, codec.encode_play(p)) for p in write.plays),
        *({"Delete": {"TableName": table, "Key": codec.key(keys.game_pk(write.game.game_id), keys.views_sk(sub))}}
          for sub in write.dropped),
    ]


def game_close_items(table: str, write: GameClose) -> list[Item]:
    return [
        _claimed_game(table, write.game, write.before_version),
        *(codec.put(table, codec.encode_play(p)) for p in write.plays),
        codec.put(table, codec.encode_board(write.board)),
        *(codec.put(table, codec.encode_views(v)) for v in write.views),
    ]


WRITES: Writes = {
    StepCommit: (step_commit_items, None),
    NewGame: (new_game_items, None),
    GameClose: (game_close_items, None),
}
"""The writes of this area a transaction may hold: the items of each, and what a failed condition of them means
(None: a plain ``WriteConflict``)."""
