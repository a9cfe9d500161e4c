"""DynamoDB requests and capacity per API call, counted on the wire of the application's own client.

    .venv/bin/python bench/spine_requests.py

Drives the API Lambda handler in-process (events built as API Gateway builds them) against moto's server,
plus the resolve and sweep handlers on a manual clock. A botocore event hook on the application's DynamoDB
client records every request; those on the idempotency table are reported beside the domain's.

Capacity is COMPUTED, not measured (moto's consumed-capacity figures are invented): DynamoDB's formula on
the sizes of the items each request touched. Reads: 4 KB units per item (BatchGet, Get), per request on the
summed size (Query), eventually consistent halves, transactions double. Writes: 1 KB units on the larger of
the item before and after, transactions double, plus one write per global secondary index whose projection
the write touched (ALL: the item; INCLUDE/KEYS_ONLY: the keys and included attributes).
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
import tempfile
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import prices

READS = {"GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"}


# ---------------------------------------------------------------- DynamoDB item size (AWS's published rules)
def _value_size(value: dict[str, Any]) -> int:
    (kind, inner), = value.items()
    if kind == "S":
        return len(inner.encode())
    if kind == "N":
        digits = inner.lstrip("-").replace(".", "").lstrip("0") or "0"
        return math.ceil(len(digits) / 2) + 1
    if kind == "B":
        return len(inner) if isinstance(inner, bytes) else len(inner.encode())
    if kind in ("BOOL", "NULL"):
        return 1
    if kind in ("SS", "BS"):
        return sum(_value_size({kind[0]: v}) for v in inner)
    if kind == "NS":
        return sum(_value_size({"N": v}) for v in inner)
    if kind == "L":
        return 3 + sum(1 + _value_size(v) for v in inner)
    if kind == "M":
        return 3 + sum(1 + len(k.encode()) + _value_size(v) for k, v in inner.items())
    raise ValueError(f"unknown DynamoDB type {kind}")


def item_size(item: dict[str, Any] | None) -> int:
    if not item:
        return 0
    return sum(len(name.encode()) + _value_size(value) for name, value in item.items())


def read_units(size: int, consistent: bool = True) -> float:
    units = max(1, math.ceil(size / 4096))
    return units if consistent else units / 2


def write_units(size: int) -> int:
    return max(1, math.ceil(size / 1024))


def list_cost(rcu: float, wcu: float) -> float:
    """What ``rcu`` read and ``wcu`` write units cost on demand at list prices (``bench/prices.py``)."""
    return prices.dynamodb_cost(rcu, wcu)


# ---------------------------------------------------------------- the recorder
@dataclass
class Call:
    operation: str
    table: str
    rcu: float = 0.0
    wcu: float = 0.0
    keys: list[str] = field(default_factory=list)
    """The sort keys (or index) the request named: what `--detail` prints."""


@dataclass
class Ledger:
    calls: list[Call] = field(default_factory=list)

    def of(self, table: str) -> list[Call]:
        return [c for c in self.calls if c.table == table]


def _sort_key(key: dict[str, Any] | None) -> str:
    if not key:
        return "?"
    part = key.get("sk") or key.get("id") or {}
    return next(iter(part.values()), "?").split("#")[0] if "sk" in key else "idempotency-record"


def _named_keys(operation: str, params: dict[str, Any]) -> list[str]:
    if operation == "BatchGetItem":
        return [_sort_key(k) for spec in params["RequestItems"].values() for k in spec["Keys"]]
    if operation in ("Query", "Scan"):
        return [params.get("IndexName", "table")]
    if operation == "TransactGetItems":
        return [_sort_key(e["Get"]["Key"]) for e in params["TransactItems"]]
    return [_sort_key(params.get("Key"))]


class Recorder:
    """botocore hooks on one client: every request it sends, with computed capacity."""

    def __init__(self, client: Any, peek: Any, indexes: dict[str, dict[str, Any]]):
        self.peek = peek  # a second client, not hooked: reads item images before and after writes
        self.indexes = indexes  # table -> {index name: (key names, projection)}
        self.ledger = Ledger()
        self._local = threading.local()
        client.meta.events.register("before-parameter-build.dynamodb", self._before)
        client.meta.events.register("after-call.dynamodb", self._after)

    def start(self) -> Ledger:
        self.ledger = Ledger()
        return self.ledger

    # keys touched by a write, and their images
    @staticmethod
    def _writes(operation: str, params: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
        """(kind, table, key or item) for every item a write request touches."""
        if operation == "TransactWriteItems":
            found = []
            for entry in params["TransactItems"]:
                (kind, body), = entry.items()
                found.append((kind, body["TableName"], body.get("Key") or body.get("Item")))
            return found
        kind = {"PutItem": "Put", "UpdateItem": "Update", "DeleteItem": "Delete"}.get(operation)
        if kind is None:
            return []
        return [(kind, params["TableName"], params.get("Key") or params.get("Item"))]

    def _image(self, table: str, key_or_item: dict[str, Any]) -> dict[str, Any] | None:
        key = {k: v for k, v in key_or_item.items() if k in ("pk", "sk", "id")}
        return self.peek.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")

    def _before(self, params: dict[str, Any], model: Any, context: dict[str, Any], **_: Any) -> None:
        context["bench_params"] = dict(params)
        context["bench_before"] = [self._image(t, k) for _, t, k in self._writes(model.name, params)]

    def _index_units(self, table: str, before: dict | None, after: dict | None) -> int:
        units = 0
        for keys, projection in self.indexes.get(table, {}).values():
            def projected(item: dict | None, keys: list[str] = keys, projection: Any = projection) -> dict | None:
                if not item or not all(k in item for k in keys):
                    return None
                if projection is None:
                    return item
                return {k: v for k, v in item.items() if k in (*keys, "pk", "sk", *projection)}

            old, new = projected(before), projected(after)
            if old == new:
                continue
            moved = old is not None and new is not None and any(old[k] != new[k] for k in keys)
            units += (write_units(item_size(old)) if old else 0) * (1 if moved or new is None else 0)
            units += write_units(item_size(new)) if new else 0
        return units

    def _after(self, parsed: dict[str, Any], model: Any, context: dict[str, Any], **_: Any) -> None:
        operation, params = model.name, context.get("bench_params", {})
        if operation in READS:
            self._record_read(operation, params, parsed)
            self.ledger.calls[-1].keys = _named_keys(operation, params)
            return
        writes = self._writes(operation, params)
        if not writes:
            self.ledger.calls.append(Call(operation, params.get("TableName", "?")))
            return
        factor = 2 if operation == "TransactWriteItems" else 1
        wcu = 0.0
        for (_, table, key), before in zip(writes, context.get("bench_before", []), strict=True):
            after = self._image(table, key)
            wcu += factor * write_units(max(item_size(before), item_size(after)))
            wcu += self._index_units(table, before, after)
        self.ledger.calls.append(Call(operation, writes[0][1], wcu=wcu,
                                      keys=[f"{kind}:{_sort_key(k)}" for kind, _, k in writes]))

    def _record_read(self, operation: str, params: dict[str, Any], parsed: dict[str, Any]) -> None:
        if operation == "BatchGetItem":
            for table, items in parsed.get("Responses", {}).items():
                consistent = params["RequestItems"][table].get("ConsistentRead", False)
                rcu = sum(read_units(item_size(i), consistent) for i in items) or read_units(0, consistent)
                self.ledger.calls.append(Call(operation, table, rcu=rcu))
        elif operation == "TransactGetItems":
            items = [r.get("Item") for r in parsed.get("Responses", [])]
            table = params["TransactItems"][0]["Get"]["TableName"]
            self.ledger.calls.append(Call(operation, table, rcu=sum(2 * read_units(item_size(i)) for i in items)))
        elif operation in ("Query", "Scan"):
            size = sum(item_size(i) for i in parsed.get("Items", []))
            self.ledger.calls.append(Call(operation, params["TableName"],
                                          rcu=read_units(size, params.get("ConsistentRead", False))))
        else:
            self.ledger.calls.append(Call(operation, params["TableName"],
                                          rcu=read_units(item_size(parsed.get("Item")),
                                                         params.get("ConsistentRead", False))))


def verdict(budget: str, calls: list[Call]) -> str:
    """`ok` or `OVER` against the budget's text; empty when the budget is "-"."""
    reads = sum(c.operation in READS for c in calls)
    writes = len(calls) - reads
    if budget == "-" or not budget[:1].isdigit() and not budget.startswith("<="):
        return ""
    if budget.startswith("0"):
        return "ok" if not calls else "OVER"
    numbers = [int(n) for n in re.findall(r"\d+", budget)]
    if len(numbers) == 2:
        return "ok" if reads <= numbers[0] and writes <= numbers[1] else "OVER"
    return "ok" if len(calls) <= numbers[0] else "OVER"


