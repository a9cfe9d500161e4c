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

import asyncio
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from spine_requests import READS, Ledger, Recorder  # noqa: E402  (the spine's recorder, shared)

HUMAN = 6
"""Seconds before each submission: fair play judges a median under 4 s faster than a human (no rating)."""


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="DynamoDB requests and computed capacity per duel call")
    parser.add_argument("--detail", action="store_true", help="list every request with the keys it named")
    detail = parser.parse_args().detail
    from localrun.events import HttpRequest, LambdaContext, http_api_event
    from localrun.runner import function_environment
    from localrun.store import MotoStore

    state = Path(tempfile.mkdtemp())
    store = MotoStore().start()
    os.environ.update(function_environment(store.endpoint, state))
    asyncio.set_event_loop(asyncio.new_event_loop())

    import botocore.session
    from gameserver import clock as clocks
    from gameserver.config import get_settings
    from gameserver.handlers import api, resolve, sweep
    from gameserver.storage.client import dynamodb_client
    from gameserver.storage.tables import MAIN_TABLE, create_tables

    create_tables()
    settings = get_settings()
    manual = clocks.ManualClock()
    clocks.set_clock(manual)
    peek = botocore.session.get_session().create_client(
        "dynamodb", region_name="us-east-1", endpoint_url=store.endpoint,
        aws_access_key_id="bench", aws_secret_access_key="bench")
    indexes = {settings.table_name: {
        i["IndexName"]: ([k["AttributeName"] for k in i["KeySchema"]],
                         None if i["Projection"]["ProjectionType"] == "ALL"
                         else i["Projection"].get("NonKeyAttributes", []))
        for i in MAIN_TABLE["GlobalSecondaryIndexes"]}}
    recorder = Recorder(dynamodb_client(), peek, indexes)

    def call(sub: str, method: str, path: str, body: Any = None) -> Any:
        request = HttpRequest(method=method, path=path, headers=(("content-type", "application/json"),),
                              body=json.dumps(body).encode() if body is not None else b"")
        answer = api.handler(http_api_event(request, {"sub": sub}), LambdaContext("ApiFunction"))
        assert answer["statusCode"] < 300, (path, answer["statusCode"], answer.get("body"))
        return json.loads(answer["body"] or "null")

    rows: list[tuple[str, Ledger]] = []

    def measure(name: str, action: Callable[[], Any]) -> Any:
        ledger = recorder.start()
        result = action()
        recorder.start()  # what follows, until the next measure, is set-up: counted nowhere
        rows.append((name, ledger))
        return result

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
                {"game_id": proposal["duel_id"], "turn": 2}, LambdaContext("ResolveFunction")))
        else:
            call("ann", "PUT", f"{game}/turns/{turn}/orders", {"orders": []})
            call("bea", "PUT", f"{game}/turns/{turn}/orders", {"orders": []})
    manual.advance(HUMAN)
    call("ann", "PUT", f"{game}/turns/8/orders", {"orders": []})
    measure("PUT orders, turn 8 (resolves; payout + ratings)", lambda: call(
        "bea", "PUT", f"{game}/turns/8/orders", {"orders": []}))

    blitz = call("ann", "POST", duels, {"pace": "blitz", "stake": 5})
    measure("accept, blitz (escrow, ready room)", lambda: call("cat", "POST", f"{duels}/{blitz['duel_id']}/accept"))
    measure("ready, first", lambda: call("ann", "POST", f"{duels}/{blitz['duel_id']}/ready"))
    measure("ready, second (starts the game)", lambda: call("cat", "POST", f"{duels}/{blitz['duel_id']}/ready"))
    manual.advance(HUMAN)
    call("cat", "PUT", f"/v1/feinthold/games/{blitz['duel_id']}/turns/1/orders", {"orders": []})
    measure("abandon in play (forfeit; payout + ratings)", lambda: call(
        "ann", "POST", f"{duels}/{blitz['duel_id']}/abandon"))
    measure("sweep: nothing due (turns + duels)", lambda: sweep.handler({"time": "now"},
                                                                       LambdaContext("SweepFunction")))

    main_table = settings.table_name
    print("Duels: DynamoDB requests per call (botocore hook on the app's client); capacity COMPUTED from item sizes")
    print(f"{'call':52s} {'reads':>5s} {'writes':>6s}  {'requests':45s} {'RCU':>5s} {'WCU':>5s}")
    for name, ledger in rows:
        domain = ledger.of(main_table)
        ops: dict[str, int] = {}
        for c in domain:
            ops[c.operation] = ops.get(c.operation, 0) + 1
        listed = ", ".join(f"{n}x{op}" if n > 1 else op for op, n in ops.items()) or "none"
        reads = sum(c.operation in READS for c in domain)
        print(f"{name:52s} {reads:5d} {len(domain) - reads:6d}  {listed:45s} {sum(c.rcu for c in domain):5g} "
              f"{sum(c.wcu for c in domain):5g}")
        if detail:
            for c in ledger.calls:
                print(f"    {c.operation:20s} {' '.join(c.keys)}")
    store.stop()


if __name__ == "__main__":
    main()
