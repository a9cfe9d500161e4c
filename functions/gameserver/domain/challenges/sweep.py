"""What the sweep does for the challenges, each minute: challenges nobody ended (their game settled as its
deadlines fell, then ended), the doctrines' queues of results applied to their ratings, the authors' notices.
Each is idempotent and safe twice, late or out of order: every write is claimed by a version or a condition."""

from __future__ import annotations

from gameserver.clock import Clock, iso
from gameserver.domain.challenges import game, notices, ratings
from gameserver.play.sweeps import each_due
from gameserver.storage.port import Store


def sweep(store: Store, clock: Clock, limit: int = 100) -> dict[str, int]:
    outcomes: dict[str, int] = {}

    def count(outcome: str, n: int = 1) -> None:
        outcomes[outcome] = outcomes.get(outcome, 0) + n

    ended = each_due(store.challenges.due_challenges(iso(clock.now()), limit),
                     lambda challenge_id: game.catch_up(store, clock, challenge_id),
                     lambda challenge_id: f"challenge {challenge_id}")
    for outcome, n in ended.items():
        count(f"challenge-{outcome}", n)
    for outcome, n in ratings.apply_queues(store, clock, limit).items():
        count(outcome, n)
    for outcome, n in notices.tell_authors(store, clock, limit).items():
        count(outcome, n)
    return outcomes
