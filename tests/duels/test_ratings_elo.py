"""The common duel Elo: K = 40 for the first 30 rated games, then 20; exact take-back."""

from __future__ import annotations

import doctest

import gameserver.platform.ratings.elo as elo_module
import pytest
from gameserver.platform.ratings.elo import EloChange, EloRating, elo_k, rate_elo


def test_k_is_40_for_the_first_30_rated_games_then_20() -> None:
    assert elo_k(EloRating(1500, 0)) == 40
    assert elo_k(EloRating(1500, 29)) == 40  # the 30th game
    assert elo_k(EloRating(1500, 30)) == 20  # the 31st


def test_each_member_uses_their_own_k() -> None:
    """Between equals, a win is worth K/2: +20 for a newcomer (K 40), -10 for a settled member (K 20)."""
    newcomer, settled = rate_elo(EloRating(1500, 29), EloRating(1500, 30), 1)
    assert (newcomer.points, settled.points) == (20, -10)
    newcomer, settled = rate_elo(EloRating(1500, 30), EloRating(1500, 31), 1)
    assert (newcomer.points, settled.points) == (10, -10)


def test_expectation_follows_the_400_point_logistic() -> None:
    """400 points above: expected 10/11; a win gains round(20 x 1/11) = 2, a loss costs round(20 x 10/11) = 18."""
    (win, _) = rate_elo(EloRating(1900, 40), EloRating(1500, 40), 1)
    (loss, _) = rate_elo(EloRating(1900, 40), EloRating(1500, 40), 0)
    assert (win.points, loss.points) == (2, -18)


def test_a_draw_between_equals_changes_nothing_but_counts_a_game() -> None:
    change, _ = rate_elo(EloRating(), EloRating(), 0.5)
    assert change == EloChange(0)
    assert change.apply(EloRating()) == EloRating(1500, 1)


def test_take_back_restores_points_and_count_after_later_games() -> None:
    start = EloRating()
    first, _ = rate_elo(start, EloRating(1600, 3), 1)
    after_first = first.apply(start)
    second, _ = rate_elo(after_first, EloRating(1400, 3), 0)
    now = second.apply(after_first)
    assert first.take_back(now) == EloRating(1500 + second.points, 1)
    with pytest.raises(ValueError):
        first.take_back(EloRating(1500, 0))


def test_doctests_of_the_module() -> None:
    assert doctest.testmod(elo_module).failed == 0
