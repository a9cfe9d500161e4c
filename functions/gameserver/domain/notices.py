"""What leaves a feature once its write committed: its feed notices, as events on the EventBridge bus.

"Each turn that opens puts a notification in the member's feed" (written in the feature's own transaction) "and an
event on an EventBridge bus"; so does what a tournament match does to its players. Best effort, like the turn
timers: a lost event costs a push notification, never a turn (the feed has it). Without ``EVENT_BUS_NAME`` (the
local runner) no event is sent.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from gameserver.config import get_settings
from gameserver.storage.members import Notice, NoticeKind

log = logging.getLogger(__name__)

DETAIL_TYPES = {
    NoticeKind.TURN_OPEN: "Turn Opened",
    NoticeKind.MATCH_CREATED: "Match Created",
    NoticeKind.MATCH_WON: "Match Won",
    NoticeKind.MATCH_LOST: "Match Lost",
    NoticeKind.MATCH_VOID: "Match Void",
    NoticeKind.TOURNAMENT_WON: "Tournament Won",
}
"""Each notice's ``detail-type`` on the bus."""
_BATCH = 10
"""PutEvents takes 10 entries a call."""


def event_entries(notices: Sequence[Notice], bus: str, source: str, ref_name: str) -> list[dict[str, Any]]:
    """One PutEvents entry per notice; ``ref_name`` names what the game belongs to in the detail (``duel_id``,
    ``tournament_id``)."""
    return [
        {
            "Source": source,
            "DetailType": DETAIL_TYPES[NoticeKind(n.kind)],
            "EventBusName": bus,
            "Detail": json.dumps({"member": n.sub, ref_name: n.ref, "game_id": n.game_id, "turn": n.step,
                                  "opened_at": n.opened_at, "deadline": n.deadline}),
        }
        for n in notices
    ]


def publish(notices: Sequence[Notice], source: str, ref_name: str) -> int:
    """Put one event per notice on the bus; returns how many the bus took."""
    bus = get_settings().event_bus_name
    if not bus or not notices:
        return 0
    from gameserver.aws import events_client

    taken = 0
    entries = event_entries(notices, bus, source, ref_name)
    try:
        for start in range(0, len(entries), _BATCH):
            answer = events_client().put_events(Entries=entries[start:start + _BATCH])
            taken += len(entries[start:start + _BATCH]) - int(answer.get("FailedEntryCount", 0))
    except Exception:  # the feed already holds the notice; the event only pushes it sooner
        log.exception("events of %s not sent", notices[0].game_id)
    return taken