# ---------------------------------------------------------------- the rig (shared with bench/duels_requests.py)
@dataclass
class Rig:
    """The application against moto's server on a manual clock, its DynamoDB client under the recorder."""

    store: Any
    settings: Any
    manual: Any
    recorder: Recorder

    def call(self, sub: str, method: str, path: str, body: Any = None, key: str | None = None,
             address: str | None = None) -> tuple[int, Any]:
        """One API request as `sub` (``path`` may end in ``?query``), through the API Lambda handler: the status
        and the decoded body. Each
        member calls from an address of their own unless ``address`` is given (two members calling from one
        address are linked accounts: their duels are unrated)."""
        from gameserver.handlers import api
        from localrun.events import HttpRequest, LambdaContext, http_api_event

        headers = [("content-type", "application/json")] + ([("idempotency-key", key)] if key else [])
        address = address or "2001:db8::" + format(zlib.crc32(sub.encode()), "x")[:4]
        route, _, query = path.partition("?")
        request = HttpRequest(method=method, path=route, query_string=query, headers=tuple(headers),
                              source_ip=address, body=json.dumps(body).encode() if body is not None else b"")
        answer = api.handler(http_api_event(request, {"sub": sub}), LambdaContext("ApiFunction"))
        return answer["statusCode"], json.loads(answer["body"] or "null")


