"""A member's way of playing Front 1901 from what the answers show and nothing else: in a movement phase the
suggested orders (the help route's), in a retreat the first legal order of each unit, in an adjustment the
first builds owed (or the first disbands), so that the same script plays the same way through the domain or
through HTTP."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


def orders_for(view: Json, suggested: list[Json]) -> list[str]:
    """The orders of the open phase: ``suggested`` is the help's suggestion (read only for a movement phase)."""
    if view["step"] == "movement":
        return [s["order"] for s in suggested]
    if view["step"] == "retreat":
        return [entry["orders"][0] for entry in view["legal"]]
    owed = abs(view["adjustment"])
    choices = view["legal"][0]["orders"] if view["legal"] else []
    picked: list[str] = []
    for order in choices:  # builds and disbands: "A PAR B", "F KIE D", "WAIVE"
        place = order.split()[1][:3] if " " in order else order
        if len(picked) < owed and all(p.split()[1][:3] != place for p in picked):
            picked.append(order)
    return picked
