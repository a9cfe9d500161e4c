"""DynamoDB requests and capacity of Feint's calls: a member's command in solo (the bots' turns it plays
included) and in online play, and a whole solo game's total, with its computed cost at list prices.

    .venv/bin/python bench/feint_requests.py [--detail] [--seats 3] [--games 3]

Drives the API Lambda handler in-process and the resolve handler on a manual clock, against moto's server,
with bench/spine_requests.py's rig: a botocore hook on the application's DynamoDB client records every
request; capacity is COMPUTED from the sizes of the items each request touched (DynamoDB's formula: see
bench/spine_requests.py), and priced at on-demand list prices (``spine_requests.list_cost``). Idempotency's own
requests (none here: no key is sent) and the day's first sighting of a member (pattern 34, one UpdateItem) are
left out of the per-command rows, which are a warm member's.

The member plays the script of the tests (tests/feint_script.py: deploy, stand when charged, charge when it can,
else step toward the centre, else end the turn); the bots are the engine's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from feint_script import choose  # noqa: E402  (the tests' member: the same way of playing)
from spine_requests import READS, Call, Ledger, list_cost, listed_operations, start_rig  # noqa: E402


def summed(calls: list[Call]) -> tuple[int, int, float, float]:
    """(reads, writes, RCU, WCU) of ``calls``."""
    reads = sum(c.operation in READS for c in calls)
    return reads, len(calls) - reads, sum(c.rcu for c in calls), sum(c.wcu for c in calls)


def main() -> None:
    parser = argparse.ArgumentParser(description="DynamoDB requests and computed capacity of Feint's calls")
    parser.add_argument("--detail", action="store_true", help="list every request with the keys it named")
    parser.add_argument("--seats", type=int, default=3, help="seats of the solo games (2 to 6)")
    parser.add_argument("--games", type=int, default=3, help="solo games played to their end")
    options = parser.parse_args()
    rig = start_rig()
    settings, manual, recorder = rig.settings, rig.manual, rig.recorder
    main_table = settings.table_name
    from gameserver.handlers import resolve
    from localrun.events import LambdaContext

    def call(sub: str, method: str, path: str, body: Any = None) -> Any:
        status, answer = rig.call(sub, method, path, body)
        assert status < 300, (method, path, status, answer)
        return answer

    rows: list[tuple[str, Ledger]] = []

    def measure(name: str, action: Callable[[], Any]) -> Any:
        ledger = recorder.start()
        result = action()
        recorder.start()
        rows.append((name, ledger))
        return result

    def send(sub: str, game: dict[str, Any], sent: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = call(sub, "POST", f"/v1/feint/games/{game['game_id']}/commands",
                                      {"number": game["number"], "command": sent})
        return answer

    # ------------------------------------------------------------ solo: whole games, command by command
    games_played: list[dict[str, Any]] = []
    per_command: list[tuple[int, int, int, float, float]] = []  # (steps played, reads, writes, RCU, WCU)
    for n in range(options.games):
        member = f"solo{n}"
        call(member, "GET", "/v1/me")
        spent = recorder.start()
        game = call(member, "POST", "/v1/feint/games", {"mode": "solo", "seats": options.seats})
        if n == 0:
            rows.append(("POST /v1/feint/games (solo: the bots deploy)", spent))
            measure("GET /v1/feint/games/{id} (my seat's view)", lambda m=member, g=game: call(
                m, "GET", f"/v1/feint/games/{g['game_id']}"))
        commands, total = 0, list(spent.calls)
        while game["status"] == "open":
            before = game["number"]
            ledger = recorder.start()
            game = send(member, game, choose(game))["game"]
            total += ledger.calls
            domain = ledger.of(main_table)
            per_command.append((game["number"] - before, *summed(domain)))
            if n == 0 and commands < 2:
                rows.append((f"command {commands + 1} ({'deployment' if commands == 0 else 'turn'}; "
                             f"{game['number'] - before} steps played)", ledger))
            commands += 1
        recorder.start()
        domain = [c for c in total if c.table == main_table]
        games_played.append({"commands": commands, "steps": game["number"], "calls": domain})
        if n == 0:
            measure("GET /v1/feint/games/{id}/history (a page of 50)", lambda m=member, g=game: call(
                m, "GET", f"/v1/feint/games/{g['game_id']}/history?limit=50"))
            measure("GET /v1/feint/games/{id}/record (a page of 50)", lambda m=member, g=game: call(
                m, "GET", f"/v1/feint/games/{g['game_id']}/record?limit=50"))

    # ------------------------------------------------------------ online: a table of three, five minutes a decision
    for sub in ("ann", "bea", "cy"):
        call(sub, "GET", "/v1/me")
    table = measure("POST /v1/feint/tables (one invitation: its notice)", lambda: call(
        "ann", "POST", "/v1/feint/tables", {"seats": 3, "pace": "5m", "invite": ["bea"]}))
    measure("join, not the last seat", lambda: call("cy", "POST", f"/v1/feint/tables/{table['table_id']}/join"))
    started = measure("join, the last seat (starts the game: 3 notices)", lambda: call(
        "bea", "POST", f"/v1/feint/tables/{table['table_id']}/join"))
    game_id = started["game"]["game_id"]
    seat_of = {int(seat): p["sub"] for seat, p in started["game"]["players"].items()}

    def view(sub: str) -> dict[str, Any]:
        shown: dict[str, Any] = call(sub, "GET", f"/v1/feint/games/{game_id}")
        return shown

    for n, seat in enumerate((1, 2, 3)):
        shown = view(seat_of[seat])
        label = "last deployment (resolves: notice to seat 1)" if n == 2 else "deployment, stored (others awaited)"
        if n != 1:
            measure(f"online command: {label}", lambda s=seat, g=shown: send(seat_of[s], g, choose(g)))
        else:
            send(seat_of[seat], shown, choose(shown))
    for seat in (1, 2, 3):  # every seat banks a Move, so seat 1's next turn has two actions
        shown = view(seat_of[seat])
        if seat == 1:
            measure("online command: end_turn (resolves: the next seat's notice)",
                    lambda g=shown: send(seat_of[1], g, {"kind": "end_turn"}))
        else:
            send(seat_of[seat], shown, {"kind": "end_turn"})
    first = view(seat_of[1])
    step = next(e["command"] for e in first["legal"] if e["command"]["kind"] == "step")
    measure("online command: a turn's first action (same deadline, no notice)",
            lambda: send(seat_of[1], first, step))
    number = measure("GET view, online", lambda: view(seat_of[2]))["number"] + 1
    manual.advance(5 * 60)  # read nothing now: a read past the deadline would resolve the step itself
    measure("resolve handler at the deadline (the turn's second action: a pass)", lambda: resolve.handler(
        {"game_id": game_id, "step": number}, LambdaContext("ResolveFunction")))
    measure("resolve handler delivered again (stale)", lambda: resolve.handler(
        {"game_id": game_id, "step": number}, LambdaContext("ResolveFunction")))

    # ------------------------------------------------------------ the figures
    print("Feint: DynamoDB requests per call (botocore hook on the app's client); capacity COMPUTED from item "
          "sizes, cost at on-demand list prices")
    print(f"{'call':70s} {'reads':>5s} {'writes':>6s}  {'requests':36s} {'RCU':>5s} {'WCU':>5s}")
    for name, ledger in rows:
        domain = ledger.of(main_table)
        reads, writes, rcu, wcu = summed(domain)
        print(f"{name:70s} {reads:5d} {writes:6d}  {listed_operations(domain):36s} {rcu:5g} {wcu:5g}")
        if options.detail:
            for c in ledger.calls:
                print(f"    {c.operation:20s} {' '.join(c.keys)}")
    turns = [c for c in per_command[1:]]
    print(f"\nSolo, {options.seats} seats, {options.games} games played to the end by the script against the bots:")
    print(f"  a member's command: {statistics.fmean(c[1] + c[2] for c in turns):.2f} requests on average "
          f"(max {max(c[1] + c[2] for c in turns)}), {statistics.fmean(c[0] for c in turns):.2f} steps played "
          f"(max {max(c[0] for c in turns)}), {statistics.fmean(c[3] for c in turns):.2f} RCU and "
          f"{statistics.fmean(c[4] for c in turns):.1f} WCU on average (max {max(c[4] for c in turns):g})")
    for n, played in enumerate(games_played):
        reads, writes, rcu, wcu = summed(played["calls"])
        print(f"  game {n + 1}: {played['commands']} member commands, {played['steps']} steps; {reads + writes} "
              f"requests ({reads} reads, {writes} writes), {rcu:g} RCU, {wcu:g} WCU: "
              f"${list_cost(rcu, wcu):.6f}")
    rig.store.stop()


if __name__ == "__main__":
    main()
