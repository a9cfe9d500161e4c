"""The per-member limits through HTTP on the local runner's manual clock (docs/scale.md, "Rate limits"): the
limit reached answers 429 ``rate_limited`` naming it, with Retry-After the seconds to the window's end; the
limit is free again once its window is over; another member is not affected."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

import pytest
from gameserver.domain.limits import PER_MINUTE, WINDOW_S, Limit
from localrun_process import LocalRunner, Member, ok

pytestmark = pytest.mark.http

START = {"house_ai": "pivot", "pace": "1d", "side": "north"}


def seconds_left(runner: LocalRunner) -> int:
    """The seconds from the manual clock's now to the end of its minute (the limits' fixed window)."""
    now = datetime.fromisoformat(runner.now().replace("Z", "+00:00")).timestamp()
    return max(1, math.ceil((now // WINDOW_S + 1) * WINDOW_S - now))


def refused(answer, limit: Limit, runner: LocalRunner) -> None:
    assert answer.status_code == 429, answer.text
    error = answer.json()["error"]
    assert (error["code"], error["rule"]) == ("rate_limited", str(limit)), error
    assert int(answer.headers["Retry-After"]) == seconds_left(runner)


def start(member: Member):
    return member.post("/v1/feinthold/games", json=START)


def test_starting_games_is_limited_per_member_and_minute(runner: LocalRunner, alice: Member, bob: Member):
    for _ in range(PER_MINUTE[Limit.STARTS]):
        ok(start(alice), 201)
    refused(start(alice), Limit.STARTS, runner)
    assert ok(alice.get("/v1/me"))["sub"] == alice.sub, "only starting games is refused"
    ok(start(bob), 201)
    runner.advance(seconds_left(runner))
    ok(start(alice), 201)


def test_requests_a_minute_are_limited_per_member(runner: LocalRunner, alice: Member, bob: Member):
    # The minute's allowance, sent eight at a time (the runner's concurrency): every one answered, none refused.
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: alice.get("/v1/me").status_code, range(PER_MINUTE[Limit.REQUESTS])))
    assert answers == [200] * PER_MINUTE[Limit.REQUESTS]
    answer = alice.get("/v1/me")
    refused(answer, Limit.REQUESTS, runner)
    ok(bob.get("/v1/me"))
    runner.advance(seconds_left(runner))
    ok(alice.get("/v1/me"))
