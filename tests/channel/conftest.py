"""The channel's own tests run on both stores, as the contract tests do (tests/storage/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from moto_tables import either_store


@pytest.fixture(params=["memory", "dynamodb"])
def store(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    yield from either_store(request, monkeypatch, "channel")
