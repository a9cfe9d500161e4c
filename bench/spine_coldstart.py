"""Cold start of the API function against the naive stack, and what each import costs.

    .venv/bin/python bench/spine_coldstart.py [--rounds 21] [--tracing]

Each round starts two fresh interpreters, ours then the naive one (bench/naive_api.py: FastAPI + Mangum +
Powertools Logger/Tracer/Metrics + a boto3 client), alternating so that machine noise falls on both.
Each imports its handler and serves its first request: a member's view of a game, read from moto's server
on loopback (started here, with the tables and one game made by the application's own domain code); the
time runs from the spawn to the answer (a Lambda does not exit, so the exit is not counted). Both run with
the same environment, from compiled bytecode. By default tracing is disabled (no X-Ray daemon here): the
naive Tracer still imports the X-Ray SDK, ours does not, which is the issue's figure; `--tracing` runs both
as in the cloud, where the template turns X-Ray on and ours imports the SDK too. Then `python -X importtime`
over one cold start of each shows where the time goes: the modules of the first three levels, cumulative.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

BENCH = Path(__file__).resolve().parent
PYTHON = sys.executable


TRACING = {
    # As in the cloud (the template turns X-Ray on): both stacks trace, and both import the X-Ray SDK.
    # The segments go to a loopback port nobody listens on (UDP: sending never waits).
    "AWS_LAMBDA_FUNCTION_NAME": "ApiFunction",
    "POWERTOOLS_TRACE_DISABLED": "false",
    "_X_AMZN_TRACE_ID": "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1",
    "AWS_XRAY_DAEMON_ADDRESS": "127.0.0.1:2000",
}


def prepare(state_dir: Path, tracing: bool) -> tuple[dict[str, str], Path]:
    """moto's server, the tables, one house game; returns the probes' environment and the event file."""
    from localrun.events import HttpRequest, http_api_event
    from localrun.runner import function_environment
    from localrun.store import MotoStore

    store = MotoStore().start()
    env = function_environment(store.endpoint, state_dir)
    os.environ.update(env)

    from gameserver.clock import get_clock
    from gameserver.domain.feinthold.house import create_house_game
    from gameserver.identity import Caller
    from gameserver.storage.dynamodb import DynamoStore
    from gameserver.storage.dynamodb.tables import create_tables

    create_tables()
    caller = Caller(sub="coldstart", groups=frozenset(), username="coldstart")
    game = create_house_game(DynamoStore(), get_clock(), caller, house_ai="sentinel", pace="1d", seed=7)
    request = HttpRequest(method="GET", path=f"/v1/feinthold/games/{game['game_id']}",
                          headers=(("accept", "application/json"),))
    event_path = state_dir / "event.json"
    event_path.write_text(json.dumps(http_api_event(request, {"sub": caller.sub})))
    # Both stacks run from compiled bytecode, as installed packages do (pip compiles them) and as the warm-up
    # round intends: PYTHONDONTWRITEBYTECODE turns the writing of .pyc files off when set to any non-empty
    # value, "0" included, so it is removed, not set (set, every module edited since its last compilation
    # was compiled again in every round, ours far more than the naive stack's one file).
    probe_env = {**os.environ, **env, **(TRACING if tracing else {})}
    probe_env.pop("PYTHONDONTWRITEBYTECODE", None)
    return probe_env, event_path


def cold_start(stack: str, env: dict[str, str], event_path: Path,
               python: Sequence[str] = (PYTHON,)) -> tuple[float, float, float, float]:
    """Seconds from spawning the process to its answer (its exit is not waited for: a Lambda does not exit),
    the probe's own import and first-request milliseconds, and the process's CPU seconds (user + system,
    exit included: less sensitive than wall time to a machine shared with other work). ``python``: the
    interpreter's command line (bench/spine_bytecode.py runs the runtime's Python on the built artifact)."""
    started = time.perf_counter()
    probe = subprocess.Popen([*python, str(BENCH / "coldstart_probe.py"), stack, str(event_path)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert probe.stdout is not None and probe.stderr is not None
    line = probe.stdout.readline()
    while line and not line.startswith("probe:"):  # the handlers' own logs share stdout
        line = probe.stdout.readline()
    elapsed = time.perf_counter() - started
    probe.stdout.read()
    errors = probe.stderr.read()
    _, status, usage = os.wait4(probe.pid, 0)
    probe.returncode = os.waitstatus_to_exitcode(status)
    if probe.returncode != 0 or not line:
        raise SystemExit(f"{stack} probe failed:\n{line}\n{errors}")
    _, _status, import_ms, request_ms = line.split()
    return elapsed, float(import_ms), float(request_ms), usage.ru_utime + usage.ru_stime


IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def import_tree(stack: str, env: dict[str, str], event_path: Path, floor_ms: float,
                runs: int) -> tuple[float, list[str]]:
    """`python -X importtime` over a whole cold start (import and first request, so lazy imports count),
    `runs` times: the median total, and the imports of the first three levels whose median cost (cumulative)
    is at least `floor_ms`, as a tree. One run is as noisy as the machine; the medians are steadier."""
    order: list[tuple[int, str]] = []
    costs: dict[tuple[int, str], list[int]] = {}
    totals: list[int] = []
    for _ in range(runs):
        run = subprocess.run([PYTHON, "-X", "importtime", str(BENCH / "coldstart_probe.py"), stack,
                              str(event_path)], env=env, capture_output=True, text=True)
        total_us = 0
        for line in run.stderr.splitlines():
            match = IMPORT_LINE.match(line)
            if not match:
                continue
            _self_us, cumulative_us, indent, name = match.groups()
            depth = (len(indent) - 1) // 2
            if depth == 0:
                total_us += int(cumulative_us)
            if depth <= 2:
                if (depth, name) not in costs:
                    order.append((depth, name))
                costs.setdefault((depth, name), []).append(int(cumulative_us))
        totals.append(total_us)
    lines = []
    for depth, name in order:
        cost_ms = statistics.median(costs[depth, name]) / 1000
        if cost_ms >= floor_ms:
            lines.append(f"{'  ' * (depth + 1)}{name:{52 - 2 * depth}s} {cost_ms:7.1f} ms")
    return statistics.median(totals) / 1000, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--floor", type=float, default=25, help="hide imports cheaper than this (ms)")
    parser.add_argument("--importtime-runs", type=int, default=3, help="median over this many importtime runs")
    parser.add_argument("--tracing", action="store_true",
                        help="both stacks trace with the X-Ray SDK, as in the cloud (default: neither does)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env, event_path = prepare(Path(folder), args.tracing)
        for stack in ("ours", "naive"):  # warm the file cache and the .pyc files
            cold_start(stack, env, event_path)
        runs: dict[str, list[tuple[float, float, float, float]]] = {"ours": [], "naive": []}
        for _ in range(args.rounds):
            for stack in ("ours", "naive"):
                runs[stack].append(cold_start(stack, env, event_path))
        print(f"cold start: fresh process, import the handler, serve one view read (moto), {args.rounds} rounds, "
              f"tracing {'on (both import the X-Ray SDK)' if args.tracing else 'off'}")
        wall: dict[str, list[float]] = {stack: [s[0] * 1000 for s in samples] for stack, samples in runs.items()}
        cpu: dict[str, list[float]] = {stack: [s[3] * 1000 for s in samples] for stack, samples in runs.items()}
        for stack, samples in runs.items():
            print(f"  {stack:6s} wall median {statistics.median(wall[stack]):7.1f} ms (min {min(wall[stack]):.1f}) = "
                  f"import {statistics.median(s[1] for s in samples):.1f} ms + first request "
                  f"{statistics.median(s[2] for s in samples):.1f} ms + interpreter start;  "
                  f"CPU median {statistics.median(cpu[stack]):.1f} ms")
        for label, figures in (("wall median", statistics.median), ("wall min", min), ("CPU median", None)):
            series = cpu if figures is None else wall
            pick = figures or statistics.median
            print(f"  ratio ours/naive, {label:11s} = {pick(series['ours']) / pick(series['naive']):.2f}"
                  "   (target <= 0.70)")
        for stack in ("ours", "naive"):
            total, lines = import_tree(stack, env, event_path, floor_ms=args.floor, runs=args.importtime_runs)
            print(f"{stack}: imports during a cold start (python -X importtime; import + first request, "
                  f"interpreter's own included; medians of {args.importtime_runs} runs) {total:.0f} ms; "
                  f"cumulative, >= {args.floor:g} ms, 3 levels:")
            print(*reversed(lines), sep="\n")

if __name__ == "__main__":
    main()
