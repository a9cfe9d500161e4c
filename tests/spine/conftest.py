"""Spine fixtures: the domain and storage against moto in-process (``mock_aws``), a manual clock, members."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from gameserver.clock import ManualClock, set_clock
from gameserver.identity import Caller

START = datetime(2026, 3, 2, 12, 0, 0, tzinfo=UTC)


@pytest.fixture
def aws_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_REGION": "us-east-1",
        "TABLE_NAME": "spine-main",
        "IDEMPOTENCY_TABLE_NAME": "spine-idempotency",
        "TURN_TIMER_ARN": "",
        "POWERTOOLS_METRICS_NAMESPACE": "Feinthold",
        "POWERTOOLS_SERVICE_NAME": "gameserver",
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("AWS_ENDPOINT_URL_DYNAMODB", raising=False)
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    monkeypatch.delenv("AWS_LAMBDA_FUNCTION_NAME", raising=False)


@pytest.fixture
def aws(aws_env: None) -> Iterator[None]:
    from gameserver import services
    from gameserver.config import get_settings
    from gameserver.domain.profiles import forget_known_profiles
    from gameserver.storage.tables import create_tables
    from moto import mock_aws

    def fresh() -> None:
        get_settings.cache_clear()
        services.reset()
        forget_known_profiles()

    fresh()
    with mock_aws():
        create_tables()
        yield
    fresh()


@pytest.fixture
def store(aws: None):
    from gameserver.storage.dynamodb import DynamoStorage

    return DynamoStorage()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    manual = ManualClock(START)
    previous = set_clock(manual)
    yield manual
    set_clock(previous)


@pytest.fixture
def alice() -> Caller:
    return Caller(sub="alice-sub", groups=frozenset(), username="alice")


@pytest.fixture
def bob() -> Caller:
    return Caller(sub="bob-sub", groups=frozenset(), username="bob")
