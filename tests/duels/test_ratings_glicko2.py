"""Glicko-2 against Glickman's worked example, and the exactness of a stored change."""

from __future__ import annotations

import doctest
import re
from decimal import Decimal

import gameserver.platform.ratings.glicko2 as glicko2_module
from gameserver.platform.ratings.glicko2 import (
    SCALE,
    Glicko2Change,
    Glicko2Rating,
    GlickoResult,
    rate,
    rate_game,
)
from hypothesis import given
from hypothesis import strategies as st


def rating(r: float, rd: float, vol: str = "0.06") -> Glicko2Rating:
    return Glicko2Rating(Decimal(str(r)), Decimal(str(rd)), Decimal(vol))


def test_glickman_worked_example() -> None:
    """Player 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300: 1464.06 / 151.52 / 0.05999.

    The paper rounds mu' to -0.2069 before scaling back (173.7178 x -0.2069 + 1500 = 1464.06); unrounded it is
    1464.0507, which still rounds to the paper's mu'.
    """
    player = rating(1500, 200)
    after = rate(
        player,
        [
            GlickoResult(rating(1400, 30), 1),
            GlickoResult(rating(1550, 100), 0),
            GlickoResult(rating(1700, 300), 0),
        ],
    )
    assert round((float(after.rating) - 1500) / SCALE, 4) == -0.2069
    assert abs(float(after.rating) - 1464.06) < 0.01
    assert round(float(after.deviation), 2) == 151.52
    # The paper prints sigma' = 0.05999, four significant digits of 0.0599960.
    assert abs(float(after.volatility) - 0.05999) < 0.00001
    assert round(float(after.volatility), 6) == 0.059996


def test_doctests_of_the_module() -> None:
    assert doctest.testmod(glicko2_module).failed == 0


def test_an_upset_takes_the_other_branch_of_the_volatility_iteration() -> None:
    """delta^2 > phi^2 + v (a settled low player beats a settled high one): volatility rises."""
    low = rating(1200, 50)
    after = rate(low, [GlickoResult(rating(2200, 50), 1)])
    assert after.volatility > low.volatility
    assert after.rating > low.rating


def test_one_game_moves_both_players_and_narrows_their_deviation() -> None:
    winner_change, loser_change = rate_game(Glicko2Rating(), Glicko2Rating(), 1)
    assert winner_change.rating > 0 > loser_change.rating
    assert winner_change.rating == -loser_change.rating  # equal ratings and deviations: a symmetric game
    assert winner_change.deviation < 0 and loser_change.deviation < 0


def test_a_draw_between_equals_moves_no_rating() -> None:
    first, second = rate_game(Glicko2Rating(), Glicko2Rating(), 0.5)
    assert first.rating == 0 and second.rating == 0


def test_new_ratings_are_provisional_until_the_deviation_falls_under_110() -> None:
    player = Glicko2Rating()
    assert player.provisional
    games = 0
    while player.provisional:
        change, _ = rate_game(player, Glicko2Rating(Decimal(1500), Decimal(60)), games % 2)
        player = change.apply(player)
        games += 1
    assert player.deviation < 110
    assert games > 5


def test_a_score_other_than_win_draw_loss_is_refused() -> None:
    try:
        rate(Glicko2Rating(), [GlickoResult(Glicko2Rating(), 0.7)])
    except ValueError as error:
        assert "0.7" in str(error)
    else:
        raise AssertionError("a score of 0.7 was accepted")


def test_json_round_trip() -> None:
    change, _ = rate_game(Glicko2Rating(), rating(1600, 80), 1)
    assert Glicko2Change.from_json(change.to_json()) == change
    value = change.apply(Glicko2Rating())
    assert Glicko2Rating.from_json(value.to_json()) == value


@given(
    st.lists(
        st.tuples(st.integers(1000, 2200), st.integers(30, 350), st.sampled_from([0, 0.5, 1])),
        min_size=2,
        max_size=12,
    ),
    st.data(),
)
def test_taking_back_one_game_is_exactly_the_other_games(games: list[tuple[int, int, float]], data) -> None:
    """A voided game takes back exactly its own change: what remains is the start plus every other change."""
    current = Glicko2Rating()
    changes = []
    for opponent_rating, opponent_deviation, score in games:
        change, _ = rate_game(current, rating(opponent_rating, opponent_deviation), score)
        changes.append(change)
        current = change.apply(current)
    voided = data.draw(st.integers(0, len(changes) - 1))
    after_void = changes[voided].take_back(current)
    others = [c for index, c in enumerate(changes) if index != voided]
    assert after_void.rating == Glicko2Rating().rating + sum(c.rating for c in others)
    assert after_void.deviation == Glicko2Rating().deviation + sum(c.deviation for c in others)
    assert after_void.volatility == Glicko2Rating().volatility + sum(c.volatility for c in others)


def test_a_period_without_games_is_refused() -> None:
    """Each finished game is its own rating period: an empty one never happens on the platform."""
    try:
        rate(Glicko2Rating(), [])
    except ValueError as error:
        assert "at least one game" in str(error)
    else:
        raise AssertionError("an empty rating period was rated")


@given(st.floats(800, 2600), st.floats(30, 350), st.floats(800, 2600), st.floats(30, 350),
       st.sampled_from([0.0, 0.5, 1.0]))
def test_a_rating_change_is_written_as_a_plain_decimal_never_with_an_exponent(r1, rd1, r2, rd2, score) -> None:
    """The API's decimal strings (DecimalText): a tiny volatility change is -0.000000325, not -3.25E-7."""
    changes = rate_game(rating(r1, rd1), rating(r2, rd2), score)
    for change in changes:
        for text in (*change.to_json().values(), *change.apply(rating(r1, rd1)).to_json().values()):
            assert re.fullmatch(r"-?\d+(\.\d+)?", text), text
        assert Glicko2Change.from_json(change.to_json()) == change
