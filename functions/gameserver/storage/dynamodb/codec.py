"""Records <-> DynamoDB items (low-level attribute values) of the games and members areas, and the helpers every\nadapter of the table shares. Engine JSON is kept as compact JSON text:
no float/Decimal round trips, and one attribute to read back."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from gameserver.storage.dynamodb import keys
from gameserver.storage.errors import WriteConflict
from gameserver.storage.invitations import Invitation
from gameserver.storage.members import Notice
from gameserver.storage.records import (
    Game,
    HiddenState,
    LedgerLine,
    MemberViews,
    Play,
    Profile,
    Replacement,
    StepRecord,
    Stopped,
    Submission,
)

Item = dict[str, Any]

Writes = dict[type[Any], tuple[Callable[[str, Any], list[Item]], Callable[[Any, int], WriteConflict] | None]]
"""An area's writes (each area module's ``WRITES``): for each kind of write, its items given the table's name,
and what a failed condition at an index of them means (None: a plain ``WriteConflict``)."""


def s(value: str) -> dict[str, str]:
    return {"S": value}


def n(value: int) -> dict[str, str]:
    return {"N": str(value)}


def j(value: Any) -> dict[str, str]:
    return {"S": json.dumps(value, separators=(",", ":"), sort_keys=True)}


def key(pk: str, sk: str) -> Item:
    """An item's primary key, as GetItem, UpdateItem and DeleteItem name it."""
    return {"pk": s(pk), "sk": s(sk)}


def put(table: str, item: Item, condition: str | None = None, names: dict[str, str] | None = None,
        values: Item | None = None) -> Item:
    """One Put of a TransactWriteItems request; the expression parts only when given."""
    request: dict[str, Any] = {"TableName": table, "Item": item}
    if condition:
        request["ConditionExpression"] = condition
    if names:
        request["ExpressionAttributeNames"] = names
    if values:
        request["ExpressionAttributeValues"] = values
    return {"Put": request}


def _opt(item: Item, name: str, value: str | None) -> None:
    if value is not None:
        item[name] = s(value)


def _get_s(item: Item, name: str) -> str | None:
    value = item.get(name)
    return value["S"] if value else None


def _get_n(item: Item, name: str) -> int:
    return int(item[name]["N"])


def _get_j(item: Item, name: str) -> Any:
    return json.loads(item[name]["S"])


# ------------------------------------------------------------------ members
def encode_profile(profile: Profile) -> Item:
    return {
        "pk": s(keys.member_pk(profile.sub)),
        "sk": s(keys.PROFILE),
        "type": s("profile"),
        "sub": s(profile.sub),
        "username": s(profile.username),
        "created_at": s(profile.created_at),
        "credits": n(profile.credits),
    }


def decode_profile(item: Item) -> Profile:
    return Profile(
        sub=item["sub"]["S"],
        username=item["username"]["S"],
        created_at=item["created_at"]["S"],
        credits=_get_n(item, "credits"),
    )


def encode_ledger(line: LedgerLine) -> Item:
    return {
        "pk": s(keys.member_pk(line.sub)),
        "sk": s(keys.ledger_sk(line.at, line.line_id)),
        "type": s("ledger"),
        "sub": s(line.sub),
        "amount": n(line.amount),
        "kind": s(line.kind),
        "at": s(line.at),
        "line_id": s(line.line_id),
        "ref": s(line.ref),
    }


def decode_ledger(item: Item) -> LedgerLine:
    return LedgerLine(
        sub=item["sub"]["S"],
        amount=_get_n(item, "amount"),
        kind=item["kind"]["S"],
        at=item["at"]["S"],
        line_id=item["line_id"]["S"],
        ref=item["ref"]["S"],
    )


def encode_notice(notice: Notice) -> Item:
    item: Item = {
        "pk": s(keys.member_pk(notice.sub)),
        "sk": s(keys.feed_sk(notice.order)),
        "type": s("notice"),
        "kind": s(notice.kind),
        "game": s(notice.game),
        "game_id": s(notice.game_id),
        "ref": s(notice.ref),
        "step": n(notice.step),
        "opened_at": s(notice.opened_at),
    }
    _opt(item, "deadline", notice.deadline)
    return item


def decode_notice(item: Item) -> Notice:
    return Notice(sub=item["pk"]["S"].removeprefix("MEMBER#"), kind=item["kind"]["S"], game_id=item["game_id"]["S"],
                  ref=item["ref"]["S"], step=_get_n(item, "step"), opened_at=item["opened_at"]["S"],
                  deadline=_get_s(item, "deadline"), game=item["game"]["S"])


# ------------------------------------------------------------------ games
def submission_attributes(seat: str, sub: Submission) -> dict[str, Any]:
    """The flat attributes of one seat's submission on the game item (``None``: absent): one UpdateItem sends
    it, its condition naming the seats' counts (``count_{seat}``)."""
    return {
        f"orders_{seat}": j(sub.orders),
        f"count_{seat}": n(sub.count),
        f"sent_at_{seat}": s(sub.sent_at) if sub.sent_at else None,
        f"device_{seat}": s(sub.device) if sub.device else None,
        f"address_{seat}": s(sub.address) if sub.address else None,
    }


