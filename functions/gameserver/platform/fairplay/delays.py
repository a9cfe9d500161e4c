"""Order delays, and the two verdicts drawn from them.

Platform decisions (specs/platform.md):
- "Order delay = whole seconds from a turn opening to the member's last full submission for it."
- "Faster than a human: the median delay of the member's turns in the game is under 4 seconds, judged at every
  turn from turn 5 on, and at the end of a game that ended sooner (over all its turns)."
- "A pace too regular (coefficient of variation of the delays under 0.1 over at least 5 turns)".

Choices (docs/platform.md): a member's turns are the turns they sent orders for (a missed turn has no delay).
The median of an even count is the mean of the two middle delays. The coefficient of variation uses the
population standard deviation; delays that are all 0 are as regular as delays can be.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from datetime import datetime

#: A human reads a turn in no less than this, at the median.
HUMAN_MEDIAN_SECONDS = 4
#: The verdict is given from this turn on (and at the end of a game that ended before it).
FIRST_JUDGED_TURN = 5
#: Below this coefficient of variation, a pace is a machine's.
REGULAR_PACE_CV = 0.1
#: The pace is judged over at least this many turns.
REGULAR_PACE_MIN_TURNS = 5


def order_delay(turn_opened_at: datetime, last_full_submission_at: datetime) -> int:
    """Whole seconds (rounded down) from the turn's opening to the member's last full submission for it."""
    if turn_opened_at.tzinfo is None or last_full_submission_at.tzinfo is None:
        raise ValueError("times are aware UTC datetimes")
    if last_full_submission_at < turn_opened_at:
        raise ValueError("orders for a turn come after it opened")
    return int((last_full_submission_at - turn_opened_at).total_seconds())


def faster_than_a_human(delays: Mapping[int, int], turn: int, over: bool) -> bool:
    """Judged when ``turn`` resolves: the median of the member's delays so far is under 4 seconds.

    ``delays`` maps each turn the member sent orders for to its delay. Before turn 5 there is a verdict only
    when the game is ``over`` (a game that ended sooner is judged over all its turns).

    >>> faster_than_a_human({1: 1, 2: 2, 3: 1, 4: 9}, turn=4, over=False)
    False
    >>> faster_than_a_human({1: 1, 2: 2, 3: 1, 4: 9}, turn=4, over=True)
    True
    """
    if turn < FIRST_JUDGED_TURN and not over:
        return False
    sent = [delay for sent_turn, delay in delays.items() if sent_turn <= turn]
    return bool(sent) and statistics.median(sent) < HUMAN_MEDIAN_SECONDS


def pace_too_regular(delays: Sequence[int]) -> bool:
    """A machine's pace: 5 delays or more whose coefficient of variation (stdev / mean) is under 0.1."""
    if len(delays) < REGULAR_PACE_MIN_TURNS:
        return False
    mean = statistics.fmean(delays)
    if mean == 0:
        return True
    return statistics.pstdev(delays) / mean < REGULAR_PACE_CV


def faster_than_a_human_in_game(delays: Mapping[int, int], turns: int) -> bool:
    """Was the member faster than a human at any judged moment of a finished game of ``turns`` turns?

    "count at once": a verdict given at turn 5 stands even if slower turns later raise the median.
    """
    return any(faster_than_a_human(delays, turn, over=turn == turns) for turn in range(1, turns + 1))
