"""The local runner as a real process on real loopback ports, for the API tests over HTTP.

One runner per test session (per xdist worker): `python -m localrun --clock manual --port 0 --admin-port 0`
with a state folder of its own. It is ready when it has written `runner.json` (its URLs). Members are
made with tokens minted by the runner's admin port; each test uses members of its own, so tests never
see each other's games even though they share the runner.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from contract import check_answer

START = "2026-11-30T09:00:00Z"
"""Where the runner's manual clock starts: a Monday morning, far from midnight and from the 1st."""


@dataclass
class Member:
    """A member of the local runner: their subject and an HTTP client that sends their token."""

    sub: str
    token: str
    http: httpx.Client

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.http.get(path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.http.post(path, **kwargs)

    def put(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.http.put(path, **kwargs)


@dataclass
class LocalRunner:
    api: str
    admin: str
    dynamodb: str
    state_dir: Path
    process: subprocess.Popen
    _clients: list[httpx.Client] = field(default_factory=list)
    _addresses: itertools.count = field(default_factory=lambda: itertools.count(2))

    def admin_call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        answer = httpx.request(method, self.admin + path, json=body, timeout=30)
        assert answer.status_code < 300, f"admin {method} {path}: {answer.status_code} {answer.text}"
        return answer.json()

    def member(self, name: str, *, moderator: bool = False, address: str | None = None) -> Member:
        """A new member whose requests leave from a loopback address of their own (all of 127/8 is loopback on
        Linux), so members are linked accounts only when a test gives two of them the same ``address``."""
        sub = f"{name}-{uuid.uuid4().hex[:8]}"
        token = self.admin_call("POST", "/tokens", {"sub": sub, "moderator": moderator})["token"]
        address = address or self.own_address()
        client = httpx.Client(base_url=self.api, headers={"Authorization": f"Bearer {token}"}, timeout=30,
                              transport=httpx.HTTPTransport(local_address=address),
                              event_hooks={"response": [_declared]})
        self._clients.append(client)
        return Member(sub, token, client)

    def own_address(self) -> str:
        """A loopback address no member of this runner had yet (127.0.0.1, everybody else's, is never one)."""
        n = next(self._addresses)
        return f"127.0.{n // 250}.{n % 250 + 2}"

    def known_member(self, name: str) -> Member:
        """A member who has called the API once: a member exists from their first call on (so a duel can be
        proposed to them)."""
        member = self.member(name)
        assert member.get("/v1/me").status_code == 200
        return member

    def now(self) -> str:
        return self.admin_call("GET", "/clock")["now"]

    def advance(self, seconds: float) -> dict[str, Any]:
        return self.admin_call("POST", "/clock/advance", {"seconds": seconds})

    def seeded_game(self, **body: Any) -> dict[str, Any]:
        return self.admin_call("POST", "/games", body)

    def close(self) -> None:
        for client in self._clients:
            client.close()


def _wait_ready(process: subprocess.Popen, ready_file: Path, log_file: Path, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the runner exited with {process.returncode}:\n{log_file.read_text()}")
        if ready_file.exists():
            return json.loads(ready_file.read_text())
        time.sleep(0.05)
    process.kill()
    pytest.fail(f"the runner was not ready within {timeout} s:\n{log_file.read_text()}")


def start_runner(state_dir: Path, *extra: str) -> tuple[subprocess.Popen, dict]:
    """`python -m localrun --clock manual` on free ports; returns the process and its runner.json."""
    log_file = state_dir / "runner.log"
    command = [sys.executable, "-m", "localrun", "--clock", "manual", "--start", START, "--port", "0",
               "--admin-port", "0", "--state-dir", str(state_dir), *extra]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with open(log_file, "w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    return process, _wait_ready(process, state_dir / "runner.json", log_file)


def stop_runner(process: subprocess.Popen) -> int:
    process.send_signal(signal.SIGINT)
    try:
        return process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait()


def _declared(answer: httpx.Response) -> None:
    """Every error the runner answers is one its operation declares (tests/contract.py)."""
    answer.read()
    is_json = answer.headers.get("content-type", "").startswith("application/json")
    check_answer(answer.request.method, answer.request.url.path, answer.status_code,
                 answer.json() if is_json and answer.content else None)


def ok(answer: httpx.Response, status: int = 200) -> Any:
    """The answer's body, once its status is the one expected."""
    assert answer.status_code == status, answer.text
    return answer.json()
