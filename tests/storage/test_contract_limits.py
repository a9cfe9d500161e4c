"""The limits area on both stores: a member's count of a limit in a window stops at its cap, writing nothing
past it; another window, limit or member counts apart."""

from __future__ import annotations

WINDOW = 1_796_000_040
"""A window's start (epoch seconds, a whole minute)."""


def test_a_count_stops_at_its_cap_and_another_window_limit_or_member_counts_apart(store):
    taken = [store.limits.take("alice", "bench", WINDOW, WINDOW + 60, 3) for _ in range(5)]
    assert taken == [True, True, True, False, False]
    assert store.limits.take("alice", "bench", WINDOW + 60, WINDOW + 120, 3), "the next window starts at 0"
    assert store.limits.take("alice", "starts", WINDOW, WINDOW + 60, 3), "another limit counts apart"
    assert store.limits.take("bob", "bench", WINDOW, WINDOW + 60, 3), "another member counts apart"


def test_a_refused_count_writes_nothing(store):
    assert store.limits.take("carol", "help_tools", WINDOW, WINDOW + 60, 1)
    assert not store.limits.take("carol", "help_tools", WINDOW, WINDOW + 60, 1)
    assert store.limits.take("carol", "help_tools", WINDOW, WINDOW + 60, 2), "the count stayed at 1, not 2"
    assert not store.limits.take("carol", "help_tools", WINDOW, WINDOW + 60, 2)
