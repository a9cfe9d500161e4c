"""DynamoDB requests and capacity of a month's close per 10,000 members, and of each moderator action.

    .venv/bin/python bench/seasons_requests.py [--members 10000] [--detail]

Seeds a month with ``--members`` members on each of its boards (the duel board, the challenge leaderboard, the
Daily Front's month table) straight into moto's server, then runs the close's two stages through the season
handler and the sweep, and each moderator action through the API Lambda handler, with bench/spine_requests.py's
rig and recorder: a botocore hook on the application's DynamoDB client counts every request the domain sends
(the idempotency table's are left out). Two boards of the Daily Front are measured: one whose first row is
eligible, and the worst case, where only the last member has 8 ranked days (the title's read goes through the
whole table, a page at a time: memory holds one page).

Capacity is COMPUTED, not measured (moto's consumed-capacity figures are invented): DynamoDB's formula on the
sizes of the items each request touched. Times are moto's on this machine, LOCAL, not DynamoDB's.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from spine_requests import READS, Rows, listed_operations, start_rig  # noqa: E402  (the spine's rig, shared)

SEASON = "2026-11"
MIDNIGHT = datetime(2026, 12, 1, tzinfo=UTC)
OLD = datetime(2024, 1, 1, tzinfo=UTC)


def main() -> None:
    parser = argparse.ArgumentParser(description="DynamoDB requests and computed capacity of a season's close")
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--detail", action="store_true")
    args = parser.parse_args()
    rig = start_rig()
    rows = Rows(rig.recorder)
    from gameserver.aws import dynamodb_client
    from gameserver.clock import iso
    from gameserver.platform.challenges import ChallengerLine
    from gameserver.services import storage
    from gameserver.storage.daily import MonthLine as FrontLine
    from gameserver.storage.duels import MonthLine as DuelLine
    from gameserver.storage.dynamodb.challenges import _encode_challenger_month
    from gameserver.storage.dynamodb.daily import encode_month
    from gameserver.storage.dynamodb.duels import _encode_month
    from localrun.events import HttpRequest, LambdaContext, http_api_event, scheduled_event

    client, table = dynamodb_client(), rig.settings.table_name
    started = time.monotonic()

    def put_all(items: list[dict[str, Any]]) -> None:
        for n in range(0, len(items), 25):
            client.batch_write_item(RequestItems={table: [{"PutRequest": {"Item": i}} for i in items[n:n + 25]]})

    members = [f"m{n:06d}" for n in range(args.members)]
    put_all([_encode_month(DuelLine(sub, SEASON, 8 + n % 5, Decimal(3000) - Decimal(n) / 10, iso(OLD)))
             for n, sub in enumerate(members)])
    put_all([_encode_challenger_month(SEASON, ChallengerLine(sub, Decimal(2500) - Decimal(n) / 10, 8, OLD))
             for n, sub in enumerate(members)])
    # The worst case for Front of the month: every member above the last has fewer than 8 ranked days.
    # (a month holds at most 31 days: 93 points, 31 wins)
    points = [93 - 93 * n // args.members for n in range(args.members)]
    put_all([encode_month(FrontLine(sub, SEASON, sub, points[n], points[n] // 3,
                                    8 if n == len(members) - 1 else 7, version=1))
             for n, sub in enumerate(members)])
    seeded = time.monotonic() - started

    def call(sub: str, method: str, path: str, body: Any = None, moderator: bool = False) -> Any:
        from gameserver.handlers import api

        claims = {"sub": sub, **({"cognito:groups": "[moderators]"} if moderator else {})}
        request = HttpRequest(method=method, path=path, query_string="", source_ip="2001:db8::1",
                              headers=(("content-type", "application/json"),),
                              body=json.dumps(body).encode() if body is not None else b"")
        answer = api.handler(http_api_event(request, claims), LambdaContext("ApiFunction"))
        status, decoded = answer["statusCode"], json.loads(answer["body"] or "null")
        assert status < 300, (path, status, decoded)
        return decoded

    for sub in [*members[:12], members[-1], "mod", "ann", "bob", "cyd", "dee"]:
        call(sub, "GET", "/v1/me", moderator=sub == "mod")
    from gameserver.domain.seasons import close
    from gameserver.handlers import season

    rig.manual.set(MIDNIGHT + timedelta(seconds=5))
    timed: dict[str, float] = {}

    def stage(name: str, run: Any) -> Any:
        begun = time.monotonic()
        result = rows.measure(name, run)
        timed[name] = time.monotonic() - begun
        return result

    stage("close, stage 1: duel prizes (10 payments)", lambda: season.handler(
        scheduled_event("season-close", MIDNIGHT), LambdaContext("SeasonFunction")))
    rig.manual.set(MIDNIGHT + timedelta(minutes=31))
    stage("close, stage 2: titles (the sweep's stage; worst-case Front)", lambda: close.due(
        storage(), rig.manual))
    stage("close once more, its record expired (closed: one read)", lambda: close.close_through(
        storage(), rig.manual, SEASON))
    closed = storage().seasons.read(SEASON).stored
    assert closed is not None and closed.close.titles is not None

    # Each moderator action, on a fresh world of four members.
    why = {"why": "reviewed"}
    duel = call("ann", "POST", "/v1/feinthold/duels", {"opponent": "bob", "pace": "1d", "stake": 10})
    call("bob", "POST", f"/v1/feinthold/duels/{duel['duel_id']}/accept")
    rows.measure("moderation: stop a duel in play", lambda: call(
        "mod", "POST", f"/v1/moderation/games/{duel['duel_id']}/stop", why, moderator=True))
    finished = call("ann", "POST", "/v1/feinthold/duels", {"opponent": "bob", "pace": "1d", "stake": 10})
    call("bob", "POST", f"/v1/feinthold/duels/{finished['duel_id']}/accept")
    call("bob", "POST", f"/v1/feinthold/duels/{finished['duel_id']}/abandon")
    rows.measure("moderation: void a finished duel", lambda: call(
        "mod", "POST", f"/v1/moderation/duels/{finished['duel_id']}/void", why, moderator=True))
    playing = call("cyd", "POST", "/v1/feinthold/duels", {"opponent": "dee", "pace": "1d", "stake": 10})
    call("dee", "POST", f"/v1/feinthold/duels/{playing['duel_id']}/accept")
    rows.measure("moderation: freeze (one duel in play, no tournament)", lambda: call(
        "mod", "POST", "/v1/moderation/members/cyd/freeze", why, moderator=True))
    rows.measure("moderation: unfreeze", lambda: call(
        "mod", "POST", "/v1/moderation/members/cyd/unfreeze", why, moderator=True))
    call("ann", "POST", "/v1/feinthold/doctrines", {"doctrine": {"name": "idle", "rules": [
        {"if": [{"units_at": {"at": "my-hq", "at_least": 40}}], "then": {"advance": {"from": "my-hq",
                                                                                       "toward": "centre"}}}]}})
    published = call("ann", "POST", "/v1/feinthold/published", {"slot": 1, "name": "Steady"})
    rows.measure("moderation: hide a doctrine", lambda: call(
        "mod", "POST", f"/v1/moderation/doctrines/{published['doctrine_id']}/hide", why, moderator=True))
    rows.measure("moderation: the audit log (a page)", lambda: call("mod", "GET", "/v1/moderation/audit",
                                                                 moderator=True))
    rows.measure("moderation: a member's record", lambda: call("mod", "GET", "/v1/moderation/members/ann",
                                                            moderator=True))

    per = 10_000 / args.members
    print(f"Seasons and moderation, {args.members} members on each board (seeded in {seeded:.1f} s, LOCAL);"
          " capacity COMPUTED from item sizes; times are moto's on this machine (LOCAL)")
    print(f"{'call':58s} {'reads':>5s} {'writes':>6s}  {'requests':62s} {'RCU':>7s} {'WCU':>5s} {'local s':>8s}")
    for name, ledger in rows.rows:
        domain = ledger.of(table)
        reads = sum(c.operation in READS for c in domain)
        took = f"{timed[name]:8.2f}" if name in timed else f"{'-':>8s}"
        print(f"{name:58s} {reads:5d} {len(domain) - reads:6d}  {listed_operations(domain):62s} "
              f"{sum(c.rcu for c in domain):7g} {sum(c.wcu for c in domain):5g} {took}")
    close_rows = [ledger.of(table) for name, ledger in rows.rows if name.startswith("close")]
    requests = sum(len(calls) for calls in close_rows)
    rcu = sum(c.rcu for calls in close_rows for c in calls)
    wcu = sum(c.wcu for calls in close_rows for c in calls)
    print(f"the close with {args.members} members on each board: {requests} requests, {rcu:g} RCU, {wcu:g} WCU; "
          f"per 10,000 members, its reads scale by {per:g} (the worst-case Front table's), its writes do not")
    if args.detail:
        for name, ledger in rows.rows:
            print(name)
            for c in ledger.calls:
                print(f"    {c.operation:20s} {' '.join(c.keys)}")
    rig.store.stop()


if __name__ == "__main__":
    main()
