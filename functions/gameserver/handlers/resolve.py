"""Resolve one turn: invoked by the turn-timer state machine at the deadline with ``{"game_id", "turn"}``.

Idempotent: a duplicate, late or early call changes nothing (see ``domain.turns.resolve_turn``).
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from gameserver.clock import get_clock
from gameserver.observability import logger, metrics, observed
from gameserver.services import storage


class BadResolveEvent(ValueError):
    """The event does not name a game and a turn."""


def parse(event: dict[str, Any]) -> tuple[str, int]:
    game_id, turn = event.get("game_id"), event.get("turn")
    if not isinstance(game_id, str) or not game_id:
        raise BadResolveEvent("the event needs a game_id (string)")
    if isinstance(turn, bool) or not isinstance(turn, int | str) or not str(turn).isdigit():
        raise BadResolveEvent("the event needs a turn (integer)")
    return game_id, int(turn)


@observed
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    from gameserver.domain.turns import resolve_turn

    game_id, turn = parse(event)
    if turn == 0:  # a duel's ready room: its timer is turn 0 of the game the duel will start
        from gameserver.domain.duels import close_ready_room

        outcome = close_ready_room(storage(), get_clock(), game_id)
    else:
        outcome = resolve_turn(storage(), get_clock(), game_id, turn)
    logger.info("resolve", extra={"game_id": game_id, "turn": turn, "outcome": outcome})
    metrics.add_metric(name=f"Resolve_{outcome}", unit=MetricUnit.Count, value=1)
    return {"game_id": game_id, "turn": turn, "outcome": outcome}
