"""The test bench through the API: its time (median, p95; CPU and wall) and its DynamoDB requests.

    .venv/bin/python bench/challenges_bench_api.py [--runs 40]

``POST /v1/feinthold/bench`` through the API Lambda handler in-process (the event API Gateway hands it, the
answer's JSON as sent), against moto's server with the spine's rig and recorder, for the three things it plays:
one of my doctrines (its slot), a draft in the body, a house AI. Each run uses another seed (the bench plays 36
games: 3 house AIs x 2 sides x a layout of each of the 6 shapes). Issue 15's budget: p95 at most 3 s of CPU.
CPU is this process's (``time.process_time``): moto's server thread is idle during the bench, which reads at
most one item.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from spine_requests import READS, listed_operations, start_rig  # noqa: E402  (the spine's rig, shared)

DOCTRINE = {"name": "bench me", "rules": [
    {"if": [{"enemy_next_to": {"at": "my-hq", "at_least": 1}}],
     "then": {"reinforce_all": {"at": "my-hq", "keep_points": 0}}},
    {"if": [{"outnumber": {"at": "weakest-enemy", "ratio": 1.5, "unknown_as": 2}}],
     "then": {"converge": {"at": "weakest-enemy", "keep": 1, "share": 100}}},
    {"if": [{"units_at": {"at": "my-hq", "at_least": 3}}],
     "then": {"advance": {"from": "my-hq", "toward": "open-ground", "keep": 2, "share": 100}}},
    {"if": [{"turn": {"at_least": 2}}, {"points": {"at_least": 6}}], "then": {"scout": {"at": "stale"}}},
    {"if": [], "then": {"reinforce_all": {"at": "my-hq", "keep_points": 0}}},
    {"if": [], "then": {"predict": {"at": "likely-entry"}}},
]}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description="The test bench through the API: time and requests")
    parser.add_argument("--runs", type=int, default=40, help="runs of each kind (each with its own seed)")
    runs = parser.parse_args().runs
    rig = start_rig()
    status, _ = rig.call("ann", "POST", "/v1/feinthold/doctrines", {"doctrine": DOCTRINE})
    assert status == 201
    bodies = {"my doctrine (slot)": {"of": "slot", "slot": 1}, "a draft": {"of": "draft", "doctrine": DOCTRINE},
              "a house AI": {"of": "house", "house_ai": "pivot"}}
    print(f"The bench through the API: {runs} runs of each, 36 games a run; CPU = this process, wall = the call")
    print(f"{'bench of':20s} {'CPU median':>10s} {'CPU p95':>8s} {'wall median':>11s} {'wall p95':>9s} "
          f"{'answer':>8s}  domain requests")
    every: list[float] = []
    for name, body in bodies.items():
        cpu, wall, size, requests = [], [], 0, ""
        for run in range(runs):
            ledger = rig.recorder.start()
            started_cpu, started = time.process_time(), time.perf_counter()
            status, answer = rig.call("ann", "POST", "/v1/feinthold/bench", {**body, "seed": run})
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started)
            assert status == 200 and answer["played"] == 36, (status, answer)
            size = len(str(answer))
            domain = ledger.of(rig.settings.table_name)
            reads = sum(c.operation in READS for c in domain)
            requests = f"{reads} read, {len(domain) - reads} write ({listed_operations(domain)})"
        every += cpu
        print(f"{name:20s} {statistics.median(cpu):9.3f}s {percentile(cpu, 0.95):7.3f}s "
              f"{statistics.median(wall):10.3f}s {percentile(wall, 0.95):8.3f}s {size / 1024:6.0f}KB  {requests}")
    print(f"all runs: CPU p95 {percentile(every, 0.95):.3f} s (budget 3 s)")
    rig.store.stop()


if __name__ == "__main__":
    main()
