"""Builders of the challenge tests: a doctrine of each kind, a challenge played to its end, human delays."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gameserver.clock import Pace
from gameserver.platform.challenges import (
    Challenge,
    ChallengeEnd,
    HouseAI,
    PublishedDoctrine,
    finish,
    house_doctrine,
    publish,
    start,
)

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
RULES = {"name": "wall", "rules": [{"if": [], "then": {"hold": {}}}]}
#: Slow and irregular enough to be a human's: 27, 34, 20, ... seconds.
HUMAN = {turn: 20 + 7 * (turn % 3) for turn in range(1, 9)}


def doctrine(author: str = "ann", doctrine_id: str = "d-ann-1", at: datetime = T0 - timedelta(days=30)
             ) -> PublishedDoctrine:
    return publish(doctrine_id, author, 1, "Iron Wall", RULES, at)


def house(ai: HouseAI = HouseAI.SENTINEL) -> PublishedDoctrine:
    return house_doctrine(ai, RULES, T0 - timedelta(days=365))


def own(turns: int) -> dict[int, int]:
    """Human delays on the first ``turns`` turns: the challenger sent their own orders on those."""
    return {turn: HUMAN[turn] for turn in range(1, turns + 1)}


def played(
    challenger: str,
    target: PublishedDoctrine,
    started: datetime,
    score: float = 0.0,
    minutes: int = 10,
    mine: list[Challenge] | None = None,
    **end: object,
) -> Challenge:
    """A challenge started at ``started`` and finished ``minutes`` later, with 8 turns all the challenger's own."""
    challenge = start(f"g-{challenger}-{started.isoformat()}", challenger, target, Pace.BLITZ, started, mine or [])
    options: dict = {"delays": HUMAN, **end}
    return finish(challenge, ChallengeEnd(started + timedelta(minutes=minutes), score, 8, **options))
