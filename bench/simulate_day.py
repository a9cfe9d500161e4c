"""A simulated day of the usage profile (bench/crowd.py), through the application's own code: every member's
calls go through the API Lambda handler in-process, the sweep's through the sweep handler every simulated
minute, on the in-memory store with a manual clock, the store counting each request's capacity per partition
key (bench/partition_load.py). It prints, at the profile's peak with ``--scale-to`` members, the hottest
partitions against DynamoDB's per-partition limits (1,000 write units, 3,000 read units a second), and the
calls' CPU time by route; it fails (exit 1) when a modelled key passes ``--threshold`` of a limit, when a call
answered a 5xx, or when any member's credits are not conserved.

    nice -n 10 .venv/bin/python bench/simulate_day.py --members 200 --scale-to 100000
    .venv/bin/python bench/simulate_day.py --members 12 --scale-to 100000   # what CI runs

Shared partitions (the day's boards and their shards, the summaries, a house AI's doctrine, the due-index
shards, the season's boards) scale with the real member count, not the sample: their members' units times
``scale-to / members``, at the peak's rate; a member's or a game's own partition does not grow.
"""

from __future__ import annotations

import argparse
import contextlib
import heapq
import io
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent / "tests" / "http"))
sys.path.insert(0, str(HERE.parent / "infra"))

import crowd  # noqa: E402
from partition_load import RCU_LIMIT, WCU_LIMIT, CountingStore, KeyLoad, pattern, peak_loads  # noqa: E402

DAY = datetime(2026, 12, 2, tzinfo=UTC)
HORIZON_S = 26 * 3600
"""The simulated day ends two hours after midnight: what is still waiting then is not played."""


@dataclass
class Routes:
    """Each route's calls (weighted), answered statuses and CPU time per answered call."""

    calls: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    cpu_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    store: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    """DynamoDB requests the route's calls made (weighted)."""
    errors: list[tuple[str, int, Any]] = field(default_factory=list)


@dataclass
class Day:
    members: int
    load: Any
    routes: Routes
    sweeps: int
    sweep_cpu_ms: list[float]
    conserved: list[str]
    """Members whose balance is not their grant plus their ledger's moves (empty: conserved)."""
    escrow_matches: bool


def _environment(state: Path) -> None:
    os.environ.update({
        "AWS_ACCESS_KEY_ID": "sim", "AWS_SECRET_ACCESS_KEY": "sim", "AWS_DEFAULT_REGION": "us-east-1",
        "TABLE_NAME": "sim-main", "IDEMPOTENCY_TABLE_NAME": "sim-idempotency", "TURN_TIMER_ARN": "",
        "DAILY_SALT": "simulated-day-salt-of-32-characters", "CURSOR_KEY": "simulated-day-cursor-key-32-chars!",
        "POWERTOOLS_SERVICE_NAME": "gameserver", "POWERTOOLS_METRICS_NAMESPACE": "Feinthold",
        "POWERTOOLS_TRACE_DISABLED": "true", "POWERTOOLS_LOG_LEVEL": "ERROR", "EVENT_BUS_NAME": "",
        "POWERTOOLS_METRICS_DISABLED": "true"})
    os.environ.pop("AWS_ENDPOINT_URL_DYNAMODB", None)


def _start_time(rng: random.Random) -> float:
    hour = rng.choices(range(24), weights=crowd.HOURLY)[0]
    return hour * 3600 + rng.uniform(0, 3600)


def _forget() -> None:
    """The process's caches of settings, store, profiles, sightings and house AIs, forgotten."""
    from gameserver import services
    from gameserver.config import get_settings
    from gameserver.domain.challenges.publication import forget_houses
    from gameserver.domain.fairplay import forget_written
    from gameserver.domain.members import forget_known_profiles

    get_settings.cache_clear()
    services.reset()
    forget_known_profiles()
    forget_written()
    forget_houses()


