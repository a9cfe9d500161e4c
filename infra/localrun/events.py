"""The events Lambda hands our functions, built the way AWS builds them.

- HTTP API (payload format 2.0) requests with a JWT authorizer: `requestContext.authorizer.jwt.claims` holds
  every claim as a string, arrays in the `[a b]` form (`cognito:groups` -> `"[moderators]"`).
- EventBridge scheduled events (`detail-type: Scheduled Event`) whose `time` is the scheduled minute.
- The Lambda context object (request id, remaining time).
"""

from __future__ import annotations

import base64
import contextlib
import time
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl

ACCOUNT_ID = "123456789012"
REGION = "us-east-1"
API_ID = "localrun"
ROUTE_KEY = "ANY /{proxy+}"
"""The template's one route: every path under / reaches the API function (the root itself does not)."""

_TEXT_TYPES = ("text/", "application/json", "application/xml", "application/javascript",
               "application/x-www-form-urlencoded", "+json", "+xml")


@dataclass(frozen=True)
class HttpRequest:
    """One request as it reached the gateway."""

    method: str
    path: str
    query_string: str = ""
    headers: tuple[tuple[str, str], ...] = ()
    body: bytes = b""
    source_ip: str = "127.0.0.1"
    protocol: str = "HTTP/1.1"
    host: str = "127.0.0.1"
    port: int = 0

    def header(self, name: str) -> str | None:
        """The first value of header `name` (case-insensitive)."""
        wanted = name.lower()
        return next((value for key, value in self.headers if key.lower() == wanted), None)


def claim_strings(claims: Mapping[str, Any]) -> dict[str, str]:
    """Claims as the JWT authorizer passes them: strings, arrays as `[a b]`, booleans lower-case."""
    flat: dict[str, str] = {}
    for name, value in claims.items():
        if isinstance(value, list | tuple):
            flat[name] = "[" + " ".join(str(item) for item in value) + "]"
        elif isinstance(value, bool):
            flat[name] = "true" if value else "false"
        else:
            flat[name] = str(value)
    return flat


def _is_text(content_type: str | None) -> bool:
    if content_type is None:
        return True
    kind = content_type.split(";", 1)[0].strip().lower()
    return any(marker in kind for marker in _TEXT_TYPES)


def _body(request: HttpRequest) -> tuple[str | None, bool]:
    """The event's body and isBase64Encoded: text stays text, anything else is base64 as API Gateway does."""
    if not request.body:
        return None, False
    if _is_text(request.header("content-type")):
        with contextlib.suppress(UnicodeDecodeError):  # not UTF-8 after all: base64, like the rest
            return request.body.decode("utf-8"), False
    return base64.b64encode(request.body).decode("ascii"), True


def _joined_headers(request: HttpRequest) -> tuple[dict[str, str], list[str]]:
    """Lower-case header names, repeated headers joined with commas; cookies go apart as in payload 2.0."""
    headers: dict[str, str] = {}
    cookies: list[str] = []
    for name, value in request.headers:
        key = name.lower()
        if key == "cookie":
            cookies.extend(part.strip() for part in value.split(";") if part.strip())
            continue
        headers[key] = f"{headers[key]},{value}" if key in headers else value
    forwarded = headers.get("x-forwarded-for")
    headers["x-forwarded-for"] = f"{forwarded}, {request.source_ip}" if forwarded else request.source_ip
    headers["x-forwarded-port"] = str(request.port)
    headers["x-forwarded-proto"] = "http"
    headers.setdefault("x-amzn-trace-id", f"Root=1-{int(time.time()):08x}-{uuid.uuid4().hex[:24]}")
    return headers, cookies


def _query_parameters(query_string: str) -> dict[str, str] | None:
    """Repeated parameters are joined with commas, as in payload 2.0; no parameters: the key is absent."""
    params: dict[str, str] = {}
    for name, value in parse_qsl(query_string, keep_blank_values=True):
        params[name] = f"{params[name]},{value}" if name in params else value
    return params or None


def http_api_event(request: HttpRequest, claims: Mapping[str, Any], *, request_id: str | None = None,
                   now: float | None = None) -> dict[str, Any]:
    """The payload-2.0 event API Gateway's HTTP API sends for `request` after its JWT authorizer accepted `claims`."""
    epoch = time.time() if now is None else now
    headers, cookies = _joined_headers(request)
    body, is_base64 = _body(request)
    stamp = datetime.fromtimestamp(epoch, UTC)
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": ROUTE_KEY,
        "rawPath": request.path,
        "rawQueryString": request.query_string,
        "headers": headers,
        "requestContext": {
            "accountId": ACCOUNT_ID,
            "apiId": API_ID,
            "authorizer": {"jwt": {"claims": claim_strings(claims), "scopes": None}},
            "domainName": request.host,
            "domainPrefix": request.host.split(".", 1)[0],
            "http": {
                "method": request.method.upper(),
                "path": request.path,
                "protocol": request.protocol,
                "sourceIp": request.source_ip,
                "userAgent": headers.get("user-agent", ""),
            },
            "requestId": request_id or uuid.uuid4().hex,
            "routeKey": ROUTE_KEY,
            "stage": "$default",
            "time": stamp.strftime("%d/%b/%Y:%H:%M:%S +0000"),
            "timeEpoch": int(epoch * 1000),
        },
        "pathParameters": {"proxy": request.path.lstrip("/")},
        "isBase64Encoded": is_base64,
    }
    if cookies:
        event["cookies"] = cookies
    query = _query_parameters(request.query_string)
    if query is not None:
        event["queryStringParameters"] = query
    if body is not None:
        event["body"] = body
    return event


def scheduled_event(rule: str, at: datetime) -> dict[str, Any]:
    """The event an EventBridge schedule rule delivers for its firing at `at` (whole minute, UTC, `Z`)."""
    return {
        "version": "0",
        "id": str(uuid.uuid4()),
        "detail-type": "Scheduled Event",
        "source": "aws.events",
        "account": ACCOUNT_ID,
        "time": at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "region": REGION,
        "resources": [f"arn:aws:events:{REGION}:{ACCOUNT_ID}:rule/{rule}"],
        "detail": {},
    }


@dataclass
class LambdaContext:
    """What Lambda passes as `context`: the attributes Powertools and Mangum read."""

    function_name: str
    memory_limit_in_mb: int = 512
    timeout_seconds: int = 29
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    started: float = field(default_factory=time.monotonic)

    @property
    def invoked_function_arn(self) -> str:
        return f"arn:aws:lambda:{REGION}:{ACCOUNT_ID}:function:{self.function_name}"

    @property
    def function_version(self) -> str:
        return "$LATEST"

    @property
    def log_group_name(self) -> str:
        return f"/aws/lambda/{self.function_name}"

    @property
    def log_stream_name(self) -> str:
        return "localrun"

    def get_remaining_time_in_millis(self) -> int:
        elapsed = time.monotonic() - self.started
        return max(0, int((self.timeout_seconds - elapsed) * 1000))


def header_pairs(raw: Iterable[tuple[bytes, bytes]]) -> tuple[tuple[str, str], ...]:
    """ASGI's raw header list as text pairs (latin-1, as HTTP/1.1 defines)."""
    return tuple((name.decode("latin-1"), value.decode("latin-1")) for name, value in raw)
