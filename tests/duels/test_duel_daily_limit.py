"""The 24-hour rule: the 4th and later duels between the same two members within 24 hours are unrated."""

from __future__ import annotations

from datetime import datetime, timedelta

from duel_builders import ANN, BOB, T0, finish, playing
from gameserver.platform.duels import (
    DuelRatingChanges,
    Stop,
    Unrated,
    Void,
    apply,
    earlier_in_window,
    propose,
    rate_duel,
    rating_verdict,
    score,
)
from gameserver.platform.duels.modes import Pace
from gameserver.platform.ratings import EloRating, Glicko2Rating

NOW = T0 + timedelta(days=1)


def finished(duel_id: str, at: datetime, winner: str | None = ANN):
    return finish(playing(duel_id=duel_id), winner=winner, at=at)


def three_before(*offsets: timedelta):
    return [finished(f"p{index}", NOW - offset) for index, offset in enumerate(offsets)]


def test_the_fourth_duel_within_24_hours_is_unrated() -> None:
    earlier = three_before(timedelta(hours=1), timedelta(hours=2), timedelta(hours=3))
    this = finished("x", NOW)
    assert rating_verdict(this, earlier) is Unrated.DAILY_LIMIT
    assert rating_verdict(this, earlier[:2]) is None  # the third is rated


def test_a_duel_finished_exactly_24_hours_before_is_outside_the_window() -> None:
    earlier = three_before(timedelta(hours=1), timedelta(hours=2), timedelta(hours=24))
    assert rating_verdict(finished("x", NOW), earlier) is None


def test_a_duel_finished_one_second_inside_24_hours_counts() -> None:
    earlier = three_before(timedelta(hours=1), timedelta(hours=2), timedelta(hours=23, minutes=59, seconds=59))
    assert rating_verdict(finished("x", NOW), earlier) is Unrated.DAILY_LIMIT


def test_cancelled_and_voided_duels_do_not_count() -> None:
    earlier = three_before(timedelta(hours=1), timedelta(hours=2))
    cancelled = apply(playing(duel_id="c"), Stop(NOW - timedelta(hours=3)))
    voided = apply(finished("v", NOW - timedelta(hours=4)), Void(NOW - timedelta(hours=3)))
    assert rating_verdict(finished("x", NOW), [*earlier, cancelled, voided]) is None


def test_unrated_duels_still_count_and_other_pairs_do_not() -> None:
    linked = finish(playing(duel_id="l"), winner=BOB, at=NOW - timedelta(hours=5), linked=True)
    earlier = [*three_before(timedelta(hours=1), timedelta(hours=2)), linked]
    other_pair = propose("o", ANN, "cid", Pace.BLITZ, 0, T0, balance=100)
    assert rating_verdict(finished("x", NOW), earlier) is Unrated.DAILY_LIMIT
    assert rating_verdict(finished("x", NOW), [*earlier[:2], other_pair]) is None


def test_later_duels_and_the_duel_itself_do_not_count() -> None:
    later = [finished(f"l{index}", NOW + timedelta(minutes=index + 1)) for index in range(3)]
    this = finished("x", NOW)
    assert earlier_in_window(this, [*later, this]) == []


def test_duels_finished_in_the_same_second_are_ordered_by_id() -> None:
    same = [finished(name, NOW) for name in ("a", "b", "c", "d")]
    assert rating_verdict(same[3], same) is Unrated.DAILY_LIMIT
    assert rating_verdict(same[2], same) is None


def test_scores_and_rate_duel() -> None:
    won = finished("x", NOW, winner=BOB)
    assert (score(won, ANN), score(won, BOB)) == (0.0, 1.0)
    drawn = finished("y", NOW, winner=None)
    assert score(drawn, ANN) == 0.5
    changes = rate_duel(won, {ANN: Glicko2Rating(), BOB: Glicko2Rating()}, {ANN: EloRating(), BOB: EloRating()})
    assert isinstance(changes, DuelRatingChanges)
    assert changes.game[BOB].rating > 0 > changes.game[ANN].rating
    assert (changes.elo[BOB].points, changes.elo[ANN].points) == (20, -20)