def _decode_submission(item: Item, seat: str) -> Submission:
    return Submission(
        orders=_get_j(item, f"orders_{seat}"),
        count=_get_n(item, f"count_{seat}"),
        sent_at=_get_s(item, f"sent_at_{seat}"),
        device=_get_s(item, f"device_{seat}"),
        address=_get_s(item, f"address_{seat}"),
    )


def encode_game(game: Game) -> Item:
    item: Item = {
        "pk": s(keys.game_pk(game.game_id)),
        "sk": s(keys.GAME),
        "type": s("game"),
        "game_id": s(game.game_id),
        "kind": s(game.kind),
        "mode": s(game.mode),
        "players": {"M": {seat: s(p) for seat, p in game.players.items()}},
        "seats_open": {"L": [s(seat) for seat in game.submissions]},
        "awaiting": {"L": [s(seat) for seat in game.awaiting]},
        "actions": j(list(game.actions)),
        "pace": s(game.pace),
        "status": s(game.status),
        "step": n(game.step),
        "label": s(game.label),
        "epoch": n(game.epoch),
        "version": n(game.version),
        "created_at": s(game.created_at),
        "opened_at": s(game.opened_at),
        "options": {"M": {name: s(value) for name, value in game.options.items()}},
    }
    _opt(item, "deadline", game.deadline)
    _opt(item, "winner", game.winner)
    _opt(item, "result", game.result)
    _opt(item, "finished_at", game.finished_at)
    if game.replaced:
        item["replaced"] = j([dataclasses.asdict(r) for r in game.replaced])
    if game.stopped is not None:
        item["stopped"] = j(dataclasses.asdict(game.stopped))
    for seat, submission in game.submissions.items():
        for name, value in submission_attributes(seat, submission).items():
            if value is not None:
                item[name] = value
    if game.status == "open" and game.deadline:
        item["due_shard"] = s(keys.due_shard(game.game_id))
        item["due_at"] = s(game.deadline)
    if game.status == "over" and game.finished_at:
        item["gsi1pk"] = s(keys.finished_gsi1pk(game.kind, game.finished_at[:10]))
        item["gsi1sk"] = s(f"{game.finished_at}#{game.game_id}")
    return item


def decode_game(item: Item) -> Game:
    return Game(
        game_id=item["game_id"]["S"],
        kind=item["kind"]["S"],
        mode=item["mode"]["S"],
        players={seat: value["S"] for seat, value in item["players"]["M"].items()},
        pace=item["pace"]["S"],
        status=item["status"]["S"],
        step=_get_n(item, "step"),
        label=item["label"]["S"],
        epoch=_get_n(item, "epoch"),
        version=_get_n(item, "version"),
        created_at=item["created_at"]["S"],
        opened_at=item["opened_at"]["S"],
        deadline=_get_s(item, "deadline"),
        submissions={seat["S"]: _decode_submission(item, seat["S"]) for seat in item["seats_open"]["L"]},
        awaiting=tuple(seat["S"] for seat in item["awaiting"]["L"]),
        actions=tuple(_get_j(item, "actions")),
        winner=_get_s(item, "winner"),
        result=_get_s(item, "result"),
        finished_at=_get_s(item, "finished_at"),
        options={name: value["S"] for name, value in item["options"]["M"].items()},
        replaced=tuple(Replacement(**r) for r in _get_j(item, "replaced")) if "replaced" in item else (),
        stopped=Stopped(**_get_j(item, "stopped")) if "stopped" in item else None,
    )


def encode_board(board: HiddenState) -> Item:
    return {
        "pk": s(keys.game_pk(board.game_id)),
        "sk": s(keys.BOARD),
        "type": s("board"),
        "epoch": n(board.epoch),
        "state": j(board.state),
        "seed": n(board.seed),
        "stand_ins": j(board.stand_ins),
    }


def decode_board(item: Item) -> HiddenState:
    return HiddenState(
        game_id=item["pk"]["S"].removeprefix("GAME#"),
        epoch=_get_n(item, "epoch"),
        state=_get_j(item, "state"),
        seed=_get_n(item, "seed"),
        stand_ins=_get_j(item, "stand_ins"),
    )


def encode_views(views: MemberViews) -> Item:
    return {
        "pk": s(keys.game_pk(views.game_id)),
        "sk": s(keys.views_sk(views.sub)),
        "type": s("views"),
        "sub": s(views.sub),
        "epoch": n(views.epoch),
        "views": j(views.views),
    }


def decode_views(item: Item) -> MemberViews:
    return MemberViews(
        game_id=item["pk"]["S"].removeprefix("GAME#"),
        sub=item["sub"]["S"],
        epoch=_get_n(item, "epoch"),
        views=_get_j(item, "views"),
    )


