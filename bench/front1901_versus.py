"""Strength of the Front 1901 AI levels against six reference bots (bench/front1901_dumbbot.py), no press.

    .venv/bin/python bench/front1901_versus.py play --levels hard,normal,easy --seeds 0:10 > games.jsonl
    .venv/bin/python bench/front1901_versus.py summary games.jsonl
    .venv/bin/python bench/front1901_versus.py times --level hard --reference climb_pairs=false [--seats 0-FRANCE,1-RUSSIA]

``play`` plays, for each seed ``s`` of the range: one game of seven DumbBots (the *baseline*), and for each
level and each power in turn one game of that power at that level against six DumbBots, all to the end of
1910 (or until a power has 18 centres), with this engine as referee.  The tested power decides as the AI
powers of a solo game do (``solo.decisions.decide``) with no agreements and no press; the DumbBots draw
from ``random.Random`` seeded by the game seed, the phase and the power, so that a seat's bots draw the
same in the baseline and in the tested games until play diverges.  One JSON line per game: the final
centres of every power, and for the tested power its decision time of every movement phase (the thread's
CPU time, single-threaded).

``times`` plays the seats given (``SEED-POWER``) at one level twice each, alternately game by game: with the
level's style as it stands and with a *reference* style (``--reference FIELD=VALUE``, the style as it was),
and prints each arm's decision time per movement phase (median, p95) and their ratios, with the load
average before and after: on a shared machine a ratio measured in one run says more than two runs apart.

``summary`` reads those lines and prints, per level: most centres alone (strictly more than every other
power at the end), solo (18 centres), survival (a centre at the end), each with its 95% Wilson interval;
the tested power's centres minus the baseline's centres in that seat (same seed), with a 95% bootstrap
interval of the mean (10,000 resamples, seeded); the decision time per movement phase (median, p95); and the
baseline per seat (mean centres, most-alone rate).  Targets (issue 28): hard most-alone >= 80%, >= +8 centres
over the baseline, solo >= 25%, p95 <= 1 s; normal most-alone >= 50%, <= 20 ms.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import replace

from front1901_dumbbot import dumbbot_orders
from front1901_stats import wilson
from rules.front1901 import POWERS, Position, Step, play, starting_position
from rules.front1901.solo.decisions import Table, decide
from rules.front1901.solo.levels import STYLES, Level
from rules.front1901.solo.memory import Memory

LAST_YEAR = 1910
SOLO = 18
BASELINE = "dumbbot"


def bot_rng(seed: int, position: Position, power: str) -> random.Random:
    return random.Random(f"dumbbot:{seed}:{position.phase}:{power}")


def game(seed: int, tested: str | None, level: str, last_year: int = LAST_YEAR) -> dict:
    """One game to the end of ``last_year``: ``tested`` at ``level``, every other power a DumbBot (no
    tested power: seven DumbBots)."""
    position = starting_position()
    times: list[float] = []
    memory = Memory()
    while position.phase.year <= last_year:
        orders: dict[str, list] = {}
        for power in POWERS:
            if power != tested:
                orders[power] = dumbbot_orders(position, power, bot_rng(seed, position, power))
        if tested is not None:
            started = time.thread_time()
            decided = decide(Table(seed, position, memory, {tested: Level(level)}, None, ()))
            if position.phase.step is Step.MOVEMENT and decided.orders:
                times.append(time.thread_time() - started)
            orders.update({p: list(o) for p, o in decided.orders.items()})
        position = play(position, orders).position
        if any(position.centre_count(p) >= SOLO for p in POWERS):
            break
    return {
        "seed": seed, "tested": tested, "level": level if tested else BASELINE, "style": str(STYLES[Level(level)]) if tested else "",
        "centres": {p: position.centre_count(p) for p in POWERS}, "times": [round(t, 5) for t in times],
    }


def play_all(seeds: range, levels: list[str]) -> Iterable[dict]:
    for seed in seeds:
        yield game(seed, None, BASELINE)
        for level in levels:
            for power in POWERS:
                yield game(seed, power, level)


def times(level: str, seats: list[str], reference: list[str]) -> dict:
    """The decision time per movement phase of the level's style and of the reference style, alternately."""
    style = STYLES[Level(level)]
    changes = {}
    for change in reference:
        field, _, value = change.partition("=")
        changes[field] = type(getattr(style, field))(json.loads(value))
    arms = {"style": style, "reference": replace(style, **changes)}
    seen: dict[str, list[float]] = {name: [] for name in arms}
    out: dict = {"load_before": [round(x, 2) for x in os.getloadavg()], "reference_changes": changes}
    try:
        for seat in seats:
            seed, _, power = seat.partition("-")
            for name, arm in arms.items():
                STYLES[Level(level)] = arm
                seen[name] += game(int(seed), power, level)["times"]
    finally:
        STYLES[Level(level)] = style
    for name, ts in seen.items():
        ts.sort()
        out[name] = {"median_ms": round(1000 * statistics.median(ts), 1), "p95_ms": round(1000 * ts[min(len(ts) - 1, int(0.95 * len(ts)))], 1), "phases": len(ts)}
    out["ratio_median"] = round(out["style"]["median_ms"] / out["reference"]["median_ms"], 2)
    out["ratio_p95"] = round(out["style"]["p95_ms"] / out["reference"]["p95_ms"], 2)
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return out


