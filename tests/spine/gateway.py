"""HTTP API (payload 2.0) events as API Gateway hands them to the Lambda after its JWT authorizer."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from contract import check_answer
from gameserver.identity import Caller
from moto_tables import address_of


class LambdaContext:
    function_name = "gameserver-api"
    function_version = "$LATEST"
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:gameserver-api"
    memory_limit_in_mb = 512
    aws_request_id = "spine-test"
    log_group_name = "/aws/lambda/gameserver-api"
    log_stream_name = "spine"

    def get_remaining_time_in_millis(self) -> int:
        return 30_000


def http_event(
    method: str,
    path: str,
    caller: Caller | None,
    body: Any = None,
    headers: dict[str, str] | None = None,
    source_ip: str | None = None,
    raw_body: str | None = None,
) -> dict[str, Any]:
    url = urlsplit(path)
    if source_ip is None:  # each member from an address of their own: the helpers never make linked accounts
        source_ip = address_of(caller.sub if caller is not None else "")
    all_headers = {"content-type": "application/json", **{k.lower(): v for k, v in (headers or {}).items()}}
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": "ANY /{proxy+}",
        "rawPath": url.path,
        "rawQueryString": url.query,
        "headers": all_headers,
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "spine",
            "domainName": "spine.execute-api.us-east-1.amazonaws.com",
            "http": {"method": method, "path": url.path, "protocol": "HTTP/1.1", "sourceIp": source_ip,
                     "userAgent": "spine"},
            "requestId": "spine",
            "routeKey": "ANY /{proxy+}",
            "stage": "$default",
            "time": "02/Mar/2026:12:00:00 +0000",
            "timeEpoch": 1772452800000,
        },
        "isBase64Encoded": False,
    }
    if caller is not None:
        claims: dict[str, Any] = {"sub": caller.sub, "cognito:username": caller.username, "token_use": "id"}
        if caller.groups:
            claims["cognito:groups"] = "[" + " ".join(sorted(caller.groups)) + "]"
        event["requestContext"]["authorizer"] = {"jwt": {"claims": claims, "scopes": None}}
    if raw_body is not None:
        event["body"] = raw_body
    elif body is not None:
        event["body"] = json.dumps(body)
    return event


def call(method: str, path: str, caller: Caller | None, body: Any = None, **kwargs: Any) -> tuple[int, Any]:
    """Invoke the API handler as Lambda would; the status and the decoded JSON body."""
    from gameserver.handlers.api import handler

    answer = handler(http_event(method, path, caller, body, **kwargs), LambdaContext())
    text = answer.get("body") or "null"
    decoded = json.loads(text)
    check_answer(method, path, answer["statusCode"], decoded)
    return answer["statusCode"], decoded
