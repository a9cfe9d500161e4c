"""A client that plays well from the API's view alone: the view's JSON read back as the engine's side view, and
a house AI's public rules read on it (what a member's client could do with the rules the API publishes). Used
where a test needs the challenger to win with orders of their own."""

from __future__ import annotations

from typing import Any

from rules.feinthold import layout_by_id
from rules.feinthold.doctrine import orders_of, parse_doctrine
from rules.feinthold.fog import SideView
from rules.feinthold.observations import Observation

PASSIVE = {"name": "only predicts", "rules": [{"if": [], "then": {"predict": {"at": "likely-entry"}}}]}
"""A doctrine that never moves nor reinforces: one a member beats by playing."""


def side_view(data: dict[str, Any]) -> SideView:
    """The API's view JSON (``GameOut.view``) as the engine's ``SideView``."""
    return SideView(
        side=data["side"], turn=data["turn"], over=data["over"], winner=data["winner"],
        layout=layout_by_id(data["layout"]["id"]), flags=dict(data["flags"]), units=dict(data["units"]),
        decoys=dict(data["decoys"]), reserve=data["reserve"], income=data["income"], points=data["points"],
        income_total=data["income_total"], seen_turn=data["seen_turn"],
        observations={p: Observation.from_json(o) for p, o in data["observations"].items()},
        history=tuple(data["history"]))


def orders_by(rules: dict[str, Any], view: dict[str, Any]) -> list[dict[str, Any]]:
    """The orders ``rules`` (a doctrine's JSON) give on the API's ``view``: always legal for that view."""
    return orders_of(parse_doctrine(rules), side_view(view))
