"""Feint bot strength: the bot against a random-legal-move player, 2 seats.

    .venv/bin/python bench/feint_strength.py [--games 1000] [--seed 0]

Game i seeds both players with seed + i; the bot takes seat 1 in even games and seat 2 in odd ones, so
the first-move edge is shared. Prints the bot's win rate (target: at least 0.90) and how the games ended.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from rules.feint import Bot
from rules.feint.players import RandomPlayer, play_game

TARGET = 0.90


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    results: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for i in range(args.games):
        seed = args.seed + i
        bot_seat = 1 if i % 2 == 0 else 2
        final = play_game({bot_seat: Bot(bot_seat, seed), 3 - bot_seat: RandomPlayer(3 - bot_seat, seed)})
        assert final.outcome is not None
        endings[final.outcome.reason.value] += 1
        if final.outcome.draw:
            results["draw"] += 1
        else:
            results["bot" if final.outcome.winner == bot_seat else "random"] += 1
    rate = results["bot"] / args.games
    print(
        json.dumps(
            {
                "games": args.games,
                "seed": args.seed,
                "bot_win_rate": round(rate, 4),
                "bot_wins": results["bot"],
                "random_wins": results["random"],
                "draws": results["draw"],
                "endings": dict(sorted(endings.items())),
                "target": TARGET,
                "met": rate >= TARGET,
            }
        )
    )
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
