"""Who plays a seat: a member (their subject, as the JWT names them) or a stand-in named ``{kind}:{name}``:
a house AI (``house:ram``), a member's published doctrine (``doctrine:{id}``), a bot (``bot:1``), an AI power
(``ai:normal``).

A member's subject never contains a colon (Cognito's are UUIDs; the local runner's are plain names), so the
two cannot be mistaken for each other.
"""

from __future__ import annotations

import enum
from typing import NamedTuple


class PlayerKind(enum.StrEnum):
    MEMBER = "member"
    HOUSE = "house"
    """One of Feinthold's house AIs: a doctrine with this game's noise."""
    DOCTRINE = "doctrine"
    """A member's published doctrine, challenged: it plays its side from that side's view, as a house AI does."""
    BOT = "bot"
    """Feint's bot, playing from its seat's view."""
    AI = "ai"
    """One of Front 1901's AI powers."""


class Player(NamedTuple):
    kind: PlayerKind
    name: str
    """The member's subject, or the stand-in's name."""

    def __str__(self) -> str:
        return self.name if self.kind is PlayerKind.MEMBER else f"{self.kind}:{self.name}"


def player(text: str) -> Player:
    """A stored player as a ``Player``."""
    kind, sep, name = text.partition(":")
    if not sep:
        return Player(PlayerKind.MEMBER, text)
    return Player(PlayerKind(kind), name)


def is_member(text: str) -> bool:
    return ":" not in text


def stand_in(kind: PlayerKind, name: str) -> str:
    """The stored name of a stand-in player."""
    return str(Player(kind, name))
