"""The Daily Front's board summary and a member's rank: what a rebuild and a rank read cost.

    .venv/bin/python bench/daily_summary.py [--results 5000] [--every 500] [--reads 50] [--players 100000]

Two parts. The cost model, from the size of a real ranked entry (a Cognito sub, a 16-character name; sizes by
DynamoDB's rules): bytes a rebuild reads at ``--players`` results and its read units (gsi1 projects ALL, so a
query is charged for whole items whatever it projects; index reads are eventually consistent), per minute and
per day, and the summary item's size and write units. Then a measurement on moto in-process: ``--results``
results by batch writes, the rebuild's requests and time, and ``--reads`` rank reads (requests, items counted
from the marker, time), each checked against the board's own ranks. moto scans its whole table on every query:
its times measure our code, not AWS latency.
"""

from __future__ import annotations

import argparse
import collections
import math
import os
import random
import statistics
import sys
import time
import uuid
from datetime import UTC, date, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

DAY = date(2026, 11, 23)
PAGE = 1024 * 1024
UNIT = 4096
MINUTES = 24 * 60
YESTERDAY_MINUTES = 30


def item_bytes(item: dict) -> int:
    """An item's size as DynamoDB counts it: each attribute's name plus its value (strings in UTF-8 bytes,
    numbers about one byte per two significant digits plus one)."""
    size = 0
    for name, value in item.items():
        size += len(name.encode())
        if "S" in value:
            size += len(value["S"].encode())
        elif "N" in value:
            size += len(value["N"].lstrip("-").replace(".", "")) // 2 + 2
        else:
            raise ValueError(f"no size rule for {value}")
    return size


def real_entry() -> dict:
    """A finished, ranked entry as production writes it: a UUID sub, a 16-character name, a 20-character game."""
    from gameserver.ids import new_id
    from gameserver.platform.daily import DayResult, Outcome, sort_key
    from gameserver.storage.daily import FrontEntry
    from gameserver.storage.dynamodb.daily import encode_entry

    sub = str(uuid.UUID(int=random.Random(1).getrandbits(128)))
    result = DayResult(sub, Outcome.WIN, 6, 431, 3, 187)
    return encode_entry(FrontEntry(day=DAY, member=sub, name="a-sixteen-chars!", game_id=new_id(), side="south",
                                   started_at="2026-11-23T10:00:00Z", status="finished", outcome="win", turns=6,
                                   seconds=431, positions=3, income=187, board_key=sort_key(result),
                                   finished_at="2026-11-23T10:09:00Z"))


def eventually_consistent_units(items: int, size: int) -> float:
    """Read units of a query (one shard) reading ``items`` of ``size`` bytes: 1 MB pages, each rounded up to
    4 KB, halved for an eventually consistent read."""
    total = items * size
    pages = [PAGE] * (total // PAGE) + ([total % PAGE] if total % PAGE else [])
    return sum(max(1, math.ceil(page / UNIT)) for page in pages) / 2 or 0.5


def cost_model(players: int, every: int) -> None:
    from gameserver.platform.daily import SHARDS, BoardSummary, DayResult, Marker, Outcome, sort_key
    from gameserver.storage.daily import DaySummary
    from gameserver.storage.dynamodb.daily import encode_summary

    entry = real_entry()
    size = item_bytes(entry)
    per_shard = players // SHARDS
    rebuild = SHARDS * eventually_consistent_units(per_shard, size)
    queries = SHARDS * max(1, math.ceil(per_shard * size / PAGE))
    # The markers' keys: a loss (the board's longest keys) of a UUID member each, one per ``every`` results.
    markers = tuple(Marker(sort_key(DayResult(str(uuid.UUID(int=random.Random(n).getrandbits(128))), Outcome.LOSS,
                                              5, 0, 3, 99)), n * every) for n in range(players // every))
    summary = DaySummary(BoardSummary(markers, players), every, "2026-11-23T09:00:00Z")
    summary_size = item_bytes(encode_summary(DAY, summary))
    write_units = math.ceil(summary_size / 1024)
    full_day = (MINUTES + YESTERDAY_MINUTES) * rebuild
    growing_day = MINUTES * rebuild / 2 + YESTERDAY_MINUTES * rebuild  # results arriving evenly over today
    count_items = every / SHARDS
    rank_units = (1 + math.ceil(summary_size / UNIT)) + SHARDS * eventually_consistent_units(
        math.ceil(count_items), size)
    print(f"cost model at {players:,} ranked results, a marker every {every}:")
    print(f"  a ranked entry: {size} bytes (gsi1 projects ALL: a query is charged for whole items)")
    print(f"  a rebuild reads {players * size / 1e6:.1f} MB in {queries} queries: {rebuild:,.0f} RCU "
          f"(eventually consistent) + 1 GetItem of the summary ({math.ceil(summary_size / UNIT) / 2:.1f} RCU)")
    print(f"  the summary item: {summary_size:,} bytes ({players // every} markers): "
          f"{write_units} WCU when written (only when it changed)")
    print(f"  per day ({MINUTES} + {YESTERDAY_MINUTES} rebuilds): {full_day / 1e6:.2f} M RCU with the whole board "
          f"all day, {growing_day / 1e6:.2f} M RCU with results arriving evenly; writes at most "
          f"{(MINUTES + YESTERDAY_MINUTES) * write_units:,} WCU")
    print(f"  a rank read: 1 BatchGetItem (entry + summary, strong: {1 + math.ceil(summary_size / UNIT)} RCU) + "
          f"8 count queries (at most {every} items, ~{count_items:.0f} a shard: "
          f"{SHARDS * eventually_consistent_units(math.ceil(count_items), size):.1f} RCU): ~{rank_units:.0f} RCU "
          "at most")


def measure(results: int, every: int, reads: int) -> None:
    os.environ.update({"AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION":
                       "us-east-1", "TABLE_NAME": "bench-main", "IDEMPOTENCY_TABLE_NAME": "bench-idem"})
    os.environ.pop("AWS_ENDPOINT_URL_DYNAMODB", None)
    from daily_board import expected_board, write_board
    from daily_board import results as day_results
    from gameserver import services
    from gameserver.clock import ManualClock
    from gameserver.domain.daily import boards as daily_boards
    from gameserver.identity import Caller
    from gameserver.storage.dynamodb.tables import create_tables
    from moto import mock_aws

    board = list(day_results(results))
    expected = {member: rank for rank, member in expected_board(board)}
    clock = ManualClock(datetime(2026, 11, 23, 12, 0, tzinfo=UTC))
    counts: collections.Counter[str] = collections.Counter()
    counted = [0]

    def sent(event_name: str, **_: object) -> None:
        counts[event_name.rsplit(".", 1)[-1]] += 1

    def answered(parsed: dict, **_: object) -> None:
        counted[0] += parsed.get("Count", 0)

    with mock_aws():
        create_tables()
        store = services.storage()
        write_board(store.client, store.table, DAY, board)
        store.client.meta.events.register("before-call.dynamodb.*", sent)
        store.client.meta.events.register("after-call.dynamodb.Query", answered)
        started = time.perf_counter()
        outcome = daily_boards.rebuild_summary(store, clock, DAY, every)
        took = time.perf_counter() - started
        print(f"\nmoto, {results:,} results: rebuild {outcome} in {took:.2f} s, "
              f"{sum(counts.values())} requests {dict(sorted(counts.items()))}")
        counts.clear()
        clock.advance(60)
        started = time.perf_counter()
        outcome = daily_boards.rebuild_summary(store, clock, DAY, every)
        print(f"  again, nothing changed: {outcome} in {time.perf_counter() - started:.2f} s, "
              f"{sum(counts.values())} requests {dict(sorted(counts.items()))}")
        times, items, requests = [], [], collections.Counter()
        for member in random.Random(5).sample(sorted(expected), reads):
            counts.clear()
            counted[0] = 0
            started = time.perf_counter()
            answer = daily_boards.my_rank(store, clock, Caller(member, frozenset(), member))
            times.append(time.perf_counter() - started)
            assert answer["rank"] == expected[member], (member, answer)
            items.append(counted[0])
            requests[tuple(sorted(counts.items()))] += 1
    print(f"  {reads} rank reads, each the board's rank: requests {dict(requests)}; items counted from the marker "
          f"median {statistics.median(items):.0f}, max {max(items)} (spacing {every}); "
          f"time median {statistics.median(times) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=5000)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--reads", type=int, default=50)
    parser.add_argument("--players", type=int, default=100_000)
    args = parser.parse_args()
    cost_model(args.players, args.every)
    measure(args.results, args.every, args.reads)


if __name__ == "__main__":
    main()
