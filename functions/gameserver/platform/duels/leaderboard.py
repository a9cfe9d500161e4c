"""The month's duel leaderboard of a game, and its prizes.

Platform decision (specs/platform.md): "Duel prizes per game: 150, 100, 60 credits to the first three, 25 from 4th
to 10th, of the month's duel leaderboard (game rating at the close), counting only members with at least 8 rated
duels in the month and not frozen at the close; equal ratings: more rated duels first, then the oldest account."
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

#: "The prize place only counts the members who have 8 rated duels in the month".
MIN_RATED_DUELS = 8
#: Prizes by place, first to tenth.
PRIZES = (150, 100, 60, 25, 25, 25, 25, 25, 25, 25)


@dataclass(frozen=True)
class DuelStanding:
    """A member's line for the month: game rating now, rated duels this month, account creation, frozen."""

    member: str
    rating: Decimal
    rated_duels: int
    account_created: datetime
    frozen: bool = False


def eligible(standing: DuelStanding) -> bool:
    return standing.rated_duels >= MIN_RATED_DUELS and not standing.frozen


def order_key(standing: DuelStanding) -> tuple[Decimal, int, datetime, str]:
    """Higher rating first, then more rated duels, then the oldest account (the member id settles the rest)."""
    return (-standing.rating, -standing.rated_duels, standing.account_created, standing.member)


def duel_leaderboard(standings: Iterable[DuelStanding]) -> list[DuelStanding]:
    """The month's board: eligible members in prize order."""
    return sorted((s for s in standings if eligible(s)), key=order_key)


def season_prizes(standings: Iterable[DuelStanding]) -> list[tuple[str, int]]:
    """(member, credits) for the first ten of the board, in place order."""
    board = duel_leaderboard(standings)
    return [(standing.member, prize) for standing, prize in zip(board, PRIZES, strict=False)]
