"""Front 1901 online's figures: the requests and cost of a full game of seven members to 1910, and the latency of
a phase's resolution with six AI powers at each level.

    .venv/bin/python bench/front1901_online.py [--requests] [--latency] [--phases 6] [--rounds 3]

Requests: the API Lambda handler in-process against moto's server (bench/spine_requests.py's rig, its botocore
hook counting every DynamoDB request), a seven-member table at the one-day pace played to the end of 1910 (the
short game), each member reading their view and sending their orders in every phase they have orders to give
(holds, the first retreat, the first builds owed: the requests do not depend on the orders). Capacity is COMPUTED
from item sizes and priced with bench/prices.py; Lambda is priced at the template's 1024 MB for the measured
in-process time of each call (an estimate: a Lambda's time is not this machine's), API Gateway per request; each
phase's turn timer (Step Functions, two transitions) and the events are priced too.

Latency: the pipeline's close of a table's phase with one member and six AI powers (the AI decide, the phase is
adjudicated, the next opens and its views are made), against the solo game's phase at the same level as the
reference, alternating, over the first phases of a seeded game; medians and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import prices  # noqa: E402

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
GAMES = "/v1/front1901/games"


def orders_for(view: dict[str, Any]) -> list[str]:
    if view["step"] == "adjustment":
        return view["legal"][0]["orders"][:abs(view["adjustment"])] if view["legal"] else []
    return [entry["orders"][0] for entry in view["legal"]]


def requests_figure() -> None:
    from spine_requests import READS, start_rig

    rig = start_rig()
    from gameserver.domain.front1901 import online
    from gameserver.services import storage

    subs = {power: f"m{n}" for n, power in enumerate(POWERS)}
    for sub in subs.values():
        rig.call(sub, "GET", "/v1/me")
    new = online.open_game(storage(), rig.manual, players=subs, pace="1d", level="easy", seed=1)
    gid = new.game.game_id
    table = rig.settings.table_name
    calls = reads = writes = 0
    rcu = wcu = seconds = 0.0
    phases = 0
    while True:
        game = storage().games.get(gid)
        assert game is not None
        if game.status != "open":
            break
        phases += 1
        for seat in game.awaiting:
            sub = subs[seat]
            for method, path in (("GET", f"{GAMES}/{gid}"), ("PUT", "")):
                ledger = rig.recorder.start()
                began = time.perf_counter()
                if method == "GET":
                    status, shown = rig.call(sub, method, path)
                    view = shown["view"]
                else:
                    status, shown = rig.call(sub, "PUT", f"{GAMES}/{gid}/phases/{view['phase']}/orders",
                                             {"orders": orders_for(view)})
                seconds += time.perf_counter() - began
                assert status < 300, (status, shown)
                spent = ledger.of(table)
                rig.recorder.start()
                calls += 1
                reads += sum(c.operation in READS for c in spent)
                writes += sum(c.operation not in READS for c in spent)
                rcu += sum(c.rcu for c in spent)
                wcu += sum(c.wcu for c in spent)
    dynamo = prices.dynamodb_cost(rcu, wcu)
    api = calls * prices.TABLE["http_api_request"].dollars
    lam = prices.lambda_cost(calls, seconds * 1.0)
    timers = phases * 2 * prices.TABLE["sfn_standard_transition"].dollars
    print(f"prices as of {prices.AS_OF} ({prices.REGION})")
    print(f"seven members to the end of 1910: {phases} phases, {calls} API calls (a view and the orders of each member "
          f"with orders to give), {reads} DynamoDB reads and {writes} writes, {rcu:g} RCU, {wcu:g} WCU")
    print(f"  DynamoDB ${dynamo:.6f} + API Gateway ${api:.6f} + Lambda ${lam:.6f} ({seconds:.1f} s at 1 GB, measured "
          f"in-process) + turn timers ${timers:.6f} = ${dynamo + api + lam + timers:.6f} a game")
    rig.store.stop()


def latency_figure(phases: int, rounds: int) -> None:
    from datetime import UTC, datetime

    import gameserver.services  # noqa: F401  (the mode loader)
    from gameserver.domain.front1901 import games
    from gameserver.identity import Caller
    from gameserver.play import steps
    from gameserver.storage.games import StepRead
    from gameserver.storage.memory import MemoryStore

    now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    def timed(open_one: Any) -> list[float]:
        store = MemoryStore()
        new = open_one(store)
        game, board = new.game, new.board
        spent = []
        for _ in range(phases):
            loaded = steps.load(StepRead(game=game, board=board))
            assert loaded is not None
            began = time.perf_counter()
            closed = steps.close(loaded, now)
            spent.append(time.perf_counter() - began)
            game, board = closed.after, closed.board
            if game.status != "open":
                break
        return spent

    class Clock:
        def now(self) -> datetime:
            return now

    caller = Caller(sub="m0", groups=frozenset(), username="m0")
    print(f"a phase's close, {phases} phases from S1901M, {rounds} rounds alternating; medians in ms")
    for level in ("easy", "normal", "hard"):
        table: list[float] = []
        solo: list[float] = []
        for round_ in range(rounds):
            table += timed(lambda store, level=level, r=round_: _one_member_table(store, level, r))
            solo += timed(lambda store, level=level, r=round_: games.new_game(
                Clock(), caller, power="FRANCE", level=level, length="short", seed=r))
        t, s = statistics.median(table) * 1000, statistics.median(solo) * 1000
        print(f"  {level:6s} table (one member, six AI powers) {t:8.1f}   solo game {s:8.1f}   ratio {t / s:.2f}")


def _one_member_table(store: Any, level: str, seed: int) -> Any:
    """A table's game with one member and six AI powers, not written (the close alone is timed)."""
    from datetime import UTC, datetime

    from gameserver.domain.front1901.games import ai_player
    from gameserver.domain.front1901.online import MODE
    from gameserver.play import start

    players = {p: "m0" if p == "FRANCE" else ai_player(level) for p in POWERS}
    options = {"members": "FRANCE", "level": level, "length": "short", "press": "full", "rated": "no"}
    return start.new_game(game_id=f"t{seed}", kind="front1901", mode=MODE.name, players=players, pace="1d",
                          options=options, seed=seed, stand_ins={}, now=datetime(2026, 12, 1, 9, 0, tzinfo=UTC))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", action="store_true")
    parser.add_argument("--latency", action="store_true")
    parser.add_argument("--phases", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    both = not (options.requests or options.latency)
    if options.latency or both:
        latency_figure(options.phases, options.rounds)
    if options.requests or both:
        requests_figure()


if __name__ == "__main__":
    main()
