"""A member's way of playing Feint from what a seat's answer shows (its view and legal commands) and nothing
else, so that the same script plays the same way in two games whose hidden strengths differ: deploy the first
six home cells, stand when charged, charge when a charge is offered, else step the token nearest the centre
closer to it, else end the turn."""

from __future__ import annotations

from typing import Any

from gameserver.identity import Caller
from rules.feint import distance

Json = dict[str, Any]


def member(name: str) -> Caller:
    return Caller(sub=name, groups=frozenset(), username=name)


def deployment(view: Json) -> Json:
    return {"kind": "deploy", "cells": view["home"][:6]}


def closer(step: Json, view: Json) -> tuple[int, int]:
    """How good a step is: to a cell nearer the centre, by a token already near it."""
    token = next(t for t in view["tokens"] if t["id"] == step["token"])
    return distance(tuple(step["to"])), distance(tuple(token["cell"]))


def choose(game: Json) -> Json:
    """The command this script sends for the seat ``game`` shows (it must have a decision to make)."""
    view, legal = game["view"], [entry["command"] for entry in game["legal"]]
    if game["next"]["kind"] == "deployment":
        return deployment(view)
    if game["next"]["kind"] == "retreat":
        return {"kind": "stand"}
    charges = [c for c in legal if c["kind"] == "charge"]
    if charges:
        return charges[0]
    steps = [c for c in legal if c["kind"] == "step"]
    if steps and view["spent"] == 0:
        return min(steps, key=lambda step: closer(step, view))
    if any(c["kind"] == "end_turn" for c in legal):
        return {"kind": "end_turn"}
    return min(steps, key=lambda step: closer(step, view)) if steps else legal[0]
