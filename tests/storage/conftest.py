"""The contract tests' store: every test runs twice, once on the in-memory store the domain's fast tests use and
once on the DynamoDB adapter against moto in-process, so the fake cannot drift from the real thing."""

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
    set_environment(monkeypatch, environment("contract"))
    with moto_tables():
        from gameserver.storage.dynamodb import DynamoStore

        yield DynamoStore()
