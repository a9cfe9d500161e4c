"""Front 1901 online's ratings: openskill's Plackett-Luce over a game's ranking of its members."""

from __future__ import annotations

import math

import pytest
from gameserver.platform.ratings.openskill import MU, SIGMA, SkillRating, rate_table
from hypothesis import given, settings
from hypothesis import strategies as st

SUBS = ("ann", "bob", "cat", "dan", "eve", "fay", "gus")

ratings = st.builds(SkillRating, st.floats(-50, 100), st.floats(0.01, 20), st.integers(0, 500))


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 7).flatmap(lambda n: st.tuples(
    st.lists(st.integers(1, n), min_size=n, max_size=n),
    st.lists(ratings, min_size=n, max_size=n),
    st.sets(st.sampled_from(SUBS[:n])))))
def test_every_rating_stays_finite_and_only_the_members_a_game_is_rated_for_move(case) -> None:
    ranks_list, before_list, rated = case
    subs = SUBS[:len(ranks_list)]
    ranks = dict(zip(subs, ranks_list, strict=True))
    before = dict(zip(subs, before_list, strict=True))
    after = rate_table(before, ranks, frozenset(rated))
    for sub, rating in after.items():
        assert math.isfinite(rating.mu) and math.isfinite(rating.sigma) and rating.sigma > 0
        assert rating.games == before[sub].games + 1
    assert set(after) == (set(rated) if len(rated) >= 2 else set())  # an unrated member never moves
    assert rate_table(before, ranks, frozenset()) == {}  # an unrated game moves nobody


def test_the_first_rises_the_last_falls_and_equal_ranks_move_alike() -> None:
    after = rate_table({}, {"ann": 1, "bob": 2, "cat": 2, "dan": 4})
    assert after["ann"].mu > MU > after["dan"].mu
    assert after["bob"] == after["cat"]
    assert all(r.sigma < SIGMA for r in after.values())


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(1, 4), min_size=4, max_size=4), min_size=1, max_size=6), st.randoms())
def test_voiding_games_takes_back_exactly_their_changes_in_any_order(games, rnd) -> None:
    """Each game's change stored (before, after) and taken back once, in any order: every rating stays finite,
    loses one game a void, and once every game is voided is the prior again."""
    from gameserver.domain.front1901.ratings import taken_back
    from gameserver.storage.front1901 import RatingChange

    subs = SUBS[:4]
    now = {sub: SkillRating() for sub in subs}
    changes = []
    for ranks in games:
        moved = rate_table(now, dict(zip(subs, ranks, strict=True)))
        changes.append([RatingChange(sub, now[sub], moved[sub]) for sub in subs])
        now = {**now, **moved}
    rnd.shuffle(changes)
    for left, game in enumerate(reversed(changes)):
        for change in game:
            now[change.member] = taken_back(now[change.member], change)
        for rating in now.values():
            assert math.isfinite(rating.mu) and math.isfinite(rating.sigma)
            assert rating.games == len(changes) - left - 1
    for rating in now.values():
        assert rating.mu == pytest.approx(MU, abs=1e-3) and rating.sigma == pytest.approx(SIGMA, abs=1e-3)
