"""Fixtures of the duel wiring tests: the domain and storage against moto in-process, a manual clock, members.

The pure duel tests (lifecycle, credits, ratings) need none of these."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from duel_world import START
from gameserver.clock import ManualClock
from gameserver.identity import Caller
from moto_tables import environment, manual_clock, moto_tables, set_environment

ENVIRONMENT = environment("duels", EVENT_BUS_NAME="", POWERTOOLS_METRICS_NAMESPACE="Feinthold",
                          POWERTOOLS_SERVICE_NAME="gameserver")


@pytest.fixture(scope="module")
def aws_environment() -> Iterator[None]:
    """The settings the app reads, for a whole module (hypothesis tests cannot take function fixtures)."""
    with pytest.MonkeyPatch.context() as patch:
        set_environment(patch, ENVIRONMENT)
        yield


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    set_environment(monkeypatch, ENVIRONMENT)
    with moto_tables():
        yield


@pytest.fixture
def store(aws: None):
    from gameserver import services

    return services.storage()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    with manual_clock(START) as manual:
        yield manual


def member(name: str) -> Caller:
    return Caller(sub=f"{name}-sub", groups=frozenset(), username=name)


@pytest.fixture
def ann() -> Caller:
    return member("ann")


@pytest.fixture
def bob() -> Caller:
    return member("bob")
