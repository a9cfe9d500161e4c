"""Strength of the Feinthold house AIs against a random-legal-orders player (not run by CI).

    .venv/bin/python bench/feinthold_strength.py [--games 1000] [--first-seed 0] [--noise normal|strong|none]

Plays each house AI on each side against the engine's random player, one seeded game after the other,
and prints win/draw/loss rates and style figures per game (scouts, decoys placed, attacks, entrenchments).
Targets: Ram wins at least 90%, every AI at least 80%; the three differ visibly in style.
"""

from __future__ import annotations

import argparse
import sys
import time

from rules.feinthold.doctrine import HOUSE_NAMES
from rules.feinthold.doctrine.strength import trial

TARGET = {"sentinel": 0.80, "pivot": 0.80, "ram": 0.90}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per AI and side (default 1000)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--noise", choices=["normal", "strong", "none"], default="normal",
                        help="the house AIs' noise (strong: Sunday's Daily Front)")
    args = parser.parse_args(argv)

    print(f"{'AI':9} {'side':6} {'games':>5} {'win':>6} {'draw':>6} {'loss':>6} {'turns':>6} "
          f"{'scouts':>7} {'decoys':>7} {'attacks':>8} {'entrench':>9}")
    missed = []
    started = time.perf_counter()
    for name in HOUSE_NAMES:
        total_wins = total_games = 0
        for side in ("south", "north"):
            t = trial(name, side, args.games, args.first_seed, args.noise)
            total_wins += t.wins
            total_games += t.games
            print(f"{name:9} {side:6} {t.games:5d} {t.rate(t.wins):6.1%} {t.rate(t.draws):6.1%} "
                  f"{t.rate(t.losses):6.1%} {t.turns:6.2f} {t.scouts:7.2f} {t.decoys:7.2f} {t.attacks:8.2f} "
                  f"{t.entrenchments:9.2f}")
            if t.rate(t.wins) < TARGET[name]:
                missed.append(f"{name} as {side}: {t.rate(t.wins):.1%} < {TARGET[name]:.0%}")
        print(f"{name:9} {'both':6} {total_games:5d} {total_wins / total_games:6.1%}")
    print(f"wall time {time.perf_counter() - started:.1f} s")
    for line in missed:
        print("below target:", line)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
