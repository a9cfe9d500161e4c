"""A member's client in the tests: it holds only what the API returned (the view JSON) and plays from it."""

from __future__ import annotations

import random
from typing import Any

from rules.feinthold import Layout, Observation, SideView
from rules.feinthold.random_player import random_orders


def side_view(data: dict[str, Any]) -> SideView:
    """The engine's view rebuilt from the JSON the API served (``SideView.to_json``)."""
    return SideView(
        side=data["side"],
        turn=data["turn"],
        over=data["over"],
        winner=data["winner"],
        layout=Layout.from_json(data["layout"]),
        flags=dict(data["flags"]),
        units=dict(data["units"]),
        decoys=dict(data["decoys"]),
        reserve=data["reserve"],
        income=data["income"],
        points=data["points"],
        income_total=data["income_total"],
        seen_turn=data["seen_turn"],
        observations={p: Observation.from_json(o) for p, o in data["observations"].items()},
        history=tuple(data["history"]),
    )


def orders_for(game: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Random legal orders for the member's side, from the game response alone."""
    return random_orders(side_view(game["view"]), rng)
