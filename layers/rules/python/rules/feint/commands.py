"""The commands a seat gives, as typed values, and their wire form.

Wire form (the case-file format): ``{"seat": 1, "step": {"token": "1a", "to": [0, 4]}}``; one key
besides ``seat`` names the command: ``deploy {cells}``, ``step {token, to}``,
``two_step {token, via, to}``, ``charge {tokens, target, walk_in?}``, ``retreat {to}``, ``stand {}``,
``end_turn {}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import IllegalCommandError
from .hexgrid import Cell


@dataclass(frozen=True, slots=True)
class Deploy:
    """Place the six tokens face-down: ``cells[i]`` takes the i-th of the strengths 0 1 2 2 3 4."""

    seat: int
    cells: tuple[Cell, ...]
    kind: ClassVar[str] = "deploy"

    def body(self) -> dict[str, Any]:
        return {"cells": [list(c) for c in self.cells]}


@dataclass(frozen=True, slots=True)
class Step:
    """One Move: a token to an adjacent empty cell."""

    seat: int
    token: str
    to: Cell
    kind: ClassVar[str] = "step"

    def body(self) -> dict[str, Any]:
        return {"token": self.token, "to": list(self.to)}


@dataclass(frozen=True, slots=True)
class TwoStep:
    """Two Moves, the whole turn: one token two cells, ``via`` empty or friendly (the step through a friend)."""

    seat: int
    token: str
    via: Cell
    to: Cell
    kind: ClassVar[str] = "two_step"

    def body(self) -> dict[str, Any]:
        return {"token": self.token, "via": list(self.via), "to": list(self.to)}


@dataclass(frozen=True, slots=True)
class Charge:
    """One Move per token: one or two tokens into an adjacent enemy token, committing them to a Battle.

    ``walk_in`` names the attacker that walks into the cell if it is won or given up (default: the first).
    """

    seat: int
    tokens: tuple[str, ...]
    target: str
    walk_in: str | None = None
    kind: ClassVar[str] = "charge"

    @property
    def walker(self) -> str:
        return self.walk_in if self.walk_in is not None else self.tokens[0]

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"tokens": list(self.tokens), "target": self.target}
        if self.walk_in is not None:
            body["walk_in"] = self.walk_in
        return body


@dataclass(frozen=True, slots=True)
class Retreat:
    """The defender's answer to a charge: spend a Move to slip out to an empty adjacent cell."""

    seat: int
    to: Cell
    kind: ClassVar[str] = "retreat"

    def body(self) -> dict[str, Any]:
        return {"to": list(self.to)}


@dataclass(frozen=True, slots=True)
class Stand:
    """The defender's answer to a charge: stay, and the Battle is fought."""

    seat: int
    kind: ClassVar[str] = "stand"

    def body(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn now, banking the Move (refused at the cap before anything is spent)."""

    seat: int
    kind: ClassVar[str] = "end_turn"

    def body(self) -> dict[str, Any]:
        return {}


Command = Deploy | Step | TwoStep | Charge | Retreat | Stand | EndTurn
KINDS: dict[str, type[Command]] = {c.kind: c for c in (Deploy, Step, TwoStep, Charge, Retreat, Stand, EndTurn)}


def to_json(command: Command) -> dict[str, Any]:
    return {"seat": command.seat, command.kind: command.body()}


def _cell(value: Any, command: str, field: str) -> Cell:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise IllegalCommandError(command, "format", f"{field} must be a cell [q, r], not {value!r}")
    return (value[0], value[1])


def _text(value: Any, command: str, field: str) -> str:
    if not isinstance(value, str):
        raise IllegalCommandError(command, "format", f"{field} must be a token id, not {value!r}")
    return value


def parse_command(raw: Any) -> Command:
    """A command from its wire form; a malformed one raises IllegalCommandError with rule ``format``."""
    if not isinstance(raw, dict):
        raise IllegalCommandError("command", "format", f"a command is an object, not {raw!r}")
    seat = raw.get("seat")
    names = [k for k in raw if k != "seat"]
    if len(names) != 1 or names[0] not in KINDS:
        raise IllegalCommandError("command", "format", f"one of {sorted(KINDS)} expected, got {names}")
    kind = names[0]
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise IllegalCommandError(kind, "format", f"seat must be a number, not {seat!r}")
    body = raw[kind]
    if not isinstance(body, dict):
        raise IllegalCommandError(kind, "format", "the command's body is an object")
    try:
        if kind == "deploy":
            cells = body["cells"]
            if not isinstance(cells, list):
                raise IllegalCommandError(kind, "format", "cells is a list of six cells")
            return Deploy(seat, tuple(_cell(c, kind, "cells") for c in cells))
        if kind == "step":
            return Step(seat, _text(body["token"], kind, "token"), _cell(body["to"], kind, "to"))
        if kind == "two_step":
            return TwoStep(
                seat,
                _text(body["token"], kind, "token"),
                _cell(body["via"], kind, "via"),
                _cell(body["to"], kind, "to"),
            )
        if kind == "charge":
            tokens = body["tokens"]
            if not isinstance(tokens, list):
                raise IllegalCommandError(kind, "format", "tokens is a list of one or two token ids")
            walk_in = body.get("walk_in")
            return Charge(
                seat,
                tuple(_text(t, kind, "tokens") for t in tokens),
                _text(body["target"], kind, "target"),
                None if walk_in is None else _text(walk_in, kind, "walk_in"),
            )
        if kind == "retreat":
            return Retreat(seat, _cell(body["to"], kind, "to"))
        if kind == "stand":
            return Stand(seat)
        return EndTurn(seat)
    except KeyError as missing:
        raise IllegalCommandError(kind, "format", f"missing field {missing.args[0]}") from None
