"""Spine fixtures: the domain and storage against moto in-process (``mock_aws``), a manual clock, members."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from gameserver.clock import ManualClock
from gameserver.identity import Caller
from moto_tables import environment, manual_clock, moto_tables, set_environment

START = datetime(2026, 3, 2, 12, 0, 0, tzinfo=UTC)


@pytest.fixture
def aws_env(monkeypatch: pytest.MonkeyPatch) -> None:
    set_environment(monkeypatch, environment(
        "spine", POWERTOOLS_METRICS_NAMESPACE="Feinthold", POWERTOOLS_SERVICE_NAME="gameserver"))


@pytest.fixture
def aws(aws_env: None) -> Iterator[None]:
    with moto_tables():
        yield


@pytest.fixture
def store(aws: None):
    from gameserver.storage.dynamodb import DynamoStore

    return DynamoStore()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    with manual_clock(START) as manual:
        yield manual


@pytest.fixture
def alice() -> Caller:
    return Caller(sub="alice-sub", groups=frozenset(), username="alice")


@pytest.fixture
def bob() -> Caller:
    return Caller(sub="bob-sub", groups=frozenset(), username="bob")
