"""The stored tests' common ground (spine, duels, Daily Front): the app's settings for moto in-process, the tables
under ``mock_aws`` with the app's caches forgotten on both sides, and a manual clock.

Each area's conftest.py names its own tables and extra settings and wraps these in its fixtures."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime

import pytest
from gameserver.clock import ManualClock, set_clock

UNSET = ("AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL", "AWS_LAMBDA_FUNCTION_NAME")
"""Settings that would send the app to a real endpoint or make it think it runs in Lambda."""


def environment(tables: str, **extra: str) -> dict[str, str]:
    """The settings the app reads: fake credentials, one region, the `{tables}-main` and `{tables}-idempotency`
    tables, no turn timer, and the area's `extra`."""
    return {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_REGION": "us-east-1",
        "TABLE_NAME": f"{tables}-main",
        "IDEMPOTENCY_TABLE_NAME": f"{tables}-idempotency",
        "TURN_TIMER_ARN": "",
        **extra,
    }


def set_environment(patch: pytest.MonkeyPatch, settings: dict[str, str]) -> None:
    for name, value in settings.items():
        patch.setenv(name, value)
    for name in UNSET:
        patch.delenv(name, raising=False)


@contextmanager
def moto_tables(*forget: Callable[[], None]) -> Iterator[None]:
    """The app's tables in moto in-process; settings, services, known profiles and `forget`'s caches are
    cleared before and after, so no test sees another's clients or items."""
    from gameserver import services
    from gameserver.config import get_settings
    from gameserver.domain.fairplay import forget_written
    from gameserver.domain.members import forget_known_profiles
    from gameserver.storage.dynamodb.tables import create_tables
    from moto import mock_aws

    def fresh() -> None:
        get_settings.cache_clear()
        services.reset()
        forget_known_profiles()
        forget_written()
        for cache in forget:
            cache()

    fresh()
    with mock_aws():
        create_tables()
        yield
    fresh()


def address_of(sub: str) -> str:
    """A member's own source address (documentation prefix 2001:db8::/32), drawn from their subject: the test
    helpers give every member a distinct one, so members are linked accounts only where a test makes them so."""
    digest = hashlib.sha256(sub.encode()).hexdigest()
    return "2001:db8:" + ":".join(digest[n:n + 4] for n in range(0, 24, 4))


@contextmanager
def manual_clock(start: datetime) -> Iterator[ManualClock]:
    """The app's clock set to a manual one at `start`, put back afterwards."""
    manual = ManualClock(start)
    previous = set_clock(manual)
    yield manual
    set_clock(previous)


STORES = ("dynamodb", "memory")
"""The two stores a domain test module may run on (``store_of``): moto in-process, and the in-memory store."""


def store_of(request: pytest.FixtureRequest) -> object:
    """A domain test's store: the process's DynamoDB store on moto (the module's ``aws`` fixture), or the
    in-memory one, on which the same tests prove the domain without moto."""
    from gameserver import services  # the composition root: the modes the pipeline plays, their companions

    if request.param == "memory":
        from gameserver.storage.memory import MemoryStore

        return MemoryStore()
    request.getfixturevalue("aws")
    return services.storage()


def either_store(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tables: str) -> Iterator[object]:
    """A contract test's store (a fixture parametrised over ``memory`` and ``dynamodb``): the in-memory one, or
    the DynamoDB adapter on moto in-process with the ``tables`` tables."""
    if request.param == "memory":
        from gameserver.storage.memory import MemoryStore

        yield MemoryStore()
        return
    set_environment(monkeypatch, environment(tables))
    with moto_tables():
        from gameserver.storage.dynamodb import DynamoStore

        yield DynamoStore()
