"""A bounded load run against the local runner on loopback.

    .venv/bin/python bench/spine_load.py [--clients 50] [--seconds 60]

Starts `python -m localrun` (system clock, free ports, a state folder of its own), then runs `--clients`
members at once for `--seconds`: each creates a game against a house AI and plays it to its end (its first
submission resolves each turn), then starts another. Prints requests, errors, throughput and p50/p99
latency per kind of call.

What this measures is mostly moto: the runner serialises every DynamoDB request (moto is not safe under
concurrent transactions), so latency here is queueing on one in-process store, on a laptop's cores shared
with the load generator. It is a test of correctness under concurrency (errors must be 0), not of AWS.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

HQ = {"south": "hq-s", "north": "hq-n"}


def orders_for(view: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Reinforce the HQ with what the points buy (4 at most) and predict an entry somewhere near."""
    hq = HQ[view["side"]]
    orders: list[dict[str, Any]] = []
    units = min(4, view["points"] // 2)
    if units:
        orders.append({"reinforce": {"at": hq, "units": units, "decoys": 0}})
    orders.append({"predict": {"at": rng.choice(["c", "r-s", "r-n"])}})
    return orders


class Tally:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)

    async def timed(self, kind: str, request: Any) -> httpx.Response | None:
        started = time.perf_counter()
        try:
            answer = await request
        except httpx.HTTPError as error:
            self.errors[kind].append(f"{type(error).__name__}: {error}")
            return None
        self.latency[kind].append(time.perf_counter() - started)
        if answer.status_code >= 300:
            self.errors[kind].append(f"{answer.status_code} {answer.text[:200]}")
            return None
        return answer


async def member(api: str, token: str, until: float, tally: Tally, seed: int) -> int:
    rng = random.Random(seed)
    games = 0
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=api, headers=headers, timeout=60) as http:
        while time.monotonic() < until:
            body = {"house_ai": rng.choice(["sentinel", "pivot", "ram"]), "pace": "1d"}
            created = await tally.timed("create game", http.post("/v1/feinthold/games", json=body))
            if created is None:
                continue
            game = created.json()
            while game["status"] == "open" and time.monotonic() < until:
                path = f"/v1/feinthold/games/{game['game_id']}/turns/{game['turn']}/orders"
                sent = await tally.timed("submit orders", http.put(path, json={"orders": orders_for(game["view"], rng)}))
                if sent is None:
                    break
                game = sent.json()["game"]
            games += game["status"] == "over"
    return games


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def start_runner(state_dir: Path) -> tuple[subprocess.Popen, dict[str, Any]]:
    log = open(state_dir / "runner.log", "w")  # noqa: SIM115 - kept open for the runner's lifetime
    process = subprocess.Popen([sys.executable, "-m", "localrun", "--port", "0", "--state-dir", str(state_dir)],
                               stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    ready = state_dir / "runner.json"
    deadline = time.monotonic() + 60
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the runner did not start:\n{(state_dir / 'runner.log').read_text()}")
        time.sleep(0.1)
    return process, json.loads(ready.read_text())


async def run(api: str, state_dir: Path, clients: int, seconds: float) -> tuple[Tally, int, float]:
    from localrun import tokens

    authority = tokens.load(state_dir)
    tally = Tally()
    started = time.monotonic()
    until = started + seconds
    finished = await asyncio.gather(*(member(api, authority.mint(f"load-{n}"), until, tally, n)
                                      for n in range(clients)))
    return tally, sum(finished), time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        state_dir = Path(folder)
        process, ready = start_runner(state_dir)
        try:
            tally, games, elapsed = asyncio.run(run(ready["api"], state_dir, args.clients, args.seconds))
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)
        log_tail = (state_dir / "runner.log").read_text().splitlines()[-5:]
    total = sum(len(v) for v in tally.latency.values())
    errors = sum(len(v) for v in tally.errors.values())
    print(f"load: {args.clients} clients for {elapsed:.1f} s against the local runner (moto, serialised)")
    print(f"  requests {total + errors}, errors {errors}, games finished {games}, "
          f"{total / elapsed:.1f} requests/s")
    every = [x for values in tally.latency.values() for x in values]
    for kind, values in [*sorted(tally.latency.items()), ("all", every)]:
        if values:
            print(f"  {kind:14s} n={len(values):6d}  p50 {statistics.median(values) * 1000:7.1f} ms  "
                  f"p99 {percentile(values, 0.99) * 1000:7.1f} ms  max {max(values) * 1000:7.1f} ms")
    for kind, messages in tally.errors.items():
        print(f"  errors on {kind}: {len(messages)}, e.g. {messages[0]}")
    if errors:
        print("  runner log tail:", *log_tail, sep="\n    ")
    print("  (these latencies measure moto's serialised store and a shared laptop CPU, not DynamoDB)")


if __name__ == "__main__":
    main()
