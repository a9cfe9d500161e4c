"""The games the pipeline plays, one adapter each (``play/engines/<kind>.py`` for the service's games), found
through the catalog of games (``gameserver.catalog.GAMES``) and loaded on first use: an adapter imports its
engine, which a cold start serving another game must not pay for."""

from __future__ import annotations

from typing import Any

from gameserver.catalog import GAMES, Undeclared
from gameserver.errors import NotFound
from gameserver.play.engine import Engine


def engine(kind: str) -> Engine[Any]:
    """The adapter of the game ``kind`` (its ``kind`` is checked against its entry when first loaded)."""
    try:
        found: Engine[Any] = GAMES.load(kind)
    except Undeclared:
        raise NotFound(f"no game {kind!r}", field="kind") from None
    return found
