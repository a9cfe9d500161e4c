"""Fixtures of the Daily Front's stored tests: moto in-process (``mock_aws``), the salt from the environment,
a manual clock, and members."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from daily_world import MONDAY_MORNING, SALT
from gameserver.clock import ManualClock, set_clock


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from gameserver import services
    from gameserver.config import get_settings
    from gameserver.domain.daily_front import forget_known_fronts
    from gameserver.domain.profiles import forget_known_profiles
    from gameserver.storage import parameters
    from gameserver.storage.tables import create_tables
    from moto import mock_aws

    for name, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_REGION": "us-east-1",
        "TABLE_NAME": "daily-main",
        "IDEMPOTENCY_TABLE_NAME": "daily-idempotency",
        "TURN_TIMER_ARN": "",
        "DAILY_SALT": SALT,
        "DAILY_SALT_PARAMETER": "",
    }.items():
        monkeypatch.setenv(name, value)
    for name in ("AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL", "AWS_LAMBDA_FUNCTION_NAME"):
        monkeypatch.delenv(name, raising=False)

    def fresh() -> None:
        get_settings.cache_clear()
        services.reset()
        forget_known_profiles()
        parameters.forget()
        forget_known_fronts()

    fresh()
    with mock_aws():
        create_tables()
        yield
    fresh()


@pytest.fixture
def store(aws: None):
    from gameserver.services import storage

    return storage()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    manual = ManualClock(MONDAY_MORNING)
    previous = set_clock(manual)
    yield manual
    set_clock(previous)
