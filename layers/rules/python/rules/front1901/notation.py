"""Reading orders: a tolerant parser for the compact notation and the DATC files' looser one.

Accepted, case-insensitive: ``A PAR - BUR``, ``A PAR H``, ``A PAR S A MAR - BUR``, ``A PAR S F BRE``,
``F NTH C A LON - BEL``, ``A LON - BEL VIA``, ``A PAR R BUR``, ``A PAR D``, ``A PAR B``, ``F STP/SC B``,
``WAIVE``; and ``supports``/``convoys``/``hold``/``via convoy``, ``Build F stp/nc``, ``Remove A mos``,
``Remove gol``, ``disband``, ``-`` with or without spaces, unit letters left out, coasts written ``/NC`` or
``(nc)``, province aliases (``MID`` for ``MAO`` ...).
"""

from __future__ import annotations

import re

from .board import ALIASES, ARMY, COASTS, FLEET, IMPASSABLE, PROVINCES, Location, UnitKind, canonical_province
from .orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)


class OrderSyntaxError(ValueError):
    """An order that cannot be read; ``text`` is the order as written."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"cannot read order {text!r}: {reason}")
        self.text = text
        self.reason = reason


_KEYWORDS = {
    "S": "S", "SUPPORT": "S", "SUPPORTS": "S",
    "C": "C", "CONVOY": "C", "CONVOYS": "C",
    "H": "H", "HOLD": "H", "HOLDS": "H",
    "R": "R", "RETREAT": "R", "RETREATS": "R",
    "D": "D", "DISBAND": "D", "DISBANDS": "D", "REMOVE": "D",
    "B": "B", "BUILD": "B", "BUILDS": "B",
    "VIA": "VIA", "WAIVE": "WAIVE", "-": "-",
}  # fmt: skip
_COAST_IN_BRACKETS = re.compile(r"\s*\(\s*(NC|SC|EC)\s*\)")
_COAST_AFTER_SLASH = re.compile(r"\s*/\s*(NC|SC|EC)\b")
_VIA_CONVOY = re.compile(r"\b(VIA|BY)\s+CONVOY\b")
_KINDS = {"A": ARMY, "F": FLEET}

# Every token that names a location, aliases included, to its canonical location.
_LOCATIONS: dict[str, Location] = {p: p for p in PROVINCES}
_LOCATIONS.update(ALIASES)
_LOCATIONS.update({c: c for cs in COASTS.values() for c in cs})
# Orders name the same few hundred units over and over: share one immutable UnitRef per kind and location.
_REFS: dict[tuple[UnitKind | None, Location], UnitRef] = {
    (kind, loc): UnitRef(kind, loc) for kind in (None, *UnitKind) for loc in _LOCATIONS.values()
}


def unit_ref(kind: UnitKind | None, location: Location) -> UnitRef:
    """The shared UnitRef for a kind and a canonical location."""
    return _REFS[(kind, location)]


def parse_location(token: str, text: str = "") -> Location:
    """``"stp/sc"`` -> ``"STP/SC"``, ``"mid"`` -> ``"MAO"``; raises OrderSyntaxError for anything else."""
    token = token.upper()
    found = _LOCATIONS.get(token)
    if found is not None:
        return found
    province, _, coast = token.partition("/")
    canonical = canonical_province(province)
    if canonical is None:
        reason = "Switzerland is impassable" if province in IMPASSABLE else f"no province {province}"
        raise OrderSyntaxError(text or token, reason)
    raise OrderSyntaxError(text or token, f"{canonical} has no coast {coast}")


def _tokens(text: str) -> list[str]:
    upper = text.upper()
    if "(" in upper or "/ " in upper or " /" in upper:
        upper = _COAST_IN_BRACKETS.sub(r"/\1", upper)
        upper = _COAST_AFTER_SLASH.sub(r"/\1", upper)
    if "CONVOY" in upper and ("VIA" in upper or "BY" in upper):
        upper = _VIA_CONVOY.sub("VIA", upper)
    if "-" in upper:
        upper = upper.replace("->", "-").replace("-", " - ")
    return upper.split()


def _compact(tokens: list[str], count: int) -> Order | None:
    """The compact notation with unit letters and canonical codes, read without the general machinery;
    None for anything else."""
    kind = _KINDS.get(tokens[0])
    location = _LOCATIONS.get(tokens[1]) if count > 1 else None
    if kind is None or location is None:
        return None
    ref = _REFS[(kind, location)]
    if count == 2:
        return Hold(ref)
    word = _KEYWORDS.get(tokens[2])
    if word == "H" and count == 3:
        return Hold(ref)
    if word == "-" and (count == 4 or (count == 5 and tokens[4] == "VIA")):
        to = _LOCATIONS.get(tokens[3])
        return Move(ref, to, count == 5) if to else None
    if (word == "S" or word == "C") and count in (5, 7):
        other_kind = _KINDS.get(tokens[3])
        other = _LOCATIONS.get(tokens[4])
        if other_kind is None or other is None:
            return None
        other_ref = _REFS[(other_kind, other)]
        if count == 5:
            return SupportHold(ref, other_ref) if word == "S" else None
        to = _LOCATIONS.get(tokens[6])
        if tokens[5] != "-" or to is None:
            return None
        return SupportMove(ref, other_ref, to) if word == "S" else Convoy(ref, other_ref, to)
    return None


_READ: dict[str, Order] = {}
"""The orders in this engine's notation read so far, by their text: a stream of phases (the command line's
JSON lines, a game's turns) names the same few thousand orders again and again, and an order is an
immutable value.  Bounded by ``_READ_LIMIT``; once full, further texts are read each time."""
_READ_LIMIT = 1 << 16

known_order = _READ.get
"""The order already read for this text, or None: ``parse_order``'s first look-up, for a caller reading a
phase's orders in a loop."""


