"""The low-level DynamoDB client, made on first use (a botocore client: boto3's session and resources
cost a cold start that a request never uses)."""

from __future__ import annotations

import threading
from typing import Any

_lock = threading.Lock()
_clients: dict[str, Any] = {}
_session: Any = None


def _botocore_session() -> Any:
    """One botocore session per process: it keeps the service models it has loaded, so a client made again
    (tests switching endpoints) does not parse them again."""
    global _session
    if _session is None:
        import botocore.session

        _session = botocore.session.get_session()
    return _session


def _client(service: str) -> Any:
    client = _clients.get(service)
    if client is not None:
        return client
    with _lock:
        client = _clients.get(service)
        if client is None:
            from botocore.config import Config

            from gameserver.config import get_settings

            client = _botocore_session().create_client(
                service,
                region_name=get_settings().region,
                config=Config(retries={"mode": "standard", "max_attempts": 3}, connect_timeout=2, read_timeout=5),
            )
            _clients[service] = client
    return client


def dynamodb_client() -> Any:
    return _client("dynamodb")


def stepfunctions_client() -> Any:
    return _client("stepfunctions")


def events_client() -> Any:
    return _client("events")


def reset_clients() -> None:
    """Forget the clients (tests that switch endpoints or moto contexts)."""
    with _lock:
        _clients.clear()
