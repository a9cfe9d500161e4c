"""The due-turn sweep (EventBridge, every minute): resolve every open turn whose deadline has passed, then
rebuild the Daily Front's board summaries (today's, and yesterday's until 00:30 UTC).

The safety net under the turn timers, and how games against a house AI left open reach their end. The summaries
run after the turns, so a Front the sweep has just ended is in them.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from gameserver.clock import get_clock
from gameserver.observability import logger, metrics, observed
from gameserver.services import storage

BATCH = 100
"""Turns resolved per invocation at most; the next minute takes the rest."""


@observed
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    from gameserver.domain import daily_front, duels
    from gameserver.domain.turns import sweep

    outcomes = sweep(storage(), get_clock(), limit=BATCH)
    # Then the duels' own deadlines: ready rooms to close, duels to catch up with their game.
    outcomes.update({f"duel-{k}": v for k, v in duels.sweep(storage(), get_clock(), limit=BATCH).items()})
    # Then the Daily Front's board summaries: logged and counted, not returned (the answer is the turns').
    summaries = daily_front.rebuild_summaries(storage(), get_clock())
    logger.info("sweep", extra={"outcomes": outcomes, "summaries": summaries})
    for outcome, count in (outcomes | summaries).items():
        metrics.add_metric(name=f"Sweep_{outcome}", unit=MetricUnit.Count, value=count)
    return {"outcomes": outcomes}
