"""The channel's own tests run on both stores, as the contract tests do (tests/storage/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from moto_tables import environment, moto_tables, set_environment


@pytest.fixture(params=["memory", "dynamodb"])
def store(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    if request.param == "memory":
        from gameserver.storage.memory import MemoryStore

        yield MemoryStore()
        return
    set_environment(monkeypatch, environment("channel"))
    with moto_tables():
        from gameserver.storage.dynamodb import DynamoStore

        yield DynamoStore()
