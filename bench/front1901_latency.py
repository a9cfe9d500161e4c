"""Latency of a Front 1901 phase submission at each level, measured through the service in-process: the domain's
``submit_orders`` (the pipeline, the adapter, the AI powers, the engine) on the in-memory store, so the figure is
the service's own work without the network or DynamoDB (bench/front1901_requests.py counts those requests).

    .venv/bin/python bench/front1901_latency.py [--games 3] [--levels easy,normal,hard]

For each level, short games to their end with the tests' script (tests/front1901_script.py): the median and
p95 of a submission's wall time, and the AI's share (the time in the adapter's ``decide``, the six AI powers'
orders decided at the close, over the submission's).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from front1901_script import orders_for  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description="Front 1901: a phase submission's latency per level")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--levels", default="easy,normal,hard")
    options = parser.parse_args()

    import gameserver.services  # noqa: F401  (the mode loader)
    from gameserver.clock import ManualClock
    from gameserver.domain.front1901 import games
    from gameserver.identity import Caller, Client
    from gameserver.play.engines.front1901 import Front1901
    from gameserver.storage.memory import MemoryStore

    spent = {"decide": 0.0}
    decide = Front1901.decide

    def timed(self: Front1901, *args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return decide(self, *args, **kwargs)
        finally:
            spent["decide"] += time.perf_counter() - began

    Front1901.decide = timed  # type: ignore[method-assign]
    here = Client(device="bench", address="192.0.2.1")
    print("Front 1901: a phase submission in-process (domain on the in-memory store), per level")
    print(f"{'level':8s} {'submissions':>11s} {'median ms':>10s} {'p95 ms':>8s} {'max ms':>8s} {'AI share':>9s}")
    for level in options.levels.split(","):
        walls: list[float] = []
        ai: list[float] = []
        for n in range(options.games):
            store, clock = MemoryStore(), ManualClock(datetime(2026, 12, 1, 9, tzinfo=UTC))
            member = Caller(sub=f"m{n}", groups=frozenset(), username=f"m{n}")
            game = games.create_solo_game(store, clock, member, power=games.rules().powers[n % 7], level=level,
                                          length="short", seed=100 + n)
            while game["status"] == "open":
                view = game["view"]
                suggested = games.suggestions(store, member, game["game_id"])["orders"] \
                    if view["step"] == "movement" else []
                sent = orders_for(view, suggested)
                spent["decide"] = 0.0
                began = time.perf_counter()
                game = games.submit_orders(store, clock, member, game["game_id"], view["phase"], sent, here)["game"]
                walls.append(time.perf_counter() - began)
                ai.append(spent["decide"])
        share = sum(ai) / sum(walls)
        print(f"{level:8s} {len(walls):11d} {statistics.median(walls) * 1000:10.1f} "
              f"{percentile(walls, 0.95) * 1000:8.1f} {max(walls) * 1000:8.1f} {share:9.0%}")


if __name__ == "__main__":
    main()
