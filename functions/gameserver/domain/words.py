"""The engine's words read back from storage: a side, a house AI, a noise level.

The records keep them as plain strings (``Game.players`` is keyed by side, ``Game.house_ai`` names the AI);
the engine takes its own Literals. Each function here is the one checked crossing from the one to the other,
raising ``ValueError`` for a string the engine does not know. The engine is not imported here (the domain
imports it lazily): the tables are spelled out, and the type checker holds each entry to the engine's Literal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from rules.feinthold import Side
    from rules.feinthold.doctrine.house import HouseName
    from rules.feinthold.doctrine.noise import Noise

_Word = TypeVar("_Word", bound=str)

_SIDES: dict[str, Side] = {"south": "south", "north": "north"}
_HOUSE_AIS: dict[str, HouseName] = {"sentinel": "sentinel", "pivot": "pivot", "ram": "ram"}
_NOISES: dict[str, Noise] = {"none": "none", "normal": "normal", "strong": "strong"}


def _read(table: dict[str, _Word], text: str, what: str) -> _Word:
    word = table.get(text)
    if word is None:
        raise ValueError(f"{text!r} is not a {what} (known: {', '.join(table)})")
    return word


def as_side(text: str) -> Side:
    """``text`` as a Feinthold side (``south``, ``north``)."""
    return _read(_SIDES, text, "side")


def as_house_ai(text: str) -> HouseName:
    """``text`` as the name of a house AI (``sentinel``, ``pivot``, ``ram``)."""
    return _read(_HOUSE_AIS, text, "house AI")


def as_noise(text: str) -> Noise:
    """``text`` as a house AI's noise level (``none``, ``normal``, ``strong``)."""
    return _read(_NOISES, text, "noise level")
