"""The event the runner hands the API function is the HTTP API's payload 2.0 after its JWT authorizer."""

from __future__ import annotations

import base64

from localrun.events import HttpRequest, LambdaContext, claim_strings, http_api_event, scheduled_event


def _request(**overrides) -> HttpRequest:
    fields = dict(
        method="put",
        path="/v1/feinthold/games/g1/turns/1/orders",
        query_string="cursor=abc&tag=x&tag=y",
        headers=(("Content-Type", "application/json"), ("Authorization", "Bearer t"),
                 ("X-Device-Id", "dev-1"), ("Accept", "a"), ("accept", "b"), ("Cookie", "s=1; t=2")),
        body=b'{"orders": []}',
        source_ip="127.0.0.9",
        host="127.0.0.1",
        port=8080,
    )
    fields.update(overrides)
    return HttpRequest(**fields)


def test_claims_arrive_as_strings_with_arrays_in_brackets():
    flat = claim_strings({"sub": "alice", "cognito:groups": ["moderators", "testers"], "exp": 17, "ok": True})
    assert flat == {"sub": "alice", "cognito:groups": "[moderators testers]", "exp": "17", "ok": "true"}


def context_route(event):
    return event["requestContext"]["routeKey"]


def test_the_event_has_the_payload_2_shape():
    event = http_api_event(_request(), {"sub": "alice", "cognito:groups": ["moderators"]}, request_id="r1", now=0)
    assert event["version"] == "2.0"
    assert event["routeKey"] == "ANY /{proxy+}" and context_route(event) == "ANY /{proxy+}"
    assert event["pathParameters"] == {"proxy": "v1/feinthold/games/g1/turns/1/orders"}
    assert event["rawPath"] == "/v1/feinthold/games/g1/turns/1/orders"
    assert event["rawQueryString"] == "cursor=abc&tag=x&tag=y"
    assert event["queryStringParameters"] == {"cursor": "abc", "tag": "x,y"}
    context = event["requestContext"]
    assert context["authorizer"]["jwt"]["claims"] == {"sub": "alice", "cognito:groups": "[moderators]"}
    assert context["http"] == {"method": "PUT", "path": "/v1/feinthold/games/g1/turns/1/orders",
                               "protocol": "HTTP/1.1", "sourceIp": "127.0.0.9", "userAgent": ""}
    assert context["requestId"] == "r1" and context["timeEpoch"] == 0
    assert context["time"] == "01/Jan/1970:00:00:00 +0000"
    assert event["body"] == '{"orders": []}' and event["isBase64Encoded"] is False


def test_headers_are_lower_case_joined_and_cookies_apart():
    event = http_api_event(_request(), {"sub": "alice"})
    headers = event["headers"]
    assert headers["x-device-id"] == "dev-1"
    assert headers["accept"] == "a,b"
    assert headers["authorization"] == "Bearer t"
    assert headers["x-forwarded-for"] == "127.0.0.9"
    assert headers["x-forwarded-port"] == "8080"
    assert "cookie" not in headers and event["cookies"] == ["s=1", "t=2"]


def test_binary_bodies_are_base64_and_empty_ones_absent():
    binary = http_api_event(_request(headers=(("Content-Type", "application/octet-stream"),), body=b"\xff\x00"),
                            {"sub": "a"})
    assert binary["isBase64Encoded"] is True and base64.b64decode(binary["body"]) == b"\xff\x00"
    empty = http_api_event(_request(method="GET", body=b"", query_string=""), {"sub": "a"})
    assert "body" not in empty and "queryStringParameters" not in empty and empty["isBase64Encoded"] is False


def test_scheduled_events_carry_the_scheduled_minute():
    from datetime import UTC, datetime

    event = scheduled_event("daily-rotation", datetime(2026, 12, 1, tzinfo=UTC))
    assert event["detail-type"] == "Scheduled Event" and event["source"] == "aws.events"
    assert event["time"] == "2026-12-01T00:00:00Z"
    assert event["resources"][0].endswith(":rule/daily-rotation")


def test_the_lambda_context_counts_down():
    context = LambdaContext("ApiFunction", timeout_seconds=29)
    assert 0 < context.get_remaining_time_in_millis() <= 29_000
    assert context.invoked_function_arn.endswith(":function:ApiFunction")
