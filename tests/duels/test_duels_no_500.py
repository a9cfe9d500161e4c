"""Whatever a client sends to the duel and doctrine routes, a mistake is a 4xx in the one error shape, never a
500 (the Lambda handler in-process, moto behind it)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

WORDS = ["name", "rules", "if", "then", "units_at", "at", "at_least", "advance", "from", "toward", "my-hq", "centre",
         "doctrine", "opponent", "pace", "stake", "blitz", "1d", "x"]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(WORDS),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(WORDS), inner, max_size=4),
    max_leaves=14,
)


def call(method: str, path: str, sub: str, raw: str | None = None) -> tuple[int, Any]:
    from gameserver.handlers.api import handler
    from localrun.events import HttpRequest, LambdaContext, http_api_event

    request = HttpRequest(method=method, path=path.split("?")[0], query_string=path.partition("?")[2],
                          headers=(("content-type", "application/json"),), body=(raw or "").encode())
    answer = handler(http_api_event(request, {"sub": sub}), LambdaContext("ApiFunction"))
    return answer["statusCode"], json.loads(answer.get("body") or "null")


def client_error_or_success(status: int, body: Any) -> None:
    assert status < 500, body
    if status >= 400:
        assert isinstance(body, dict) and set(body) == {"error"} and body["error"]["code"] and body["error"]["message"]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON, path=st.sampled_from(["/v1/feinthold/duels", "/v1/feinthold/doctrines"]),
       wrapped=st.booleans())
def test_any_duel_or_doctrine_body_gets_an_answer_not_a_server_error(aws, clock, body, path, wrapped):
    raw = json.dumps({"doctrine": body} if wrapped and path.endswith("doctrines") else body)
    client_error_or_success(*call("POST", path, "fuzz", raw))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.text(max_size=40), action=st.sampled_from(["accept", "decline", "withdraw", "ready", "abandon"]))
def test_any_cursor_or_duel_id_gets_an_answer_not_a_server_error(aws, clock, query, action):
    from urllib.parse import quote

    for path in (f"/v1/feinthold/duels?list=open&cursor={quote(query)}", f"/v1/credits?cursor={quote(query)}",
                 f"/v1/feed?cursor={quote(query)}", f"/v1/feinthold/leaderboards/duels?cursor={quote(query)}"):
        client_error_or_success(*call("GET", path, "fuzz"))
    client_error_or_success(*call("POST", f"/v1/feinthold/duels/{'ab' * 10}/{action}", "fuzz"))


def test_a_cursor_naming_other_keys_is_refused_as_a_cursor(aws, clock):
    import base64

    def cursor(plain: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(plain).encode()).decode().rstrip("=")

    for forged in ({"gsi1pk": "DUELS#open"}, {"gsi1pk": "DUELS#open", "pk": "x", "sk": "y", "gsi1sk": "z", "q": "1"}):
        status, body = call("GET", f"/v1/feinthold/duels?list=open&cursor={cursor(forged)}", "fuzz")
        assert (status, body["error"]["field"]) == (400, "cursor")
    status, body = call("GET", f"/v1/credits?cursor={cursor({'pk': 'MEMBER#fuzz', 'sk': 'PROFILE'})}", "fuzz")
    assert (status, body["error"]["field"]) == (400, "cursor")


def test_a_stake_of_the_wrong_json_type_is_refused_naming_the_field(aws, clock):
    """Strict bodies: "10", 10.5 or true for a number of credits is a 422 on ``stake``, never converted."""
    for stake in ("10", 10.5, True):
        status, body = call("POST", "/v1/feinthold/duels", "strict", json.dumps({"pace": "1d", "stake": stake}))
        assert (status, body["error"]["field"]) == (422, "stake"), (stake, body)
    status, body = call("POST", "/v1/feinthold/duels", "strict", json.dumps({"pace": "1d", "stake": 10}))
    assert status == 201 and body["stake"] == 10, body
