"""The runner's stand-in for the WebSocket API: the same protocol on loopback (``ws://127.0.0.1:<port>/ws``),
the same functions (``gameserver.handlers.channel``) invoked with the events API Gateway builds, and the same
fan-out on each event item the store commits.

- The upgrade goes through the REQUEST authorizer first (the token offered in ``Sec-WebSocket-Protocol``); a
  refused one closes the handshake (403) and $connect never runs.
- Posting is to the runner's own sockets (``Sockets``): a connection that is gone answers False, as the
  management API's 410.
- ``StreamObserver`` stands in for the events table's stream: every TransactWriteItems the store commits is
  looked at after it succeeded, its Puts of event items (the template's filter, ``FILTER_PATTERN``) are handed,
  in commit order, to the worker of their partition key (``WORKERS`` of them, as the event source mapping's
  ``ParallelizationFactor``: one stream's events in order, streams side by side), which calls the fan-out
  function; the records it reports failed come again after a short wait, as Lambda retries a batch.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import queue
import threading
import time
import uuid
import zlib
from collections.abc import Callable
from typing import Any

from localrun.events import LambdaContext, header_pairs

log = logging.getLogger("localrun.channel")

PATH = "/ws"
RETRY_SECONDS = 0.05
WORKERS = 4
SEND_SECONDS = 120


class Sockets:
    """Open connections: id -> (event loop, send). Posting from any thread waits for the send to finish."""

    def __init__(self) -> None:
        self._open: dict[str, tuple[asyncio.AbstractEventLoop, Callable[[dict[str, Any]], Any]]] = {}
        self._lock = threading.Lock()

    def add(self, connection_id: str, loop: asyncio.AbstractEventLoop, send: Callable[[dict[str, Any]], Any]
            ) -> None:
        with self._lock:
            self._open[connection_id] = (loop, send)

    def remove(self, connection_id: str) -> None:
        with self._lock:
            self._open.pop(connection_id, None)

    def __len__(self) -> int:
        return len(self._open)

    def _send(self, connection_id: str, message: dict[str, Any]) -> bool:
        held = self._open.get(connection_id)
        if held is None:
            return False
        loop, send = held
        try:
            # A busy event loop is slow, not gone: only a socket that closed is (a 410).
            asyncio.run_coroutine_threadsafe(send(message), loop).result(timeout=SEND_SECONDS)
        except Exception:
            self.remove(connection_id)
            return False
        return True

    def post(self, connection_id: str, message: dict[str, Any]) -> bool:
        text = json.dumps(message, separators=(",", ":"), sort_keys=True)
        return self._send(connection_id, {"type": "websocket.send", "text": text})

    def close(self, connection_id: str) -> None:
        self._send(connection_id, {"type": "websocket.close", "code": 1008})
        self.remove(connection_id)


def _request_context(connection_id: str, route: str, authorizer: dict[str, str] | None = None) -> dict[str, Any]:
    context: dict[str, Any] = {"connectionId": connection_id, "routeKey": route, "eventType": {
        "$connect": "CONNECT", "$disconnect": "DISCONNECT"}.get(route, "MESSAGE"), "stage": "local",
        "domainName": "127.0.0.1", "apiId": "localrun-ws", "requestTimeEpoch": int(time.time() * 1000)}
    if authorizer is not None:
        context["authorizer"] = authorizer
    return context


class Channel:
    """The ASGI side of the WebSocket API: each socket's handshake, messages and close, as Lambda invocations
    on the runner's invocation pool."""

    def __init__(self, handlers: Any, sockets: Sockets, run: Callable[..., Any]) -> None:
        self.handlers = handlers
        self.sockets = sockets
        self.run = run
        """Runs a function on the invocation pool, awaited (``GatewayApp.invoke``)."""

    async def __call__(self, scope: dict[str, Any], receive: Callable, send: Callable) -> None:
        first = await receive()
        if first["type"] != "websocket.connect":
            return
        if scope["path"] != PATH:
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = {name.lower(): value for name, value in header_pairs(scope.get("headers", []))}
        try:
            allowed = await self.run(self.handlers.authorizer, {
                "type": "REQUEST", "headers": headers,
                "methodArn": "arn:aws:execute-api:us-east-1:123456789012:localrun-ws/local/$connect"},
                LambdaContext("ChannelAuthorizer"))
        except Exception:
            await send({"type": "websocket.close", "code": 1008})  # before accept: the handshake gets 403
            return
        connection_id = uuid.uuid4().hex[:16]
        authorizer = allowed["context"]
        answer = await self.run(self.handlers.connect, {
            "requestContext": _request_context(connection_id, "$connect", authorizer), "headers": headers},
            LambdaContext("ChannelConnectFunction"))
        self.sockets.add(connection_id, asyncio.get_running_loop(), send)
        await send({"type": "websocket.accept", "subprotocol": answer["headers"]["Sec-WebSocket-Protocol"]})
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    break
                body = message.get("text")
                if body is None and message.get("bytes") is not None:
                    body = message["bytes"].decode("utf-8", "replace")
                await self.run(self.handlers.message, {
                    "requestContext": _request_context(connection_id, "$default", authorizer), "body": body},
                    LambdaContext("ChannelMessageFunction"))
        finally:
            self.sockets.remove(connection_id)
            await self.run(self.handlers.disconnect, {
                "requestContext": _request_context(connection_id, "$disconnect", authorizer)},
                LambdaContext("ChannelDisconnectFunction"))


