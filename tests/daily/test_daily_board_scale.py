"""10,000 results of one day on the stored board (moto in-process): written by batch writes as the fixture, read
back through the domain's pages, in board order with shared ranks. The timing is printed (``-s``) and measured
by ``bench/daily_board.py``; pages here are large because moto scans its whole table on every query."""

from __future__ import annotations

import random
import time
from datetime import date

import pytest
from gameserver.domain.daily.boards import board_of_the_day
from gameserver.platform.daily import DayResult, Outcome, ranks, shard_of, sort_key
from gameserver.storage.daily import FrontEntry
from gameserver.storage.dynamodb.daily import encode_entry

DAY = date(2026, 11, 23)
RESULTS = 10_000
PAGE = 2_000


def day_of_results(count: int, seed: int = 11) -> list[DayResult]:
    """Plausible results with many ties: a third wins, a sixth draws, the rest losses."""
    rng = random.Random(seed)
    board = []
    for index in range(count):
        outcome = rng.choices([Outcome.WIN, Outcome.DRAW, Outcome.LOSS], [2, 1, 3])[0]
        turns = 8 if outcome is Outcome.DRAW else rng.randint(3 if outcome is Outcome.WIN else 2, 8)
        board.append(DayResult(f"m{index:05d}", outcome, turns, rng.randint(60, 540), rng.randint(0, 7),
                               rng.randint(10, 40)))
    return board


def batch_write(store, results: list[DayResult]) -> None:
    items = [
        encode_entry(FrontEntry(day=DAY, member=r.member, name=r.member, game_id=f"g-{r.member}", side="north",
                                started_at="2026-11-23T10:00:00Z", status="finished", outcome=str(r.outcome),
                                turns=r.turns, seconds=r.seconds, positions=r.positions, income=r.income,
                                board_key=sort_key(r), finished_at="2026-11-23T10:09:00Z"))
        for r in results
    ]
    for start in range(0, len(items), 25):
        pending = {store.table: [{"PutRequest": {"Item": item}} for item in items[start:start + 25]]}
        while pending:
            pending = store.client.batch_write_item(RequestItems=pending).get("UnprocessedItems") or {}


@pytest.mark.slow
def test_ten_thousand_results_read_back_in_order_and_paginated(store):
    results = day_of_results(RESULTS)
    assert len({shard_of(r.member) for r in results}) == 8, "the results spread over every write shard"
    started = time.perf_counter()
    batch_write(store, results)
    wrote = time.perf_counter() - started

    started = time.perf_counter()
    read, cursor, pages = [], None, 0
    while True:
        page = board_of_the_day(store, DAY, cursor, PAGE)
        pages += 1
        read += [(e["rank"], e["member"], e["outcome"], e["turns"]) for e in page["entries"]]
        if (cursor := page["cursor"]) is None:
            break
    elapsed = time.perf_counter() - started

    expected = ranks(sorted(sort_key(r) for r in results))
    assert [(rank, member) for rank, member, _, _ in read] == [(r.rank, r.member) for r in expected]
    by_member = {r.member: r for r in results}
    assert all((by_member[m].outcome, by_member[m].turns) == (o, t) for _, m, o, t in read)
    assert pages == RESULTS // PAGE
    ties = sum(1 for a, b in zip(expected, expected[1:], strict=False) if a.rank == b.rank)
    assert ties > 1000, "the fixture holds many shared ranks"
    print(f"\n{RESULTS} results: batch writes {wrote:.1f} s; board read in {pages} pages of {PAGE}: "
          f"{elapsed:.1f} s ({elapsed / pages:.2f} s a page, 8 shard queries or more each)")
