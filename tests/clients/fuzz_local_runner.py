"""Schemathesis against a running local runner, with real ids: ``python fuzz_local_runner.py API ADMIN WORK``.

Seeds the runner through its API (and its admin port for tokens) with resources in the states that matter, a
member's house games (in play and over), a friendly game, duels (proposed, open, playing, finished between
linked accounts, which leaves marks), an invitation, a doctrine and a Daily Front; writes their ids beside a
copy of schemathesis.toml in WORK; then runs schemathesis over every operation twice, with the member's token
and with a moderator's. Prints the requests sent and exits non-zero on any failure (a 5xx, a response outside
its schema, or any other check of ``--checks all`` not excepted in schemathesis.toml).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
DOCUMENT = HERE.parent.parent / "docs" / "api" / "openapi.json"
EXCLUDED = {
    # positive_data_acceptance expects a 2xx for every well-formed request. The API refuses well-formed requests
    # by design: a real id of a duel that is not the caller's answers as an unknown one (404: no existence
    # oracle), a cursor it did not hand out is a 400, a duel accepted twice or a turn already closed is a 409, a
    # doctrine the engine's schema refuses is a 422. What matters here (no 5xx, every answer within its
    # documented status codes and schema) the other checks hold.
    "positive_data_acceptance",
}
"""The checks of ``--checks all`` left out, each with its reason. use_after_free and ensure_resource_availability
follow the document's links between operations; it declares none, so they pass without checking anything."""


class Seeder:
    def __init__(self, api: str, admin: str):
        self.api, self.admin = api, admin

    def token(self, sub: str, moderator: bool = False) -> str:
        answer = httpx.post(f"{self.admin}/tokens", json={"sub": sub, "moderator": moderator}, timeout=30)
        answer.raise_for_status()
        token = answer.json()["token"]
        assert isinstance(token, str)
        return token

    def client(self, token: str) -> httpx.Client:
        return httpx.Client(base_url=self.api, headers={"Authorization": f"Bearer {token}"}, timeout=30)


def ok(answer: httpx.Response) -> Any:
    if answer.status_code >= 300:
        raise SystemExit(f"seeding: {answer.request.method} {answer.request.url}: {answer.status_code} {answer.text}")
    return answer.json()


def play_out(member: httpx.Client, game: dict[str, Any]) -> dict[str, Any]:
    """Hold every turn (legal in any position) until a game against the house AI ends."""
    while game["status"] == "open":
        game = ok(member.put(f"/v1/feinthold/games/{game['game_id']}/turns/{game['turn']}/orders",
                             json={"orders": []}))["game"]
    return game


