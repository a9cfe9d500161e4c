"""Latency of the Front 1901 AI powers: the CPU time of the six AI powers' decisions for one movement phase.

    .venv/bin/python bench/front1901_ai_latency.py [--games 10] [--until 1910]

For each level, ``--games`` solo games (seed ``i``, the member's power the i-th power in turn), the member
playing the normal level's suggestions; at every movement phase, once it has opened (after the AI powers'
press, which is message writing and not counted), the six AI powers' decisions are timed with the thread's
CPU clock: ``decide(table(game))``, which is everything the AIs compute for their orders (values, policy,
honesty, search, coordination) and nothing else (the phase's own adjudication and the judge come after it,
in ``submit``).  Prints per level the median, p95 and max over the phases, and for ``hard`` the adjudications
the search ran and how many per second of decision time it reached.  Targets: easy and normal median <= 50 ms;
hard median <= 1.0 s and p95 <= 2.0 s.  The machine is shared: the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

from rules.front1901 import POWERS
from rules.front1901.solo import search
from rules.front1901.solo.decisions import decide
from rules.front1901.solo.game import new_game, submit, table
from rules.front1901.solo.help import suggest
from rules.front1901.solo.random_play import random_adjustment_orders, random_retreat_orders

TARGETS = {"easy": (0.050, None), "normal": (0.050, None), "hard": (1.0, 2.0)}


class Counter:
    """Counts the search's adjudications (wraps the engine function the search module calls)."""

    def __init__(self) -> None:
        self.calls = 0
        self._adjudicate = search.adjudicate_checked

    def __call__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.calls += 1
        return self._adjudicate(*args, **kwargs)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(level: str, games: int, until: int, counter: Counter) -> dict:
    times: list[float] = []
    calls = 0
    for i in range(games):
        member = POWERS[i % len(POWERS)]
        game = new_game(i, member, level, "short", until)
        rng = random.Random(i)
        while not game.over:
            step = game.position.phase.step.value
            if step == "M":
                before = counter.calls
                started = time.thread_time()
                decide(table(game))
                times.append(time.thread_time() - started)
                calls += counter.calls - before
                orders = [s.order for s in suggest(game)]
            elif step == "R":
                orders = random_retreat_orders(game.position, member, rng)
            else:
                orders = random_adjustment_orders(game.position, member, rng)
            game, _ = submit(game, orders)
    median, p95 = statistics.median(times), percentile(times, 0.95)
    limit, p95_limit = TARGETS[level]
    total = sum(times)
    return {
        "level": level, "phases": len(times), "median_ms": round(median * 1000, 1), "p95_ms": round(p95 * 1000, 1),
        "max_ms": round(max(times) * 1000, 1), "adjudications": calls,
        "adjudications_per_phase": round(calls / len(times), 1),
        "adjudications_per_s": round(calls / total) if calls else 0,
        "met": median <= limit and (p95_limit is None or p95 <= p95_limit),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--until", type=int, default=1910)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args()
    counter = Counter()
    search.adjudicate_checked = counter  # type: ignore[assignment]
    print(json.dumps({"load_average": os.getloadavg()}), flush=True)
    for level in args.levels.split(","):
        print(json.dumps(measure(level, args.games, args.until, counter)), flush=True)
    print(json.dumps({"load_average": os.getloadavg()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
