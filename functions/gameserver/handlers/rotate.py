"""The daily rotation (EventBridge, 00:00 UTC): create the Daily Front of the event's day, and Front 1901's daily
challenge ("the schedule that rotates the Daily Front also sets the day's challenge").

"The date comes from the event's scheduled time, not the clock." A duplicate, late or out-of-order delivery
finds the day already created and changes nothing; a day the schedule missed is created by the first member's
request that needs it.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from gameserver.observability import logger, metrics, observed
from gameserver.services import storage


@observed
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    from gameserver.domain.daily.front import rotate
    from gameserver.domain.front1901 import daily as challenge
    from gameserver.platform.daily import scheduled_day

    day = scheduled_day(event)
    outcome = rotate(storage(), day)
    challenged = challenge.rotate(storage(), day)
    logger.info("rotate", extra={"day": day.isoformat(), "outcome": outcome, "challenge": challenged})
    metrics.add_metric(name=f"Rotate_{outcome}", unit=MetricUnit.Count, value=1)
    metrics.add_metric(name=f"Rotate_challenge-{challenged}", unit=MetricUnit.Count, value=1)
    return {"day": day.isoformat(), "outcome": outcome}
