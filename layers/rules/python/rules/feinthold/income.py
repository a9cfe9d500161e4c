"""Income: "At the start of each turn: 5 points, plus 2 per relay held, plus 1 if your prediction of the
previous turn was right. What you do not spend carries over to the next turn."
"""

from __future__ import annotations

from collections.abc import Mapping

from .positions import RELAYS, Position, Side

BASE_INCOME = 5
PER_RELAY = 2
PREDICTION_BONUS = 1


def income(flags: Mapping[Position, Side | None], side: Side, prediction_right: bool) -> int:
    """The points `side` earns at the start of a turn, from the flags standing at that moment."""
    relays = 0
    for r in RELAYS:  # a plain loop: this runs for both sides on every view and every turn
        if flags.get(r) == side:
            relays += 1
    return BASE_INCOME + PER_RELAY * relays + (PREDICTION_BONUS if prediction_right else 0)
