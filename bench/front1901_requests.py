"""DynamoDB requests and capacity of Front 1901's calls: a phase submission (the AI powers' orders decided and
every phase that needs nothing of the member played in the same request), a proposal, the view, the help; a
whole solo game's total with its computed cost at list prices; and the largest item a full game to 1920 writes.

    .venv/bin/python bench/front1901_requests.py [--detail] [--games 2] [--level easy] [--until 1920]

Drives the API Lambda handler in-process against moto's server with bench/spine_requests.py's rig: a botocore
hook on the application's DynamoDB client records every request; capacity is COMPUTED from the sizes of the
items each request touched (DynamoDB's formula: see bench/spine_requests.py), and priced at on-demand list
prices (``spine_requests.list_cost``). Idempotency's requests (none: no key is sent) and the day's first sighting
of a member (one UpdateItem) are left out of the per-call rows, which are a warm member's.

The member plays the tests' script (tests/front1901_script.py: the suggested orders in a movement phase, the
first legal retreat, the first builds owed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from front1901_script import orders_for  # noqa: E402  (the tests' member: the same way of playing)
from gameserver.domain.limits import PER_MINUTE, WINDOW_S, Limit  # noqa: E402
from spine_requests import READS, Call, item_size, list_cost, listed_operations, start_rig  # noqa: E402

GAMES = "/v1/front1901/games"


def summed(calls: list[Call]) -> tuple[int, int, float, float]:
    """(reads, writes, RCU, WCU) of ``calls``."""
    reads = sum(c.operation in READS for c in calls)
    return reads, len(calls) - reads, sum(c.rcu for c in calls), sum(c.wcu for c in calls)


def main() -> None:
    parser = argparse.ArgumentParser(description="DynamoDB requests and computed capacity of Front 1901's calls")
    parser.add_argument("--detail", action="store_true", help="list every request with the keys it named")
    parser.add_argument("--games", type=int, default=2, help="short solo games played to their end")
    parser.add_argument("--level", default="easy", help="the AI powers' level (the requests do not depend on it)")
    parser.add_argument("--until", type=int, default=1920, help="the full game's last year for the item sizes")
    options = parser.parse_args()
    rig = start_rig()
    recorder, table = rig.recorder, rig.settings.table_name

    def call(sub: str, method: str, path: str, body: Any = None) -> Any:
        status, answer = rig.call(sub, method, path, body)
        assert status < 300, (method, path, status, answer)
        return answer

    rows: list[tuple[str, list[Call]]] = []

    def measure(name: str, method: str, sub: str, path: str, body: Any = None) -> Any:
        ledger = recorder.start()
        answer = call(sub, method, path, body)
        recorder.start()
        rows.append((name, ledger.of(table)))
        return answer

    def play(sub: str, game: dict[str, Any]) -> tuple[dict[str, Any], list[Call]]:
        view = game["view"]
        suggested = call(sub, "GET", f"{GAMES}/{game['game_id']}/suggestions")["orders"] \
            if view["step"] == "movement" else []
        ledger = recorder.start()
        answer = call(sub, "PUT", f"{GAMES}/{game['game_id']}/phases/{view['phase']}/orders",
                      {"orders": orders_for(view, suggested)})
        recorder.start()
        # A member's pace under the limit of phases a minute (domain.limits), which a script on a clock that
        # stands still would reach.
        rig.manual.advance(WINDOW_S / PER_MINUTE[Limit.FRONT1901_PHASES] + 1)
        return answer["game"], ledger.of(table)

    per_phase: list[tuple[int, int, float, float]] = []
    totals: list[tuple[int, list[Call]]] = []
    for n in range(options.games):
        sub = f"solo{n}"
        call(sub, "GET", "/v1/me")
        spent = recorder.start()
        game = call(sub, "POST", GAMES, {"power": "FRANCE", "level": options.level, "length": "short"})
        everything = list(spent.of(table))
        gid = game["game_id"]
        if n == 0:
            rows.append(("POST /v1/front1901/games (the AI's messages written)", list(everything)))
            measure("GET /v1/front1901/games/{id} (my view)", "GET", sub, f"{GAMES}/{gid}")
            measure("POST .../phases/{phase}/proposals (answered at once)", "POST", sub,
                    f"{GAMES}/{gid}/phases/S1901M/proposals", {"to": "GERMANY", "proposal": {"kind": "pact"}})
            measure("POST .../proposals, an exact repeat (the stored answer)", "POST", sub,
                    f"{GAMES}/{gid}/phases/S1901M/proposals", {"to": "GERMANY", "proposal": {"kind": "pact"}})
            measure("PUT .../phases/{phase}/draft", "PUT", sub, f"{GAMES}/{gid}/phases/S1901M/draft",
                    {"orders": ["A PAR - BUR"]})
            measure("GET .../estimates (of my draft)", "GET", sub, f"{GAMES}/{gid}/estimates")
            measure("GET .../threats", "GET", sub, f"{GAMES}/{gid}/threats")
            measure("GET .../suggestions", "GET", sub, f"{GAMES}/{gid}/suggestions")
        phases = 0
        while game["status"] == "open":
            game, calls = play(sub, game)
            everything += calls
            per_phase.append(summed(calls))
            if n == 0 and phases < 2:
                rows.append((f"PUT .../phases/{{phase}}/orders (submission {phases + 1})", calls))
            phases += 1
        totals.append((phases, everything))
        if n == 0:
            measure("GET .../history (a page of 50 steps)", "GET", sub, f"{GAMES}/{gid}/history?limit=50")
            measure("GET .../record (a page of 50 steps)", "GET", sub, f"{GAMES}/{gid}/record?limit=50")

    # ------------------------------------------------------------ a full game to 1920: the largest items
    # A full game ends when a power reaches 18 centres: the member plays each power in turn until a game lasts to
    # the end of --until (or the longest one is kept).
    longest: dict[str, Any] | None = None
    for power in ("ENGLAND", "TURKEY", "RUSSIA", "FRANCE", "GERMANY", "ITALY", "AUSTRIA"):
        sub = f"long-{power.lower()}"
        call(sub, "GET", "/v1/me")
        game = call(sub, "POST", GAMES, {"power": power, "level": "easy", "length": "full"})
        while game["status"] == "open" and game["view"]["year"] <= options.until:
            game, _ = play(sub, game)
        if game["status"] == "open":
            game = call(sub, "POST", f"{GAMES}/{game['game_id']}/stop")
        if longest is None or game["view"]["year"] > longest["view"]["year"]:
            longest = game
        if game["view"]["year"] > options.until:
            break
    assert longest is not None
    game = longest
    recorder.start()
    largest: dict[str, tuple[int, str]] = {}
    pages = rig.recorder.peek.get_paginator("scan").paginate(TableName=table)
    for page in pages:
        for item in page["Items"]:
            if item["pk"]["S"] != "GAME#" + game["game_id"]:
                continue
            kind = item["sk"]["S"].split("#")[0]
            size = item_size(item)
            if size > largest.get(kind, (0, ""))[0]:
                largest[kind] = (size, item["sk"]["S"])

    # ------------------------------------------------------------ the figures
    print("Front 1901: DynamoDB requests per call (botocore hook on the app's client); capacity COMPUTED from "
          "item sizes, cost at on-demand list prices")
    print(f"{'call':60s} {'reads':>5s} {'writes':>6s}  {'requests':40s} {'RCU':>5s} {'WCU':>5s}")
    for name, calls in rows:
        reads, writes, rcu, wcu = summed(calls)
        print(f"{name:60s} {reads:5d} {writes:6d}  {listed_operations(calls):40s} {rcu:5g} {wcu:5g}")
        if options.detail:
            for c in calls:
                print(f"    {c.operation:20s} {' '.join(c.keys)}")
    print(f"\nA phase submission, {len(per_phase)} of them in {options.games} short games at {options.level}: "
          f"{statistics.fmean(p[0] for p in per_phase):.2f} reads and {statistics.fmean(p[1] for p in per_phase):.2f} "
          f"writes on average (max {max(p[0] for p in per_phase)} and {max(p[1] for p in per_phase)}); "
          f"{statistics.fmean(p[2] for p in per_phase):.2f} RCU and {statistics.fmean(p[3] for p in per_phase):.1f} "
          f"WCU on average (max {max(p[3] for p in per_phase):g} WCU)")
    for n, (phases, calls) in enumerate(totals):
        reads, writes, rcu, wcu = summed(calls)
        print(f"  game {n + 1}: {phases} submissions; {reads + writes} requests ({reads} reads, {writes} writes), "
              f"{rcu:g} RCU, {wcu:g} WCU (the start and the submissions): ${list_cost(rcu, wcu):.6f}")
    print(f"\nA full game to {game['view']['year']} ({game['view']['phase']}, {game['status']}): the largest item of "
          "each kind it wrote")
    for kind, (size, key) in sorted(largest.items(), key=lambda entry: -entry[1][0]):
        print(f"  {kind:12s} {size:7d} bytes ({size / 1024:.1f} KB)  {key}")
    rig.store.stop()


if __name__ == "__main__":
    main()
