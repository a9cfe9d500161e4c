"""Fair play: order delays, faster than a human, a pace too regular, linked accounts, reload storms."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime, timedelta

import gameserver.platform.fairplay.delays as delays_module
import pytest
from gameserver.platform.fairplay import (
    Link,
    Sighting,
    faster_than_a_human,
    faster_than_a_human_in_game,
    link_between,
    order_delay,
    pace_too_regular,
    reloaded_too_often,
)
from gameserver.platform.fairplay.links import LinkKind

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)


def test_order_delay_is_whole_seconds_rounded_down() -> None:
    assert order_delay(T0, T0 + timedelta(seconds=3, milliseconds=999)) == 3
    assert order_delay(T0, T0) == 0
    with pytest.raises(ValueError):
        order_delay(T0, T0 - timedelta(seconds=1))


def test_faster_than_a_human_is_judged_from_turn_5_on() -> None:
    """"the median delay [...] is under 4 seconds, judged at every turn from turn 5 on"."""
    quick = {1: 1, 2: 1, 3: 1, 4: 1}
    assert not faster_than_a_human(quick, turn=4, over=False)
    assert faster_than_a_human({**quick, 5: 30}, turn=5, over=False)


def test_the_median_at_the_edge_of_4_seconds() -> None:
    assert not faster_than_a_human({1: 4, 2: 4, 3: 4, 4: 4, 5: 4}, turn=5, over=False)
    assert faster_than_a_human({1: 3, 2: 3, 3: 3, 4: 60, 5: 60}, turn=5, over=False)
    # An even count: the median is the mean of the middle two, 3.5 here.
    assert faster_than_a_human({1: 3, 2: 3, 3: 4, 4: 60, 6: 60, 7: 1}, turn=7, over=False)


def test_a_game_that_ended_sooner_is_judged_over_all_its_turns() -> None:
    assert faster_than_a_human({1: 2, 2: 2, 3: 9}, turn=3, over=True)
    assert not faster_than_a_human({1: 2, 2: 9, 3: 9}, turn=3, over=True)


def test_missed_turns_have_no_delay_and_no_turn_means_no_verdict() -> None:
    assert not faster_than_a_human({}, turn=8, over=True)
    assert faster_than_a_human({2: 1, 7: 2}, turn=8, over=True)


def test_a_verdict_at_turn_5_stands_when_later_turns_are_slow() -> None:
    """"count at once": median 1 at turn 5; later slow turns lift the median to 60 at the end."""
    delays = {1: 1, 2: 1, 3: 1, 4: 60, 5: 60, 6: 60, 7: 60, 8: 60}
    assert faster_than_a_human(delays, turn=5, over=False)
    assert not faster_than_a_human(delays, turn=8, over=True)
    assert faster_than_a_human_in_game(delays, turns=8)
    assert not faster_than_a_human_in_game({1: 1, 2: 1, 3: 60, 4: 60, 5: 60, 6: 60, 7: 1, 8: 1}, turns=8)


def test_pace_too_regular_needs_5_turns_and_a_cv_under_0_1() -> None:
    assert not pace_too_regular([10, 10, 10, 10])
    assert pace_too_regular([10, 10, 10, 10, 10])
    assert pace_too_regular([0, 0, 0, 0, 0])
    # mean 10, population stdev 0.894: CV 0.089, too regular.
    assert pace_too_regular([9, 11, 9, 11, 10])
    # mean 10, population stdev exactly 1: CV 0.1 is not under 0.1.
    assert not pace_too_regular([9, 11, 9, 11, 9, 11])


def test_doctests_of_delays() -> None:
    assert doctest.testmod(delays_module).failed == 0


def sighting(member: str, device: str | None, address: str, days_ago: float) -> Sighting:
    return Sighting(member, device, address, T0 - timedelta(days=days_ago))


def test_members_seen_with_the_same_device_within_30_days_are_linked() -> None:
    seen = [sighting("ann", "phone-1", "10.0.0.1", 29), sighting("bob", "phone-1", "10.0.0.2", 1)]
    assert link_between("ann", "bob", seen, T0) == Link(LinkKind.DEVICE, "phone-1")


def test_the_same_address_links_too_and_a_device_is_named_first() -> None:
    seen = [
        sighting("ann", "a", "10.0.0.9", 2),
        sighting("bob", "b", "10.0.0.9", 3),
        sighting("bob", "a", "10.0.0.7", 3),
    ]
    assert link_between("ann", "bob", seen, T0) == Link(LinkKind.DEVICE, "a")
    assert link_between("ann", "bob", seen[:2], T0) == Link(LinkKind.ADDRESS, "10.0.0.9")


def test_the_30_day_window_at_its_edges() -> None:
    exactly = [sighting("ann", "x", "1.1.1.1", 30), sighting("bob", "x", "2.2.2.2", 0)]
    assert link_between("ann", "bob", exactly, T0) is not None
    outside = [sighting("ann", "x", "1.1.1.1", 30 + 1 / 86_400), sighting("bob", "x", "2.2.2.2", 0)]
    assert link_between("ann", "bob", outside, T0) is None


def test_a_missing_device_id_links_nobody() -> None:
    seen = [sighting("ann", None, "1.1.1.1", 1), sighting("bob", None, "2.2.2.2", 1)]
    assert link_between("ann", "bob", seen, T0) is None


def test_a_view_reloaded_more_than_60_times_a_minute() -> None:
    sixty_one = [T0 + timedelta(seconds=index * 0.98) for index in range(61)]  # the last at 58.8 s
    assert reloaded_too_often(sixty_one)
    spread = [T0 + timedelta(seconds=index) for index in range(61)]  # the 61st exactly 60 s after the first
    assert not reloaded_too_often(spread)
    assert not reloaded_too_often(sixty_one[:60])


def test_a_finished_games_delays_leave_too_fast_and_pace_too_regular_marks_and_a_humans_none():
    """"Marks for moderators: ``too-fast`` (orders faster than a human's, any game), ``pace-too-regular``
    (duels, tournament matches, challenges and the Daily Front)"."""
    from gameserver.platform.fairplay.marks import MarkKind, play_marks

    delays = {"bot": dict.fromkeys(range(1, 9), 2), "metronome": dict.fromkeys(range(1, 9), 20),
              "human": dict(zip(range(1, 9), (13, 27, 9, 31, 18, 22, 40, 15), strict=True))}
    marks = play_marks("g1", delays, 8, "2026-11-30T09:00:00Z")
    assert {(m.member, m.kind) for m in marks} == {
        ("bot", MarkKind.TOO_FAST), ("bot", MarkKind.PACE_TOO_REGULAR), ("metronome", MarkKind.PACE_TOO_REGULAR)}
    assert play_marks("g1", delays, 8, "2026-11-30T09:00:00Z") == marks  # the same end marks the same
