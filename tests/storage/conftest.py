"""The contract tests' store: every test runs twice, once on the in-memory store the domain's fast tests use and
once on the DynamoDB adapter against moto in-process, so the fake cannot drift from the real thing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from moto_tables import either_store


@pytest.fixture(params=["memory", "dynamodb"])
def store(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    yield from either_store(request, monkeypatch, "contract")