def parse_detail(description: str) -> bool:
    """The benches' one option, `--detail`."""
    import argparse

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--detail", action="store_true", help="list every request with the keys it named")
    return parser.parse_args().detail


def start_rig() -> Rig:
    """Start moto, point the functions' environment at it, create the tables, set a manual clock, and hook
    the recorder on the application's DynamoDB client."""
    from localrun.runner import function_environment
    from localrun.store import MotoStore

    state = Path(tempfile.mkdtemp())
    store = MotoStore().start()
    os.environ.update(function_environment(store.endpoint, state))
    asyncio.set_event_loop(asyncio.new_event_loop())

    import botocore.session
    from gameserver import clock as clocks
    from gameserver.aws import dynamodb_client
    from gameserver.config import get_settings
    from gameserver.storage.dynamodb.tables import MAIN_TABLE, create_tables

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
    return Rig(store, settings, manual, Recorder(dynamodb_client(), peek, indexes))


class Rows:
    """The measured calls of a bench, each with the requests it sent (what the recorder saw between its start and
    its end; anything between two measures is set-up, counted nowhere), and their table."""

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder
        self.rows: list[tuple[str, Ledger]] = []

    def measure(self, name: str, action: Callable[[], Any]) -> Any:
        ledger = self.recorder.start()
        result = action()
        self.recorder.start()
        self.rows.append((name, ledger))
        return result

    def print(self, title: str, table: str, detail: bool, width: int = 52) -> None:
        """One line per call: the requests on ``table`` (the domain's), their operations and computed capacity;
        with ``detail``, every request and the keys it named."""
        print(title)
        print(f"{'call':{width}s} {'reads':>5s} {'writes':>6s}  {'requests':45s} {'RCU':>5s} {'WCU':>5s}")
        for name, ledger in self.rows:
            domain = ledger.of(table)
            reads = sum(c.operation in READS for c in domain)
            print(f"{name:{width}s} {reads:5d} {len(domain) - reads:6d}  {listed_operations(domain):45s} "
                  f"{sum(c.rcu for c in domain):5g} {sum(c.wcu for c in domain):5g}")
            if detail:
                for c in ledger.calls:
                    print(f"    {c.operation:20s} {' '.join(c.keys)}")


def listed_operations(calls: list[Call]) -> str:
    """`GetItem, 2xQuery`: each operation once, with its count when above one."""
    ops: dict[str, int] = {}
    for c in calls:
        ops[c.operation] = ops.get(c.operation, 0) + 1
    return ", ".join(f"{n}x{op}" if n > 1 else op for op, n in ops.items()) or "none"


