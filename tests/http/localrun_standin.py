"""A tiny stand-in API for the runner's own tests: an ASGI app behind Mangum, like the real API function.

It answers every request with what the Lambda event told it (the claims, the method, the path, the body),
so the tests can check the event the gateway built without depending on the application's routes.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from mangum import Mangum


class Recorder:
    """Keeps the events it is given and how many invocations ran at the same time."""

    def __init__(self, delay: float = 0.0):
        self.events: list[dict[str, Any]] = []
        self.delay = delay
        self.running = 0
        self.most_at_once = 0
        self._lock = threading.Lock()

    def __call__(self, event: dict[str, Any], context: Any) -> Any:
        with self._lock:
            self.events.append(event)
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        try:
            if self.delay:
                time.sleep(self.delay)
            return mangum_handler(event, context)
        finally:
            with self._lock:
                self.running -= 1


async def echo_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Echo what the ASGI scope (built by Mangum from the event) carries."""
    if scope["type"] != "http":
        return
    message = await receive()
    event = scope["aws.event"]
    payload = {
        "method": scope["method"],
        "path": scope["path"],
        "query": scope["query_string"].decode(),
        "body": message.get("body", b"").decode("latin-1"),
        "claims": event["requestContext"]["authorizer"]["jwt"]["claims"],
        "remaining_ms": scope["aws.context"].get_remaining_time_in_millis(),
    }
    status = 418 if scope["path"] == "/teapot" else 200
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"set-cookie", b"a=1"),
                            (b"set-cookie", b"b=2")]})
    await send({"type": "http.response.body", "body": json.dumps(payload).encode()})


mangum_handler = Mangum(echo_app, lifespan="off")
