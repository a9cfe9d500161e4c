"""The two rating changes of a counted challenge (both or neither), and a doctrine's rating moved by its queued
results one game at a time, in order, exactly once."""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal

import pytest
from challenge_builders import T0, doctrine, house, own, played
from gameserver.platform.challenges import (
    MAX_PER_STEP,
    DoctrineRating,
    QueuedResult,
    apply_next,
    settle,
)
from gameserver.platform.ratings import Glicko2Change, Glicko2Rating, rate_game
from hypothesis import given, settings
from hypothesis import strategies as st

SENTINEL = house().id


def rating(value: int, deviation: int = 200) -> Glicko2Rating:
    return Glicko2Rating(Decimal(value), Decimal(deviation))


def queued(game: str, minutes: int, score: float = 1.0, before: int = 1500, doctrine_id: str = SENTINEL
           ) -> QueuedResult:
    return QueuedResult(doctrine_id, game, T0 + timedelta(minutes=minutes), rating(before), score)


def test_a_counted_challenge_moves_the_challengers_rating_and_queues_the_doctrines() -> None:
    challenge = played("bob", house(), T0, score=1.0)
    bob, sentinel = rating(1600), rating(1700, 80)
    settlement = settle(challenge, bob, sentinel)
    assert settlement is not None
    bob_change, sentinel_change = rate_game(bob, sentinel, 1.0)
    assert settlement.challenger_change == bob_change and settlement.challenger_after.rating > bob.rating
    assert settlement.queued == QueuedResult(SENTINEL, challenge.id, challenge.ended_at, bob, 0.0)
    step = apply_next(DoctrineRating(SENTINEL, sentinel), [settlement.queued])
    assert step.applied[0].change == sentinel_change, "the doctrine is rated from the challenger's rating before"


def test_a_challenge_that_does_not_count_moves_neither_rating() -> None:
    for challenge in (played("bob", doctrine(), T0, score=1.0, delays=own(4)),
                      played("bob", doctrine(), T0, score=0.0, linked=True)):
        assert not challenge.counts and settle(challenge, rating(1500), rating(1500)) is None


def test_results_are_applied_in_order_of_their_end_each_from_the_rating_the_last_left() -> None:
    results = [queued("g3", 30, 0.0), queued("g1", 10, 1.0), queued("g2", 10, 0.5)]
    step = apply_next(DoctrineRating(SENTINEL, version=4, faced=7), results)
    assert [a.game for a in step.applied] == ["g1", "g2", "g3"] and step.done == ("g1", "g2", "g3")
    assert step.applied[1].before == step.applied[0].after and step.rating.rating == step.applied[2].after
    assert (step.rating.faced, step.rating.version) == (10, 5)


def test_a_game_already_applied_or_queued_twice_is_applied_once() -> None:
    step = apply_next(DoctrineRating(SENTINEL), [queued("g1", 1), queued("g2", 2), queued("g1", 1)], {"g2"})
    assert [a.game for a in step.applied] == ["g1"] and set(step.done) == {"g1", "g2"}
    with pytest.raises(ValueError, match="twice with different results"):
        apply_next(DoctrineRating(SENTINEL), [queued("g1", 1, 1.0), queued("g1", 1, 0.0)])


def test_only_already_applied_results_change_nothing_but_leave_the_queue() -> None:
    state = DoctrineRating(SENTINEL, rating(1600), 3, 9)
    step = apply_next(state, [queued("g1", 1)], {"g1"})
    assert step.rating == state and step.applied == () and step.done == ("g1",)
    assert apply_next(state, []).rating == state


def test_a_step_applies_at_most_its_limit_the_rest_wait() -> None:
    """Many challenges of a house AI ending at once: 60 queued results, applied in three transactions."""
    results = [queued(f"g{n:02d}", n % 7, random.Random(n).choice([0.0, 0.5, 1.0])) for n in range(60)]
    state, applied, queue = DoctrineRating(SENTINEL), [], results
    while queue:
        step = apply_next(state, queue, applied)
        assert 0 < len(step.applied) <= MAX_PER_STEP
        state, applied = step.rating, [*applied, *step.done]
        queue = [r for r in queue if r.game not in step.done]
    assert state.faced == 60 and state.version == 3
    assert applied == [r.game for r in sorted(results, key=lambda r: r.order)]


def test_a_result_for_another_doctrine_is_refused() -> None:
    with pytest.raises(ValueError, match="house-ram"):
        apply_next(DoctrineRating(SENTINEL), [queued("g1", 1, doctrine_id="house-ram")])


@settings(max_examples=120, deadline=None)
@given(
    results=st.lists(st.tuples(st.integers(0, 50), st.sampled_from([0.0, 0.5, 1.0]), st.integers(1200, 1900)),
                     min_size=1, max_size=40),
    seed=st.integers(0, 2**32),
)
def test_every_result_applied_exactly_once_in_order_whatever_the_arrivals_and_failures(results, seed) -> None:
    """Results arrive in random batches (a late end may come after later ones were applied); a step's
    transaction may fail (nothing written); the queue read may be stale (an eventually consistent query still
    returns items the last step deleted); limits vary. In the end: each game applied exactly once, the stored
    rating is the applied changes folded in order, and each step applied its results in the order of their end."""
    rng = random.Random(seed)
    pending = [QueuedResult(SENTINEL, f"g{n:02d}", T0 + timedelta(minutes=m), rating(r), s)
               for n, (m, s, r) in enumerate(results)]
    rng.shuffle(pending)
    queue: list[QueuedResult] = []
    stale: list[QueuedResult] = []
    stored = DoctrineRating(SENTINEL)
    changes: dict[str, Glicko2Change] = {}  # game -> its stored change (its write is conditioned on absence)
    log: list[str] = []
    while pending or queue:
        for _ in range(rng.randint(0, 3)):
            if pending:
                queue.append(pending.pop())
        step = apply_next(stored, queue + stale, changes.keys(), limit=rng.randint(1, 5))
        stale = []
        if rng.random() < 0.2:
            continue  # the transaction failed: nothing written
        assert all(a.game not in changes for a in step.applied), "a change written twice would fail its condition"
        assert [(a.ended_at, a.game) for a in step.applied] == sorted((a.ended_at, a.game) for a in step.applied)
        stored = step.rating
        for applied in step.applied:
            changes[applied.game] = applied.change
            log.append(applied.game)
        if rng.random() < 0.3:
            stale = [r for r in queue if r.game in step.done]
        queue = [r for r in queue if r.game not in step.done]
    assert sorted(log) == sorted(f"g{n:02d}" for n in range(len(results)))
    assert stored.faced == len(results)
    folded = Glicko2Rating()
    for game in log:
        folded = changes[game].apply(folded)
    assert folded == stored.rating
