"""Who plays a seat: a member (their subject, as the JWT names them) or a stand-in, stored as
``{kind}:{name}``; the kinds are the games' and modes' own (``gameserver.domain.players``), the pipeline tells
only the one from the other.

A member's subject never contains a colon (Cognito's are UUIDs; the local runner's are plain names), so the
two cannot be mistaken for each other.
"""

from __future__ import annotations

STAND_IN = ":"
"""What separates a stand-in's kind from its name; no member's subject holds it."""


def is_member(text: str) -> bool:
    return STAND_IN not in text


def stand_in_kind(text: str) -> str:
    """A stand-in's kind, as its stored name says it (``house`` for ``house:ram``)."""
    return text.partition(STAND_IN)[0]
