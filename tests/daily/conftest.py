"""Fixtures of the Daily Front's stored tests: moto in-process (``mock_aws``), the salt from the environment,
a manual clock, and members."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from daily_world import MONDAY_MORNING, SALT
from gameserver.clock import ManualClock
from moto_tables import environment, manual_clock, moto_tables, set_environment


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from gameserver import parameters
    from gameserver.domain.daily.front import forget_known_fronts

    set_environment(monkeypatch, environment("daily", DAILY_SALT=SALT, DAILY_SALT_PARAMETER=""))
    with moto_tables(parameters.forget, forget_known_fronts):
        yield


@pytest.fixture
def store(aws: None):
    from gameserver.services import storage

    return storage()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    with manual_clock(MONDAY_MORNING) as manual:
        yield manual