def parse_order(text: str) -> Order:
    """Read one order; raises OrderSyntaxError (a ValueError) naming the order and what is wrong.

    >>> str(parse_order("F nth convoys A yor - yor"))
    'F NTH C A YOR - YOR'
    >>> str(parse_order("Build F stp (nc)"))
    'F STP/NC B'
    """
    order = _READ.get(text)
    if order is not None:
        return order
    # The notation this engine writes (upper case, spaced, canonical codes) is read as it is split.
    tokens = text.split()
    count = len(tokens)
    fast = _compact(tokens, count) if count > 1 else None
    if fast is not None:
        if len(_READ) < _READ_LIMIT:
            _READ[text] = fast
        return fast
    tokens = _tokens(text)
    count = len(tokens)
    if not count:
        raise OrderSyntaxError(text, "empty order")
    keywords = _KEYWORDS
    fast = _compact(tokens, count)
    if fast is not None:
        return fast

    def location(i: int) -> Location:
        if i >= count:
            raise OrderSyntaxError(text, "a province is missing")
        token = tokens[i]
        if token in keywords:
            raise OrderSyntaxError(text, f"expected a province, found {token}")
        return _LOCATIONS.get(token) or parse_location(token, text)

    def unit(i: int) -> tuple[UnitRef, int]:
        kind = _KINDS.get(tokens[i]) if i < count else None
        if kind is not None:
            i += 1
        return _REFS[(kind, location(i))], i + 1

    def end(order: Order, i: int) -> Order:
        if i < count:
            raise OrderSyntaxError(text, f"unexpected {' '.join(tokens[i:])}")
        return order

    first = keywords.get(tokens[0])
    if first == "WAIVE":
        return end(Waive(), 1)
    if first in ("B", "D"):
        ref, i = unit(1)
        return end(Build(ref) if first == "B" else Disband(ref), i)
    ref, i = unit(0)
    word = keywords.get(tokens[i]) if i < count else None
    if i < count and word is None:
        raise OrderSyntaxError(text, f"unexpected {tokens[i]}")
    i += 1
    if word is None or word == "H":
        return end(Hold(ref), i)
    if word in ("-", "R"):
        if word == "R" and i < count and tokens[i] == "-":
            i += 1
        to = location(i)
        i += 1
        via = i < count and tokens[i] == "VIA"
        if via:
            i += 1
        return end(Retreat(ref, to) if word == "R" else Move(ref, to, via), i)
    if word == "D":
        return end(Disband(ref), i)
    if word == "B":
        return end(Build(ref), i)
    if word in ("S", "C"):
        other, i = unit(i)
        follow = keywords.get(tokens[i]) if i < count else None
        if i < count and follow is None:
            raise OrderSyntaxError(text, f"unexpected {tokens[i]}")
        i += 1
        if follow in (None, "H"):
            if word == "C":
                raise OrderSyntaxError(text, "a convoy needs the army's destination")
            return end(SupportHold(ref, other), i)
        if follow != "-":
            raise OrderSyntaxError(text, f"unexpected {follow}")
        to = location(i)
        i += 1
        if i < count and tokens[i] == "VIA":
            i += 1
        return end(SupportMove(ref, other, to) if word == "S" else Convoy(ref, other, to), i)
    raise OrderSyntaxError(text, f"unexpected {word}")