def matches(pattern: dict[str, Any], record: dict[str, Any]) -> bool:
    """Lambda's event filtering, for the plain patterns the template uses (values listed, keys nested)."""
    for key, wanted in pattern.items():
        value = record.get(key)
        if isinstance(wanted, dict):
            if not isinstance(value, dict) or not matches(wanted, value):
                return False
        elif value not in wanted:
            return False
    return True


class StreamObserver:
    """The events table's stream, locally: committed Puts of the table, filtered, to one fan-out worker."""

    def __init__(self, table: str, fanout: Callable[[dict[str, Any], Any], dict[str, Any]],
                 pattern: dict[str, Any]) -> None:
        self.table, self.fanout, self.pattern = table, fanout, pattern
        self._queues: list[queue.Queue[dict[str, Any] | None]] = [queue.Queue() for _ in range(WORKERS)]
        self._sequence = 0
        self._workers = [threading.Thread(target=self._work, args=(q,), name=f"fanout-{n}", daemon=True)
                         for n, q in enumerate(self._queues)]

    def start(self) -> StreamObserver:
        from moto.dynamodb import models

        original = models.DynamoDBBackend.transact_write_items
        observer = self

        @functools.wraps(original)
        def transact_write_items(backend: Any, transact_items: list[dict[str, Any]]) -> None:
            original(backend, transact_items)
            observer.committed(transact_items)

        transact_write_items.__wrapped_by_stream__ = True  # type: ignore[attr-defined]
        if not getattr(original, "__wrapped_by_stream__", False):
            models.DynamoDBBackend.transact_write_items = transact_write_items  # type: ignore[method-assign,assignment]
        for worker in self._workers:
            worker.start()
        return self

    def committed(self, transact_items: list[dict[str, Any]]) -> None:
        """A transaction's items, once it committed (the store serves one request at a time: commit order)."""
        for entry in transact_items:
            put = entry.get("Put")
            if put is None or put.get("TableName") != self.table:
                continue
            self._sequence += 1
            record = {"eventName": "INSERT", "eventSource": "aws:dynamodb",
                      "dynamodb": {"NewImage": put["Item"], "SequenceNumber": f"{self._sequence:021d}",
                                   "StreamViewType": "NEW_IMAGE"}}
            if matches(self.pattern, record):
                self._queues[zlib.crc32(put["Item"]["pk"]["S"].encode()) % WORKERS].put(record)

    def stop(self) -> None:
        for each in self._queues:
            each.put(None)

    def _work(self, records: queue.Queue[dict[str, Any] | None]) -> None:
        while True:
            record = records.get()
            if record is None:
                return
            batch = [record]
            while not records.empty() and len(batch) < 100:
                following = records.get()
                if following is None:
                    self._deliver(batch)
                    return
                batch.append(following)
            self._deliver(batch)

    def _deliver(self, batch: list[dict[str, Any]]) -> None:
        while batch:
            try:
                answer = self.fanout({"Records": batch}, LambdaContext("FanoutFunction"))
            except Exception:
                log.exception("the fan-out raised; its batch comes again")
                answer = {"batchItemFailures": [{"itemIdentifier": r["dynamodb"]["SequenceNumber"]}
                                                for r in batch]}
            failed = {item["itemIdentifier"] for item in answer.get("batchItemFailures", [])}
            batch = [r for r in batch if r["dynamodb"]["SequenceNumber"] in failed]
            if batch:
                time.sleep(RETRY_SECONDS)