def simulate(members: int, seed: int = 1) -> Day:
    """Play one day of ``members`` members and return what the store counted. The process's environment, clock
    and store are put back afterwards."""
    from unittest import mock

    from gameserver import clock as clocks

    with mock.patch.dict(os.environ):
        _environment(Path(tempfile.mkdtemp()))
        _forget()
        previous = clocks.set_clock(clocks.ManualClock(DAY))
        try:
            return _play(members, seed)
        finally:
            clocks.set_clock(previous)
            _forget()


def _play(members: int, seed: int) -> Day:
    from gameserver import clock as clocks
    from gameserver import services
    from gameserver.handlers import api, sweep
    from gameserver.storage.memory import MemoryStore
    from localrun.events import HttpRequest, LambdaContext, http_api_event, scheduled_event

    manual = clocks.get_clock()
    assert isinstance(manual, clocks.ManualClock)
    inner = MemoryStore()
    store = CountingStore(inner, lambda: (manual.now() - DAY).total_seconds())
    services._storage = store  # the process's store: the handlers reach it through services.storage()
    routes = Routes()
    rng = random.Random(seed)
    subs = [f"m{n:06d}" for n in range(members)]

    def call(sub: str, request: crowd.Call) -> crowd.Answer:
        route, _, query = request.path.partition("?")
        http = HttpRequest(method=request.method, path=route, query_string=query,
                           headers=(("content-type", "application/json"),),
                           source_ip="2001:db8::" + format(zlib.crc32(sub.encode()), "x")[:4],
                           body=json.dumps(request.body).encode() if request.body is not None else b"")
        store.weight = request.weight
        before = store.load.store_requests
        began = time.thread_time()
        with contextlib.redirect_stdout(io.StringIO()):
            answer = api.handler(http_api_event(http, {"sub": sub}), LambdaContext("ApiFunction"))
        spent = (time.thread_time() - began) * 1000
        store.weight = 1
        status = answer["statusCode"]
        routes.calls[request.route] += request.weight
        routes.store[request.route] += store.load.store_requests - before
        routes.cpu_ms[request.route].append(spent)
        if status >= 500:
            routes.errors.append((request.route, status, answer.get("body")))
        return status, json.loads(answer["body"]) if answer.get("body") else None

    queue: list[tuple[float, int, str, Any]] = []
    order = itertools.count()
    for sub in subs:
        for activity in crowd.SOLO_ACTIVITIES:
            heapq.heappush(queue, (_start_time(rng), next(order), sub, activity(sub, rng)))
    for proposer, opponent in zip(subs[0::2], subs[1::2], strict=False):
        first, second = crowd.duel_pair(proposer, opponent, rng)
        at = _start_time(rng)
        heapq.heappush(queue, (at, next(order), proposer, first))
        heapq.heappush(queue, (at + rng.uniform(60, 3600), next(order), opponent, second))
    sweeps, sweep_cpu = 0, []
    next_minute = 60.0
    answers: dict[int, crowd.Answer | None] = {}
    while queue:
        at, n, sub, activity = heapq.heappop(queue)
        if at > HORIZON_S:
            continue  # what the day's members left for tomorrow
        while next_minute <= at:  # every minute's sweep before what follows it, as EventBridge would run it
            manual.set(DAY + timedelta(seconds=next_minute))
            store.in_sweep = True
            began = time.thread_time()
            with contextlib.redirect_stdout(io.StringIO()):  # the metrics it flushes, as CloudWatch would take them
                sweep.handler(scheduled_event("sweep", manual.now()), LambdaContext("SweepFunction"))
            sweep_cpu.append((time.thread_time() - began) * 1000)
            store.in_sweep = False
            store.load.sweep_done()
            sweeps += 1
            next_minute += 60
        manual.set(DAY + timedelta(seconds=at))
        try:
            step = activity.send(answers.pop(n, None))
        except StopIteration:
            continue
        if isinstance(step, crowd.Wait):
            heapq.heappush(queue, (at + step.seconds, n, sub, activity))
        else:
            answers[n] = call(sub, step)
            heapq.heappush(queue, (at + 0.05, n, sub, activity))
    conserved, escrow_matches = _credits(inner)
    return Day(members, store.load, routes, sweeps, sweep_cpu, conserved, escrow_matches)


