"""Records <-> DynamoDB items (low-level attribute values). Engine JSON is kept as compact JSON text:
no float/Decimal round trips, and one attribute to read back."""

from __future__ import annotations

import json
from typing import Any

from gameserver.storage import keys
from gameserver.storage.records import (
    Board,
    Game,
    Invitation,
    LedgerLine,
    Play,
    Profile,
    SideView,
    Submission,
    TurnRecord,
)

Item = dict[str, Any]


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


# ------------------------------------------------------------------ games
def submission_attributes(side: str, sub: Submission) -> dict[str, Any]:
    """The flat attributes of one side's submission on the game item (``None``: absent)."""
    return {
        f"orders_{side}": j(sub.orders),
        f"count_{side}": n(sub.count),
        f"sent_at_{side}": s(sub.sent_at) if sub.sent_at else None,
        f"device_{side}": s(sub.device) if sub.device else None,
        f"address_{side}": s(sub.address) if sub.address else None,
    }


def _decode_submission(item: Item, side: str) -> Submission:
    return Submission(
        orders=_get_j(item, f"orders_{side}"),
        count=_get_n(item, f"count_{side}"),
        sent_at=_get_s(item, f"sent_at_{side}"),
        device=_get_s(item, f"device_{side}"),
        address=_get_s(item, f"address_{side}"),
    )


def encode_game(game: Game) -> Item:
    item: Item = {
        "pk": s(keys.game_pk(game.game_id)),
        "sk": s(keys.GAME),
        "type": s("game"),
        "game_id": s(game.game_id),
        "kind": s(game.kind),
        "mode": s(game.mode),
        "players": {"M": {side: s(p) for side, p in game.players.items()}},
        "pace": s(game.pace),
        "status": s(game.status),
        "turn": n(game.turn),
        "epoch": n(game.epoch),
        "version": n(game.version),
        "created_at": s(game.created_at),
        "opened_at": s(game.opened_at),
        "layout": s(game.layout),
    }
    _opt(item, "deadline", game.deadline)
    _opt(item, "winner", game.winner)
    _opt(item, "finished_at", game.finished_at)
    _opt(item, "house_ai", game.house_ai)
    for side, submission in game.submissions.items():
        for name, value in submission_attributes(side, submission).items():
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
    players = {side: value["S"] for side, value in item["players"]["M"].items()}
    return Game(
        game_id=item["game_id"]["S"],
        kind=item["kind"]["S"],
        mode=item["mode"]["S"],
        players=players,
        pace=item["pace"]["S"],
        status=item["status"]["S"],
        turn=_get_n(item, "turn"),
        epoch=_get_n(item, "epoch"),
        version=_get_n(item, "version"),
        created_at=item["created_at"]["S"],
        opened_at=item["opened_at"]["S"],
        deadline=_get_s(item, "deadline"),
        submissions={side: _decode_submission(item, side) for side in players},
        winner=_get_s(item, "winner"),
        finished_at=_get_s(item, "finished_at"),
        layout=item["layout"]["S"],
        house_ai=_get_s(item, "house_ai"),
    )


def encode_board(board: Board) -> Item:
    return {
        "pk": s(keys.game_pk(board.game_id)),
        "sk": s(keys.BOARD),
        "type": s("board"),
        "epoch": n(board.epoch),
        "state": j(board.state),
        "seed": n(board.seed),
        "doctrines": j(board.doctrines),
    }


def decode_board(item: Item) -> Board:
    return Board(
        game_id=item["pk"]["S"].removeprefix("GAME#"),
        epoch=_get_n(item, "epoch"),
        state=_get_j(item, "state"),
        seed=_get_n(item, "seed"),
        doctrines=_get_j(item, "doctrines"),
    )


def encode_view(view: SideView) -> Item:
    return {
        "pk": s(keys.game_pk(view.game_id)),
        "sk": s(keys.view_sk(view.sub)),
        "type": s("view"),
        "sub": s(view.sub),
        "side": s(view.side),
        "epoch": n(view.epoch),
        "view": j(view.view),
    }


def decode_view(item: Item) -> SideView:
    return SideView(
        game_id=item["pk"]["S"].removeprefix("GAME#"),
        sub=item["sub"]["S"],
        side=item["side"]["S"],
        epoch=_get_n(item, "epoch"),
        view=_get_j(item, "view"),
    )


def _submission_json(sub: Submission) -> dict[str, Any]:
    return {
        "orders": sub.orders,
        "count": sub.count,
        "sent_at": sub.sent_at,
        "device": sub.device,
        "address": sub.address,
    }


def encode_turn(record: TurnRecord) -> Item:
    item: Item = {
        "pk": s(keys.game_pk(record.game_id)),
        "sk": s(keys.turn_sk(record.turn)),
        "type": s("turn"),
        "turn": n(record.turn),
        "opened_at": s(record.opened_at),
        "resolved_at": s(record.resolved_at),
        "closed_by": s(record.closed_by),
        "submissions": j({side: _submission_json(sub) for side, sub in record.submissions.items()}),
        "missed": j(record.missed),
        "state_after": j(record.state_after),
    }
    _opt(item, "deadline", record.deadline)
    return item


def decode_turn(item: Item) -> TurnRecord:
    return TurnRecord(
        game_id=item["pk"]["S"].removeprefix("GAME#"),
        turn=_get_n(item, "turn"),
        opened_at=item["opened_at"]["S"],
        deadline=_get_s(item, "deadline"),
        resolved_at=item["resolved_at"]["S"],
        closed_by=item["closed_by"]["S"],
        submissions={side: Submission(**sub) for side, sub in _get_j(item, "submissions").items()},
        missed=_get_j(item, "missed"),
        state_after=_get_j(item, "state_after"),
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
        "side": s(play.side),
        "opponent": s(play.opponent),
        "mode": s(play.mode),
        "status": s(play.status),
        "turn": n(play.turn),
    }
    _opt(item, "deadline", play.deadline)
    _opt(item, "winner", play.winner)
    return item


def decode_play(item: Item) -> Play:
    return Play(
        sub=item["sub"]["S"],
        game_id=item["game_id"]["S"],
        kind=item["kind"]["S"],
        created_at=item["created_at"]["S"],
        side=item["side"]["S"],
        opponent=item["opponent"]["S"],
        mode=item["mode"]["S"],
        status=item["status"]["S"],
        turn=_get_n(item, "turn"),
        deadline=_get_s(item, "deadline"),
        winner=_get_s(item, "winner"),
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
