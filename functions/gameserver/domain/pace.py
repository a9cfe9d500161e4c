"""Paces: how long a turn stays open. "rapid (5 minutes)" and "correspondence (one, two or three days per
turn)" from the rules' duels; blitz (60 s, 120 s for the first turn) belongs to the Daily Front and duels."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

Pace = Literal["5m", "1d", "2d", "3d"]

TURN_SECONDS: dict[str, int] = {"5m": 5 * 60, "1d": 86_400, "2d": 2 * 86_400, "3d": 3 * 86_400, "blitz": 60}
"""Turns 2 to 8; blitz's first turn (120 s) is opened by the duel that starts it (``gameserver.duels.modes``)."""


def turn_deadline(pace: str, opened_at: datetime) -> datetime:
    return opened_at + timedelta(seconds=TURN_SECONDS[pace])
