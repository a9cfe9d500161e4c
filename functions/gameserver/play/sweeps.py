"""A sweep stage's pass over its due items, each on its own: one that fails is logged and counted (``failed``)
and the others go on. Due indexes are read oldest first, so an item that kept failing would otherwise come first
every minute and hold back every item behind it, the timers' safety net with them."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

SWEEP_MARGIN = timedelta(minutes=2)
"""How long after the latest a game can end the sweep ends what follows it (a challenge, a Daily Front) if
nobody has: two sweeps' worth."""


def each_due(items: Iterable[T], handle: Callable[[T], str], what: Callable[[T], str]) -> dict[str, int]:
    """How many items came to each outcome ``handle`` answered; ``what`` names an item in the log."""
    outcomes: dict[str, int] = {}
    for item in items:
        try:
            outcome = handle(item)
        except Exception:
            log.exception("%s: not handled by the sweep; the next minute tries again", what(item))
            outcome = "failed"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes
