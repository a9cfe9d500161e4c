"""The Daily Front's board at scale: write N results of one day by batch writes (moto in-process), then read
the whole board back page by page (8 write shards merged per page) and check its order and ranks.

    .venv/bin/python bench/daily_board.py [--results 10000] [--page 1000] [--runs 1]

Prints, per run, the batch-write time, the whole board's read time and per page (median, p95), and the time of
the API's largest page (100) at the top of the board. moto is not DynamoDB: it scans its whole table on every
query, so the figures measure our code and moto's query path, not AWS latency (each page is 8 queries or more).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from datetime import date

DAY = date(2026, 11, 23)


def results(count: int, seed: int = 7):
    """``count`` plausible results of one day: a third wins, a sixth draws, the rest losses."""
    from gameserver.platform.daily import DayResult, Outcome

    rng = random.Random(seed)
    for index in range(count):
        outcome = rng.choices([Outcome.WIN, Outcome.DRAW, Outcome.LOSS], [2, 1, 3])[0]
        turns = 8 if outcome is Outcome.DRAW else rng.randint(3 if outcome is Outcome.WIN else 2, 8)
        yield DayResult(f"member-{index:06d}", outcome, turns, rng.randint(60, 540), rng.randint(0, 7),
                        rng.randint(10, 120))


def write_board(client, table: str, day: date, board: list) -> None:
    """The fixture: each result as its finished entry, 25 to a BatchWriteItem (unprocessed items retried)."""
    from gameserver.platform.daily import sort_key
    from gameserver.storage.daily import FrontEntry
    from gameserver.storage.dynamodb.daily import encode_entry

    items = [
        encode_entry(FrontEntry(day=day, member=r.member, name=r.member, game_id=f"g{n:06d}", side="south",
                                started_at=f"{day.isoformat()}T10:00:00Z", status="finished",
                                outcome=str(r.outcome), turns=r.turns, seconds=r.seconds, positions=r.positions,
                                income=r.income, board_key=sort_key(r), finished_at=f"{day.isoformat()}T10:09:00Z"))
        for n, r in enumerate(board)
    ]
    for start in range(0, len(items), 25):
        pending = {table: [{"PutRequest": {"Item": item}} for item in items[start:start + 25]]}
        while pending:
            pending = client.batch_write_item(RequestItems=pending).get("UnprocessedItems") or {}


def read_board(store, day: date, page: int) -> tuple[list[tuple[int, str]], list[float]]:
    """Every page of the board through the domain: (rank, member) in order, and each page's seconds."""
    from gameserver.domain.daily.boards import board_of_the_day

    rows, times, cursor = [], [], None
    while True:
        started = time.perf_counter()
        answer = board_of_the_day(store, day, cursor, page)
        times.append(time.perf_counter() - started)
        rows += [(e["rank"], e["member"]) for e in answer["entries"]]
        if (cursor := answer["cursor"]) is None:
            return rows, times


def expected_board(board: list) -> list[tuple[int, str]]:
    from gameserver.platform.daily import ranks, sort_key

    return [(r.rank, r.member) for r in ranks(sorted(sort_key(r) for r in board))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=10_000)
    parser.add_argument("--page", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    os.environ.update({"AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION":
                       "us-east-1", "TABLE_NAME": "bench-main", "IDEMPOTENCY_TABLE_NAME": "bench-idem"})
    os.environ.pop("AWS_ENDPOINT_URL_DYNAMODB", None)
    from gameserver import services
    from gameserver.config import get_settings
    from gameserver.storage.dynamodb.tables import create_tables
    from moto import mock_aws

    board = list(results(args.results))
    expected = expected_board(board)
    print(f"Daily Front board: {args.results} results of one day, pages of {args.page}, moto in-process")
    for run in range(1, args.runs + 1):
        get_settings.cache_clear()
        services.reset()
        with mock_aws():
            create_tables()
            store = services.storage()
            started = time.perf_counter()
            write_board(store.client, store.table, DAY, board)
            wrote = time.perf_counter() - started
            started = time.perf_counter()
            rows, times = read_board(store, DAY, args.page)
            read = time.perf_counter() - started
            from gameserver.domain.daily.boards import board_of_the_day

            started = time.perf_counter()
            board_of_the_day(store, DAY, None, 100)
            top = time.perf_counter() - started
        assert rows == expected, "the board read back is not the board written"
        p95 = sorted(times)[max(0, int(len(times) * 0.95) - 1)]
        print(f"run {run}: write {wrote:.2f} s ({(len(board) + 24) // 25} BatchWriteItem); "
              f"read {read:.2f} s for {len(times)} pages: median {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms per page; the top 100: {top * 1000:.0f} ms")


if __name__ == "__main__":
    main()
