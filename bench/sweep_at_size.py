"""The minute sweep at size: its requests and duration with ``--due`` steps overdue at once, measured through
the sweep handler on the in-memory store (counted as DynamoDB bills it: bench/partition_load.py), then scaled to
1,000,000 open games of which 100,000 have a deadline in the next day.

    nice -n 10 .venv/bin/python bench/sweep_at_size.py --due 1000

The due index is sparse (only open steps with a deadline) and each shard is read ``due_at <= now``: a query
reads what is due and nothing else, so the open games that are not due cost the sweep nothing. What grows is
what is due in a minute; the turns stage takes it page by page (``BATCH``) while its invocation has more than
``OTHER_STAGES_MS`` left (55 s timeout), so the sweep never runs past its minute and a backlog drains over the
next minutes.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import time
from datetime import timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "infra"))

from partition_load import CountingStore  # noqa: E402
from scale_model import FULL_VCPU_MB, LAMBDA_MB, ROUND_TRIP_MS  # noqa: E402
from simulate_day import DAY, _environment, _forget  # noqa: E402

OPEN_GAMES = 1_000_000
DUE_A_DAY = 100_000
PEAK_FACTOR = 3.0
TIMEOUT_S = 55



def measure(due: int) -> dict[str, float]:
    """One sweep of ``due`` overdue house games (5m steps left unplayed): requests, units, CPU."""
    import os
    from unittest import mock

    from gameserver import clock as clocks
    from gameserver import services
    from gameserver.domain.feinthold import house
    from gameserver.handlers import sweep
    from gameserver.identity import Caller
    from gameserver.storage.memory import MemoryStore
    from localrun.events import LambdaContext, scheduled_event

    with mock.patch.dict(os.environ):
        _environment(Path("."))
        _forget()
        manual = clocks.ManualClock(DAY)
        previous = clocks.set_clock(manual)
        try:
            inner = MemoryStore()
            for n in range(due):
                house.create_house_game(inner, manual, Caller(f"m{n:06d}", frozenset(), f"m{n}"),
                                        house_ai="pivot", pace="5m", seed=n)
            manual.set(DAY + timedelta(seconds=301))
            store = CountingStore(inner, lambda: 0.0)
            services._storage = store
            began = time.thread_time()
            with contextlib.redirect_stdout(io.StringIO()):
                answer = sweep.handler(scheduled_event("sweep", manual.now()), LambdaContext("SweepFunction", timeout_seconds=TIMEOUT_S))
            cpu_s = time.thread_time() - began
        finally:
            clocks.set_clock(previous)
            _forget()
    load = store.load
    rcu = load.members_total[0] + load.members_total[2]
    wcu = load.members_total[1] + load.members_total[3]
    return {"resolved": answer["outcomes"].get("resolved", 0), "requests": load.store_requests,
            "transactions": load.transactions, "rcu": rcu, "wcu": wcu, "cpu_s": cpu_s}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--due", type=int, default=1000, help="steps overdue at the sweep's minute")
    args = parser.parse_args()
    idle = measure(0)
    busy = measure(args.due)
    per_step = {k: (busy[k] - idle[k]) / max(1, busy["resolved"]) for k in ("requests", "rcu", "wcu", "cpu_s")}
    step_s = per_step["cpu_s"] * FULL_VCPU_MB / LAMBDA_MB + per_step["requests"] * ROUND_TRIP_MS / 1000
    idle_s = idle["cpu_s"] * FULL_VCPU_MB / LAMBDA_MB + idle["requests"] * ROUND_TRIP_MS / 1000
    print(f"a sweep with nothing due: {idle['requests']:.0f} requests, {idle['rcu']:.1f} RCU, "
          f"CPU {idle['cpu_s'] * 1000:.1f} ms")
    print(f"a sweep with {args.due} due: resolved {busy['resolved']}, {busy['requests']:.0f} requests "
          f"({busy['transactions']:.0f} transactions), {busy['rcu']:.0f} RCU, {busy['wcu']:.0f} WCU, "
          f"CPU {busy['cpu_s']:.2f} s")
    print(f"per step resolved: {per_step['requests']:.2f} requests, {per_step['rcu']:.1f} RCU, "
          f"{per_step['wcu']:.1f} WCU, CPU {per_step['cpu_s'] * 1000:.2f} ms; on Lambda at {LAMBDA_MB} MB "
          f"with {ROUND_TRIP_MS:.0f} ms a round trip: {step_s * 1000:.1f} ms")
    budget_s = TIMEOUT_S - 25
    capacity = int((budget_s - idle_s) / step_s)
    mean = DUE_A_DAY / 1440
    peak = mean * PEAK_FACTOR
    print(f"\n{OPEN_GAMES:,} open games, {DUE_A_DAY:,} due in the next day: {mean:.0f} due a minute on average, "
          f"{peak:.0f} at the peak ({PEAK_FACTOR:.0f}x)")
    print(f"  the peak minute: {idle['requests'] + peak * per_step['requests']:.0f} requests, "
          f"{idle_s + peak * step_s:.1f} s of the sweep's {TIMEOUT_S} s "
          f"(open games not due: 0 requests, the index is sparse)")
    print(f"  the turns stage's share ({budget_s} s) resolves ~{capacity:,} steps a minute: "
          f"{capacity / peak:.1f}x the peak minute; every one of the day's {DUE_A_DAY:,} due at once would drain "
          f"in {DUE_A_DAY / capacity:.0f} minutes")


if __name__ == "__main__":
    main()
