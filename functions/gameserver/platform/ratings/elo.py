"""The common duel Elo, across games.

Platform decision (docs/platform.md): "start 1500, K = 40 for the first 30 rated games, then 20". Points are
whole numbers: each game's change is rounded to the nearest point, so taking it back is exact.
"""

from __future__ import annotations

from dataclasses import dataclass

START_POINTS = 1500
#: K while a member has played fewer than 30 rated games: their first 30 games move the rating fast.
K_NEW = 40
#: K from the 31st rated game on.
K_SETTLED = 20
GAMES_AT_K_NEW = 30


@dataclass(frozen=True)
class EloRating:
    """A member's common duel Elo and the number of rated games behind it."""

    points: int = START_POINTS
    games: int = 0


@dataclass(frozen=True)
class EloChange:
    """What one game did to one member's Elo: points and one rated game, stored with the game."""

    points: int

    def apply(self, current: EloRating) -> EloRating:
        return EloRating(current.points + self.points, current.games + 1)

    def take_back(self, current: EloRating) -> EloRating:
        """Undo this game (a voided duel): its points and its count, later games untouched."""
        if current.games < 1:
            raise ValueError("no rated game to take back")
        return EloRating(current.points - self.points, current.games - 1)


def elo_k(rating: EloRating) -> int:
    """K for the game about to be rated: 40 for the first 30 rated games, then 20."""
    return K_NEW if rating.games < GAMES_AT_K_NEW else K_SETTLED


def expected_score(points: int, opponent_points: int) -> float:
    """The logistic expectation: 1 / (1 + 10^((Rb - Ra) / 400))."""
    return 1.0 / (1.0 + 10.0 ** ((opponent_points - points) / 400.0))


def rate_elo(first: EloRating, second: EloRating, first_score: float) -> tuple[EloChange, EloChange]:
    """The change of each member after one game (score 1, 0.5 or 0 for the first); each uses their own K.

    >>> rate_elo(EloRating(1500, 0), EloRating(1500, 30), 1)
    (EloChange(points=20), EloChange(points=-10))
    """
    if first_score not in (0, 0.5, 1):
        raise ValueError(f"a game scores 1, 0.5 or 0, not {first_score}")
    first_delta = round(elo_k(first) * (first_score - expected_score(first.points, second.points)))
    second_delta = round(elo_k(second) * ((1 - first_score) - expected_score(second.points, first.points)))
    return EloChange(first_delta), EloChange(second_delta)
