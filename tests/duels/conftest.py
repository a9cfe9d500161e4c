"""Fixtures of the duel wiring tests: the domain and storage against moto in-process, a manual clock, members.

The pure duel tests (lifecycle, credits, ratings) need none of these."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from duel_world import START
from gameserver.clock import ManualClock, set_clock
from gameserver.identity import Caller

ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_REGION": "us-east-1",
    "TABLE_NAME": "duels-main",
    "IDEMPOTENCY_TABLE_NAME": "duels-idempotency",
    "TURN_TIMER_ARN": "",
    "EVENT_BUS_NAME": "",
    "POWERTOOLS_METRICS_NAMESPACE": "Feinthold",
    "POWERTOOLS_SERVICE_NAME": "gameserver",
}
UNSET = ("AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL", "AWS_LAMBDA_FUNCTION_NAME")


@pytest.fixture(scope="module")
def aws_environment() -> Iterator[None]:
    """The settings the app reads, for a whole module (hypothesis tests cannot take function fixtures)."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in ENVIRONMENT.items():
            patch.setenv(name, value)
        for name in UNSET:
            patch.delenv(name, raising=False)
        yield


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name, value in ENVIRONMENT.items():
        monkeypatch.setenv(name, value)
    for name in UNSET:
        monkeypatch.delenv(name, raising=False)
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
    from gameserver import services

    return services.storage()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    manual = ManualClock(START)
    previous = set_clock(manual)
    yield manual
    set_clock(previous)


def member(name: str) -> Caller:
    return Caller(sub=f"{name}-sub", groups=frozenset(), username=name)


@pytest.fixture
def ann() -> Caller:
    return member("ann")


@pytest.fixture
def bob() -> Caller:
    return member("bob")