def bootstrap_mean(values: list[float], resamples: int = 10_000) -> tuple[float, float]:
    rng = random.Random(28)
    n = len(values)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(resamples))
    return means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def summary(lines: list[dict]) -> dict:
    baseline = {g["seed"]: g["centres"] for g in lines if g["level"] == BASELINE}
    out: dict = {"baseline_per_seat": {}}
    for power in POWERS:
        seats = [c[power] for c in baseline.values()]
        alone = sum(all(c[power] > n for q, n in c.items() if q != power) for c in baseline.values())
        if seats:
            out["baseline_per_seat"][power] = {"games": len(seats), "mean_centres": round(statistics.mean(seats), 2), "most_alone": round(alone / len(seats), 3)}
    for level in sorted({g["level"] for g in lines} - {BASELINE}):
        played = [g for g in lines if g["level"] == level and g["seed"] in baseline]
        n = len(played)
        mine = [g["centres"][g["tested"]] for g in played]
        most = sum(all(g["centres"][g["tested"]] > c for q, c in g["centres"].items() if q != g["tested"]) for g in played)
        solo = sum(c >= SOLO for c in mine)
        alive = sum(c > 0 for c in mine)
        over = [g["centres"][g["tested"]] - baseline[g["seed"]][g["tested"]] for g in played]
        times = sorted(t for g in played for t in g["times"])
        low, high = bootstrap_mean([float(d) for d in over])
        out[level] = {
            "games": n,
            "most_alone": round(most / n, 3), "most_alone_wilson95": [round(max(0.0, x), 3) for x in wilson(most, n)],
            "solo": round(solo / n, 3), "solo_wilson95": [round(max(0.0, x), 3) for x in wilson(solo, n)],
            "survival": round(alive / n, 3), "survival_wilson95": [round(min(1.0, x), 3) for x in wilson(alive, n)],
            "mean_centres": round(statistics.mean(mine), 2),
            "over_baseline": round(statistics.mean(over), 2), "over_baseline_bootstrap95": [round(low, 2), round(high, 2)],
            "decision_ms_median": round(1000 * statistics.median(times), 1),
            "decision_ms_p95": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 1),
            "movement_phases": len(times),
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    run = sub.add_parser("play")
    run.add_argument("--levels", default="hard,normal")
    run.add_argument("--seeds", default="0:10", help="a range START:STOP of game seeds")
    run.add_argument("--style", action="append", default=[], help="LEVEL:FIELD=VALUE: try a level's style changed")
    run.add_argument("--set", action="append", default=[], help="MODULE.NAME=VALUE: try a constant of the AI changed")
    timed = sub.add_parser("times")
    timed.add_argument("--level", default="hard")
    timed.add_argument("--seats", default="0-FRANCE,1-RUSSIA", help="SEED-POWER,...")
    timed.add_argument("--reference", action="append", default=[], help="FIELD=VALUE (JSON): the reference style's change")
    show = sub.add_parser("summary")
    show.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.what == "play":
        start, stop = (int(x) for x in args.seeds.split(":"))
        for change in args.set:
            name, _, value = change.partition("=")
            module, _, constant = name.rpartition(".")
            setattr(importlib.import_module(module), constant, json.loads(value))
        for change in args.style:
            level, _, setting = change.partition(":")
            field, _, value = setting.partition("=")
            STYLES[Level(level)] = replace(STYLES[Level(level)], **{field: type(getattr(STYLES[Level(level)], field))(value)})
        for line in play_all(range(start, stop), args.levels.split(",")):
            print(json.dumps(line), flush=True)
        return 0
    if args.what == "times":
        print(json.dumps(times(args.level, args.seats.split(","), args.reference), indent=1))
        return 0
    lines = [json.loads(text) for name in args.files for text in open(name) if text.strip()]  # noqa: SIM115
    print(json.dumps(summary(lines), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
