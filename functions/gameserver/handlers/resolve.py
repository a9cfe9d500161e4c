"""Resolve one step: invoked by the step-timer state machine at the deadline with the execution's input,
``{"game_id", "step", "due", "mode"}`` (``play.timers.start``).

``mode`` (the game's; absent from an execution started before it was sent, null for a duel's ready room) lets
the step's read ask for that mode's companions alone. Idempotent: a duplicate, late or early call changes
nothing (see ``play.steps.resolve``).
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from gameserver.catalog import MODES
from gameserver.clock import get_clock
from gameserver.observability import logger, metrics, observed
from gameserver.services import storage


class BadResolveEvent(ValueError):
    """The event does not name a game and a step, or names a mode there is not."""


def parse(event: dict[str, Any]) -> tuple[str, int, str | None]:
    game_id, step, mode = event.get("game_id"), event.get("step"), event.get("mode")
    if not isinstance(game_id, str) or not game_id:
        raise BadResolveEvent("the event needs a game_id (string)")
    if isinstance(step, bool) or not isinstance(step, int | str) or not str(step).isdigit():
        raise BadResolveEvent("the event needs a step (integer)")
    if mode is not None and (not isinstance(mode, str) or mode not in MODES):
        raise BadResolveEvent(f"the event's mode is not a mode: {mode!r}")
    return game_id, int(step), mode


@observed
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    game_id, step, mode = parse(event)
    if step == 0:  # a duel's ready room: its timer is step 0 of the game the duel will start
        from gameserver.domain.duels.service import close_ready_room

        outcome = close_ready_room(storage(), get_clock(), game_id)
    else:
        from gameserver.play.steps import resolve

        outcome = resolve(storage(), get_clock(), game_id, step, mode)
    logger.info("resolve", extra={"game_id": game_id, "step": step, "outcome": outcome})
    metrics.add_metric(name=f"Resolve_{outcome}", unit=MetricUnit.Count, value=1)
    return {"game_id": game_id, "step": step, "outcome": outcome}
