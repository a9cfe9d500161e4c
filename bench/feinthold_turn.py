"""Median microseconds to resolve one Feinthold turn, over random legal orders from varied states.

    .venv/bin/python bench/feinthold_turn.py [--games N] [--repeat R]

States come from random games (random legal orders, seeds 0..N-1). Every turn is resolved in each of R
alternating passes (all turns once, then all again...), and each turn's fastest pass is kept, as timeit does:
other processes sharing the cores only ever add time, and alternating spreads a burst of load over every turn.
Prints the median per resolve, with the median cost of one view and one order check for reference, as CPU time
of this process (`time.process_time`, less disturbed by other work on a shared machine) and as wall time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rules.feinthold import SIDES, check_orders, new_game, resolve, view
from rules.feinthold.random_player import random_orders


def _fastest(calls: list, repeat: int) -> tuple[list[float], list[float]]:
    """Per call, its fastest CPU and wall time over `repeat` alternating passes, in microseconds."""
    cpu_best = [float("inf")] * len(calls)
    wall_best = [float("inf")] * len(calls)
    for _ in range(repeat):
        for i, call in enumerate(calls):
            c0, t0 = time.process_time(), time.perf_counter()
            call()
            wall_best[i] = min(wall_best[i], (time.perf_counter() - t0) * 1e6)
            cpu_best[i] = min(cpu_best[i], (time.process_time() - c0) * 1e6)
    return cpu_best, wall_best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    turns = []
    for seed in range(args.games):
        rng = random.Random(seed)
        state = new_game(seed)
        while not state.over:
            orders = {s: random_orders(view(state, s), rng) for s in SIDES}
            turns.append((state, orders, view(state, "south")))
            state = resolve(state, orders)

    med = statistics.median
    print(f"turns: {len(turns)} from {args.games} random games, {args.repeat} alternating passes (fastest kept)")
    for label, calls in (
        ("resolve one turn", [lambda t=t: resolve(t[0], t[1]) for t in turns]),
        ("view one side", [lambda t=t: view(t[0], "south") for t in turns]),
        ("check one set", [lambda t=t: check_orders(t[2], t[1]["south"]) for t in turns]),
    ):
        used, wall = _fastest(calls, args.repeat)
        print(f"{label:16s}: median {med(used):6.1f} us CPU (p90 {statistics.quantiles(used, n=10)[-1]:6.1f}), "
              f"{med(wall):6.1f} us wall")


if __name__ == "__main__":
    main()
