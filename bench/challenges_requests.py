"""DynamoDB requests and capacity of doctrine challenges: publishing, a challenge's start, a turn, its end, the
sweep's steps (a doctrine's queued results applied, an author's notice), the readings.

    .venv/bin/python bench/challenges_requests.py [--detail]

Drives the API Lambda handler in-process and the sweep handler on a manual clock, against moto's server, with
the spine's rig and recorder (bench/spine_requests.py): a botocore hook on the application's DynamoDB client
counts every request. Members are warm (their day's sighting written before), so the rows are the domain's own
requests on the main table; idempotency keys are not sent.

Capacity is COMPUTED, not measured (moto's figures are invented): DynamoDB's formula on the sizes of the items
each request touched (see bench/spine_requests.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from doctrine_player import PASSIVE, orders_by  # noqa: E402  (the tests' client playing from the API's view)
from spine_requests import READS, Ledger, listed_operations, parse_detail, start_rig  # noqa: E402

HUMAN = (14, 22, 9, 35, 17, 26, 12, 19)
"""Seconds before each turn's submission: a human's pace (faster than 4 s at the median is not rated; a pace
too regular leaves a mark, which would add its write to the end)."""


def main() -> None:
    detail = parse_detail("DynamoDB requests and computed capacity of doctrine challenges")
    rig = start_rig()
    settings, manual, recorder = rig.settings, rig.manual, rig.recorder
    from gameserver.handlers import sweep
    from localrun.events import LambdaContext

    def call(sub: str, method: str, path: str, body: Any = None) -> Any:
        status, answer = rig.call(sub, method, path, body)
        assert status < 300, (path, status, answer)
        return answer

    rows: list[tuple[str, Ledger]] = []

    def measure(name: str, action: Callable[[], Any]) -> Any:
        ledger = recorder.start()
        result = action()
        recorder.start()  # what follows, until the next measure, is set-up: counted nowhere
        rows.append((name, ledger))
        return result

    def run_sweep() -> Any:
        """The sweep's challenges stage alone (the handler runs it between the duels' and the summaries')."""
        from gameserver.clock import get_clock
        from gameserver.domain.challenges.sweep import sweep as challenges_sweep
        from gameserver.services import storage

        return challenges_sweep(storage(), get_clock())

    for sub in ("ann", "bea", "cat"):
        call(sub, "GET", "/v1/me")
    call("ann", "POST", "/v1/feinthold/doctrines", {"doctrine": PASSIVE})
    published = measure("publish (slot 1)", lambda: call("ann", "POST", "/v1/feinthold/published",
                                                        {"slot": 1, "name": "Iron Wall"}))
    measure("publish again (a new version)", lambda: call("ann", "POST", "/v1/feinthold/published",
                                                           {"slot": 1, "name": "Iron Wall"}))
    doctrine = published["doctrine_id"]
    call("bea", "GET", "/v1/feinthold/published")  # the house AIs stored, once per process
    measure("GET published (a page of 20)", lambda: call("bea", "GET", "/v1/feinthold/published"))
    measure("GET a doctrine's page (with 'if I challenge')", lambda: call(
        "bea", "GET", f"/v1/feinthold/published/{doctrine}"))
    ram = call("bea", "GET", "/v1/feinthold/published/house-ram")["rules"]
    started = measure("start a challenge (member's doctrine)", lambda: call(
        "bea", "POST", "/v1/feinthold/challenges", {"doctrine_id": doctrine, "pace": "blitz"}))
    measure("start a challenge (house AI)", lambda: call(
        "cat", "POST", "/v1/feinthold/challenges", {"doctrine_id": "house-ram", "pace": "5m"}))
    game, game_id = started["game"], started["game_id"]
    turns: list[tuple[Ledger, bool]] = []
    while game["status"] == "open":
        manual.advance(HUMAN[game["turn"] - 1])
        ledger = recorder.start()
        game = call("bea", "PUT", f"/v1/feinthold/games/{game_id}/turns/{game['turn']}/orders",
                    {"orders": orders_by(ram, game["view"])})["game"]
        recorder.start()
        turns.append((ledger, game["status"] == "over"))
    assert len(turns) > 1 and turns[-1][1], "a game of several turns, the last one ending it"
    rows.append(("PUT orders, a turn (the doctrine sent at its open)", turns[0][0]))
    rows.append(("PUT orders, the last turn (+ the challenge's end)", turns[-1][0]))
    measure("GET the challenge", lambda: call("bea", "GET", f"/v1/feinthold/challenges/{game_id}"))
    manual.advance(60)
    measure("sweep's challenges stage: a result applied + a notice", run_sweep)
    measure("GET the trace (author)", lambda: call("ann", "GET", f"/v1/feinthold/challenges/{game_id}/trace"))
    measure("GET the challengers' board", lambda: call("bea", "GET", "/v1/feinthold/leaderboards/challengers"))
    measure("GET the doctrines' board", lambda: call("bea", "GET", "/v1/feinthold/leaderboards/doctrines"))
    manual.advance(60)
    measure("sweep's challenges stage: nothing due", run_sweep)
    measure("sweep handler: nothing due (every stage)", lambda: sweep.handler({"time": "now"},
                                                                             LambdaContext("SweepFunction")))

    main_table = settings.table_name
    print("Challenges: DynamoDB requests per call (botocore hook on the app's client); capacity COMPUTED from "
          "item sizes")
    print(f"{'call':56s} {'reads':>5s} {'writes':>6s}  {'requests':48s} {'RCU':>5s} {'WCU':>5s}")
    for name, ledger in rows:
        domain = ledger.of(main_table)
        reads = sum(c.operation in READS for c in domain)
        print(f"{name:56s} {reads:5d} {len(domain) - reads:6d}  {listed_operations(domain):48s} "
              f"{sum(c.rcu for c in domain):5g} {sum(c.wcu for c in domain):5g}")
        if detail:
            for c in ledger.calls:
                print(f"    {c.operation:20s} {' '.join(c.keys)}")
    rig.store.stop()


if __name__ == "__main__":
    main()
