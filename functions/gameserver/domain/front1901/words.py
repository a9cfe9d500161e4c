"""The words of Front 1901 its answers and requests share, each defined once: they mirror the rules layer's,
which neither the API nor a domain's answer can import at a cold start (tests/front1901_games/test_words.py holds
each mirror equal to its source)."""

from __future__ import annotations

import enum
from typing import Annotated

from pydantic import Field


class Front1901Power(enum.StrEnum):
    """The seven great powers."""

    AUSTRIA = "AUSTRIA"
    ENGLAND = "ENGLAND"
    FRANCE = "FRANCE"
    GERMANY = "GERMANY"
    ITALY = "ITALY"
    RUSSIA = "RUSSIA"
    TURKEY = "TURKEY"


class Front1901Level(enum.StrEnum):
    """The AI powers' level."""

    EASY = "easy"
    """Cautious: holds and supports its own centres before it attacks; keeps its promises more often."""
    NORMAL = "normal"
    """Coordinates: allied AI powers support each other's attacks and defences."""
    HARD = "hard"
    """Simulates several scenarios with the engine before deciding; less honest."""


class Front1901Length(enum.StrEnum):
    """How long a game lasts."""

    FULL = "full"
    """To 18 centres, then on until no enemy centre is left or the member stops."""
    SHORT = "short"
    """Until a power reaches 18 centres or the end of 1910, whichever comes first."""


class Front1901Press(enum.StrEnum):
    FULL = "full"
    """Messages and proposals between any two powers, texts to one power or to all."""
    GUNBOAT = "gunboat"
    """No messages: nobody negotiates, the AI powers neither."""


class Front1901Seating(enum.StrEnum):
    DEALT = "dealt"
    """The powers are drawn when the game starts."""
    PICKED = "picked"
    """Each member picks theirs on sitting down."""


class Front1901ProposalKind(enum.StrEnum):
    """What a proposal (and the agreement it makes) is."""

    PACT = "pact"
    """No attacks between the two (binds both, until broken or cancelled)."""
    SUPPORT = "support"
    """The recipient's unit supports one of the proposer's moves this phase."""
    SPLIT = "split"
    """These centres for me, those for you (binds both, until broken or cancelled)."""
    ALLIANCE = "alliance"
    """Against a third power; includes a pact (until broken, cancelled, or the target is eliminated)."""
    DMZ = "dmz"
    """The recipient sends no unit into provinces around one of the proposer's centres."""
    DEMAND = "demand"
    """An AI power's only: leave these provinces, checked after this phase's moves."""


Province = Annotated[str, Field(pattern=r"^[A-Z]{3}$", description="a province's abbreviation", examples=["BEL"])]
PhaseText = Annotated[str, Field(pattern=r"^[SFW]\d{4}[MRA]$", description="a phase (S1901M)",
                                 examples=["S1901M"])]
