"""The two Glicko-2 changes of a counted challenge, and a doctrine's rating moved one game at a time.

Platform decisions (specs/platform.md): "Challenges: a challenge rating per member and a rating per doctrine
(house AIs included), both Glicko-2." "A challenge moves both ratings or neither." "Every rating change is stored
with the game that caused it."

A house AI's rating is one item that every challenge of it would update: many challenges ending at once would
make their end transactions conflict on it. So no end transaction writes a doctrine's rating (choice,
docs/platform.md, "Doctrine challenges"):

1. The end of a counted challenge (``settle``) writes, in its one transaction: the challenger's new challenge
   rating and its change (stored with the game), and a ``QueuedResult`` for the doctrine (its own item, keyed by
   doctrine and game: two ends never touch the same item). Both ratings are then bound to move: the challenger's
   now, the doctrine's when its result is applied.
2. A sweep applies a doctrine's queued results (``apply_next``), in order of their end (then game id), each
   exactly once: one transaction writes the doctrine's rating item (conditioned on its version), each game's
   change (conditioned on not existing: idempotent by game id) and deletes the queued items. Two sweeps at once:
   one transaction wins, the other re-reads. A result already applied is only deleted.

Each game is its own rating period, each side rated from the other's rating before the game: the challenger
against the doctrine's rating as last applied (at most one sweep behind), the doctrine against the challenger's
rating before the game, kept in the queued result.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from gameserver.platform.challenges.challenge import Challenge
from gameserver.platform.ratings.glicko2 import Glicko2Change, Glicko2Rating, GlickoResult, rate

#: Results applied in one transaction: each writes its change and deletes its queued item (2 of DynamoDB's 100
#: items a transaction), beside the rating item and the doctrine's month lines.
MAX_PER_STEP = 25


def _change(player: Glicko2Rating, opponent: Glicko2Rating, score: float) -> Glicko2Change:
    return Glicko2Change.between(player, rate(player, [GlickoResult(opponent, score)]))


@dataclass(frozen=True)
class QueuedResult:
    """A counted challenge waiting to move its doctrine's rating."""

    doctrine: str
    game: str
    ended_at: datetime
    challenger_before: Glicko2Rating
    """The challenger's challenge rating before this game: what the doctrine is rated against."""
    score: float
    """The doctrine's score: 1 when the challenger lost, 0.5 a draw, 0 when the challenger won."""

    @property
    def order(self) -> tuple[datetime, str]:
        return (self.ended_at, self.game)

    def to_json(self) -> dict[str, Any]:
        return {"doctrine": self.doctrine, "game": self.game, "ended_at": self.ended_at.isoformat(),
                "challenger_before": self.challenger_before.to_json(), "score": self.score}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> QueuedResult:
        return cls(data["doctrine"], data["game"], datetime.fromisoformat(data["ended_at"]),
                   Glicko2Rating.from_json(data["challenger_before"]), float(data["score"]))


@dataclass(frozen=True)
class Settlement:
    """What a counted challenge's end writes: the challenger's change now, the doctrine's result queued."""

    challenger_before: Glicko2Rating
    challenger_change: Glicko2Change
    queued: QueuedResult

    @property
    def challenger_after(self) -> Glicko2Rating:
        return self.challenger_change.apply(self.challenger_before)


def settle(challenge: Challenge, challenger: Glicko2Rating, doctrine: Glicko2Rating) -> Settlement | None:
    """The ratings' part of a finished challenge's end, from the challenger's challenge rating and the doctrine's
    rating as stored now; None when it does not count (then neither rating moves)."""
    if not challenge.counts:
        return None
    if challenge.score is None or challenge.ended_at is None:
        raise ValueError(f"challenge {challenge.id} counts without a score or an end time")
    queued = QueuedResult(challenge.doctrine, challenge.id, challenge.ended_at, challenger, 1.0 - challenge.score)
    return Settlement(challenger, _change(challenger, doctrine, challenge.score), queued)


@dataclass(frozen=True)
class DoctrineRating:
    """A doctrine's one rating item: its Glicko-2 rating, the rated challenges it faced, its write version."""

    doctrine: str
    rating: Glicko2Rating = Glicko2Rating()
    faced: int = 0
    version: int = 0
    """The stored item's version, which the next write is conditioned on (0: not stored yet)."""


@dataclass(frozen=True)
class AppliedResult:
    """One game's change of a doctrine's rating: stored with the game (and taken back with it, if ever)."""

    doctrine: str
    game: str
    ended_at: datetime
    before: Glicko2Rating
    change: Glicko2Change

    @property
    def after(self) -> Glicko2Rating:
        return self.change.apply(self.before)


@dataclass(frozen=True)
class RatingStep:
    """One application of queued results: what its one transaction writes."""

    rating: DoctrineRating
    """The rating item to write (its version one more) when ``applied`` is not empty."""
    applied: tuple[AppliedResult, ...]
    """The changes, in the order applied: each stored with its game, on the condition it is not there yet."""
    done: tuple[str, ...]
    """Games whose queued items to delete: those applied now and those found applied before."""


def apply_next(
    rating: DoctrineRating,
    queued: Iterable[QueuedResult],
    applied_before: Container[str] = (),
    limit: int = MAX_PER_STEP,
) -> RatingStep:
    """Apply the doctrine's next queued results to its rating, in order of their end (then game id), each
    exactly once: a game already applied (``applied_before``: games whose change is stored) or given twice is
    not applied again. At most ``limit`` results; the rest wait for the next step."""
    if limit < 1:
        raise ValueError("a step applies at least one result")
    pending: dict[str, QueuedResult] = {}
    for result in queued:
        if result.doctrine != rating.doctrine:
            raise ValueError(f"result of game {result.game} is for doctrine {result.doctrine}, not {rating.doctrine}")
        kept = pending.setdefault(result.game, result)
        if kept != result:
            raise ValueError(f"game {result.game} is queued twice with different results")
    current = rating.rating
    applied: list[AppliedResult] = []
    done: list[str] = []
    for result in sorted(pending.values(), key=lambda r: r.order):
        if result.game in applied_before:
            done.append(result.game)
            continue
        if len(applied) == limit:
            break
        change = _change(current, result.challenger_before, result.score)
        applied.append(AppliedResult(rating.doctrine, result.game, result.ended_at, current, change))
        current = change.apply(current)
        done.append(result.game)
    if not applied:
        return RatingStep(rating, (), tuple(done))
    moved = replace(rating, rating=current, faced=rating.faced + len(applied), version=rating.version + 1)
    return RatingStep(moved, tuple(applied), tuple(done))
