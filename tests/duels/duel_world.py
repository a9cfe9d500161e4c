"""Helpers of the duel wiring tests: members with profiles, turns played through the games domain, and the
credit items read back from the table to check the platform's invariant."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from gameserver.domain import feinthold as games
from gameserver.domain import members as profiles
from gameserver.identity import Caller, Client
from gameserver.platform.duels import CreditKind, LedgerLine, check_invariant
from moto_tables import address_of

NO_ORDERS: list[dict[str, Any]] = []
START = datetime(2026, 11, 30, 9, 0, 0, tzinfo=UTC)
"""Where the manual clock of these tests starts: a Monday morning."""


def join(store, clock, *members: Caller) -> None:
    for caller in members:
        profiles.ensure_profile(store, clock, caller)


def my_view(store, caller: Caller, game_id: str) -> dict[str, Any]:
    views = store.games.read_view(game_id, caller.sub).views
    assert views is not None
    return next(iter(views.views.values()))


def random_orders(store, caller: Caller, game_id: str, seed: int) -> list[dict[str, Any]]:
    """Random legal orders drawn from the member's own view (the test reads the board only to build it)."""
    from rules.feinthold import GameState, view
    from rules.feinthold.random_player import random_orders as draw

    read = store.games.read_step(game_id)
    game, board = read.game, read.board
    side = game.seat_of(caller.sub)
    return draw(view(GameState.from_json(board.state), side), random.Random(seed))


def send(store, clock, caller: Caller, game_id: str, turn: int, orders: list[dict[str, Any]] | None = None):
    return games.submit_orders(store, clock, caller, game_id, turn, NO_ORDERS if orders is None else orders,
                               Client(device=f"device-{caller.sub}", address=address_of(caller.sub)))


def scan(store, *types: str, attributes: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every item of the table (of the given ``type``s only, with only ``attributes`` when named)."""
    client, items, start = store.client, [], None
    kwargs: dict[str, Any] = {"TableName": store.table}
    if types:
        kwargs["FilterExpression"] = "#type IN (" + ", ".join(f":t{n}" for n in range(len(types))) + ")"
        kwargs["ExpressionAttributeNames"] = {"#type": "type"}
        kwargs["ExpressionAttributeValues"] = {f":t{n}": {"S": t} for n, t in enumerate(types)}
    if attributes:
        names = kwargs.setdefault("ExpressionAttributeNames", {})
        names.update({f"#a{n}": a for n, a in enumerate(attributes)})
        kwargs["ProjectionExpression"] = ", ".join(["#type", *(f"#a{n}" for n in range(len(attributes)))])
    while True:
        answer = client.scan(**kwargs, **({"ExclusiveStartKey": start} if start else {}))
        items += answer.get("Items", [])
        start = answer.get("LastEvaluatedKey")
        if not start:
            return items


def _member_items(store, sub: str) -> list[dict[str, Any]]:
    items, start = [], None
    while True:
        answer = store.client.query(
            TableName=store.table, KeyConditionExpression="pk = :pk",
            ExpressionAttributeValues={":pk": {"S": f"MEMBER#{sub}"}}, ConsistentRead=True,
            **({"ExclusiveStartKey": start} if start else {}))
        items += answer.get("Items", [])
        start = answer.get("LastEvaluatedKey")
        if not start:
            return items


def credit_problems(store, members: list[str] | None = None, duel_ids: list[str] = ()) -> list[str]:
    """Every disagreement between the stored balances, escrows and ledger lines (``check_invariant``).

    With ``members`` (everyone who holds credits), their partitions and the duels their lines and
    ``duel_ids`` name are read instead of the whole table: the same answer, much faster on moto. On the
    in-memory store, its tables are read whole."""
    from gameserver.storage.memory import MemoryStore

    if isinstance(store, MemoryStore):
        from gameserver.platform.duels.settlement import escrowed

        held = store.tables
        return check_invariant({sub: p.credits for sub, p in held.profiles.items()},
                               {duel_id: sum(escrowed(s.duel).values()) for duel_id, (s, _) in held.duels.items()},
                               {}, [LedgerLine(line.sub, line.amount, CreditKind(line.kind), line.ref)
                                    for line in held.ledger.values()])
    if members is None:
        items = scan(store, "profile", "duel", "ledger",
                     attributes=("pk", "sub", "credits", "escrow", "amount", "kind", "ref"))
    else:
        items = [item for sub in members for item in _member_items(store, sub)]
        named = sorted({i["ref"]["S"] for i in items if i.get("type", {}).get("S") == "ledger" and i["ref"]["S"]}
                       | set(duel_ids))
        for start in range(0, len(named), 100):
            answer = store.client.batch_get_item(RequestItems={store.table: {"Keys": [
                {"pk": {"S": f"DUEL#{d}"}, "sk": {"S": "DUEL"}} for d in named[start:start + 100]]}})
            items += answer["Responses"][store.table]
    balances: dict[str, int] = {}
    escrows: dict[str, int] = defaultdict(int)
    lines: list[LedgerLine] = []
    for item in items:
        kind = item.get("type", {}).get("S")
        if kind == "profile":
            balances[item["sub"]["S"]] = int(item["credits"]["N"])
        elif kind == "duel":
            escrows[item["pk"]["S"].removeprefix("DUEL#")] = int(item["escrow"]["N"])
        elif kind == "ledger":
            lines.append(LedgerLine(item["sub"]["S"], int(item["amount"]["N"]), CreditKind(item["kind"]["S"]),
                                    item["ref"]["S"]))
    return check_invariant(balances, escrows, {}, lines)


def duel_items(store) -> dict[str, dict[str, Any]]:
    return {item["pk"]["S"].removeprefix("DUEL#"): json.loads(item["duel"]["S"]) for item in scan(store, "duel")}
