"""The players the games and modes seat beside members: each stand-in's kind, and its stored name
``{kind}:{name}``: a house AI (``house:ram``), a member's published doctrine (``doctrine:{id}``), a bot
(``bot:1``), an AI power (``ai:normal``). The pipeline knows only member or stand-in (``storage.records.is_member``)."""

from __future__ import annotations

import enum
from typing import NamedTuple

from gameserver.storage.records import STAND_IN, is_member


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
        return self.name if self.kind is PlayerKind.MEMBER else f"{self.kind}{STAND_IN}{self.name}"


def player(text: str) -> Player:
    """A stored player as a ``Player``."""
    if is_member(text):
        return Player(PlayerKind.MEMBER, text)
    kind, _, name = text.partition(STAND_IN)
    return Player(PlayerKind(kind), name)


def stand_in(kind: PlayerKind, name: str) -> str:
    """The stored name of a stand-in player."""
    return str(Player(kind, name))
