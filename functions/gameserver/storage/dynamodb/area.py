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
