"""Property: over any member's challenges of a doctrine, the rated verdict never rates a 4th within 7 days.

Random challenges one after the other (one in progress at a time), random gaps (seconds to days), lengths,
results, games played by the default doctrine, orders faster than a human's and stops. Whatever they are, no 7
x 24 hour window (by start or by end) holds more than 3 challenges that moved the ratings, and a challenge is
unrated at its start exactly when 3 counted ones ended in the 7 x 24 hours before it.
"""

from __future__ import annotations

from datetime import timedelta

from challenge_builders import HUMAN, T0, doctrine, own
from gameserver.clock import Pace
from gameserver.platform.challenges import (
    WEEK,
    Challenge,
    ChallengeEnd,
    ChallengeUnrated,
    finish,
    start,
    stop,
)
from hypothesis import given, settings
from hypothesis import strategies as st

GAPS = st.sampled_from([1, 60, 3600, 6 * 3600, 86_400, 2 * 86_400, 3 * 86_400 + 1, 7 * 86_400 - 600])
PLAYS = st.sampled_from(["own", "own", "own", "doctrine", "fast", "stopped"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(GAPS, st.integers(1, 40), st.sampled_from([0.0, 0.5, 1.0]), PLAYS), max_size=30))
def test_never_a_fourth_rated_challenge_within_7_days(plan) -> None:
    target = doctrine()
    mine: list[Challenge] = []
    now = T0
    for index, (gap, minutes, score, play) in enumerate(plan):
        now += timedelta(seconds=gap)
        earlier = [c for c in mine if c.counts and now - WEEK < c.ended_at <= now]
        challenge = start(f"g{index}", "bob", target, Pace.BLITZ, now, mine)
        assert (challenge.why is ChallengeUnrated.WEEKLY_LIMIT) == (len(earlier) >= 3)
        now += timedelta(minutes=minutes)
        if play == "stopped":
            mine.append(stop(challenge, now))
            continue
        delays = {"own": HUMAN, "doctrine": own(2), "fast": {t: 1 for t in range(1, 9)}}[play]
        mine.append(finish(challenge, ChallengeEnd(now, score, 8, delays)))
    counted = [c for c in mine if c.counts]
    for anchor in counted:
        by_end = [c for c in counted if anchor.ended_at - WEEK < c.ended_at <= anchor.ended_at]
        by_start = [c for c in counted if anchor.started_at - WEEK < c.started_at <= anchor.started_at]
        assert len(by_end) <= 3 and len(by_start) <= 3
