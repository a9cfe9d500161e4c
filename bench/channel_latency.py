"""Delivery latency of the live channel on the local runner: from a submission's commit to its event received, on
200 connections over 50 friendly games (two members a game, two connections each), for a bounded time.

Each game plays turns: its two members send in turn; the other member's two connections each get the "opponent
has sent" (or "view changed") event. Latency is measured from the moment the PUT's answer came back (the commit
is before it, so this is a lower bound of commit-to-receipt) and from the moment it was sent (an upper bound).
Also checked on the way: every event arrives, none twice, none on another member's connection.

    nice -n 10 .venv/bin/python bench/channel_latency.py [--games 50] [--seconds 60] [--every 0]

``--every S``: each game sends one submission every S seconds at most (0: as fast as it can, which saturates
the runner's store: then the figure is the backlog's, not a delivery's).

What this measures is mostly moto (the runner's store serves one request at a time): the channel adds one
Query and one UpdateItem per delivery and the posts over loopback.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "http"))
from localrun_player import steady_orders  # noqa: E402


def start_runner(state_dir: Path) -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    process = subprocess.Popen([sys.executable, "-m", "localrun", "--clock", "manual", "--port", "0",
                                "--admin-port", "0", "--state-dir", str(state_dir)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    ready = state_dir / "runner.json"
    deadline = time.monotonic() + 60
    while not ready.exists():
        if time.monotonic() > deadline or process.poll() is not None:
            raise SystemExit("the runner did not start")
        time.sleep(0.05)
    return process, json.loads(ready.read_text())


class Ear:
    """One connection: every event it gets, with the time it got it."""

    def __init__(self, url: str, token: str, game_id: str, sub: str) -> None:
        self.ws = connect(url, subprotocols=["feinthold.v1", f"bearer.{token}"],  # type: ignore[list-item]
                          open_timeout=30, legacy=True)
        self.sub, self.game_id = sub, game_id
        self.ws.send(json.dumps({"action": "subscribe", "game_id": game_id}))
        while json.loads(self.ws.recv())["type"] != "subscribed":
            pass
        self.got: list[tuple[float, dict[str, Any]]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                self.got.append((time.monotonic(), json.loads(text)))
        except Exception:
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--every", type=float, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, ready = start_runner(Path(folder))
        try:
            run(ready, args.games, args.seconds, args.every)
        finally:
            process.terminate()
            process.wait(timeout=15)


def run(ready: dict[str, Any], games: int, seconds: float, every: float) -> None:
    admin, api, url = ready["admin"], ready["api"], ready["channel"]
    tables = []
    for n in range(games):
        members = []
        for side in ("south", "north"):
            sub = f"{side}{n}-{time.time_ns() % 10**8}"
            token = httpx.post(admin + "/tokens", json={"sub": sub}).json()["token"]
            members.append((sub, httpx.Client(base_url=api, headers={"Authorization": f"Bearer {token}"},
                                              timeout=60), token))
        game_id = httpx.post(admin + "/games", json={"seed": 20261130 + n, "pace": "1d", "players": {
            "south": members[0][0], "north": members[1][0]}}, timeout=60).json()["game_id"]
        tables.append((game_id, members))
    ears = [Ear(url, token, game_id, sub) for game_id, members in tables for sub, _, token in members
            for _copy in (0, 1)]
    print(f"{len(ears)} connections over {games} games", flush=True)
    sent: dict[tuple[str, int], tuple[float, float]] = {}
    refused: list[str] = []
    stop = time.monotonic() + seconds

    def play(table: tuple[str, list[Any]]) -> None:
        game_id, members = table
        path = f"/v1/feinthold/games/{game_id}"
        for turn in range(1, 9):
            for index, (_, http, _) in enumerate(members):
                if time.monotonic() > stop:
                    return
                orders = steady_orders(http.get(path).json()["view"])
                if every:
                    time.sleep(every * (0.5 + random.random()))
                start = time.monotonic()
                answer = http.put(f"{path}/turns/{turn}/orders", json={"orders": orders})
                if answer.status_code != 200:
                    refused.append(answer.text)
                    return
                sent[(game_id, 2 * turn + index)] = (start, time.monotonic())
                if answer.json()["game"]["status"] != "open":
                    return

    began = time.monotonic()
    with ThreadPoolExecutor(games if every else 16) as pool:
        list(pool.map(play, tables))
    played = time.monotonic() - began
    expected_total = sum(2 for _ in sent) * 2  # each submission: an event on each member's two connections
    count, progress = -1, time.monotonic()
    while (now := sum(1 for ear in ears for _, m in ear.got if m["type"] == "event")) < expected_total:
        if now != count:
            count, progress = now, time.monotonic()
        elif time.monotonic() - progress > 30:
            break  # nothing came for 30 s: what is missing is reported below
        time.sleep(0.2)
    drained = time.monotonic() - began
    after, before, seen, missing = [], [], 0, []
    for ear in ears:
        events = [(at, m) for at, m in ear.got if m["type"] == "event"]
        seqs = [m["seq"] for _, m in events]
        assert len(seqs) == len(set(seqs)), "an event came twice"
        assert all(m["stream"] == f"game:{ear.game_id}" for _, m in events), "an event of another game"
        order = sorted(k for k in sent if k[0] == ear.game_id)
        if len(events) != len(order):
            missing.append(f"{ear.sub}: {len(events)} of {len(order)} events, got {seqs}")
            continue
        for (at, _), key in zip(events, order, strict=True):
            start, answered = sent[key]
            after.append(at - answered)
            before.append(at - start)
        seen += len(events)

    def quantiles(values: list[float]) -> str:
        ordered = sorted(values)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        return f"median {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"

    print(f"{len(sent)} submissions in {played:.1f} s ({len(refused)} refused), the last event {drained:.1f} s in; {seen} events delivered, each once, to its member")
    for line in missing:
        print("MISSING", line)
    print(f"from the answer (commit before it): {quantiles(after)}")
    print(f"from the request sent:              {quantiles(before)}")


if __name__ == "__main__":
    main()
