"""The process's storage adapter, made once (handlers and the API share it; tests reset it)."""

from __future__ import annotations

import threading

from gameserver.storage.dynamodb import DynamoStorage

_lock = threading.Lock()
_storage: DynamoStorage | None = None


def storage() -> DynamoStorage:
    global _storage
    if _storage is None:
        with _lock:
            if _storage is None:
                _storage = DynamoStorage()
    return _storage


def reset() -> None:
    """Forget the adapter and the clients (tests that switch tables or moto contexts)."""
    global _storage
    from gameserver.storage.client import reset_clients

    with _lock:
        _storage = None
    reset_clients()  # the API's idempotency layer follows the client: it is built anew on the next call
