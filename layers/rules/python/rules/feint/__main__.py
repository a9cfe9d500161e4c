"""``python -m rules.feint soak --games N --seats K --seed S [--strict]``: bot-only games, one JSON line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .hexgrid import DEFAULT_RADIUS
from .soak import soak


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.feint", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("soak", help="play bot-only games and print one JSON object")
    run.add_argument("--games", type=int, default=100)
    run.add_argument("--seats", type=int, choices=range(2, 7), default=2)
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--radius", type=int, default=DEFAULT_RADIUS)
    run.add_argument(
        "--strict", action="store_true", help="exit 1 when any game errs or does not finish (for CI)"
    )
    args = parser.parse_args(argv)
    report = soak(args.games, args.seats, args.seed, args.radius)
    print(json.dumps(report.to_json(args.seats, args.seed)))
    if args.strict and (report.errors > 0 or report.finished < report.games):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
