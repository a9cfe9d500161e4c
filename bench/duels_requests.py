"""DynamoDB requests and capacity per duel call: proposal, accept, ready, submission, resolution, the end.

    .venv/bin/python bench/duels_requests.py [--detail]

Drives the API Lambda handler in-process (events built as API Gateway builds them) and the resolve and sweep
handlers on a manual clock, against moto's server, exactly as bench/spine_requests.py does and with its
recorder: a botocore hook on the application's DynamoDB client counts every request.

Capacity is COMPUTED, not measured (moto's consumed-capacity figures are invented): DynamoDB's formula on the
sizes of the items each request touched (see bench/spine_requests.py for the rules applied).
A duel's turn is the spine's turn (1 read + 1 transaction): the duel item comes in the turn's BatchGetItem, and
the duel's update and the next turn's feed notices ride in the turn's TransactWriteItems; the final turn also
reads the pair's recent duels and both members' ratings (one BatchGetItem), and its transaction carries the
payout and the rating changes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from spine_requests import Rows, parse_detail, start_rig  # noqa: E402  (the spine's rig, shared)

HUMAN = 6
"""Seconds before each submission: fair play judges a median under 4 s faster than a human (no rating)."""


def main() -> None:
    detail = parse_detail("DynamoDB requests and computed capacity per duel call")
    rig = start_rig()
    settings, manual, recorder = rig.settings, rig.manual, rig.recorder
    from gameserver.handlers import resolve, sweep
    from localrun.events import LambdaContext

    def call(sub: str, method: str, path: str, body: Any = None, address: str | None = None) -> Any:
        status, answer = rig.call(sub, method, path, body, address=address)
        assert status < 300, (path, status, answer)
        return answer

    rows = Rows(recorder)
    measure = rows.measure

    for sub in ("ann", "bea", "cat"):
        call(sub, "GET", "/v1/me")
    duels = "/v1/feinthold/duels"
    proposal = measure("propose (stake 10)", lambda: call("ann", "POST", duels, {
        "opponent": "bea", "pace": "1d", "stake": 10}))
    measure("accept, correspondence (escrow + game + turn 1)", lambda: call(
        "bea", "POST", f"{duels}/{proposal['duel_id']}/accept"))
    game = f"/v1/feinthold/games/{proposal['duel_id']}"
    measure("GET duel", lambda: call("ann", "GET", f"{duels}/{proposal['duel_id']}"))
    for turn in range(1, 8):
        manual.advance(HUMAN)
        if turn == 1:
            measure("PUT orders, first side (stored)", lambda: call("ann", "PUT", f"{game}/turns/1/orders",
                                                                     {"orders": []}))
            measure("PUT orders, second side (resolves; duel rides along)", lambda: call(
                "bea", "PUT", f"{game}/turns/1/orders", {"orders": []}))
        elif turn == 2:
            call("ann", "PUT", f"{game}/turns/2/orders", {"orders": []})
            manual.advance(86_400)
            measure("resolve handler at the deadline (one side missed)", lambda: resolve.handler(
                {"game_id": proposal["duel_id"], "step": 2}, LambdaContext("ResolveFunction")))
        else:
            call("ann", "PUT", f"{game}/turns/{turn}/orders", {"orders": []})
            call("bea", "PUT", f"{game}/turns/{turn}/orders", {"orders": []})
    manual.advance(HUMAN)
    call("ann", "PUT", f"{game}/turns/8/orders", {"orders": []})
    measure("PUT orders, turn 8 (resolves; payout + ratings)", lambda: call(
        "bea", "PUT", f"{game}/turns/8/orders", {"orders": []}))

    measure("GET /v1/me, first request of a new day (+ sighting)", lambda: call("cat", "GET", "/v1/me"))
    blitz = call("ann", "POST", duels, {"pace": "blitz", "stake": 5})
    measure("accept, blitz (escrow, ready room)", lambda: call("cat", "POST", f"{duels}/{blitz['duel_id']}/accept"))
    measure("ready, first", lambda: call("ann", "POST", f"{duels}/{blitz['duel_id']}/ready"))
    measure("ready, second (starts the game)", lambda: call("cat", "POST", f"{duels}/{blitz['duel_id']}/ready"))
    manual.advance(HUMAN)
    call("cat", "PUT", f"/v1/feinthold/games/{blitz['duel_id']}/turns/1/orders", {"orders": []})
    measure("abandon in play (forfeit; payout + ratings)", lambda: call(
        "ann", "POST", f"{duels}/{blitz['duel_id']}/abandon"))
    shared = "2001:db8::5"  # dan and eve call from one address: linked accounts
    for sub in ("dan", "eve"):
        call(sub, "GET", "/v1/me", address=shared)
    linked = call("dan", "POST", duels, {"opponent": "eve", "pace": "1d", "stake": 10}, address=shared)
    call("eve", "POST", f"{duels}/{linked['duel_id']}/accept", address=shared)
    manual.advance(HUMAN)
    measure("abandon in play, linked accounts (returns + 2 marks)", lambda: call(
        "dan", "POST", f"{duels}/{linked['duel_id']}/abandon", address=shared))
    measure("sweep: nothing due (turns, duels, tournaments)", lambda: sweep.handler({"time": "now"},
                                                                       LambdaContext("SweepFunction")))

    rows.print("Duels: DynamoDB requests per call (botocore hook on the app's client); capacity COMPUTED from item sizes",
               settings.table_name, detail)
    rig.store.stop()


if __name__ == "__main__":
    main()
