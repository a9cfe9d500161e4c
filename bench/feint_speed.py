"""Feint speed: milliseconds for one complete 2-seat bot-vs-bot game (deployment to outcome).

    .venv/bin/python bench/feint_speed.py [--games 300] [--seed 0]

Each game is timed alone, both by the wall clock (perf_counter) and by this process's CPU time
(process_time), which does not count the time other processes hold the cores on a shared machine.
Prints median, p90, mean and max of each; the target (median <= 20 ms) is judged on CPU time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from rules.feint import Bot
from rules.feint.players import play_game

TARGET_MS = 20.0


def summary(timings: list[float]) -> dict[str, float]:
    ordered = sorted(timings)
    return {
        "median": round(statistics.median(ordered), 2),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 2),
        "mean": round(statistics.fmean(ordered), 2),
        "max": round(ordered[-1], 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", type=int, default=2)
    args = parser.parse_args()
    wall: list[float] = []
    cpu: list[float] = []
    turns: list[int] = []
    for i in range(args.games):
        seed = args.seed + i
        started, started_cpu = time.perf_counter(), time.process_time()
        final = play_game({s: Bot(s, seed) for s in range(1, args.seats + 1)})
        cpu.append((time.process_time() - started_cpu) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
        turns.append(final.turn)
    median = statistics.median(cpu)
    print(
        json.dumps(
            {
                "games": args.games,
                "seats": args.seats,
                "cpu_ms": summary(cpu),
                "wall_ms": summary(wall),
                "median_turns": statistics.median(turns),
                "target_median_cpu_ms": TARGET_MS,
                "met": median <= TARGET_MS,
            }
        )
    )
    return 0 if median <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
