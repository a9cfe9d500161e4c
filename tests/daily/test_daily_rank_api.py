"""My rank on the day's board through the Lambda handlers (moto in-process): the sweep rebuilds the summary, the
route answers the rank the board shows, 404 ``no_ranked_result`` with the reason, 400 for a bad day, 401 without
a token."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from daily_world import enter, member
from gameserver.platform.daily import NotRanked, Outcome

DAY = date(2026, 11, 23)
RANK = "/v1/feinthold/daily/rank"


def call(path: str, sub: str | None) -> tuple[int, Any]:
    from gameserver.handlers.api import handler
    from localrun.events import HttpRequest, LambdaContext, http_api_event

    request = HttpRequest(method="GET", path=path.split("?")[0], query_string=path.partition("?")[2],
                          headers=(("content-type", "application/json"),), body=b"")
    answer = handler(http_api_event(request, {"sub": sub} if sub else {}), LambdaContext("ApiFunction"))
    return answer["statusCode"], json.loads(answer.get("body") or "null")


def sweep(repo_root) -> dict:
    from gameserver.handlers.sweep import handler
    from localrun.events import LambdaContext

    event = json.loads((repo_root / "events" / "sweep_scheduled.json").read_text())
    return handler(event, LambdaContext("SweepFunction"))


@pytest.fixture
def day_played(store, clock):
    """Four ranked results (two tied), one too fast for the board, one still being played."""
    enter(store, DAY, "fast-win", Outcome.WIN, 3, 200)
    enter(store, DAY, "tied-a", Outcome.WIN, 5, 300)
    enter(store, DAY, "tied-b", Outcome.WIN, 5, 300)
    enter(store, DAY, "held-on", Outcome.LOSS, 8)
    enter(store, DAY, "machine", Outcome.WIN, 2, 20, reason=NotRanked.FASTER_THAN_A_HUMAN)
    from gameserver.storage.daily import FrontEntry
    from gameserver.storage.dynamodb.daily import encode_entry

    store.client.put_item(TableName=store.table, Item=encode_entry(FrontEntry(
        day=DAY, member=member("still-playing").sub, name="still-playing", game_id="g-playing", side="south",
        started_at="2026-11-23T08:58:00Z")))


def test_the_sweep_rebuilds_the_summary_and_the_route_answers_the_boards_rank(aws, clock, day_played, repo_root):
    assert sweep(repo_root) == {"outcomes": {}}, "the sweep's answer stays the turns'"
    clock.advance(30)
    board = call("/v1/feinthold/daily/board?day=2026-11-23", member("x").sub)[1]["entries"]
    shown = {e["name"]: e["rank"] for e in board}
    assert shown == {"fast-win": 1, "tied-a": 2, "tied-b": 2, "held-on": 4}
    for name, rank in shown.items():
        status, answer = call(RANK, member(name).sub)
        assert (status, answer) == (200, {"day": "2026-11-23", "rank": rank, "entries": 4,
                                          "as_of": "2026-11-23T09:00:00Z"}), name
    assert call(f"{RANK}?day=2026-11-23", member("held-on").sub)[1]["rank"] == 4


@pytest.mark.parametrize(("name", "says", "rule"), [
    ("machine", "not ranked (faster-than-a-human)", "faster-than-a-human"),
    ("still-playing", "still being played", None),
    ("never-played", "did not play the Front of 2026-11-23", None),
])
def test_no_ranked_result_is_a_404_that_says_why(aws, clock, day_played, name, says, rule):
    status, answer = call(RANK, member(name).sub)
    assert (status, answer["error"]["code"], answer["error"].get("rule")) == (404, "no_ranked_result", rule)
    assert says in answer["error"]["message"]


@pytest.mark.parametrize(("query", "status", "says"), [
    ("?day=yesterday", 422, "written YYYY-MM-DD"),
    ("?day=0", 422, "written YYYY-MM-DD"),
    ("?day=2026-02-30", 422, "range"),
    ("?day=2026-11-24", 404, "not drawn yet"),
])
def test_a_bad_day_is_refused_naming_it(aws, clock, query, status, says):
    got, answer = call(RANK + query, member("a").sub)
    assert (got, answer["error"]["field"]) == (status, "day"), answer
    assert says in answer["error"]["message"]


def test_no_token_no_rank(aws, clock):
    status, answer = call(RANK, None)
    assert (status, answer["error"]["code"]) == (401, "unauthenticated")
