"""Orders, "in secret and at the same time": reinforce, move, entrench, scout, predict.

On the wire an order set is a list of one-key objects, the one-turn case format:
`[{"reinforce": {"at": "hq-s", "units": 2, "decoys": 1}}, {"move": {"from": "hq-s", "to": "c", "units": 2}},
{"entrench": {"at": "c"}}, {"scout": {"at": "r-n"}}, {"predict": {"at": "c"}}]` (omitted counts are 0).
`parse_orders` turns it into typed orders and refuses anything malformed; the limits of the rules are checked
by `rules.feinthold.legality.check_orders`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from .positions import POSITIONS, Position, Side


class IllegalOrderError(ValueError):
    """An order set that breaks a rule; the whole set is refused.

    `index` is the position of the offending order in the set (None when the set itself is malformed),
    `kind` its kind ("move", ...), `rule` a short stable name of the rule broken (e.g. "hq-cap", "points"),
    `side` the side whose orders they are when known. `str()` is a sentence a player can read.
    """

    def __init__(
        self, rule: str, message: str, index: int | None = None, kind: str | None = None, side: Side | None = None
    ) -> None:
        self.rule = rule
        self.message = message
        self.index = index
        self.kind = kind
        self.side = side
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"order {self.index} ({self.kind})" if self.index is not None else "order set"
        who = f"{self.side}: " if self.side else ""
        return f"{who}{where}: {self.message} [rule: {self.rule}]"

    def for_side(self, side: Side) -> IllegalOrderError:
        return IllegalOrderError(self.rule, self.message, self.index, self.kind, side)


@dataclass(frozen=True, slots=True)
class Reinforce:
    """"Reinforce: a unit costs 2 points, a decoy 1." Placed at `at` at step 1 of the turn."""

    kind: ClassVar[str] = "reinforce"
    at: Position
    units: int = 0
    decoys: int = 0

    def to_json(self) -> dict:
        return {"reinforce": {"at": self.at, "units": self.units, "decoys": self.decoys}}


@dataclass(frozen=True, slots=True)
class Move:
    """"Move: from a position to a neighbor, one step per turn"."""

    kind: ClassVar[str] = "move"
    frm: Position
    to: Position
    units: int = 0
    decoys: int = 0

    def to_json(self) -> dict:
        return {"move": {"from": self.frm, "to": self.to, "units": self.units, "decoys": self.decoys}}


@dataclass(frozen=True, slots=True)
class Entrench:
    """"Entrench: 1 point per position; your units that stay there, and those you place there this turn,
    count 1.5 in combat.\""""

    kind: ClassVar[str] = "entrench"
    at: Position

    def to_json(self) -> dict:
        return {"entrench": {"at": self.at}}


@dataclass(frozen=True, slots=True)
class Scout:
    """"Scout: 2 points per position, 2 positions at most, never one of yours\""""

    kind: ClassVar[str] = "scout"
    at: Position

    def to_json(self) -> dict:
        return {"scout": {"at": self.at}}


@dataclass(frozen=True, slots=True)
class Predict:
    """"Predict: free, a position where the opponent will move units in this turn, coming from a neighbor\""""

    kind: ClassVar[str] = "predict"
    at: Position

    def to_json(self) -> dict:
        return {"predict": {"at": self.at}}


Order = Reinforce | Move | Entrench | Scout | Predict
KINDS: tuple[str, ...] = ("reinforce", "move", "entrench", "scout", "predict")


@dataclass(frozen=True)
class OrderSet:
    """One side's orders for one turn, in the order given. An empty set is valid: every unit holds."""

    orders: tuple[Order, ...] = ()

    def __iter__(self) -> Iterator[Order]:
        return iter(self.orders)

    def __len__(self) -> int:
        return len(self.orders)

    def to_json(self) -> list[dict]:
        return [o.to_json() for o in self.orders]


