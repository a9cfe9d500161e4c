"""The events area in memory (``storage.events``), with the DynamoDB adapter's conditions: the contract tests
(``tests/storage/test_contract_events.py``) hold the two to the same behaviour."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from gameserver.storage.errors import WriteConflict
from gameserver.storage.events import Connection, Event, EventWrite, Subscription
from gameserver.storage.memory_base import Apply, Check


@dataclass
class EventTables:
    events: dict[tuple[str, str], dict[str, Event]] = field(default_factory=dict)
    connections: dict[str, Connection] = field(default_factory=dict)
    streams: dict[str, set[str]] = field(default_factory=dict)
    """Each connection's streams (the connection item's ``streams``)."""
    subscriptions: dict[tuple[str, str], dict[str, Subscription]] = field(default_factory=dict)


class MemoryEvents:
    def __init__(self, store: Any, tables: EventTables) -> None:
        self._lock: threading.RLock = store.lock
        self.t = tables

    def write_steps(self, write: EventWrite) -> tuple[Check, Apply]:
        def apply() -> None:
            for event in write.events:
                self.t.events.setdefault((event.sub, event.stream), {})[event.seq] = event

        return (lambda: None), apply

    # ------------------------------------------------------------ events
    def events_after(self, sub: str, stream: str, after: str, limit: int = 100) -> list[Event]:
        with self._lock:
            held = self.t.events.get((sub, stream), {})
            return [held[seq] for seq in sorted(held) if seq > after][:limit]

    def latest(self, sub: str, stream: str) -> str:
        with self._lock:
            return max(self.t.events.get((sub, stream), {}), default="")

    def has_event(self, sub: str, stream: str, seq: str) -> bool:
        with self._lock:
            return seq in self.t.events.get((sub, stream), {})

    # ------------------------------------------------------------ connections
    def open_connection(self, connection: Connection) -> None:
        with self._lock:
            self.t.connections[connection.connection_id] = connection
            self.t.streams.setdefault(connection.connection_id, set())

    def connection(self, connection_id: str) -> Connection | None:
        return self.t.connections.get(connection_id)

    def reauthorize(self, connection_id: str, token_expires: int) -> bool:
        with self._lock:
            held = self.t.connections.get(connection_id)
            if held is None:
                return False
            self.t.connections[connection_id] = held._replace(token_expires=token_expires)
            for stream in self.t.streams.get(connection_id, set()):
                subscriptions = self.t.subscriptions[(held.sub, stream)]
                subscriptions[connection_id] = subscriptions[connection_id]._replace(token_expires=token_expires)
            return True

    def close_connection(self, connection_id: str) -> None:
        with self._lock:
            held = self.t.connections.pop(connection_id, None)
            if held is None:
                return
            for stream in self.t.streams.pop(connection_id, set()):
                self.t.subscriptions.get((held.sub, stream), {}).pop(connection_id, None)

    def expired(self, now: int, limit: int) -> list[str]:
        with self._lock:
            due = sorted((c.token_expires, c.connection_id) for c in self.t.connections.values()
                         if c.token_expires <= now)
            return [connection_id for _, connection_id in due[:limit]]

    # ------------------------------------------------------------ subscriptions
    def subscribe(self, subscription: Subscription) -> None:
        with self._lock:
            if subscription.connection_id not in self.t.connections:
                raise WriteConflict(f"no connection {subscription.connection_id}")
            self.t.subscriptions.setdefault((subscription.sub, subscription.stream), {})[
                subscription.connection_id] = subscription
            self.t.streams[subscription.connection_id].add(subscription.stream)

    def unsubscribe(self, connection_id: str, sub: str, stream: str) -> bool:
        with self._lock:
            found = self.t.subscriptions.get((sub, stream), {}).pop(connection_id, None)
            self.t.streams.get(connection_id, set()).discard(stream)
            return found is not None

    def subscribers(self, sub: str, stream: str) -> list[Subscription]:
        with self._lock:
            return list(self.t.subscriptions.get((sub, stream), {}).values())

    def claim(self, subscription: Subscription, seq: str, *, catching: bool, now: int) -> bool:
        with self._lock:
            held = self.t.subscriptions.get((subscription.sub, subscription.stream), {})
            current = held.get(subscription.connection_id)
            if current is None or not current.after < seq or (not catching and current.catching_until >= now):
                return False
            held[subscription.connection_id] = current._replace(after=seq)
            return True

    def end_catch_up(self, subscription: Subscription, after: str) -> bool:
        with self._lock:
            held = self.t.subscriptions.get((subscription.sub, subscription.stream), {})
            current = held.get(subscription.connection_id)
            if current is None or current.after != after:
                return False
            held[subscription.connection_id] = current._replace(catching_until=0)
            return True
