"""Speed of the Front 1901 adjudicator against MILA's ``diplomacy`` 1.1.2, on the same positions.

Positions: the movement phases with 20 to 34 units of seeded random games, plus the 34-unit turn of the
DATC file real.txt.  The engines take turns, one pass over all positions each, ``--repeat`` times: one
movement phase played by this engine
(``play``: orders checked, resolution, results with reasons, strengths of every battle, retreat options,
next phase) and by MILA (``Game.process()`` on a game whose orders ``set_orders()`` has already read);
then every legal order of every unit (``legal_movement_orders`` against MILA's
``get_all_possible_orders``).  Since MILA reads its orders before ``process()``, the main figure for this
engine takes orders already read (``parse_order``); the figure with orders given as text is printed too.
For each position the fastest of its runs is kept (the machine is shared: slower runs measure the
neighbours); the script prints the median and p99 of those over the positions, in microseconds, and the
ratios.

    .venv-mila/bin/python bench/front1901_speed.py [--seeds 0:12] [--repeat 5]

Without ``diplomacy`` installed it times this engine alone.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import time
from pathlib import Path

from front1901_games import movement_phases
from rules.front1901 import Position, legal_movement_orders, parse_order, play
from rules.front1901.datc import load_cases, power_named
from rules.front1901.position import units_from_json

try:
    from front1901_mila import mila_game
except ImportError:  # diplomacy not installed in this interpreter
    mila_game = None


def real_34_unit_turn() -> tuple[Position, dict[str, list[str]]] | None:
    shared = Path(os.environ.get("SHARED_DIR", Path(__file__).resolve().parents[2] / "shared"))
    path = shared / "datc" / "real.txt"
    if not path.exists():
        return None
    for case in load_cases(path):
        units = case.entries("PRESTATE")
        if len(units) == 34:
            by_power: dict[str, list[str]] = {}
            for power, text in units:
                by_power.setdefault(power, []).append(text)
            orders: dict[str, list[str]] = {}
            for power, text in case.entries("ORDERS"):
                orders.setdefault(power_named(power), []).append(text)
            return Position(case.phase, units_from_json(by_power), {}), orders
    return None


def summary(name: str, samples: list[int], positions: int) -> tuple[float, float]:
    """Median and p99 over the positions of each position's fastest run (samples are in pass order)."""
    best = [min(samples[i::positions]) for i in range(positions)]
    ordered = sorted(best)
    median = statistics.median(ordered) / 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] / 1000
    print(f"  {name:<40} median {median:9.1f} us   p99 {p99:9.1f} us   (positions={positions})")
    return median, p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="0:12", help="a range START:STOP of game seeds")
    parser.add_argument("--repeat", type=int, default=5, help="timings per position and engine")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="cpu: the thread's CPU time (default; on a shared machine it leaves out the time spent waiting "
        "for a core); wall: elapsed time",
    )
    args = parser.parse_args()
    start, stop = (int(x) for x in args.seeds.split(":"))
    positions = [(p, o) for p, o in movement_phases(range(start, stop)) if 20 <= len(p.units) <= 34]
    real = real_34_unit_turn()
    if real:
        positions.append(real)
    print(f"{len(positions)} movement positions (20-34 units{', real.txt 34-unit turn included' if real else ''})")
    clock = time.thread_time_ns if args.clock == "cpu" else time.perf_counter_ns
    print(f"clock: {'thread CPU time' if args.clock == 'cpu' else 'wall time'}, {args.repeat} runs per position")
    ours_phase: list[int] = []
    ours_text: list[int] = []
    ours_legal: list[int] = []
    mila_phase: list[int] = []
    mila_legal: list[int] = []
    # MILA reads and checks its orders in set_orders(), before process(): time ours on read orders too.
    parsed = [{power: [parse_order(t) for t in texts] for power, texts in o.items()} for _, o in positions]
    # The positions kept for the benchmark are long-lived objects a real process would not hold: keep the
    # garbage collector from walking them again and again, for both engines alike.
    gc.collect()
    gc.freeze()
    for _ in range(args.repeat):
        # The engines take turns, a whole pass over the positions each, so that each runs with its own
        # code and data warm and a change in the machine's load falls on both.
        for (position, _), orders in zip(positions, parsed, strict=True):
            t = clock()
            play(position, orders)
            ours_phase.append(clock() - t)
        for position, orders in positions:
            t = clock()
            play(position, orders)
            ours_text.append(clock() - t)
        if mila_game:
            for position, orders in positions:
                game = mila_game(position, orders)
                t = clock()
                game.process()
                mila_phase.append(clock() - t)
        for position, _ in positions:
            t = clock()
            legal_movement_orders(position)
            ours_legal.append(clock() - t)
        if mila_game:
            for position, _ in positions:
                game = mila_game(position, {})
                t = clock()
                game.get_all_possible_orders()
                mila_legal.append(clock() - t)
    print("movement phase:")
    ours_m = summary("front1901 play(), orders read", ours_phase, len(positions))
    summary("front1901 play(), orders as text", ours_text, len(positions))
    if mila_game:
        mila_m = summary("MILA Game.process()", mila_phase, len(positions))
        print(f"  ratio MILA/front1901: median {mila_m[0] / ours_m[0]:.1f}x, p99 {mila_m[1] / ours_m[1]:.1f}x")
    print("every legal order of every unit:")
    ours_l = summary("front1901 legal_movement_orders()", ours_legal, len(positions))
    if mila_game:
        mila_l = summary("MILA get_all_possible_orders()", mila_legal, len(positions))
        print(f"  ratio MILA/front1901: median {mila_l[0] / ours_l[0]:.1f}x, p99 {mila_l[1] / ours_l[1]:.1f}x")


if __name__ == "__main__":
    main()
