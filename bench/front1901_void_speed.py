"""The Front 1901 adjudicator against MILA's ``diplomacy`` 1.1.2 on legal and on void-heavy phases, core and end
to end, the engines alternating in one run.

    .venv-mila/bin/python bench/front1901_void_speed.py [--seeds 0:12] [--repeat 5]

Positions: the movement phases with 20 to 34 units of seeded random games (bench/front1901_games.py), each
twice: with its random legal orders, and *void-heavy*: a third of its units' orders replaced, in turn, by an
order for a unit that does not exist (a province of the map with no unit, in the ordering power's name), a
move to a province that is not next door (the unit's farthest province by land or sea), and a support of a
move that does not happen (a neighbour's unit supported into a province it is not ordered to).

- *core*: this engine's ``play()`` on orders already read (``parse_order``) against MILA's
  ``Game.process()`` on a game whose ``set_orders()`` has already read them;
- *end to end*: the command line's work on one JSON line (``rules.front1901.cli.answer_text``: the JSON
  read, the position built, the orders read as text, the phase played, the answer with its results, void
  orders, reasons and battles written back as JSON) against MILA given the same line: the JSON read, the game
  built (``set_current_phase``, ``set_units``, ``set_centers``), ``set_orders``, ``process()``, and each
  unit's result written back as JSON.

Per position the fastest of its runs is kept (the machine is shared); medians over the positions, in
microseconds, and the ratios MILA / this engine.  The end-to-end figure is also set against MILA's
``process()`` alone, the strictest reading (this engine's whole line against MILA's adjudication only).  Targets (issue 28): core >= 10x, end to end >= 5x, on
both kinds of phases.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time

from front1901_games import movement_phases
from rules.front1901 import ARMY_MOVES, FLEET_MOVES, PROVINCES, Position, parse_order, play
from rules.front1901.board import ARMY, IMPASSABLE
from rules.front1901.cli import answer_text

try:
    from front1901_mila import mila_game
except ImportError:  # diplomacy not installed in this interpreter
    mila_game = None


def _farthest(position: Position, province: str) -> str:
    """A province the unit cannot reach in one move: the last one a breadth-first walk by land or sea finds."""
    unit = position.units[province]
    moves = ARMY_MOVES if unit.kind is ARMY else FLEET_MOVES
    found = [unit.location]
    seen = set(found)
    for here in found:  # grows as it is walked: breadth first
        for n in sorted(moves[here]):
            if n not in seen:
                seen.add(n)
                found.append(n)
    return found[-1][:3]


def void_heavy(position: Position, orders: dict[str, list[str]], seed: int) -> dict[str, list[str]]:
    """The orders with a third of them made void (the module's three kinds, in turn)."""
    rng = random.Random(seed)
    by_unit = {parse_order(t).unit.province: (power, t) for power, texts in orders.items() for t in texts}  # type: ignore[union-attr]
    chosen = sorted(by_unit)
    rng.shuffle(chosen)
    empty = sorted(p for p in PROVINCES - IMPASSABLE if p not in position.units and p in ARMY_MOVES)
    moving = {parse_order(t).to[:3] for _, t in by_unit.values() if " - " in t}  # type: ignore[union-attr]
    out = dict(by_unit)
    for i, p in enumerate(chosen[: len(chosen) // 3]):
        power, _ = by_unit[p]
        unit = position.units[p]
        if i % 3 == 0:
            ghost = rng.choice(empty)
            out[f"ghost-{ghost}"] = (power, f"A {ghost} H")
        elif i % 3 == 1:
            out[p] = (power, f"{unit} - {_farthest(position, p)}")
            continue
        else:
            near = sorted(q for q in (ARMY_MOVES.get(p, ()) if unit.kind is ARMY else {loc[:3] for loc in FLEET_MOVES[unit.location]})
                          if q in position.units and q != p)
            target = next((t for t in sorted(ARMY_MOVES.get(near[0], ())) if t not in moving), None) if near else None
            if target is not None:
                out[p] = (power, f"{unit} S {position.units[near[0]]} - {target}")
                continue
        out[p] = by_unit[p]
    result: dict[str, list[str]] = {}
    for power, text in out.values():
        result.setdefault(power, []).append(text)
    return result


def mila_line(line: str) -> str:
    """MILA given one JSON line: the game built, the orders set, the phase processed, the results written."""
    data = json.loads(line)
    position = Position.from_json(data)
    game = mila_game(position, data["orders"])
    game.process()
    results = game.result_history.last_value()
    return json.dumps({str(unit): [str(r) for r in rs] for unit, rs in results.items()})


def best(samples: list[int], positions: int) -> float:
    """Median over the positions of each position's fastest run, in microseconds."""
    return statistics.median(min(samples[i::positions]) for i in range(positions)) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="0:12")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    start, stop = (int(x) for x in args.seeds.split(":"))
    legal = [(p, o) for p, o in movement_phases(range(start, stop)) if 20 <= len(p.units) <= 34]
    sets = {"legal": legal, "void-heavy": [(p, void_heavy(p, o, i)) for i, (p, o) in enumerate(legal)]}
    clock = time.thread_time_ns
    print(f"{len(legal)} movement positions (20-34 units), {args.repeat} runs each, thread CPU time")
    gc.collect()
    gc.freeze()
    for name, positions in sets.items():
        parsed = [{power: [parse_order(t) for t in texts] for power, texts in o.items()} for _, o in positions]
        lines = [json.dumps({**p.to_json(), "orders": o}) for p, o in positions]
        void = sum(len(play(p, o).void_orders) + sum(1 for w in play(p, o).results.values() if w == "void") for p, o in positions)
        total = sum(len(t) for _, o in positions for t in o.values())
        ours_core: list[int] = []
        ours_line: list[int] = []
        mila_core: list[int] = []
        mila_end: list[int] = []
        for _ in range(args.repeat):
            for (position, _), orders in zip(positions, parsed, strict=True):
                t = clock()
                play(position, orders)
                ours_core.append(clock() - t)
            if mila_game:
                for position, orders in positions:
                    game = mila_game(position, orders)
                    t = clock()
                    game.process()
                    mila_core.append(clock() - t)
            for line in lines:
                t = clock()
                answer_text(line)
                ours_line.append(clock() - t)
            if mila_game:
                for line in lines:
                    t = clock()
                    mila_line(line)
                    mila_end.append(clock() - t)
        n = len(positions)
        print(f"{name}: {void} of {total} orders void")
        core, end = best(ours_core, n), best(ours_line, n)
        print(f"  core        front1901 play()        median {core:8.1f} us")
        if mila_game:
            m = best(mila_core, n)
            print(f"              MILA process()          median {m:8.1f} us   ratio {m / core:5.1f}x")
        print(f"  end to end  front1901 answer_text() median {end:8.1f} us")
        if mila_game:
            print(f"              MILA process() alone    median {m:8.1f} us   ratio {m / end:5.1f}x")
            m = best(mila_end, n)
            print(f"              MILA from the JSON line median {m:8.1f} us   ratio {m / end:5.1f}x")


if __name__ == "__main__":
    main()
