"""The due-turn sweep (EventBridge, every minute): resolve every open turn whose deadline has passed.

The safety net under the turn timers, and how games against a house AI left open reach their end.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from gameserver.clock import get_clock
from gameserver.handlers.observability import logger, metrics, observed
from gameserver.services import storage

BATCH = 100
"""Turns resolved per invocation at most; the next minute takes the rest."""


@observed
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    from gameserver.domain import duels
    from gameserver.domain.turns import sweep

    outcomes = sweep(storage(), get_clock(), limit=BATCH)
    # Then the duels' own deadlines: ready rooms to close, duels to catch up with their game.
    outcomes.update({f"duel-{k}": v for k, v in duels.sweep(storage(), get_clock(), limit=BATCH).items()})
    logger.info("sweep", extra={"outcomes": outcomes})
    for outcome, count in outcomes.items():
        metrics.add_metric(name=f"Sweep_{outcome}", unit=MetricUnit.Count, value=count)
    return {"outcomes": outcomes}
