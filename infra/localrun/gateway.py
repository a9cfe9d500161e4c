"""The runner's stand-in for API Gateway: bearer token -> payload-2.0 event -> the API Lambda -> HTTP response.

Like the HTTP API's JWT authorizer, it answers 401 `{"message":"Unauthorized"}` itself when the token is
missing or does not verify, and the Lambda never runs. There is no switch that turns this off.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from localrun.events import HttpRequest, LambdaContext, header_pairs, http_api_event
from localrun.tokens import TokenAuthority, TokenRejected

LambdaHandler = Callable[[dict[str, Any], Any], Any]

log = logging.getLogger("localrun.gateway")

# API Gateway's own bound on a request's payload (HTTP APIs: 10 MB): past it the gateway answers 413 itself and
# never invokes the function, so the runner stops reading there instead of buffering whatever a client sends.
GATEWAY_MAX_PAYLOAD = 10 * 1024 * 1024


@dataclass(frozen=True)
class HttpResponse:
    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes


def _json_response(status: int, payload: Any, extra: tuple[tuple[str, str], ...] = ()) -> HttpResponse:
    body = json.dumps(payload, separators=(",", ":")).encode()
    return HttpResponse(status, (("content-type", "application/json"), *extra), body)


def unauthorized(reason: str) -> HttpResponse:
    """API Gateway's own 401, with the authorizer's reason in `www-authenticate`."""
    challenge = f'Bearer scope="" error="invalid_token" error_description="{reason}"'
    return _json_response(401, {"message": "Unauthorized"}, (("www-authenticate", challenge),))


def lambda_response(result: Any) -> HttpResponse:
    """Turn what a payload-2.0 Lambda returned into the HTTP response API Gateway sends.

    A dict with `statusCode` is taken as the response; anything else is a 200 with that value as JSON
    (the HTTP API's rule for responses without a status code).
    """
    if not (isinstance(result, dict) and "statusCode" in result):
        text = result if isinstance(result, str) else json.dumps(result)
        return HttpResponse(200, (("content-type", "application/json"),), text.encode())
    headers: list[tuple[str, str]] = [(k.lower(), str(v)) for k, v in (result.get("headers") or {}).items()]
    for name, values in (result.get("multiValueHeaders") or {}).items():
        headers.extend((name.lower(), str(value)) for value in values)
    headers.extend(("set-cookie", cookie) for cookie in result.get("cookies") or [])
    raw = result.get("body") or ""
    body = base64.b64decode(raw) if result.get("isBase64Encoded") else str(raw).encode()
    return HttpResponse(int(result["statusCode"]), tuple(headers), body)


@dataclass(frozen=True)
class Cors:
    """The template's CorsConfiguration: API Gateway answers preflights itself, before any authorizer."""

    allow_origins: tuple[str, ...] = ("*",)
    allow_methods: tuple[str, ...] = ("GET", "POST", "PUT", "DELETE", "OPTIONS")
    allow_headers: tuple[str, ...] = ("authorization", "content-type", "idempotency-key", "x-device-id")
    max_age: int = 600

    def allowed_origin(self, origin: str | None) -> str | None:
        if origin is None:
            return None
        if "*" in self.allow_origins:
            return "*"
        return origin if origin in self.allow_origins else None

    def preflight(self, request: HttpRequest) -> HttpResponse:
        origin = self.allowed_origin(request.header("origin"))
        if origin is None:
            return HttpResponse(204, (), b"")
        return HttpResponse(204, (
            ("access-control-allow-origin", origin),
            ("access-control-allow-methods", ",".join(self.allow_methods)),
            ("access-control-allow-headers", ",".join(self.allow_headers)),
            ("access-control-max-age", str(self.max_age)),
        ), b"")

    def decorate(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        origin = self.allowed_origin(request.header("origin"))
        if origin is None:
            return response
        return HttpResponse(response.status, (*response.headers, ("access-control-allow-origin", origin)),
                            response.body)


def is_preflight(request: HttpRequest) -> bool:
    return (request.method.upper() == "OPTIONS" and request.header("origin") is not None
            and request.header("access-control-request-method") is not None)


class Gateway:
    """Authorise, build the event, invoke the handler as Lambda would, translate the answer."""

    def __init__(self, handler: LambdaHandler, authority: TokenAuthority, function_name: str = "ApiFunction",
                 cors: Cors | None = None):
        self.handler = handler
        self.authority = authority
        self.function_name = function_name
        self.cors = cors or Cors()

    def authorise(self, request: HttpRequest) -> dict[str, Any]:
        """The verified claims of the request's bearer token, or TokenRejected."""
        value = request.header("authorization")
        if not value:
            raise TokenRejected("the request has no Authorization header")
        scheme, _, token = value.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise TokenRejected("the Authorization header is not a Bearer token")
        return self.authority.verify(token.strip())

    def handle(self, request: HttpRequest) -> HttpResponse:
        if is_preflight(request):
            return self.cors.preflight(request)
        return self.cors.decorate(request, self._route(request))

    def _route(self, request: HttpRequest) -> HttpResponse:
        if request.path.strip("/") == "":
            # The only route is ANY /{proxy+}, which the root does not match.
            return _json_response(404, {"message": "Not Found"})
        try:
            claims = self.authorise(request)
        except TokenRejected as rejection:
            return unauthorized(str(rejection))
        context = LambdaContext(self.function_name)
        event = http_api_event(request, claims, request_id=context.aws_request_id)
        try:
            result = self.handler(event, context)
        except Exception:
            log.exception("the API function raised on %s %s", request.method, request.path)
            return _json_response(500, {"message": "Internal Server Error"})
        return lambda_response(result)


def _give_thread_an_event_loop() -> None:
    # Lambda calls the handler on a thread where asyncio.get_event_loop() works (Mangum relies on it);
    # each invocation worker gets its own loop, once.
    asyncio.set_event_loop(asyncio.new_event_loop())


class Handler(Protocol):
    def handle(self, request: HttpRequest) -> HttpResponse: ...


class GatewayApp:
    """A small ASGI app that feeds uvicorn's requests to the Gateway (or the runner's whole site) on a pool of
    invocation threads."""

    def __init__(self, gateway: Handler, concurrency: int = 64,
                  channel: Callable[[GatewayApp], Any] | None = None):
        self.gateway = gateway
        self.pool = ThreadPoolExecutor(concurrency, thread_name_prefix="invoke", initializer=_give_thread_an_event_loop)
        self.channel = channel(self) if channel is not None else None
        """The WebSocket API's stand-in (``localrun.channel.Channel``), given this app to invoke with."""

    async def invoke(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` on the invocation pool, as Lambda runs a handler."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, function, *args)

    async def __call__(self, scope: dict[str, Any], receive: Callable, send: Callable) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] == "websocket" and self.channel is not None:
            await self.channel(scope, receive, send)
            return
        if scope["type"] != "http":
            return
        chunks = []
        size = 0
        while True:
            message = await receive()
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > GATEWAY_MAX_PAYLOAD:
                await self._send(send, _json_response(413, {"message": "Request Entity Too Large"}))
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        client = scope.get("client") or ("127.0.0.1", 0)
        server = scope.get("server") or ("127.0.0.1", 0)
        request = HttpRequest(
            method=scope["method"],
            path=scope["path"],
            query_string=scope.get("query_string", b"").decode("latin-1"),
            headers=header_pairs(scope.get("headers", [])),
            body=b"".join(chunks),
            source_ip=client[0],
            protocol=f"HTTP/{scope.get('http_version', '1.1')}",
            host=server[0],
            port=server[1] or 0,
        )
        loop = asyncio.get_running_loop()
        response = await loop.run_in_executor(self.pool, self.gateway.handle, request)
        await self._send(send, response)

    @staticmethod
    async def _send(send: Callable, response: HttpResponse) -> None:
        await send({
            "type": "http.response.start",
            "status": response.status,
            "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in response.headers],
        })
        await send({"type": "http.response.body", "body": response.body})

    async def _lifespan(self, receive: Callable, send: Callable) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.pool.shutdown(wait=True, cancel_futures=True)
                await send({"type": "lifespan.shutdown.complete"})
                return
