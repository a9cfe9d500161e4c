"""How often a member may send orders for one turn.

Rules: "You can change your orders as long as the opponent has not sent theirs (5 submissions per turn at most)."
Once both sides have sent, the turn resolves at once, so a replacement is only ever possible while the opponent
has not sent; the cap is what this module checks. Replays of an Idempotency-Key count toward no cap: the storage
never reaches this check for them.
"""

from __future__ import annotations

MAX_SUBMISSIONS = 5


class SubmissionCapError(ValueError):
    """A 6th submission for the same turn."""

    rule = "five-submissions-per-turn"

    def __init__(self, turn: int) -> None:
        super().__init__(f"at most {MAX_SUBMISSIONS} submissions of orders for turn {turn}; they were all used")
        self.turn = turn


def next_submission(turn: int, submissions_so_far: int) -> int:
    """The number of this submission (1..5), to store with the orders in the write's condition; refuses the 6th."""
    if submissions_so_far < 0:
        raise ValueError(f"a submission count is 0 or more, not {submissions_so_far}")
    if submissions_so_far >= MAX_SUBMISSIONS:
        raise SubmissionCapError(turn)
    return submissions_so_far + 1