def _submission_json(sub: Submission) -> dict[str, Any]:
    return {
        "orders": sub.orders,
        "count": sub.count,
        "sent_at": sub.sent_at,
        "device": sub.device,
        "address": sub.address,
    }


def encode_step(record: StepRecord) -> Item:
    item: Item = {
        "pk": s(keys.game_pk(record.game_id)),
        "sk": s(keys.step_sk(record.step)),
        "type": s("step"),
        "step": n(record.step),
        "label": s(record.label),
        "opened_at": s(record.opened_at),
        "resolved_at": s(record.resolved_at),
        "closed_by": s(record.closed_by),
        "submissions": j({seat: _submission_json(sub) for seat, sub in record.submissions.items()}),
        "missed": j(record.missed),
        "record": j(record.record),
    }
    if record.actions:
        item["actions"] = j(list(record.actions))
    _opt(item, "deadline", record.deadline)
    return item


def decode_step(item: Item) -> StepRecord:
    return StepRecord(
        game_id=item["pk"]["S"].removeprefix("GAME#"),
        step=_get_n(item, "step"),
        label=item["label"]["S"],
        opened_at=item["opened_at"]["S"],
        deadline=_get_s(item, "deadline"),
        resolved_at=item["resolved_at"]["S"],
        closed_by=item["closed_by"]["S"],
        submissions={seat: Submission(**sub) for seat, sub in _get_j(item, "submissions").items()},
        missed=_get_j(item, "missed"),
        record=_get_j(item, "record"),
        actions=tuple(_get_j(item, "actions")) if "actions" in item else (),
    )


def encode_play(play: Play) -> Item:
    item: Item = {
        "pk": s(keys.member_pk(play.sub)),
        "sk": s(keys.play_sk(play.kind, play.created_at, play.game_id)),
        "type": s("play"),
        "sub": s(play.sub),
        "game_id": s(play.game_id),
        "kind": s(play.kind),
        "created_at": s(play.created_at),
        "seats": {"L": [s(seat) for seat in play.seats]},
        "players": {"M": {seat: s(p) for seat, p in play.players.items()}},
        "mode": s(play.mode),
        "status": s(play.status),
        "step": n(play.step),
        "label": s(play.label),
    }
    _opt(item, "deadline", play.deadline)
    _opt(item, "winner", play.winner)
    _opt(item, "result", play.result)
    return item


def decode_play(item: Item) -> Play:
    return Play(
        sub=item["sub"]["S"],
        game_id=item["game_id"]["S"],
        kind=item["kind"]["S"],
        created_at=item["created_at"]["S"],
        seats=tuple(seat["S"] for seat in item["seats"]["L"]),
        players={seat: value["S"] for seat, value in item["players"]["M"].items()},
        mode=item["mode"]["S"],
        status=item["status"]["S"],
        step=_get_n(item, "step"),
        label=item["label"]["S"],
        deadline=_get_s(item, "deadline"),
        winner=_get_s(item, "winner"),
        result=_get_s(item, "result"),
    )


# ------------------------------------------------------------------ invitations
def encode_invitation(inv: Invitation) -> Item:
    item: Item = {
        "pk": s(keys.invitation_pk(inv.invitation_id)),
        "sk": s(keys.INVITATION),
        "type": s("invitation"),
        "invitation_id": s(inv.invitation_id),
        "kind": s(inv.kind),
        "inviter": s(inv.inviter),
        "invitee": s(inv.invitee),
        "pace": s(inv.pace),
        "status": s(inv.status),
        "created_at": s(inv.created_at),
        "valid_until": s(inv.expires_at),
        "gsi2pk": s(keys.inviter_gsi2pk(inv.inviter)),
        "gsi2sk": s(f"{inv.created_at}#{inv.invitation_id}"),
    }
    _opt(item, "layout", inv.layout)
    _opt(item, "inviter_side", inv.inviter_side)
    _opt(item, "game_id", inv.game_id)
    _opt(item, "answered_at", inv.answered_at)
    if inv.status == "pending":
        item["gsi1pk"] = s(keys.invitee_gsi1pk(inv.invitee))
        item["gsi1sk"] = s(f"{inv.created_at}#{inv.invitation_id}")
    return item


def decode_invitation(item: Item) -> Invitation:
    return Invitation(
        invitation_id=item["invitation_id"]["S"],
        kind=item["kind"]["S"],
        inviter=item["inviter"]["S"],
        invitee=item["invitee"]["S"],
        layout=_get_s(item, "layout"),
        inviter_side=_get_s(item, "inviter_side"),
        pace=item["pace"]["S"],
        status=item["status"]["S"],
        created_at=item["created_at"]["S"],
        expires_at=item["valid_until"]["S"],
        game_id=_get_s(item, "game_id"),
        answered_at=_get_s(item, "answered_at"),
    )
