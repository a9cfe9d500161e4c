"""What leaves the service after a duel's write commits: turn-open events on the EventBridge bus, and the
ready room's timer.

"Each turn that opens puts a notification in the member's feed" (written in the duel's transaction) "and an
event on an EventBridge bus". Both here are best effort, like the turn timers: a lost event costs a push
notification, never a turn (the feed has it); a ready-room timer that did not start is covered by the sweep.
Without ``EVENT_BUS_NAME`` (the local runner) no event is sent; without ``TURN_TIMER_ARN`` no timer starts.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from gameserver.config import get_settings
from gameserver.play import timers
from gameserver.storage.members import Notice

log = logging.getLogger(__name__)

SOURCE = "feinthold.duels"
TURN_OPENED = "Turn Opened"
READY_ROOM_STEP = 0
"""The ready room's timer is the step timer of step 0 of the duel's game id: resolve sends it here."""
_BATCH = 10
"""PutEvents takes 10 entries a call."""


def event_entries(notices: list[Notice], bus: str) -> list[dict[str, Any]]:
    return [
        {
            "Source": SOURCE,
            "DetailType": TURN_OPENED,
            "EventBusName": bus,
            "Detail": json.dumps({"member": n.sub, "duel_id": n.ref, "game_id": n.game_id, "turn": n.step,
                                  "opened_at": n.opened_at, "deadline": n.deadline}),
        }
        for n in notices
    ]


def publish(notices: list[Notice]) -> int:
    """Put one event per notice on the bus; returns how many the bus took."""
    bus = get_settings().event_bus_name
    if not bus or not notices:
        return 0
    from gameserver.aws import events_client

    taken = 0
    entries = event_entries(notices, bus)
    try:
        for start in range(0, len(entries), _BATCH):
            answer = events_client().put_events(Entries=entries[start:start + _BATCH])
            taken += len(entries[start:start + _BATCH]) - int(answer.get("FailedEntryCount", 0))
    except Exception:  # the feed already holds the notice; the event only pushes it sooner
        log.exception("turn-open events for %s not sent", notices[0].game_id)
    return taken


def start_ready_room_timer(duel_id: str, closes_at: str) -> bool:
    """One step-timer execution named ``{duel}-000000`` that wakes at the ready room's closing (the duel sweep
    closes a ready room whose timer did not start)."""
    return timers.start(duel_id, READY_ROOM_STEP, closes_at)
