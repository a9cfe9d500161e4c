"""The sweep (EventBridge, every minute), in stages: the games' steps whose deadline has passed (the pipeline's
stage); the duels' own deadlines (proposals to lapse, ready rooms to close, duels to catch up with their game);
the tournaments' (fill deadlines, rounds' deadlines, matches to catch up with their game); Front 1901's tables
whose start time has come (started, AI powers in the empty seats); the freezes whose
effects are applied once more (moderation); the season closes with a stage due (the titles at 00:30 UTC on the
1st, prizes a killed close left unpaid); the challenges' (challenges to end, doctrines' queued results to apply to
their ratings, authors' notices); the Daily Fronts nobody ended (their result recorded); then the Daily Front's
board summaries (today's, and yesterday's until 00:30 UTC) and those of Front 1901's daily challenge (each day's
for its 48 hours).

The safety net under the turn timers, and how games against a house AI left open reach their end. The summaries
run after the turns, so a Front the sweep has just ended is in them. A stage that fails is logged and counted
(``Sweep_<stage>-failed``) and does not stop the others; the next minute tries it again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from gameserver.clock import get_clock
from gameserver.observability import logger, metrics, observed
from gameserver.services import storage

BATCH = 100
"""Due items a stage reads and handles at a time (one page of its due index's shards)."""
OTHER_STAGES_MS = 25_000
"""What the turns stage leaves of the invocation for the stages after it: it takes page after page of due
steps while more than this remains (a backlog drains within the minute, never past it: the next minute's sweep
starts on time), and stops at a page that was not full or had a failure."""


@observed
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    from gameserver.domain.challenges import sweep as challenges
    from gameserver.domain.daily import boards, front
    from gameserver.domain.duels import service as duels
    from gameserver.domain.front1901 import daily as challenge
    from gameserver.domain.front1901 import online as front1901_online
    from gameserver.domain.moderation import freezes
    from gameserver.domain.seasons import close
    from gameserver.domain.tournaments import service as tournaments
    from gameserver.play.steps import sweep

    def turns() -> dict[str, int]:
        done: dict[str, int] = {}
        while True:
            page = sweep(storage(), get_clock(), limit=BATCH)
            for outcome, count in page.items():
                done[outcome] = done.get(outcome, 0) + count
            if sum(page.values()) < BATCH or "failed" in page or _left_ms(context) <= OTHER_STAGES_MS:
                return done

    outcomes = _stage("turns", turns)
    outcomes.update({f"duel-{k}": v for k, v in _stage(
        "duels", lambda: duels.sweep(storage(), get_clock(), limit=BATCH)).items()})
    outcomes.update({f"tournament-{k}": v for k, v in _stage(
        "tournaments", lambda: tournaments.sweep(storage(), get_clock(), limit=BATCH)).items()})
    outcomes.update(_stage("freezes", lambda: freezes.sweep(storage(), get_clock(), limit=BATCH)))
    outcomes.update({f"table-{k}": v for k, v in _stage(
        "tables", lambda: front1901_online.start_due(storage(), get_clock(), limit=BATCH)).items()})
    outcomes.update({f"season-{k}": v for k, v in _stage(
        "seasons", lambda: close.due(storage(), get_clock())).items()})
    # The challenges', the Fronts' and the summaries' outcomes are logged and counted, not returned (the answer is
    # the turns', the duels' and the tournaments').
    challenged = _stage("challenges", lambda: challenges.sweep(storage(), get_clock(), limit=BATCH))
    challenged.update({f"front-{k}": v for k, v in _stage(
        "fronts", lambda: front.sweep(storage(), get_clock(), limit=BATCH)).items()})
    summaries = _stage("summaries", lambda: boards.rebuild_summaries(storage(), get_clock()))
    summaries.update({f"challenge-{k}": v for k, v in _stage(
        "challenge-summaries", lambda: challenge.rebuild_summaries(storage(), get_clock())).items()})
    logger.info("sweep", extra={"outcomes": outcomes, "challenges": challenged, "summaries": summaries})
    for outcome, count in (outcomes | challenged | summaries).items():
        metrics.add_metric(name=f"Sweep_{outcome}", unit=MetricUnit.Count, value=count)
    return {"outcomes": outcomes}


def _left_ms(context: Any) -> int:
    """The invocation's time left (none known: nothing more than one page)."""
    left = getattr(context, "get_remaining_time_in_millis", None)
    return int(left()) if left is not None else 0


def _stage(name: str, run: Callable[[], dict[str, int]]) -> dict[str, int]:
    """One stage's outcomes; a stage that raises is logged and counted as ``{name}-failed``."""
    try:
        return run()
    except Exception:
        logger.exception("sweep stage %s failed; the next minute tries again", name)
        return {f"{name}-failed": 1}
