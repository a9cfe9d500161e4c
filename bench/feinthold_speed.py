"""Speed of Feinthold with its house AIs (not run by CI).

    .venv/bin/python bench/feinthold_speed.py [--games 300] [--repeat 3] [--benches 5] [--instructions]

Prints, each as CPU time of this process (less disturbed than wall time when the cores are shared) and wall time:
- the median microseconds to resolve one turn (typed orders, as a game runner hands them; and wire orders, as the
  API does), to view one side, and for one house AI to choose its orders (the interpreter);
- the median milliseconds for a full game between two house AIs (views, orders, resolution; no traces, as
  `play_match(..., trace=False)` plays it), over all games and over the games that went the full 8 turns;
- the median time of one full test bench run (36 games with per-rule traces).
Every figure is timed over `--repeat` alternating passes (all games once, then all again...), each game's fastest
pass kept, as timeit does: other processes sharing the cores only ever add time, and alternating spreads a burst of
load over every game instead of one. With `--instructions` (needs valgrind), it also counts the instructions each
operation costs, a figure the machine's load does not move.
Targets: AI-vs-AI game <= 3 ms median, test bench <= 300 ms.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

from rules.feinthold import SIDES, new_game, resolve, view
from rules.feinthold.doctrine import HOUSE_NAMES, bench, house_ai, house_rules
from rules.feinthold.doctrine.interpreter import turn_orders

clock = time.perf_counter
cpu = time.process_time


def _pairs(games: int) -> list[tuple[int, str, str]]:
    return [(seed, HOUSE_NAMES[seed % 3], HOUSE_NAMES[(seed // 3) % 3]) for seed in range(games)]


def _doctrines(seed: int, south: str, north: str) -> dict:
    return {"south": house_ai(south, seed), "north": house_ai(north, seed + 1)}


def game(seed: int, doctrines: dict) -> tuple[float, float, int, list, list]:
    """One AI-vs-AI game, played as `play_match(..., trace=False)` plays it: its wall and CPU times, its last
    turn, its turns (state, typed orders) and per-turn (view, orders, resolve) CPU times."""
    turns: list = []
    parts: list = []
    started, started_cpu = clock(), cpu()
    state = new_game(seed)
    while not state.over:
        t0 = cpu()
        views = {s: view(state, s) for s in SIDES}
        t1 = cpu()
        orders = {s: turn_orders(doctrines[s], views[s], trace=False)[0] for s in SIDES}
        t2 = cpu()
        turns.append((state, orders, views))
        state = resolve(state, orders)
        parts.append((t1 - t0, t2 - t1, cpu() - t2))
    return clock() - started, cpu() - started_cpu, state.turn, turns, parts


def _best(times: list[list[float]]) -> list[float]:
    """Per item, its fastest pass."""
    return [min(runs) for runs in zip(*times, strict=True)]


def _timed(calls: list, repeat: int) -> tuple[list[float], list[float]]:
    """Per call, its fastest wall and CPU time over `repeat` alternating passes, in microseconds."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, used = [], []
        for call in calls:
            t0, c0 = clock(), cpu()
            call()
            used.append((cpu() - c0) * 1e6)
            wall.append((clock() - t0) * 1e6)
        walls.append(wall)
        cpus.append(used)
    return _best(walls), _best(cpus)


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


# The workloads whose instructions are counted: each runs over the turns of the same 20 AI-vs-AI games,
# prepared first; the count of the preparation alone is taken off.
_WORKLOAD = r'''
import sys
from rules.feinthold import SIDES, new_game, resolve, view
from rules.feinthold.doctrine import HOUSE_NAMES, bench, house_ai, house_rules, orders_of, play_match
from rules.feinthold.doctrine.interpreter import turn_orders
mode, games = sys.argv[1], 20
pairs = [(house_ai(HOUSE_NAMES[s % 3], s), house_ai(HOUSE_NAMES[(s // 3) % 3], s + 1)) for s in range(games)]
turns = []
for seed, pair in enumerate(pairs):
    state, doctrines = new_game(seed), dict(zip(SIDES, pair))
    while not state.over:
        views = {s: view(state, s) for s in SIDES}
        typed = {s: turn_orders(doctrines[s], views[s], trace=False)[0] for s in SIDES}
        turns.append((state, views, typed, {s: typed[s].to_json() for s in SIDES}, doctrines))
        state = resolve(state, typed)
if mode == "resolve":
    for state, views, typed, wire, doctrines in turns:
        resolve(state, typed)
elif mode == "resolve-wire":
    for state, views, typed, wire, doctrines in turns:
        resolve(state, wire)
elif mode == "view":
    for state, views, typed, wire, doctrines in turns:
        view(state, "south"), view(state, "north")
elif mode == "orders":
    for state, views, typed, wire, doctrines in turns:
        orders_of(doctrines["south"], views["south"]), orders_of(doctrines["north"], views["north"])
elif mode == "game":
    for seed, pair in enumerate(pairs):
        play_match(*pair, seed, trace=False)
elif mode == "bench":
    bench(house_rules()["pivot"], seed=0)
print("turns", len(turns), "games", games)
'''


