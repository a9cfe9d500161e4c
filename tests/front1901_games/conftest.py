"""Front 1901's solo games through the pipeline, on the in-memory store and a manual clock, as the domain plays
them (the same code the API and the local runner run)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import gameserver.services  # noqa: F401  (installs the mode loader)
import pytest
from feint_script import member
from gameserver.clock import ManualClock
from gameserver.identity import Caller
from gameserver.storage.memory import MemoryStore

START = datetime(2026, 12, 1, 9, 0, 0, tzinfo=UTC)


class Counting(MemoryStore):
    """The memory store, counting its transactions."""

    def __init__(self) -> None:
        super().__init__()
        self.transactions: list[list[Any]] = []

    def transact(self, writes: Sequence[Any]) -> None:
        super().transact(writes)
        self.transactions.append(list(writes))


@pytest.fixture
def store() -> Counting:
    return Counting()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    yield ManualClock(START)


@pytest.fixture
def ann() -> Caller:
    return member("ann")


@pytest.fixture
def bob() -> Caller:
    return member("bob")


SALT = "front1901-daily-salt-0123456789abcdef"
CURSOR_KEY = "front1901-cursor-key-0123456789abcdef"


@pytest.fixture
def salted(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The daily salt and the cursor key from the environment; no challenge known to the process."""
    from gameserver import parameters
    from gameserver.config import get_settings
    from gameserver.domain.front1901.daily import forget_known_challenges

    for name, value in {"DAILY_SALT": SALT, "DAILY_SALT_PARAMETER": "", "CURSOR_KEY": CURSOR_KEY,
                        "CURSOR_KEY_PARAMETER": ""}.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    parameters.forget()
    forget_known_challenges()
    yield
    get_settings.cache_clear()
    parameters.forget()
    forget_known_challenges()
