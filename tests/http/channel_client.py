"""A command-line-grade WebSocket client of the channel, for the tests: it connects with a member's token in
``Sec-WebSocket-Protocol``, reads every message on a thread of its own, and waits for the ones a test expects."""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from typing import Any

from gameserver.channel.protocol import ServerMessage
from pydantic import TypeAdapter
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

SUBPROTOCOL = "feinthold.v1"
TYPED = TypeAdapter(ServerMessage)
"""Every message a test gets is one the documented schema types (docs/api/channel.json)."""


def channel_url(api: str) -> str:
    return api.replace("http://", "ws://") + "/ws"


class Listener:
    def __init__(self, url: str, token: str | None, protocols: list[str] | None = None) -> None:
        offered = protocols if protocols is not None else [SUBPROTOCOL, f"bearer.{token}"]
        self.ws: ClientConnection = connect(url, subprotocols=offered, open_timeout=15, legacy=True)  # type: ignore[arg-type]
        self.received: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.seen: list[dict[str, Any]] = []
        self.closed = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                message = json.loads(text)
                TYPED.validate_python(message)
                self.received.put(message)
        except ConnectionClosed:
            pass
        self.closed.set()
        self.received.put(None)

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))

    def next(self, timeout: float = 10) -> dict[str, Any]:
        message = self.received.get(timeout=timeout)
        if message is None:
            raise AssertionError(f"the connection closed; it had sent {self.seen}")
        self.seen.append(message)
        return message

    def until(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 10) -> dict[str, Any]:
        """The first message ``wanted`` accepts (the ones before it are kept in ``seen``)."""
        while True:
            message = self.next(timeout)
            if wanted(message):
                return message

    def subscribe(self, **what: Any) -> dict[str, Any]:
        self.send(action="subscribe", **what)
        return self.until(lambda m: m["type"] in ("subscribed", "error"))

    def events(self) -> list[dict[str, Any]]:
        return [m for m in self.seen if m["type"] == "event"]

    def quiet(self, seconds: float = 0.5) -> list[dict[str, Any]]:
        """Every message that arrives within ``seconds``."""
        got = []
        try:
            while True:
                got.append(self.next(seconds))
        except queue.Empty:
            return got

    def close(self) -> None:
        self.ws.close()


def refused(url: str, protocols: list[str]) -> int:
    """The HTTP status a handshake offering ``protocols`` is refused with."""
    try:
        connect(url, subprotocols=protocols, open_timeout=15, legacy=True).close()  # type: ignore[arg-type]
    except InvalidStatus as error:
        return error.response.status_code
    raise AssertionError("the connection was accepted")
