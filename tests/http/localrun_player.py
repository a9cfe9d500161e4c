"""What a client developer writes against the API: a small, legal Feinthold player that reads only the view
the API serves, and a reader of the game item straight from the runner's DynamoDB (for the due loop's tests).
"""

from __future__ import annotations

from typing import Any

import botocore.session

HQ = {"south": "hq-s", "north": "hq-n"}
FORWARD_RELAY = {"south": "r-s", "north": "r-n"}


def neighbours(view: dict[str, Any], position: str) -> list[str]:
    return sorted(b if a == position else a for a, b in view["layout"]["paths"] if position in (a, b))


def steady_orders(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Reinforce the HQ with what the points buy (4 at most), every other turn send half the HQ's units to the
    forward relay when it is a neighbour, and predict an entry on that relay. Always legal."""
    side, turn = view["side"], view["turn"]
    hq, relay = HQ[side], FORWARD_RELAY[side]
    orders: list[dict[str, Any]] = []
    units = min(4, view["points"] // 2)
    if units:
        orders.append({"reinforce": {"at": hq, "units": units, "decoys": 0}})
    at_hq = view["units"].get(hq, 0)
    if turn % 2 == 0 and at_hq >= 2 and relay in neighbours(view, hq):
        orders.append({"move": {"from": hq, "to": relay, "units": at_hq // 2}})
    orders.append({"predict": {"at": relay}})
    return orders


def game_item(dynamodb_endpoint: str, game_id: str, table: str = "feinthold") -> dict[str, Any]:
    """The game's item as stored, read with a client of our own (no API call, no lazy resolution)."""
    client = botocore.session.get_session().create_client(
        "dynamodb", region_name="us-east-1", endpoint_url=dynamodb_endpoint,
        aws_access_key_id="localrun", aws_secret_access_key="localrun")
    item = client.get_item(TableName=table, Key={"pk": {"S": f"GAME#{game_id}"}, "sk": {"S": "GAME"}},
                           ConsistentRead=True)["Item"]
    return {"turn": int(item["step"]["N"]), "status": item["status"]["S"], "due": "due_at" in item}
