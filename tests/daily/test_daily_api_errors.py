"""The Daily Front's routes through the Lambda handler (moto in-process): a client's mistake is a 4xx that names
the field and the rule, never a 500."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

REMOVE = "/v1/feinthold/daily/2026-11-23/results/someone-sub/remove"


def call(method: str, path: str, body: str | None = None, moderator: bool = False) -> tuple[int, Any]:
    from gameserver.handlers.api import handler
    from localrun.events import HttpRequest, LambdaContext, http_api_event

    request = HttpRequest(method=method, path=path.split("?")[0], query_string=path.partition("?")[2],
                          headers=(("content-type", "application/json"),), body=(body or "").encode())
    claims = {"sub": "caller-sub", **({"cognito:groups": "[moderators]"} if moderator else {})}
    answer = handler(http_api_event(request, claims), LambdaContext("ApiFunction"))
    return answer["statusCode"], json.loads(answer.get("body") or "null")


@pytest.mark.parametrize(("method", "path", "body", "status", "field", "says"), [
    ("GET", "/v1/feinthold/daily?day=tomorrow", None, 422, "day", "written YYYY-MM-DD"),
    ("GET", "/v1/feinthold/daily?day=0", None, 422, "day", "written YYYY-MM-DD"),
    ("GET", "/v1/feinthold/daily?day=1764547200", None, 422, "day", "written YYYY-MM-DD"),
    ("GET", "/v1/feinthold/daily?day=2026-02-30", None, 422, "day", "range"),
    ("GET", "/v1/feinthold/daily?day=2026-11-24", None, 404, "day", "not drawn yet"),
    ("GET", "/v1/feinthold/daily/board?limit=0", None, 422, "limit", "greater than or equal to 1"),
    ("GET", "/v1/feinthold/daily/board?limit=101", None, 422, "limit", "less than or equal to 100"),
    ("GET", "/v1/feinthold/daily/board?day=0", None, 422, "day", "written YYYY-MM-DD"),
    ("GET", "/v1/feinthold/daily/board?cursor=not-a-cursor", None, 400, "cursor", "handed out"),
    ("GET", "/v1/feinthold/daily/months/2026-13", None, 422, "month", "pattern"),
    ("GET", "/v1/feinthold/daily/months/2026-11?cursor=e30", None, 400, "cursor", "handed out"),
    ("POST", "/v1/feinthold/daily/2026-99-01/results/x/remove", '{"why": "x"}', 422, "day", "month value"),
    ("POST", REMOVE, None, 422, "body", "required"),
    ("POST", REMOVE, "{not json", 400, "body", "not valid JSON"),
    ("POST", REMOVE, '{"why": ""}', 422, "why", "at least 1 character"),
    ("POST", REMOVE, '{"why": "   "}', 422, "why", "1 to 500 characters"),
    ("POST", REMOVE, '{"why": "x", "extra": 1}', 422, "extra", "not permitted"),
    ("POST", REMOVE, '{"why": "x"}', 404, "member", "no Front"),
])
def test_a_mistake_is_a_4xx_naming_the_field(aws, clock, method, path, body, status, field, says):
    got, answer = call(method, path, body, moderator=True)
    assert (got, answer["error"].get("field")) == (status, field), answer
    assert says in answer["error"]["message"]


def test_a_member_removing_a_front_is_a_403_and_a_second_start_a_409(aws, clock):
    assert call("POST", REMOVE, '{"why": "x"}')[0] == 403
    assert call("POST", "/v1/feinthold/daily")[0] == 201
    status, answer = call("POST", "/v1/feinthold/daily")
    assert (status, answer["error"]["code"], answer["error"]["rule"]) == (409, "front_already_started",
                                                                         "one game a day")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=30))
def test_any_day_cursor_or_month_gets_an_answer_not_a_server_error(aws, clock, text):
    for path in (f"/v1/feinthold/daily?day={quote(text)}", f"/v1/feinthold/daily/board?cursor={quote(text)}",
                 f"/v1/feinthold/daily/board?day={quote(text)}", f"/v1/feinthold/daily/months/2026-11?cursor={quote(text)}"):
        status, answer = call("GET", path)
        assert status in (200, 400, 404, 422), answer
        if status >= 400:
            assert answer["error"]["code"] and answer["error"]["message"]
