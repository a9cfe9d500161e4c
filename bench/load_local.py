"""A crowd on loopback: ``--members`` members (up to 500) play the usage profile's day (bench/crowd.py) through
HTTP against the local runner for ``--seconds``, their thinking sped up ``--speed`` times, the polls sent one by
one. Prints every route's p50, p95 and p99 latency, the runner's CPU per request, the errors (5xx or no answer:
must be 0; a 429 counts as one), and whether every member's credits are conserved (the balance is the ledger's sum).

    nice -n 10 .venv/bin/python bench/load_local.py --members 50 --seconds 60 --store memory
    nice -n 10 .venv/bin/python bench/load_local.py --members 10 --seconds 60 --store moto
    nice -n 10 .venv/bin/python bench/load_local.py --members 50 --seconds 60 --store memory --flood 50

``--flood R``: one more member sends ``GET /v1/me`` at R requests a second the whole time (on R / 10 connections
at once); the others' figures are printed apart from it, and a run without the flood (the same members, the same
seed) is made first to compare their p95 with.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "http"))
sys.path.insert(0, str(ROOT / "infra"))

import crowd  # noqa: E402

FLOOD_PER_LANE = 10
"""Requests a second one flooding connection is asked for (an answer takes ~10 to 100 ms here)."""


@dataclass
class Tally:
    latency_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, route: str, ms: float, error: str | None) -> None:
        with self.lock:
            self.latency_ms[route].append(ms)
            if error:
                self.errors.append(error)


def start_runner(state: Path, store: str, concurrency: int) -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    command = [sys.executable, "-m", "localrun", "--clock", "system", "--port", "0", "--admin-port", "0",
               "--state-dir", str(state), "--store", store, "--concurrency", str(concurrency)]
    log = open(state / "runner.log", "w")  # noqa: SIM115 (the runner's log, open while it runs)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": f"{ROOT / 'infra'}:{os.environ.get('PYTHONPATH', '')}"}
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    ready = state / "runner.json"
    for _ in range(600):
        if ready.exists():
            return process, json.loads(ready.read_text())
        if process.poll() is not None:
            raise SystemExit(f"the runner stopped: {(state / 'runner.log').read_text()}")
        time.sleep(0.1)
    process.kill()
    raise SystemExit("the runner was not ready in 60 s")


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Member:
    def __init__(self, api: str, token: str, tally: Tally, until: float, speed: float) -> None:
        self.client = httpx.Client(base_url=api, headers={"Authorization": f"Bearer {token}"}, timeout=30)
        self.tally, self.until, self.speed = tally, until, speed

    def call(self, step: crowd.Call) -> crowd.Answer:
        began = time.monotonic()
        try:
            answer = self.client.request(step.method, step.path, json=step.body)
        except httpx.HTTPError as error:
            self.tally.add(step.route, (time.monotonic() - began) * 1000, f"{step.route}: {error!r}")
            return 599, None
        ms = (time.monotonic() - began) * 1000
        # A 429 is an error too: a member's limit refusing a member who plays as the profile says is a limit
        # set too low (the flooding member's are counted apart, in its own tally).
        failed = answer.status_code >= 500 or answer.status_code == 429
        self.tally.add(step.route, ms, f"{step.route}: {answer.status_code}" if failed else None)
        body = answer.json() if answer.content and answer.headers.get("content-type", "").startswith(
            "application/json") else None
        return answer.status_code, body

    def play(self, activity: crowd.Activity) -> None:
        """One activity to its end or the run's; a poll's weight is sent as that many polls over the wait."""
        answer: crowd.Answer | None = None
        polls: crowd.Call | None = None
        while time.monotonic() < self.until:
            try:
                step = activity.send(answer)  # type: ignore[arg-type]
            except StopIteration:
                return
            answer = None
            if isinstance(step, crowd.Wait):
                pause = step.seconds / self.speed
                count = polls.weight - 1 if polls is not None else 0
                for _ in range(count):
                    time.sleep(pause / count)
                    if time.monotonic() >= self.until:
                        return
                    self.call(polls)  # type: ignore[arg-type]
                if not count:
                    time.sleep(pause)
                polls = None
            else:
                answer = self.call(step)
                polls = step if step.weight > 1 else None

    def day(self, sub: str, rng: random.Random, activities: list[Any]) -> None:
        for activity in activities:
            self.play(activity(sub, rng))


def credits_conserved(member: Member) -> bool:
    """The balance is the sum of every ledger line (read page by page)."""
    answer = member.client.get("/v1/credits", params={"limit": 50})
    if answer.status_code != 200:
        return False
    page = answer.json()
    total = sum(line["amount"] for line in page["lines"])
    while page["cursor"]:
        page = member.client.get("/v1/credits", params={"limit": 50, "cursor": page["cursor"]}).json()
        total += sum(line["amount"] for line in page["lines"])
    return total == member.client.get("/v1/credits").json()["balance"]


def run(members: int, seconds: float, store: str, speed: float, concurrency: int, flood: float,
        seed: int) -> dict[str, Any]:
    from localrun import tokens

    state = Path(tempfile.mkdtemp(prefix="load-"))
    process, ready = start_runner(state, store, concurrency)
    try:
        authority = tokens.load(state)
        tally, flood_tally = Tally(), Tally()
        until = time.monotonic() + seconds
        rng = random.Random(seed)
        subs = [f"load{n:04d}" for n in range(members)]
        crowd_members = {sub: Member(ready["api"], authority.mint(sub), tally, until, speed) for sub in subs}
        for member in crowd_members.values():
            member.call(crowd.Call("GET", "/v1/me", route="GET /v1/me"))
        plans: dict[str, list[Any]] = {sub: [a for a in crowd.SOLO_ACTIVITIES if a is not crowd.sign_in]
                                       for sub in subs}
        for n, sub in enumerate(subs):
            rng.shuffle(plans[sub])
            if n % 2 == 0 and n + 1 < members:
                first, second = crowd.duel_pair(sub, subs[n + 1], random.Random(n))
                plans[sub].insert(0, lambda _s, _r, g=first: g)
                plans[subs[n + 1]].insert(0, lambda _s, _r, g=second: g)
        threads = [threading.Thread(target=crowd_members[sub].day, args=(sub, random.Random(n), plans[sub]),
                                    daemon=True) for n, sub in enumerate(subs)]
        if flood:
            # One member's token on several connections at once (FLOOD_PER_LANE a second each): one connection waits for each answer and
            # would not reach the rate.
            token = authority.mint("flooder")
            lanes = max(1, math.ceil(flood / FLOOD_PER_LANE))

            def flooding(flooder: Member) -> None:
                while time.monotonic() < until:
                    began = time.monotonic()
                    flooder.call(crowd.Call("GET", "/v1/me", route="GET /v1/me (flood)"))
                    time.sleep(max(0.0, lanes / flood - (time.monotonic() - began)))

            threads += [threading.Thread(target=flooding, args=(Member(ready["api"], token, flood_tally, until, speed),),
                                         daemon=True) for _ in range(lanes)]
        cpu_before = cpu_seconds(process.pid)
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=seconds + 60)
        cpu = cpu_seconds(process.pid) - cpu_before
        conserved = all(credits_conserved(m) for m in crowd_members.values())
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
    requests = sum(len(v) for v in tally.latency_ms.values())
    flood_requests = sum(len(v) for v in flood_tally.latency_ms.values())
    return {"tally": tally, "flood": flood_tally, "requests": requests, "flood_requests": flood_requests,
            "cpu_ms_per_request": cpu * 1000 / max(1, requests + flood_requests), "conserved": conserved,
            "seconds": seconds}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def print_run(name: str, result: dict[str, Any]) -> float:
    tally: Tally = result["tally"]
    every = [ms for values in tally.latency_ms.values() for ms in values]
    print(f"\n{name}: {result['requests']:,} requests in {result['seconds']:.0f} s "
          f"({result['requests'] / result['seconds']:.1f}/s), errors {len(tally.errors)}, "
          f"runner CPU {result['cpu_ms_per_request']:.1f} ms a request, credits conserved: {result['conserved']}")
    if result["flood_requests"]:
        flood = [ms for values in result["flood"].latency_ms.values() for ms in values]
        print(f"  the flooding member: {result['flood_requests']:,} requests "
              f"({result['flood_requests'] / result['seconds']:.1f}/s), {len(result['flood'].errors):,} of them "
              f"refused (429 or 5xx), p95 {percentile(flood, 0.95):.0f} ms")
    print(f"  {'route':<58} {'n':>6} {'p50 ms':>7} {'p95':>7} {'p99':>7}")
    for route in sorted(tally.latency_ms, key=lambda r: -len(tally.latency_ms[r])):
        values = tally.latency_ms[route]
        print(f"  {route:<58} {len(values):>6} {statistics.median(values):>7.1f} {percentile(values, 0.95):>7.1f} "
              f"{percentile(values, 0.99):>7.1f}")
    p95 = percentile(every, 0.95) if every else 0.0
    print(f"  {'every route':<58} {len(every):>6} {statistics.median(every):>7.1f} {p95:>7.1f} "
          f"{percentile(every, 0.99):>7.1f}")
    for error in tally.errors[:5]:
        print(f"  ERROR {error}")
    return p95


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--store", choices=("memory", "moto"), default="memory")
    parser.add_argument("--speed", type=float, default=10, help="thinking this many times faster than a human")
    parser.add_argument("--concurrency", type=int, default=8, help="the runner's API invocations at once")
    parser.add_argument("--flood", type=float, default=0, help="one more member at this many requests a second")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.members <= 500:
        parser.error("--members: 1 to 500")
    failed = False
    if args.flood:
        calm = run(args.members, args.seconds, args.store, args.speed, args.concurrency, 0, args.seed)
        calm_p95 = print_run("without the flood", calm)
        loud = run(args.members, args.seconds, args.store, args.speed, args.concurrency, args.flood, args.seed)
        loud_p95 = print_run(f"with one member flooding at {args.flood:.0f}/s", loud)
        print(f"\nthe others' p95: {loud_p95:.1f} ms with the flood, {calm_p95:.1f} ms without: "
              f"{loud_p95 / calm_p95:.2f}x (bound 1.5x); their errors {len(loud['tally'].errors)}")
        failed = bool(loud["tally"].errors) or loud_p95 > 1.5 * calm_p95
    else:
        result = run(args.members, args.seconds, args.store, args.speed, args.concurrency, 0, args.seed)
        print_run(f"{args.members} members on {args.store}", result)
        failed = bool(result["tally"].errors) or not result["conserved"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
