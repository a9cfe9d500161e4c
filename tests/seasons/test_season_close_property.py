"""Properties of the close over random deliveries: credits conserved across a close; nothing paid twice however
often, late or out of order the close is delivered (the schedule, the sweep, an operator), killed at random
points; a member frozen at the close gets nothing."""

from __future__ import annotations

import contextlib
from collections import Counter
from datetime import timedelta

from gameserver.clock import ManualClock
from gameserver.domain.seasons import close
from gameserver.storage.memory import MemoryStore
from gameserver.storage.seasons import PrizePaid
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from season_world import GRANT, PRIZES_AT, SEASON, credits_conserved, duelist, freeze, fronter, prize_lines

MONTHS = ("2026-09", "2026-10", SEASON)
Delivery = st.tuples(
    st.sampled_from(("schedule", "sweep", "operator")),
    st.sampled_from(MONTHS),
    st.integers(0, 3 * 24 * 60),  # minutes after 00:00 on 2026-12-01
    st.integers(0, 12),  # the prize transaction the run is killed at (12: not killed)
)


class Killed(Exception):
    """The close's process dying at a chosen prize transaction."""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(Delivery, min_size=1, max_size=8), st.sets(st.integers(0, 13), max_size=3),
       st.lists(st.integers(1500, 1520), min_size=14, max_size=14))
def test_nothing_is_paid_twice_credits_are_conserved_and_the_frozen_get_nothing(deliveries, frozen, ratings):
    store = MemoryStore()
    members = [duelist(store, f"d{n:02d}", rating, rated=8 + n % 3) for n, rating in enumerate(ratings)]
    for n, sub in enumerate(members):
        fronter(store, sub, points=3 * (n % 5), wins=n % 5)
    for n in frozen:
        freeze(store, members[n])
    real = store.transact
    clock = ManualClock(PRIZES_AT)
    for source, month, minutes, kill_at in deliveries:
        clock.set(max(clock.now(), PRIZES_AT + timedelta(minutes=minutes)))
        paid = [0]

        def transact(writes, paid=paid, kill_at=kill_at):
            if any(isinstance(w, PrizePaid) for w in writes):
                if paid[0] == kill_at:
                    raise Killed()
                paid[0] += 1
            real(writes)

        store.transact = transact  # type: ignore[method-assign]
        with contextlib.suppress(Killed):  # a run killed halfway: the next delivery resumes it
            if source == "sweep":
                close.due(store, clock)
            else:
                close.close_through(store, clock, month)
        store.transact = real  # type: ignore[method-assign]
        assert credits_conserved(store)
        ids = Counter((line.sub, line.ref) for line in prize_lines(store))
        assert all(count == 1 for count in ids.values()), "a member paid twice for one season"
    for n in frozen:
        assert store.members.get_profile(members[n]).credits == GRANT
        assert store.seasons.history(members[n], None, 5).items == []
    paid_ids = [p.payment.id for r in (store.seasons.read(SEASON),) for p in r.paid.values()]
    assert len(paid_ids) == len(set(paid_ids)) <= 10