# ---------------------------------------------------------------- the run
def main() -> None:
    detail = parse_detail("DynamoDB requests and computed capacity per API call")
    rig = start_rig()
    settings, manual, recorder, call = rig.settings, rig.manual, rig.recorder, rig.call
    from gameserver.handlers import resolve, sweep
    from localrun.events import LambdaContext

    rows: list[tuple[str, str, Ledger]] = []

    def measure(name: str, budget: str, action: Callable[[], Any]) -> Any:
        """Run `action`, keeping the requests it made. `budget`: "-" (reported only), "<= N" requests,
        "<= R read + T tx" (reads and writes apart), or "0 domain"."""
        ledger = recorder.start()
        result = action()
        recorder.start()  # what follows, until the next measure, is set-up: counted nowhere
        rows.append((name, budget, ledger))
        return result

    measure("GET /v1/me, first call (sighting, profile + grant)", "-", lambda: call("ann", "GET", "/v1/me"))
    call("bea", "GET", "/v1/me")
    _, house = measure("POST /v1/feinthold/games (house AI)", "-", lambda: call(
        "ann", "POST", "/v1/feinthold/games", {"house_ai": "pivot", "pace": "1d", "side": "south"}))
    game = f"/v1/feinthold/games/{house['game_id']}"
    measure("GET game view", "<= 1", lambda: call("ann", "GET", game))
    measure("PUT orders vs house AI (resolves the turn)", "<= 1 read + 1 tx", lambda: call(
        "ann", "PUT", f"{game}/turns/1/orders", {"orders": [{"reinforce": {"at": "hq-s", "units": 2}}]}))

    _, invitation = call("ann", "POST", "/v1/feinthold/invitations", {"invitee": "bea", "pace": "1d", "side": "south"})
    _, friendly = call("bea", "POST", f"/v1/feinthold/invitations/{invitation['invitation_id']}/accept")
    duel = f"/v1/feinthold/games/{friendly['game_id']}"
    orders = {"orders": [{"reinforce": {"at": "hq-s", "units": 2}}]}
    measure("PUT orders, first side (stored)", "<= 2", lambda: call("ann", "PUT", f"{duel}/turns/1/orders", orders))
    measure("PUT orders again with Idempotency-Key (new key)", "<= 2", lambda: call(
        "ann", "PUT", f"{duel}/turns/1/orders", orders, key="k-1"))
    measure("  ... the same key replayed", "0 domain", lambda: call(
        "ann", "PUT", f"{duel}/turns/1/orders", orders, key="k-1"))
    north = {"orders": [{"reinforce": {"at": "hq-n", "units": 2}}]}
    measure("PUT orders, second side (resolves the turn)", "<= 1 read + 1 tx", lambda: call(
        "bea", "PUT", f"{duel}/turns/1/orders", north))
    call("ann", "PUT", f"{duel}/turns/2/orders", orders)
    manual.advance(24 * 3600 + 1)
    timer = {"game_id": friendly["game_id"], "step": 2, "mode": "friendly"}  # as the step's timer sends it
    measure("resolve handler, turn 2 missed by one side", "<= 1 read + 1 tx", lambda: resolve.handler(
        timer, LambdaContext("ResolveFunction")))
    measure("resolve handler, duplicate call (stale)", "<= 1 read", lambda: resolve.handler(
        timer, LambdaContext("ResolveFunction")))
    manual.advance(timedelta(days=1).total_seconds())
    measure("sweep: one turn overdue (+ the house game's)", "queries + per turn", lambda: sweep.handler(
        {"time": "now"}, LambdaContext("SweepFunction")))
    measure("sweep: nothing due", "queries only", lambda: sweep.handler(
        {"time": "now"}, LambdaContext("SweepFunction")))

    main_table, idem_table = settings.table_name, settings.idempotency_table_name
    print("DynamoDB requests per call (botocore hook on the app's client); capacity COMPUTED from item sizes")
    print(f"{'call':50s} {'budget':18s} {'':4s} {'domain requests':38s} {'RCU':>5s} {'WCU':>5s}  idempotency")
    for name, budget, ledger in rows:
        domain = ledger.of(main_table)
        listed = listed_operations(domain)
        idem = ledger.of(idem_table)
        idem_text = (f"{len(idem)} req ({', '.join(c.operation for c in idem)}), "
                     f"RCU {sum(c.rcu for c in idem):g} WCU {sum(c.wcu for c in idem):g}") if idem else "-"
        print(f"{name:50s} {budget:18s} {verdict(budget, domain):4s} {len(domain)}: {listed:35s} {sum(c.rcu for c in domain):5g} "
              f"{sum(c.wcu for c in domain):5g}  {idem_text}")
        if detail:
            for c in ledger.calls:
                print(f"    {c.operation:20s} {' '.join(c.keys)}")
    rig.store.stop()


if __name__ == "__main__":
    main()
