"""The cap of 5 submissions a turn. (The month's duel board and its prizes: tests/seasons/test_season_prizes.py.)"""

from __future__ import annotations

import pytest
from gameserver.play.orders import MAX_SUBMISSIONS, SubmissionCapError, next_submission


def test_five_submissions_per_turn_at_most() -> None:
    count = 0
    for _ in range(MAX_SUBMISSIONS):
        count = next_submission(3, count)
    assert count == 5
    with pytest.raises(SubmissionCapError) as refused:
        next_submission(3, count)
    assert refused.value.rule == "five-submissions-per-turn" and "turn 3" in str(refused.value)
