"""Median microseconds to resolve one Feinthold turn, over random legal orders from varied states.

    .venv/bin/python bench/feinthold_turn.py [--games N] [--repeat R]

States come from random games (random legal orders, seeds 0..N-1); each turn is resolved R times and the
median time per resolve is printed, with the median cost of one view and one order check for reference.
Times are CPU time of this process (`time.process_time`), so that other work on a shared machine inflates
them less than wall time would; `--wall` measures wall time instead.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rules.feinthold import SIDES, check_orders, new_game, resolve, view
from rules.feinthold.random_player import random_orders


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--wall", action="store_true", help="measure wall time instead of CPU time")
    args = parser.parse_args()

    turns = []
    for seed in range(args.games):
        rng = random.Random(seed)
        state = new_game(seed)
        while not state.over:
            orders = {s: random_orders(view(state, s), rng) for s in SIDES}
            turns.append((state, orders))
            state = resolve(state, orders)

    resolve_us, view_us, check_us = [], [], []
    clock = time.perf_counter if args.wall else time.process_time
    for state, orders in turns:
        for _ in range(args.repeat):
            t0 = clock()
            resolve(state, orders)
            t1 = clock()
            v = view(state, "south")
            t2 = clock()
            check_orders(v, orders["south"])
            t3 = clock()
            resolve_us.append((t1 - t0) * 1e6)
            view_us.append((t2 - t1) * 1e6)
            check_us.append((t3 - t2) * 1e6)
    print(f"turns: {len(turns)} from {args.games} random games, {args.repeat} runs each, "
          f"{'wall' if args.wall else 'CPU'} time")
    print(f"resolve one turn: median {statistics.median(resolve_us):.1f} us, "
          f"p90 {statistics.quantiles(resolve_us, n=10)[-1]:.1f} us")
    print(f"view one side:    median {statistics.median(view_us):.1f} us")
    print(f"check one set:    median {statistics.median(check_us):.1f} us")


if __name__ == "__main__":
    main()
