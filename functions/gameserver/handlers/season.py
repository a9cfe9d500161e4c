"""The season close (EventBridge, 00:00 UTC on the 1st): close the month of the event's scheduled time minus one
day, and every month before it the schedule missed.

Issue 16: each stage "exactly once however often, late or out of order it is delivered (Powertools idempotency on
the season's id, and a condition in the close's own writes: both, because an idempotency record expires)". A
delivery runs the close under Powertools idempotency keyed on the season (a duplicate within 24 hours gets the
first answer; one arriving while the first runs is left to it); the close's own writes are conditioned on each
stage being absent and each prize not paid, so a delivery after the record expired changes nothing twice. The
titles' stage (00:30) is the sweep's (``domain.seasons.close.due``).

An operator closes a month by hand: ``python -m gameserver.handlers.season YYYY-MM``.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, time
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from gameserver.observability import logger, metrics, observed
from gameserver.services import storage

SCOPE = ["season-close"]
"""The idempotency scope of a delivery: the key is the season's id."""


@observed
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    from gameserver.api.idempotency import once
    from gameserver.clock import get_clock
    from gameserver.domain.seasons.close import close_through
    from gameserver.errors import Conflict
    from gameserver.platform.daily import scheduled_day
    from gameserver.platform.seasons import closed_month

    season = closed_month(datetime.combine(scheduled_day(event), time(0), UTC))
    try:
        outcomes = once(season, SCOPE, None, lambda: close_through(storage(), get_clock(), season), context)
    except Conflict:
        outcomes = {season: "in-progress"}  # another delivery is closing it now
    logger.info("season-close", extra={"season": season, "outcomes": outcomes})
    for outcome in outcomes.values():
        metrics.add_metric(name=f"SeasonClose_{outcome}", unit=MetricUnit.Count, value=1)
    return {"season": season, "outcomes": outcomes}


def main(argv: list[str]) -> int:
    """The operator's command: close every month not closed yet up to the one named (YYYY-MM)."""
    from gameserver.clock import get_clock
    from gameserver.domain.seasons.close import close_through

    if len(argv) != 1:
        print("usage: python -m gameserver.handlers.season YYYY-MM", file=sys.stderr)
        return 2
    print(close_through(storage(), get_clock(), argv[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