# Fields each kind accepts, and which are required; counts default to 0.
_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "reinforce": (frozenset({"at", "units", "decoys"}), frozenset({"at"})),
    "move": (frozenset({"from", "to", "units", "decoys"}), frozenset({"from", "to"})),
    "entrench": (frozenset({"at"}), frozenset({"at"})),
    "scout": (frozenset({"at"}), frozenset({"at"})),
    "predict": (frozenset({"at"}), frozenset({"at"})),
}
_POSITIONS = frozenset(POSITIONS)
_TYPED = frozenset({Reinforce, Move, Entrench, Scout, Predict})


def _position(body: Mapping, field: str, index: int, kind: str) -> Position:
    value = body[field]
    if type(value) is not str or value not in _POSITIONS:
        raise IllegalOrderError(
            "unknown-position", f"{field} {value!r} is not a position of the map ({', '.join(POSITIONS)})", index, kind
        )
    return value


def _count(body: Mapping, field: str, index: int, kind: str) -> int:
    value = body.get(field, 0)
    if type(value) is not int or value < 0:  # bool is refused too: True is not a count
        raise IllegalOrderError("count", f"{field} must be a whole number, 0 or more (got {value!r})", index, kind)
    return value


def parse_order(raw: object, index: int) -> Order:
    """One wire order to its typed form; `IllegalOrderError` when malformed."""
    if type(raw) in _TYPED:
        return raw  # type: ignore[return-value]
    if not (type(raw) is dict or isinstance(raw, Mapping)) or len(raw) != 1:
        raise IllegalOrderError("format", 'an order is an object with one key, its kind, e.g. {"scout": {"at": "c"}}', index)
    ((kind, body),) = raw.items()
    spec = _FIELDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        raise IllegalOrderError("unknown-kind", f"unknown order kind {kind!r} (known: {', '.join(KINDS)})", index, str(kind))
    if not (type(body) is dict or isinstance(body, Mapping)):
        raise IllegalOrderError("format", f"the {kind} order's fields must be an object", index, kind)
    allowed, required = spec
    keys = body.keys()
    if not keys <= allowed:
        unknown = ", ".join(sorted(map(str, keys - allowed)))
        raise IllegalOrderError("unknown-field", f"unknown field(s) {unknown} in a {kind} order", index, kind)
    if not required <= keys:
        raise IllegalOrderError("missing-field", f"a {kind} order needs {', '.join(sorted(required - keys))}", index, kind)
    # Each kind's well-formed body is read at once; the field helpers, which name the first bad field in the
    # same order, run only on a malformed one.
    if kind == "move":
        frm, to, units, decoys = body["from"], body["to"], body.get("units", 0), body.get("decoys", 0)
        if (type(frm) is str and frm in _POSITIONS and type(to) is str and to in _POSITIONS
                and type(units) is int and units >= 0 and type(decoys) is int and decoys >= 0):
            return Move(frm, to, units, decoys)
        return Move(
            _position(body, "from", index, kind),
            _position(body, "to", index, kind),
            _count(body, "units", index, kind),
            _count(body, "decoys", index, kind),
        )
    at = _position(body, "at", index, kind)
    if kind == "reinforce":
        units, decoys = body.get("units", 0), body.get("decoys", 0)
        if type(units) is int and units >= 0 and type(decoys) is int and decoys >= 0:
            return Reinforce(at, units, decoys)
        return Reinforce(at, _count(body, "units", index, kind), _count(body, "decoys", index, kind))
    return Entrench(at) if kind == "entrench" else Scout(at) if kind == "scout" else Predict(at)


def parse_orders(raw: Iterable[object] | OrderSet) -> OrderSet:
    """A wire order set (list of `{"kind": {...}}` objects) to an `OrderSet`; `IllegalOrderError` if malformed.

    Only the format is checked here; the rules' limits are checked by `check_orders` against a side's view.
    """
    if isinstance(raw, OrderSet):
        return raw
    if type(raw) is not list and (isinstance(raw, str | bytes | Mapping) or not isinstance(raw, Iterable)):
        raise IllegalOrderError("format", "an order set is a list of orders")
    return OrderSet(tuple(parse_order(item, i) for i, item in enumerate(raw)))