def seed(api: str, admin: str, ids: Path) -> dict[str, str]:
    """Resources in their states; their ids written to ``ids``; the tokens of the two runs."""
    seeder = Seeder(api, admin)
    tokens = {"member": seeder.token("fuzz-member"), "moderator": seeder.token("fuzz-moderator", moderator=True)}
    member, other = seeder.client(tokens["member"]), seeder.client(seeder.token("fuzz-other"))
    me, them = ok(member.get("/v1/me"))["sub"], ok(other.get("/v1/me"))["sub"]
    house = {"house_ai": "pivot", "pace": "1d"}
    games = [ok(member.post("/v1/feinthold/games", json=house))["game_id"],
             play_out(member, ok(member.post("/v1/feinthold/games", json=house)))["game_id"]]
    invitation = ok(other.post("/v1/feinthold/invitations", json={"invitee": me, "pace": "1d"}))["invitation_id"]
    answered = ok(member.post("/v1/feinthold/invitations", json={"invitee": them, "pace": "1d"}))["invitation_id"]
    games.append(ok(other.post(f"/v1/feinthold/invitations/{answered}/accept"))["game_id"])
    named = ok(member.post("/v1/feinthold/duels", json={"opponent": them, "pace": "1d", "stake": 1}))["duel_id"]
    offered = ok(other.post("/v1/feinthold/duels", json={"pace": "5m", "stake": 1}))["duel_id"]
    playing = ok(other.post("/v1/feinthold/duels", json={"opponent": me, "pace": "2d", "stake": 2}))["duel_id"]
    ok(member.post(f"/v1/feinthold/duels/{playing}/accept"))
    finished = ok(member.post("/v1/feinthold/duels", json={"opponent": them, "pace": "3d", "stake": 0}))["duel_id"]
    ok(other.post(f"/v1/feinthold/duels/{finished}/accept"))
    ok(other.post(f"/v1/feinthold/duels/{finished}/abandon"))  # both members from 127.0.0.1: linked, marked
    games += [playing, finished]
    ok(member.post("/v1/feinthold/doctrines", json={"doctrine": {"name": "idle", "rules": [
        {"if": [{"units_at": {"at": "my-hq", "at_least": 40}}],
         "then": {"advance": {"from": "my-hq", "toward": "centre"}}}]}}))
    games.append(ok(member.post("/v1/feinthold/daily"))["game"]["game_id"])
    # Front 1901: a solo game in its first phase, and one played on past it (its first phase in the history).
    solo = ok(member.post("/v1/front1901/games", json={"power": "FRANCE", "level": "easy"}))
    played = ok(member.post("/v1/front1901/games", json={"power": "ENGLAND", "level": "easy"}))
    ok(member.put(f"/v1/front1901/games/{played['game_id']}/phases/S1901M/orders", json={"orders": []}))
    games += [solo["game_id"], played["game_id"]]
    moderator = seeder.client(tokens["moderator"])
    marks = [m["mark_id"] for m in ok(moderator.get("/v1/moderation/marks"))["marks"]]
    today = date.fromisoformat(ok(member.get("/v1/feinthold/daily"))["front"]["day"])
    values = {
        "games": games, "duels": [named, offered, playing, finished], "invitations": [invitation, answered],
        "marks": marks or ["0" * 20], "members": [me, them],
        "days": [today.isoformat(), (today - timedelta(days=1)).isoformat()],
        "months": [today.isoformat()[:7]],
        "phases": ["S1901M", "F1901M"],
    }
    ids.mkdir(parents=True, exist_ok=True)
    for name, entries in values.items():
        (ids / f"{name}.txt").write_text("".join(f"{json.dumps(entry)}\n" for entry in entries))
    return tokens


PHASES = {
    # The member's run: every phase. The coverage phase sends each parameter's boundary and wrong values.
    "member": "examples,coverage,fuzzing,stateful",
    # The moderator's run: the same operations under another caller; the boundaries of the inputs are the same
    # for every caller, so the coverage phase is the member's alone (it is most of a run's requests).
    "moderator": "examples,fuzzing,stateful",
}


def start(api: str, token: str, work: Path, name: str) -> subprocess.Popen[str]:
    """One schemathesis run over every operation with ``token``, started (the two runs go side by side)."""
    command = [str(Path(sys.executable).parent / "schemathesis"), "--config-file", str(work / "schemathesis.toml"),
               "run", str(DOCUMENT), "--url", api, "--checks", "all", "--seed", "17",
               "--exclude-checks", ",".join(sorted(EXCLUDED)), "--phases", PHASES[name],
               "--header", f"Authorization: Bearer {token}", "--report", "ndjson",
               "--report-ndjson-path", str(work / f"report-{name}.json"), "--no-color"]
    output = (work / f"output-{name}.txt").open("w")
    return subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, text=True)


def finished(run: subprocess.Popen[str], work: Path, name: str) -> tuple[int, list[str]]:
    """The requests a run sent and its failures (its summary), once it is over."""
    failed = run.wait() != 0
    report = work / f"report-{name}.json"
    requests = 0
    for line in report.read_text().splitlines() if report.exists() else []:
        scenario = json.loads(line).get("ScenarioFinished")
        if scenario is not None:
            requests += len(scenario["recorder"].get("interactions") or {})
    output = (work / f"output-{name}.txt").read_text()
    return requests, [output[output.find("FAILURES"):][-8000:]] if failed else []


def main(api: str, admin: str, work: Path) -> int:
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    shutil.copy(HERE / "schemathesis.toml", work / "schemathesis.toml")
    tokens = seed(api, admin, work / "ids")
    runs = {name: start(api, token, work, name) for name, token in tokens.items()}
    total, failed = 0, False
    for name, run in runs.items():
        requests, failures = finished(run, work, name)
        total += requests
        print(f"schemathesis, {name}'s token: {requests} requests, {'FAILED' if failures else 'no failure'}")
        for failure in failures:
            failed = True
            print(failure)
    print(f"schemathesis: {total} requests in all (reports and output in {work})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], Path(sys.argv[3])))
