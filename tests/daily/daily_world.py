"""What the Daily Front's stored tests share: the salt the environment gives, members, a player's legal orders,
and crafted results written the way a game's end writes them."""

from __future__ import annotations

from datetime import UTC, datetime

from gameserver.identity import Caller

SALT = "daily-front-test-salt-0123456789"
MONDAY_MORNING = datetime(2026, 11, 23, 9, 0, 0, tzinfo=UTC)
HQ = {"south": "hq-s", "north": "hq-n"}
RELAY = {"south": "r-s", "north": "r-n"}


def member(name: str) -> Caller:
    return Caller(sub=f"{name}-sub", groups=frozenset(), username=name)


def enter(store, day, name: str, outcome, turns: int = 8, seconds: int = 300, positions: int = 3,
          income: int = 50, reason=None) -> str:
    """A member's finished Front of ``day`` with a crafted result, written the way a game's end writes it: the
    entry made at the start (``playing``), then ``save_result``. Returns what ``save_result`` said."""
    from gameserver.domain.daily.results import save_result
    from gameserver.platform.daily import DayResult
    from gameserver.storage.daily import FrontEntry
    from gameserver.storage.dynamodb.daily import encode_entry

    caller = member(name)
    game_id = f"game-{name}-{day.isoformat()}"
    entry = FrontEntry(day=day, member=caller.sub, name=name, game_id=game_id, side="south",
                       started_at=f"{day.isoformat()}T10:00:00Z")
    store.client.put_item(TableName=store.table, Item=encode_entry(entry))
    result = DayResult(caller.sub, outcome, turns, seconds, positions, income)
    return save_result(store, day, game_id, result, reason, f"{day.isoformat()}T10:10:00Z")


def steady_orders(view: dict) -> list[dict]:
    """Reinforce the HQ, every other turn send half of it to the forward relay; always legal."""
    side, orders = view["side"], []
    hq, relay = HQ[side], RELAY[side]
    if units := min(4, view["points"] // 2):
        orders.append({"reinforce": {"at": hq, "units": units, "decoys": 0}})
    paths = view["layout"]["paths"]
    near = {b if a == hq else a for a, b in paths if hq in (a, b)}
    if view["turn"] % 2 == 0 and view["units"].get(hq, 0) >= 2 and relay in near:
        orders.append({"move": {"from": hq, "to": relay, "units": view["units"][hq] // 2}})
    orders.append({"predict": {"at": relay}})
    return orders
