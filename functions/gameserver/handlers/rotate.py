"""The daily rotation (EventBridge, 00:00 UTC): create the Daily Front of the event's day.

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
    from gameserver.platform.daily import scheduled_day

    day = scheduled_day(event)
    outcome = rotate(storage(), day)
    logger.info("rotate", extra={"day": day.isoformat(), "outcome": outcome})
    metrics.add_metric(name=f"Rotate_{outcome}", unit=MetricUnit.Count, value=1)
    return {"day": day.isoformat(), "outcome": outcome}
