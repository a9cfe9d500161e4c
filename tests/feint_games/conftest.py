"""Feint's games through the pipeline, on the in-memory store and a manual clock: the modes, the tables, the
deadlines, the notices, as the domain plays them (the same code the API and the local runner run)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import gameserver.services  # noqa: F401  (installs the mode loader)
import pytest
from feint_script import member
from gameserver.clock import ManualClock
from gameserver.identity import Caller
from gameserver.storage.memory import MemoryStore

START = datetime(2026, 12, 1, 9, 0, 0, tzinfo=UTC)


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    yield ManualClock(START)


@pytest.fixture
def ann() -> Caller:
    return member("ann")


@pytest.fixture
def bob() -> Caller:
    return member("bob")


@pytest.fixture
def cat() -> Caller:
    return member("cat")
