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
from gameserver.storage.duels import Notice

log = logging.getLogger(__name__)

SOURCE = "feinthold.duels"
TURN_OPENED = "Turn Opened"
READY_ROOM_TURN = 0
"""The ready room's timer is the turn timer of turn 0 of the duel's game id: resolve sends it here."""
_BATCH = 10
"""PutEvents takes 10 entries a call."""


def event_entries(notices: list[Notice], bus: str) -> list[dict[str, Any]]:
    return [
        {
            "Source": SOURCE,
            "DetailType": TURN_OPENED,
            "EventBusName": bus,
            "Detail": json.dumps({"member": n.sub, "duel_id": n.duel_id, "game_id": n.game_id, "turn": n.turn,
                                  "opened_at": n.opened_at, "deadline": n.deadline}),
        }
        for n in notices
    ]


def publish(notices: list[Notice]) -> int:
    """Put one event per notice on the bus; returns how many the bus took."""
    bus = get_settings().event_bus_name
    if not bus or not notices:
        return 0
    from gameserver.storage.client import events_client

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
    """One turn-timer execution named ``{duel}-0`` that wakes at the ready room's closing."""
    arn = get_settings().turn_timer_arn
    if not arn:
        return False
    from gameserver.domain.timers import execution_name
    from gameserver.storage.client import stepfunctions_client

    client = stepfunctions_client()
    try:
        client.start_execution(
            stateMachineArn=arn,
            name=execution_name(duel_id, READY_ROOM_TURN),
            input=json.dumps({"game_id": duel_id, "turn": READY_ROOM_TURN, "due": closes_at}),
        )
    except client.exceptions.ExecutionAlreadyExists:
        return True
    except Exception:  # the duel sweep closes a ready room whose timer did not start
        log.exception("ready-room timer of duel %s did not start", duel_id)
        return False
    return True