def _credits(store: Any) -> tuple[list[str], bool]:
    """Every member's balance is the sum of their ledger's lines (the grant among them), and what the lines
    took out of balances and did not pay back is what open duels hold in escrow."""
    from gameserver.platform.duels.settlement import escrowed

    lines: dict[str, int] = defaultdict(int)
    for (sub, _), line in store.tables.ledger.items():
        lines[sub] += line.amount
    wrong = [sub for sub, profile in store.tables.profiles.items() if profile.credits != lines[sub]]
    held = sum(sum(escrowed(duel.duel).values()) for duel, _ in store.tables.duels.values())
    granted = sum(line.amount for line in store.tables.ledger.values() if line.kind in ("grant", "prize"))
    return wrong, sum(p.credits for p in store.tables.profiles.values()) + held == granted


def report(day: Day, scale_to: int, threshold: float, top: int) -> tuple[list[KeyLoad], list[str]]:
    """Print the partitions' figures and the routes' CPU; the failures found."""
    loads = peak_loads(day.load, day.members, scale_to, crowd.PEAK_FACTOR)
    print(f"simulated day: {day.members} members, {sum(day.routes.calls.values()):,} API requests, "
          f"{sum(day.load.requests.values()):,} store requests, {day.sweeps} sweeps; "
          f"scaled to {scale_to:,} members at the peak ({crowd.PEAK_FACTOR:.1f}x the mean)")
    print(f"{'partition':<44} {'kind':<30} {'RCU/s':>9} {'WCU/s':>9} {'of limit':>8}")
    for k in loads[:top]:
        print(f"{k.key:<44} {pattern(k.key):<30} {k.rcu:>9.1f} {k.wcu:>9.1f} {k.share:>7.1%}")
    print(f"\n{'route':<58} {'calls/member':>12} {'DynamoDB/call':>13} {'CPU ms p50':>10} {'p95':>7}")
    for route in sorted(day.routes.calls, key=lambda r: -day.routes.calls[r]):
        cpu = sorted(day.routes.cpu_ms[route])
        p95 = cpu[min(len(cpu) - 1, int(len(cpu) * 0.95))]
        print(f"{route:<58} {day.routes.calls[route] / day.members:>12.1f} "
              f"{day.routes.store[route] / day.routes.calls[route]:>13.1f} {statistics.median(cpu):>10.1f} "
              f"{p95:>7.1f}")
    if day.sweep_cpu_ms:
        print(f"the sweep: CPU ms a minute p50 {statistics.median(day.sweep_cpu_ms):.1f}, max {max(day.sweep_cpu_ms):.1f}")
    failures = [f"{k.key}: {k.rcu:.0f} RCU/s, {k.wcu:.0f} WCU/s is {k.share:.0%} of a partition"
                for k in loads if k.share > threshold]
    failures += [f"{route} answered {status}: {body}" for route, status, body in day.routes.errors[:5]]
    failures += [f"{sub}'s credits are not conserved" for sub in day.conserved[:5]]
    if not day.escrow_matches:
        failures.append("balances plus escrow do not add up to the grants and prizes")
    if day.load.unmodelled:
        print(f"store calls with no capacity model: {sorted(day.load.unmodelled)}")
    print(f"\nlimits: {WCU_LIMIT} WCU/s, {RCU_LIMIT} RCU/s a partition; threshold {threshold:.0%}")
    for failure in failures:
        print(f"FAIL {failure}")
    return loads, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=200, help="members simulated")
    parser.add_argument("--scale-to", type=int, default=100_000, help="active members the shared keys scale to")
    parser.add_argument("--threshold", type=float, default=0.5, help="share of a partition's limit that fails")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=12, help="partitions listed")
    parser.add_argument("--model", action="store_true", help="print docs/scale.md's model (bench/scale_model.py)")
    args = parser.parse_args(argv)
    began = time.monotonic()
    day = simulate(args.members, args.seed)
    _, failures = report(day, args.scale_to, args.threshold, args.top)
    if args.model:
        from scale_model import print_model

        print_model(day, args.scale_to, crowd.PEAK_FACTOR)
    print(f"({time.monotonic() - began:.1f} s on this machine)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
