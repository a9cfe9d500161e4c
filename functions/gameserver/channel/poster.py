"""How a message reaches a connection: API Gateway's management API in the cloud (``ManagementApi``), the runner's
own sockets on loopback (``localrun.channel``)."""

from __future__ import annotations

import contextlib
import json
from typing import Any, Protocol


class Poster(Protocol):
    def post(self, connection_id: str, message: dict[str, Any]) -> bool:
        """Send ``message``; False when the connection is gone (the management API's 410)."""
        ...

    def close(self, connection_id: str) -> None:
        """Close the connection from the server's side (nothing if it is gone)."""
        ...


def encoded(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), sort_keys=True).encode()


class ManagementApi:
    """``@connections`` of a WebSocket API's stage (``endpoint``: ``https://{api}.execute-api.{region}...
    /{stage}``)."""

    def __init__(self, endpoint: str, client: Any = None) -> None:
        if client is None:
            import boto3

            client = boto3.client("apigatewaymanagementapi", endpoint_url=endpoint)
        self._client = client

    def post(self, connection_id: str, message: dict[str, Any]) -> bool:
        try:
            self._client.post_to_connection(ConnectionId=connection_id, Data=encoded(message))
        except self._client.exceptions.GoneException:
            return False
        return True

    def close(self, connection_id: str) -> None:
        with contextlib.suppress(self._client.exceptions.GoneException):
            self._client.delete_connection(ConnectionId=connection_id)