def _instructions(mode: str) -> tuple[int, int, int]:
    """Instructions of one workload run under valgrind (cachegrind, no cache simulation), its turns and games."""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", _WORKLOAD, mode],
        capture_output=True, text=True, check=True,
    )
    turns, games = map(int, re.search(r"turns (\d+) games (\d+)", run.stdout).groups())  # type: ignore[union-attr]
    count = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    return int(count.group(1).replace(",", "")), turns, games  # type: ignore[union-attr]


def instructions() -> None:
    if shutil.which("valgrind") is None:
        print("instructions: valgrind not found")
        return
    base, turns, games = _instructions("none")
    each = {"resolve": turns, "resolve-wire": turns, "view": 2 * turns, "orders": 2 * turns, "game": games,
            "bench": 1}
    print(f"instructions (valgrind; {games} AI-vs-AI games, {turns} turns):")
    unit = {"game": "game", "bench": "test bench run"}
    for mode, count in each.items():
        total = _instructions(mode)[0]
        print(f"  {mode:13s} {(total - base) / count:14,.0f} per {unit.get(mode, 'call')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="AI-vs-AI games (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="alternating passes, the fastest kept (default 3)")
    parser.add_argument("--benches", type=int, default=5, help="test bench runs (default 5)")
    parser.add_argument("--instructions", action="store_true", help="also count instructions with valgrind")
    args = parser.parse_args()

    pairs = [(seed, _doctrines(seed, south, north)) for seed, south, north in _pairs(args.games)]
    for seed, doctrines in pairs[:9]:  # warm the caches (layouts, pydantic) before timing
        game(seed, doctrines)

    passes = [[game(seed, doctrines) for seed, doctrines in pairs] for _ in range(args.repeat)]
    game_ms = [t / 1e3 for t in _best([[run[0] * 1e6 for run in p] for p in passes])]
    game_cpu_ms = [t / 1e3 for t in _best([[run[1] * 1e6 for run in p] for p in passes])]
    first = passes[0]
    full = [i for i, run in enumerate(first) if run[2] == 8]
    turns = [turn for run in first for turn in run[3]]
    parts = [part for run in first for part in run[4]]

    resolve_wall, resolve_cpu = _timed([lambda t=t: resolve(t[0], t[1]) for t in turns], args.repeat)
    wire = [(t[0], {s: o.to_json() for s, o in t[1].items()}) for t in turns]
    wire_wall, wire_cpu = _timed([lambda t=t: resolve(*t) for t in wire], args.repeat)
    view_wall, view_cpu = _timed([lambda t=t: view(t[0], "south") for t in turns], args.repeat)
    south_views = [(doctrines["south"], turn[2]["south"]) for (_, doctrines), run in zip(pairs, first, strict=True)
                   for turn in run[3]]
    play_wall, play_cpu = _timed([lambda d=d, v=v: turn_orders(d, v, trace=False) for d, v in south_views],
                                 args.repeat)

    doctrine = house_rules()["pivot"]
    bench_wall, bench_cpu = _timed([lambda run=run: bench(doctrine, seed=run) for run in range(args.benches)], 1)

    med = statistics.median
    loop_wall, loop_cpu = calibration_ms()
    print(f"machine: load average {os.getloadavg()[0]:.1f}, 1e6-addition loop {loop_wall:.0f} ms wall, "
          f"{loop_cpu:.0f} ms CPU (unloaded desktop: 25-40 ms)")
    print(f"AI-vs-AI games: {len(game_ms)} ({len(full)} went 8 turns), {len(turns)} turns, "
          f"{args.repeat} alternating passes (fastest kept)")
    print(f"resolve one turn (typed):    median {med(resolve_cpu):8.1f} us CPU, {med(resolve_wall):8.1f} us wall")
    print(f"resolve one turn (wire):     median {med(wire_cpu):8.1f} us CPU, {med(wire_wall):8.1f} us wall")
    print(f"view one side:               median {med(view_cpu):8.1f} us CPU, {med(view_wall):8.1f} us wall")
    print(f"house AI orders (one side):  median {med(play_cpu):8.1f} us CPU, {med(play_wall):8.1f} us wall")
    print(f"AI-vs-AI game:               median {med(game_cpu_ms):8.2f} ms CPU, {med(game_ms):8.2f} ms wall "
          "(target <= 3 ms)")
    if full:
        print(f"AI-vs-AI game of 8 turns:    median {med(game_cpu_ms[i] for i in full):8.2f} ms CPU, "
              f"{med(game_ms[i] for i in full):8.2f} ms wall")
    print(f"test bench run (36 games):   median {med(bench_cpu) / 1e3:8.1f} ms CPU, {med(bench_wall) / 1e3:8.1f} ms "
          f"wall, fastest {min(bench_wall) / 1e3:.1f} ms wall (target <= 300 ms)")
    views_s, plays_s, resolves_s = (sum(column) for column in zip(*parts, strict=True))
    print(f"share of game CPU time: views {views_s / (views_s + plays_s + resolves_s):.0%}, "
          f"orders {plays_s / (views_s + plays_s + resolves_s):.0%}, "
          f"resolve {resolves_s / (views_s + plays_s + resolves_s):.0%}")
    if args.instructions:
        instructions()


if __name__ == "__main__":
    main()
