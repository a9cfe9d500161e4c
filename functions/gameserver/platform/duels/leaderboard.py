"""The month's duel leaderboard of a game: who is on it, and its order.

Platform decision (specs/platform.md): "the month's duel leaderboard (game rating at the close), counting only
members with at least 8 rated duels in the month and not frozen at the close; equal ratings: more rated duels
first, then the oldest account." The prizes it pays are the season's (``gameserver.platform.seasons.prizes``), which also
leaves out members frozen at the close.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

#: "The prize place only counts the members who have 8 rated duels in the month".
MIN_RATED_DUELS = 8


@dataclass(frozen=True)
class DuelStanding:
    """A member's line for the month: the game rating after their last rated duel of it, rated duels this month,
    account creation."""

    member: str
    rating: Decimal
    rated_duels: int
    account_created: datetime


def on_duel_board(standing: DuelStanding) -> bool:
    """At least 8 rated duels this month."""
    return standing.rated_duels >= MIN_RATED_DUELS


def duel_order(standing: DuelStanding) -> tuple[Decimal, int, datetime, str]:
    """Higher rating first, then more rated duels, then the oldest account (the member id settles the rest)."""
    return (-standing.rating, -standing.rated_duels, standing.account_created, standing.member)
