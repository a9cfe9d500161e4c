"""Speed of Feinthold with its house AIs (not run by CI).

    .venv/bin/python bench/feinthold_speed.py [--games 300] [--repeat 3] [--benches 5]

Prints:
- the median microseconds to resolve one turn, over the turns of house-AI games;
- the median microseconds for one house AI to choose its orders (the interpreter) and to view a side;
- the median milliseconds for a full game between two house AIs (views, orders, resolution; no traces),
  over all games and over the games that went the full 8 turns; each game is played `--repeat` times and its
  fastest run kept, as timeit does, since other processes sharing the cores only ever add time;
- the median wall time of one full test bench run (36 games with per-rule traces).
Targets: AI-vs-AI game <= 3 ms median, test bench <= 300 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from rules.feinthold import SIDES, new_game, resolve, view
from rules.feinthold.doctrine import HOUSE_NAMES, bench, house_ai, house_rules, orders_of

clock = time.perf_counter
cpu = time.process_time  # CPU time of this process: less disturbed than wall time when the cores are shared


def _pairs(games: int) -> list[tuple[int, str, str]]:
    return [(seed, HOUSE_NAMES[seed % 3], HOUSE_NAMES[(seed // 3) % 3]) for seed in range(games)]


def game(seed: int, south: str, north: str) -> tuple[float, float, int, list, list]:
    """One AI-vs-AI game: its wall and CPU times, its last turn, its turns, and per-turn timings of the parts."""
    doctrines = {"south": house_ai(south, seed), "north": house_ai(north, seed + 1)}
    turns: list = []
    parts: list = []
    started, started_cpu = clock(), cpu()
    state = new_game(seed)
    while not state.over:
        t0 = clock()
        views = {s: view(state, s) for s in SIDES}
        t1 = clock()
        orders = {s: orders_of(doctrines[s], views[s]) for s in SIDES}
        t2 = clock()
        turns.append((state, orders))
        state = resolve(state, orders)
        parts.append((t1 - t0, t2 - t1, clock() - t2))
    return clock() - started, cpu() - started_cpu, state.turn, turns, parts


def calibration_ms() -> tuple[float, float]:
    """Milliseconds (wall, CPU; the fastest of 3) for a plain loop of a million additions: how fast Python runs
    on this machine right now (an unloaded desktop takes about 25 to 40 ms), to read the figures below against."""
    wall = used = float("inf")
    for _ in range(3):
        t0, c0 = clock(), cpu()
        total = 0
        for i in range(1_000_000):
            total += i
        wall, used = min(wall, clock() - t0), min(used, cpu() - c0)
    return wall * 1e3, used * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="AI-vs-AI games (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each game, the fastest kept (default 3)")
    parser.add_argument("--benches", type=int, default=5, help="test bench runs (default 5)")
    args = parser.parse_args()

    for seed, south, north in _pairs(9):  # warm the caches (layouts, pydantic) before timing
        game(seed, south, north)

    game_ms, game_cpu_ms, full_ms, full_cpu_ms = [], [], [], []
    turns, view_us, play_us, resolve_in_game_us = [], [], [], []
    for seed, south, north in _pairs(args.games):
        runs = [game(seed, south, north) for _ in range(args.repeat)]
        wall = min(run[0] for run in runs)
        used = min(run[1] for run in runs)
        _, _, last_turn, played, parts = runs[0]
        game_ms.append(wall * 1e3)
        game_cpu_ms.append(used * 1e3)
        if last_turn == 8:
            full_ms.append(wall * 1e3)
            full_cpu_ms.append(used * 1e3)
        turns.extend(played)
        for v, p, r in parts:
            view_us.append(v / 2 * 1e6)
            play_us.append(p / 2 * 1e6)
            resolve_in_game_us.append(r * 1e6)

    resolve_us = []
    for state, orders in turns:
        for _ in range(3):
            t0 = clock()
            resolve(state, orders)
            resolve_us.append((clock() - t0) * 1e6)

    bench_ms, bench_cpu_ms = [], []
    doctrine = house_rules()["pivot"]
    for run in range(args.benches):
        t0, c0 = clock(), cpu()
        bench(doctrine, seed=run)
        bench_ms.append((clock() - t0) * 1e3)
        bench_cpu_ms.append((cpu() - c0) * 1e3)

    med = statistics.median
    loop_wall, loop_cpu = calibration_ms()
    print(f"machine: load average {os.getloadavg()[0]:.1f}, 1e6-addition loop {loop_wall:.0f} ms wall, "
          f"{loop_cpu:.0f} ms CPU (unloaded desktop: 25-40 ms)")
    print(f"AI-vs-AI games: {len(game_ms)} ({len(full_ms)} went 8 turns), {len(turns)} turns")
    print(f"resolve one turn:            median {med(resolve_us):8.1f} us")
    print(f"view one side:               median {med(view_us):8.1f} us")
    print(f"house AI orders (one side):  median {med(play_us):8.1f} us")
    print(f"AI-vs-AI game:               median {med(game_ms):8.2f} ms wall, {med(game_cpu_ms):.2f} ms CPU "
          "(target <= 3 ms)")
    if full_ms:
        print(f"AI-vs-AI game of 8 turns:    median {med(full_ms):8.2f} ms wall, {med(full_cpu_ms):.2f} ms CPU")
    print(f"test bench run (36 games):   median {med(bench_ms):8.1f} ms wall, {med(bench_cpu_ms):.1f} ms CPU, "
          f"fastest {min(bench_ms):.1f} ms wall (target <= 300 ms)")
    share = sum(resolve_in_game_us) / (sum(resolve_in_game_us) + sum(play_us) * 2 + sum(view_us) * 2)
    print(f"share of game time in the engine's resolve: {share:.0%}")


if __name__ == "__main__":
    main()
