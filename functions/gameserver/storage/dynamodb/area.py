"""What every area's adapter shares: the store it belongs to, and through it the one client and table."""

from __future__ import annotations

from typing import Any


class Area:
    def __init__(self, store: Any) -> None:
        self._store = store

    @property
    def client(self) -> Any:
        return self._store.client

    @property
    def table(self) -> str:
        return str(self._store.table)

    def put_if(self, item: dict[str, Any], condition: str, values: dict[str, Any] | None = None,
               names: dict[str, str] | None = None) -> bool:
        """A PutItem under ``condition``; False, with nothing written, when the condition did not hold."""
        request: dict[str, Any] = {"TableName": self.table, "Item": item, "ConditionExpression": condition}
        if values:
            request["ExpressionAttributeValues"] = values
        if names:
            request["ExpressionAttributeNames"] = names
        try:
            self.client.put_item(**request)
        except self.client.exceptions.ConditionalCheckFailedException:
            return False
        return True
