"""DynamoDB requests and capacity of a knockout tournament: joining, the start of an 8-player tournament, a match's
turns, the final turn of a match that creates the next one, and the final's payout.

    .venv/bin/python bench/tournaments_requests.py [--detail]

Drives the API Lambda handler in-process (events built as API Gateway builds them) against moto's server on a
manual clock, with bench/spine_requests.py's rig and recorder: a botocore hook on the application's DynamoDB
client counts every request the domain sends (the idempotency table's are left out).

Capacity is COMPUTED, not measured (moto's consumed-capacity figures are invented): DynamoDB's formula on the
sizes of the items each request touched (see bench/spine_requests.py for the rules applied).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from spine_requests import Rows, parse_detail, start_rig  # noqa: E402  (the spine's rig, shared)

HUMAN = 6
"""Seconds before each submission: fair play judges a median under 4 s faster than a human."""
MEMBERS = tuple(f"p{n}" for n in range(1, 9))


def main() -> None:
    detail = parse_detail("DynamoDB requests and computed capacity of a tournament's calls")
    rig = start_rig()
    manual, rows = rig.manual, Rows(rig.recorder)
    measure = rows.measure
    from gameserver.handlers import sweep
    from localrun.events import LambdaContext

    def call(sub: str, method: str, path: str, body: Any = None) -> Any:
        status, answer = rig.call(sub, method, path, body)
        assert status < 300, (path, status, answer)
        return answer

    for sub in MEMBERS:
        call(sub, "GET", "/v1/me")
    tournaments = "/v1/feinthold/tournaments"
    made = measure("create (size 8, fee 10; the creator's fee)", lambda: call(
        "p1", "POST", tournaments, {"size": 8, "fee": 10, "name": "Winter Cup"}))
    tid = made["tournament_id"]
    measure("join (fee into the pot)", lambda: call("p2", "POST", f"{tournaments}/{tid}/join"))
    for sub in MEMBERS[2:7]:
        call(sub, "POST", f"{tournaments}/{tid}/join")
    started = measure("join, the last seat (seeds + 4 games)", lambda: call(
        "p8", "POST", f"{tournaments}/{tid}/join"))
    measure("GET tournament (its partition in one query)", lambda: call("p1", "GET", f"{tournaments}/{tid}"))
    measure("GET open tournaments", lambda: call("p1", "GET", tournaments))
    measure("GET my tournaments", lambda: call("p1", "GET", f"{tournaments}/mine"))

    def players(slot: int) -> list[str]:
        match = call("p1", "GET", f"{tournaments}/{tid}")["matches"][slot - 1]
        return [p["member"] for p in match["players"]]

    def play(slot: int, last: str | None = None) -> None:
        """Both players hold for 8 turns (a draw: the better seed goes through); ``last`` names the final
        turn's measure."""
        game = f"/v1/feinthold/games/{tid}-m{slot}"
        first, second = players(slot)
        for turn in range(1, 9):
            manual.advance(HUMAN)
            call(first, "PUT", f"{game}/turns/{turn}/orders", {"orders": []})
            if turn == 1 and slot == 1:
                measure("PUT orders, a match's turn (resolves; match rides)", lambda: call(
                    second, "PUT", f"{game}/turns/1/orders", {"orders": []}))
            elif turn == 8 and last:
                measure(last, lambda: call(second, "PUT", f"{game}/turns/8/orders", {"orders": []}))
            else:
                call(second, "PUT", f"{game}/turns/{turn}/orders", {"orders": []})

    assert started["status"] == "playing"
    play(1, "PUT orders, turn 8 (resolves; result + ratings)")
    play(2, "PUT orders, turn 8 creating the next match")
    for slot in (3, 4, 5, 6):
        play(slot)
    play(7, "PUT orders, the final's turn 8 (prizes 70/30)")
    measure("sweep: nothing due (turns, duels, tournaments)", lambda: sweep.handler(
        {"time": "now"}, LambdaContext("SweepFunction")))
    rows.print("Tournaments: DynamoDB requests per call (botocore hook on the app's client); capacity COMPUTED "
               "from item sizes", rig.settings.table_name, detail)
    rig.store.stop()


if __name__ == "__main__":
    main()
