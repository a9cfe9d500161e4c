"""Whether a finished duel moves the ratings, and by how much.

Rules: "Each duel counts for the game's rating, except beyond 3 duels against the same member in 24 hours."
Platform decision (specs/platform.md): "The limit of 3 rated duels between the same two members counts duels
finished (won, drawn, lost, forfeited) in the 24 hours before this one finished; cancelled duels do not count;
the 4th and later are unrated." Also unrated: duels between linked accounts and games with orders faster than a
human's ("no rating moves").

Choices (docs/platform.md): the window is half-open, (finished - 24 h, finished]: a duel that finished exactly
24 hours before this one is outside it. A voided duel "no longer counts", so it leaves the window too. Two duels
of the pair that finished in the same second are ordered by their ids.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from gameserver.platform.duels.duel import Duel
from gameserver.platform.ratings.elo import EloChange, EloRating, rate_elo
from gameserver.platform.ratings.glicko2 import Glicko2Change, Glicko2Rating, rate_game

DAILY_LIMIT_WINDOW = timedelta(hours=24)
#: "except beyond 3 duels against the same member in 24 hours": 3 earlier duels in the window make this one unrated.
RATED_DUELS_PER_PAIR = 3


class Unrated(enum.StrEnum):
    """Why a finished duel moves no rating."""

    NOT_FINISHED = "not-finished"
    """Cancelled, declined, withdrawn, lapsed, voided or still going: no result to rate."""
    LINKED_ACCOUNTS = "linked-accounts"
    FASTER_THAN_A_HUMAN = "faster-than-a-human"
    DAILY_LIMIT = "daily-limit"
    """The 4th or later duel of the same two members in 24 hours."""


def _pair(duel: Duel) -> frozenset[str]:
    return frozenset(duel.members)


def earlier_in_window(duel: Duel, others: Iterable[Duel]) -> list[Duel]:
    """The pair's other finished duels that finished in the 24 hours before ``duel`` finished."""
    if duel.finished_at is None:
        raise ValueError(f"duel {duel.id} has not finished")
    start = duel.finished_at - DAILY_LIMIT_WINDOW
    found = []
    for other in others:
        if other.id == duel.id or _pair(other) != _pair(duel) or not other.status.finished:
            continue
        if other.finished_at is None:
            raise ValueError(f"duel {other.id} is {other.status} without a finishing time")
        before = other.finished_at < duel.finished_at or (
            other.finished_at == duel.finished_at and other.id < duel.id
        )
        if before and other.finished_at > start:
            found.append(other)
    return found


def rating_verdict(duel: Duel, others: Iterable[Duel]) -> Unrated | None:
    """None when ``duel`` moves the ratings, else why not. ``others``: the pair's duels (any others are ignored)."""
    if not duel.status.finished:
        return Unrated.NOT_FINISHED
    if duel.linked:
        return Unrated.LINKED_ACCOUNTS
    if duel.too_fast:
        return Unrated.FASTER_THAN_A_HUMAN
    if len(earlier_in_window(duel, others)) >= RATED_DUELS_PER_PAIR:
        return Unrated.DAILY_LIMIT
    return None


def score(duel: Duel, member: str) -> float:
    """The member's score in a finished duel: 1 for a win (on the board or by forfeit), 0.5 a draw, 0 a loss."""
    if not duel.status.finished:
        raise ValueError(f"duel {duel.id} is {duel.status}: it has no score")
    if duel.winner is None:
        return 0.5
    return 1.0 if duel.winner == member else 0.0


@dataclass(frozen=True)
class DuelRatingChanges:
    """Every rating change of one rated duel, per member: stored with the duel so that a void takes it back."""

    game: dict[str, Glicko2Change]
    elo: dict[str, EloChange]


def rate_duel(duel: Duel, game: dict[str, Glicko2Rating], elo: dict[str, EloRating]) -> DuelRatingChanges:
    """The changes of a rated duel from both members' ratings before it (game rating and common Elo)."""
    first, second = duel.members
    first_score = score(duel, first)
    game_first, game_second = rate_game(game[first], game[second], first_score)
    elo_first, elo_second = rate_elo(elo[first], elo[second], first_score)
    return DuelRatingChanges({first: game_first, second: game_second}, {first: elo_first, second: elo_second})

