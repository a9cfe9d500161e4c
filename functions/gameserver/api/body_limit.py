"""One limit on a request's body, far above any valid request (an order set is a few KB): a longer body is a 413
with the error body, refused on its length before any JSON is decoded. It is the app's own, so the local runner
and API Gateway's Lambda (through Mangum) refuse the same bodies."""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gameserver.errors import ErrorCode

MAX_BODY_BYTES = 256 * 1024
"""256 KB."""


class BodyLimit:
    """ASGI middleware: reads the body up to the limit and hands it on whole, or answers 413 once it is passed
    (whatever Content-Length says, which a client may leave out or get wrong)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await _too_large(send)
            return
        chunks: list[bytes] = []
        length = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            length += len(chunk)
            if length > MAX_BODY_BYTES:
                await _too_large(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay([{"type": "http.request", "body": b"".join(chunks), "more_body": False}],
                                      receive), send)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """The messages already read, then (for a disconnect after the body) the client's own."""
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()

    return receive


async def _too_large(send: Send) -> None:
    code = ErrorCode.PAYLOAD_TOO_LARGE
    body = json.dumps({"error": {"code": str(code), "message": f"the body is longer than {MAX_BODY_BYTES} bytes",
                                 "field": "body"}}).encode()
    await send({"type": "http.response.start", "status": code.status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
