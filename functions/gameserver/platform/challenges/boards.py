"""The month's two challenge leaderboards: challengers by challenge rating, public doctrines by rating.

Issue 15: "Leaderboards of the month: challengers (at least 8 rated challenges this month) by challenge rating;
public doctrines (at least 10 rated challenges faced this month) by rating." Platform decisions
(specs/platform.md), for the titles that read them: "Commander of the month", "more rated challenges, then the
oldest account"; "Doctrine of the month", "more rated challenges faced, then the oldest publication".

A line is a month line as stored, one per member (or doctrine) and month: the rated challenges of the month and
the rating after the last of them. The boards' order is total (a stored index keeps it; the last key, the id,
only separates what the rules leave tied): higher rating first, then more rated challenges (played or faced),
then the older account (or publication). Choice (docs/platform.md): the house AIs are on the doctrine board
(they are doctrines with ratings, listed like the others); the seasons leave them out of the title.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from gameserver.platform.challenges.doctrines import DoctrineStatus
from gameserver.platform.ratings.glicko2 import Glicko2Rating

#: "Commander of the month [...] (8 rated challenges at least)".
MIN_RATED_CHALLENGES = 8
#: "the public doctrine with the best rating among those that faced 10 rated challenges at least in the month".
MIN_CHALLENGES_FACED = 10


@dataclass(frozen=True)
class ChallengerLine:
    """A member's month of challenges."""

    member: str
    rating: Decimal
    """The challenge rating after their last rated challenge of the month."""
    rated_challenges: int
    account_created: datetime

    def after(self, rating: Glicko2Rating) -> ChallengerLine:
        """The line after one more rated challenge of the month, which left the challenge rating at ``rating``."""
        return replace(self, rating=rating.rating, rated_challenges=self.rated_challenges + 1)


@dataclass(frozen=True)
class DoctrineLine:
    """A doctrine's month of challenges faced."""

    doctrine: str
    author: str | None
    """None for a house AI."""
    rating: Decimal
    """The doctrine's rating after the last rated challenge it faced this month."""
    faced: int
    published_at: datetime
    """Its first publication."""
    status: DoctrineStatus = DoctrineStatus.PUBLISHED
    """As it is now: a hidden or withdrawn doctrine is not public."""

    @property
    def house(self) -> bool:
        return self.author is None

    @property
    def public(self) -> bool:
        return self.status is DoctrineStatus.PUBLISHED

    def after(self, rating: Glicko2Rating) -> DoctrineLine:
        """The line after one more rated challenge faced this month, which left the rating at ``rating``."""
        return replace(self, rating=rating.rating, faced=self.faced + 1)


def challenger_order(line: ChallengerLine) -> tuple[Decimal, int, datetime, str]:
    """Higher challenge rating first, then more rated challenges, then the oldest account, then member id."""
    return (-line.rating, -line.rated_challenges, line.account_created, line.member)


def doctrine_order(line: DoctrineLine) -> tuple[Decimal, int, datetime, str]:
    """Higher rating first, then more rated challenges faced, then the oldest publication, then doctrine id."""
    return (-line.rating, -line.faced, line.published_at, line.doctrine)


def on_challenger_board(line: ChallengerLine) -> bool:
    """At least 8 rated challenges this month."""
    return line.rated_challenges >= MIN_RATED_CHALLENGES


def on_doctrine_board(line: DoctrineLine) -> bool:
    """Public (neither hidden nor withdrawn) and at least 10 rated challenges faced this month."""
    return line.public and line.faced >= MIN_CHALLENGES_FACED
