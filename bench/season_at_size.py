"""The season's close at size: 100,000 members on the Daily Front's month table, 20,000 with rated duels on the
duel board (and as many challengers), through the close's own code on the in-memory store, counted as DynamoDB
bills it (bench/partition_load.py): the prize stage at 00:00 and the titles stage at 00:30, each timed (the CPU
of the close's own code here, the in-memory store's reads taken out) and priced in Lambda time (that CPU
stretched to 1,024 MB plus a round trip per request), against Lambda's 15 minutes.

    nice -n 10 .venv/bin/python bench/season_at_size.py --members 100000 --duelists 20000

Two boards: ``typical`` (the best lines are eligible: the close stops at the first eligible ones) and ``worst``
(only each board's last lines are eligible: it reads every line).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import time
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from unittest import mock

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "infra"))

from partition_load import CountingStore  # noqa: E402
from scale_model import FULL_VCPU_MB, LAMBDA_MB, ROUND_TRIP_MS  # noqa: E402
from simulate_day import _environment, _forget  # noqa: E402

SEASON = "2026-11"
PRIZES_AT = datetime(2026, 12, 1, 0, 0, 5, tzinfo=UTC)
TITLES_AT = datetime(2026, 12, 1, 0, 31, tzinfo=UTC)
LAMBDA_LIMIT_S = 15 * 60


def populate(members: int, duelists: int, worst: bool) -> Any:
    """The month's boards, written straight into the store's tables (the close reads them; how they were
    played does not matter to it). ``worst``: every line but each board's last ten is one short of eligible."""
    from gameserver.platform.challenges import ChallengerLine
    from gameserver.storage.daily import MonthLine as FrontMonth
    from gameserver.storage.duels import MonthLine as DuelMonth
    from gameserver.storage.memory import MemoryStore
    from gameserver.storage.records import LedgerLine, Profile

    store = MemoryStore()
    at = "2024-01-01T00:00:00Z"
    created = datetime(2024, 1, 1, tzinfo=UTC)
    t = store.tables
    for n in range(members):
        sub = f"m{n:06d}"
        t.profiles[sub] = Profile(sub, sub, at, 100)
        t.ledger[(sub, f"LEDGER#{at}#grant-{sub}")] = LedgerLine(sub, 100, "grant", at, f"grant-{sub}")
        last = n >= members - 10
        days = 8 if (last or not worst) else 7
        t.front_months[(sub, SEASON)] = FrontMonth(sub, SEASON, sub, 200 - n * 200 // members, 8, days, version=1)
        if n < duelists:
            last = n >= duelists - 10
            rated = 8 if (last or not worst) else 7
            t.duel_months[(sub, SEASON)] = DuelMonth(sub, SEASON, rated, Decimal(3000 - n / 10), at)
            t.challenges.challenger_months[(sub, SEASON)] = ChallengerLine(sub, Decimal(3000 - n / 10), rated,
                                                                            created)
    return store


def stage(store: Any, at: datetime) -> dict[str, float]:
    from gameserver import clock as clocks
    from gameserver import services
    from gameserver.domain.seasons import close

    counted = CountingStore(store, lambda: 0.0)
    services._storage = counted
    previous = clocks.set_clock(clocks.ManualClock(at))
    began = time.thread_time()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            outcome = close.close_through(counted, clocks.get_clock(), SEASON)
    finally:
        clocks.set_clock(previous)
    load = counted.load
    cpu = time.thread_time() - began - load.store_cpu_s  # the close's own code, not the in-memory store's reads
    lambda_s = cpu * FULL_VCPU_MB / LAMBDA_MB + load.store_requests * ROUND_TRIP_MS / 1000
    return {"outcome": outcome, "requests": load.store_requests, "transactions": load.transactions,
            "rcu": load.members_total[0] + load.members_total[2], "wcu": load.members_total[1] + load.members_total[3],
            "cpu_s": cpu, "lambda_s": lambda_s}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=100_000)
    parser.add_argument("--duelists", type=int, default=20_000)
    args = parser.parse_args()
    with mock.patch.dict(os.environ):
        _environment(Path("."))
        _forget()
        for case in ("typical", "worst"):
            store = populate(args.members, args.duelists, worst=case == "worst")
            for name, at in (("prizes (00:00)", PRIZES_AT), ("titles (00:30)", TITLES_AT)):
                got = stage(store, at)
                print(f"{case:<8} {name:<15} {got['outcome']}: {got['requests']:>6,} requests "
                      f"({got['transactions']} transactions), {got['rcu']:>8,.0f} RCU, {got['wcu']:>5,.0f} WCU; "
                      f"its code's CPU here {got['cpu_s']:6.1f} s; on Lambda ~{got['lambda_s']:6.1f} s "
                      f"({got['lambda_s'] / LAMBDA_LIMIT_S:.1%} of 15 minutes)")
        _forget()


if __name__ == "__main__":
    main()
