"""What leaves the service after a duel's write commits: turn-open events on the EventBridge bus
(``domain.notices``), and the ready room's timer.

Both are best effort, like the turn timers: a ready-room timer that did not start is covered by the sweep.
Without ``TURN_TIMER_ARN`` no timer starts.
"""

from __future__ import annotations

from collections.abc import Sequence

from gameserver.domain import notices
from gameserver.play import timers
from gameserver.storage.members import Notice

SOURCE = "feinthold.duels"
READY_ROOM_STEP = 0
"""The ready room's timer is the step timer of step 0 of the duel's game id: resolve sends it here."""


def publish(sent: Sequence[Notice]) -> int:
    """Put one ``Turn Opened`` event per notice on the bus (detail: member, duel_id, game_id, turn, opened_at,
    deadline); returns how many the bus took."""
    return notices.publish(sent, SOURCE, "duel_id")


def start_ready_room_timer(duel_id: str, closes_at: str) -> bool:
    """One step-timer execution named ``{duel}-000000`` that wakes at the ready room's closing (the duel sweep
    closes a ready room whose timer did not start)."""
    return timers.start(duel_id, READY_ROOM_STEP, closes_at, mode=None)  # the duel's game is not started yet
