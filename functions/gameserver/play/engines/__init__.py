"""The games the pipeline plays, one adapter each, loaded on first use (an adapter imports its engine, which
a cold start serving another game must not pay for)."""

from __future__ import annotations

import importlib
from typing import Any

from gameserver.errors import NotFound, wire
from gameserver.play.engine import Engine

FEINTHOLD = "feinthold"
FEINT = "feint"
FRONT1901 = "front1901"

KINDS = (FEINTHOLD, FEINT, FRONT1901)
"""The games with an adapter: ``play/engines/<kind>.py`` holds its ``ENGINE``."""

loaded: dict[str, Engine[Any]] = {}
"""The adapters loaded so far, by kind."""


def engine(kind: str) -> Engine[Any]:
    """The adapter of the game ``kind``."""
    found = loaded.get(kind)
    if found is None:
        if kind not in KINDS:
            raise NotFound(f"no game {wire(kind)}", field="kind")
        found = loaded[kind] = importlib.import_module(f"gameserver.play.engines.{kind}").ENGINE
    return found
