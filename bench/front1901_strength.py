"""Strength of the Front 1901 AI levels: seeded self-play games to the end of 1910, one tested power.

    .venv/bin/python bench/front1901_strength.py all [--seeds 20]
    .venv/bin/python bench/front1901_strength.py rate --tested normal --others random [--seeds 20]
    .venv/bin/python bench/front1901_strength.py paired --tested hard --baseline normal --others normal

A game is ``rules.front1901.solo`` self-play (the AI powers negotiating among themselves) from seed ``s``
with one *tested* power at one level and the six others at another, to the end of 1910 (a short game: it
stops earlier when a power reaches 18 centres).  Seeds ``0..seeds-1`` x the seven powers make the games.

- ``rate``: how often the tested power has the most centres (strictly) at the end, and a solo win (18
  centres) by 1910, each with its 95% Wilson interval.  Targets: normal vs random most >= 90% and solo
  >= 60%; easy vs random most >= 80%.
- ``paired``: the same seeds and tested power in both arms (the tested power at ``--tested`` in one, at
  ``--baseline`` in the other, the others at ``--others`` in both); a one-sided paired Wilcoxon signed-rank
  test on the tested power's centres at the end; if p >= 0.05 with 20 seeds (140 pairs), 60 seeds (420
  pairs); the mean difference with its 95% interval.  Targets: hard vs normal (others normal) and normal vs
  easy (others easy), p < 0.05.
- Every AI order is also checked: an order void for being illegal, or an entry in ``void_orders`` other than
  a waived build, is counted as an error (there should be none); a support or convoy void only because
  another power's unit did otherwise is counted separately.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from front1901_stats import mean_interval, wilcoxon_greater, wilson
from rules.front1901 import POWERS, Step, parse_order
from rules.front1901.solo.game import new_game, submit
from rules.front1901.solo.levels import Level

LAST_YEAR = 1910


def play(seed: int, tested: str, level: str, others: str) -> dict:
    """One game: the tested power's centres at the end, whether it had the most, and the order checks."""
    levels = {p: Level(others) for p in POWERS}
    levels[tested] = Level(level)
    game = new_game(seed, None, levels, "short", LAST_YEAR)
    errors = other_void = 0
    while not game.over:
        start = game.position
        game, records = submit(game)
        for record in records:
            errors += sum(1 for v in record.void_orders if v.reason != "build waived")
        # Self-play submits at movement phases: the first record is the movement phase played from ``start``.
        record = records[0]
        if record.phase == start.phase and start.phase.step is Step.MOVEMENT:
            for power, texts in record.orders.items():
                if levels[power] is Level.RANDOM:
                    continue
                for text in texts:
                    order = parse_order(text)
                    if record.results.get(str(order.unit)) != "void":  # type: ignore[union-attr]
                        continue
                    helped = getattr(order, "supported", None) or getattr(order, "army", None)
                    if helped is not None and start.units[helped.province].power != power:
                        other_void += 1
                    else:
                        errors += 1
    counts = {p: game.position.centre_count(p) for p in POWERS}
    mine = counts[tested]
    return {
        "seed": seed, "tested": tested, "centres": mine,
        "most": all(mine > n for p, n in counts.items() if p != tested),
        "solo": mine >= 18, "errors": errors, "other_void": other_void,
    }


def games(seeds: range, level: str, others: str) -> list[dict]:
    return [play(seed, power, level, others) for seed in seeds for power in POWERS]


def rate(args: argparse.Namespace) -> dict:
    started = time.process_time()
    played = games(range(args.seeds), args.tested, args.others)
    n = len(played)
    most = sum(g["most"] for g in played)
    solo = sum(g["solo"] for g in played)
    return {
        "comparison": f"{args.tested}(1) vs {args.others}(6)", "games": n,
        "most": most / n, "most_wilson95": [round(x, 3) for x in wilson(most, n)],
        "solo": solo / n, "solo_wilson95": [round(x, 3) for x in wilson(solo, n)],
        "mean_centres": round(sum(g["centres"] for g in played) / n, 2),
        "errors": sum(g["errors"] for g in played), "other_void": sum(g["other_void"] for g in played),
        "cpu_s": round(time.process_time() - started, 1),
    }


def paired(args: argparse.Namespace) -> dict:
    started = time.process_time()
    seeds = args.seeds
    a = games(range(seeds), args.tested, args.others)
    b = games(range(seeds), args.baseline, args.others)
    differences = [x["centres"] - y["centres"] for x, y in zip(a, b, strict=True)]
    test = wilcoxon_greater(differences)
    first = {"pairs": len(differences), "p": round(test["p"], 4), "mean_difference": round(mean_interval(differences)[0], 3)}
    if test["p"] >= 0.05 and args.extend > seeds:
        a += games(range(seeds, args.extend), args.tested, args.others)
        b += games(range(seeds, args.extend), args.baseline, args.others)
        differences = [x["centres"] - y["centres"] for x, y in zip(a, b, strict=True)]
        test = wilcoxon_greater(differences)
    mean, low, high = mean_interval(differences)
    return {
        "comparison": f"{args.tested}(1) vs {args.others}(6) against {args.baseline}(1) vs {args.others}(6)",
        "pairs": len(differences), "first_stage": first, "wilcoxon": {k: round(v, 4) for k, v in test.items()},
        "mean_difference": round(mean, 3), "mean_difference_95": [round(low, 3), round(high, 3)],
        "mean_centres": [round(sum(g["centres"] for g in a) / len(a), 2), round(sum(g["centres"] for g in b) / len(b), 2)],
        "errors": sum(g["errors"] for g in a + b), "other_void": sum(g["other_void"] for g in a + b),
        "cpu_s": round(time.process_time() - started, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["all", "rate", "paired"])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--extend", type=int, default=60, help="seeds to extend a paired test to when p >= 0.05")
    parser.add_argument("--tested", default="normal")
    parser.add_argument("--baseline", default="easy")
    parser.add_argument("--others", default="random")
    args = parser.parse_args()
    print(json.dumps({"load_average": os.getloadavg()}), flush=True)
    if args.what == "rate":
        print(json.dumps(rate(args)), flush=True)
    elif args.what == "paired":
        print(json.dumps(paired(args)), flush=True)
    else:
        for tested, others in (("normal", "random"), ("easy", "random")):
            print(json.dumps(rate(argparse.Namespace(seeds=args.seeds, tested=tested, others=others))), flush=True)
        for tested, baseline, others in (("hard", "normal", "normal"), ("normal", "easy", "easy")):
            spec = argparse.Namespace(seeds=args.seeds, extend=args.extend, tested=tested, baseline=baseline, others=others)
            print(json.dumps(paired(spec)), flush=True)
    print(json.dumps({"load_average": os.getloadavg()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
