"""The simulated day at a small size (bench/simulate_day.py), as CI runs it: no partition it models passes half
of DynamoDB's per-partition limits once its shared keys are scaled to 100,000 members, every store call it
makes has a capacity model, no call answers a 5xx, and every member's credits are conserved. Then the checks
themselves: a hot shared key, a balance moved without its ledger line, are found."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

MEMBERS = 6
"""Members of the CI day: enough for every activity and a duel pair each way; ~15 s here."""


@pytest.fixture(scope="module")
def day():  # noqa: ANN201
    from simulate_day import simulate

    return simulate(MEMBERS, seed=3)


def test_no_partition_passes_half_its_limit_at_100000_members(day):
    from crowd import PEAK_FACTOR
    from partition_load import peak_loads

    loads = peak_loads(day.load, day.members, 100_000, PEAK_FACTOR)
    assert loads, "the day touched partitions"
    assert [k for k in loads if k.share > 0.5] == []
    assert any(k.key.startswith("gsi1:front#") for k in loads), "the day's board shards are modelled"
    assert any(k.key.startswith("due:DUE#") for k in loads), "the due-index shards are modelled"


def test_every_store_call_has_a_capacity_model_and_no_call_failed(day):
    assert day.load.unmodelled == set()
    assert day.routes.errors == []
    assert day.load.timers > 0 and day.load.events > 0, "the duels' turns start timers and send events"


def test_every_members_credits_are_conserved(day):
    assert day.conserved == [] and day.escrow_matches


def test_a_shared_key_scales_with_the_members_and_fails_past_its_threshold():
    from partition_load import Load, Touch, peak_loads

    load = Load()
    # One board shard written once per member in a day of 10: 10 units; at 100,000 members, 3x the mean.
    for second in range(10):
        load.record("transact", [Touch("gsi1:front#2026-12-02#0", wcu=1.0)], second, False, 1)
    (shard,) = peak_loads(load, 10, 100_000, 3.0)
    assert shard.wcu == pytest.approx(100_000 * 3 / 86_400)
    (hot,) = peak_loads(load, 10, 20_000_000, 3.0)
    assert hot.share > 0.5, "the threshold fails a key scaled past half a partition"
    # A member's own partition does not grow with the members: its busiest second is its figure.
    own = Load()
    own.record("transact", [Touch("MEMBER#ann", wcu=4.0)], 7, False, 1)
    assert [(k.key, k.wcu) for k in peak_loads(own, 10, 10_000_000, 3.0)] == [("MEMBER#ann", 4.0)]


def test_a_balance_moved_without_its_ledger_line_is_found():
    from gameserver.storage.memory import MemoryStore
    from gameserver.storage.records import LedgerLine, Profile
    from simulate_day import _credits

    store = MemoryStore()
    store.members.create_profile(Profile("ann", "ann", "2026-12-02T00:00:00Z", 100),
                                 LedgerLine("ann", 100, "grant", "2026-12-02T00:00:00Z", "g1"))
    assert _credits(store) == ([], True)
    store.tables.profiles["ann"] = replace(store.tables.profiles["ann"], credits=110)
    assert _credits(store) == (["ann"], False)
