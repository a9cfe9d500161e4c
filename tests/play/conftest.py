"""The pipeline's fixtures: the in-memory store, a manual clock, Tally (``tally.py``) declared as a game beside
three modes of its own, one per kind of deadline (its own fixture), and a test's own mode. Nothing here is
Feinthold's: the pipeline is tested as a pipeline."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
from gameserver.catalog import MODES, Entry
from gameserver.clock import ManualClock
from gameserver.play.modes import Mode
from gameserver.storage.memory import MemoryStore
from tally import tally_registered

__all__ = ["tally_registered"]

START = datetime(2026, 12, 1, 9, 0, 0, tzinfo=UTC)


class Counting(MemoryStore):
    """The memory store, counting its transactions and what each wrote."""

    def __init__(self) -> None:
        super().__init__()
        self.transactions: list[list[Any]] = []

    def transact(self, writes: Sequence[Any]) -> None:
        super().transact(writes)
        self.transactions.append(list(writes))


@pytest.fixture
def add_mode() -> Iterator[Callable[[Mode], None]]:
    """Declares a test's own mode (its module the test's), taken away after the test."""
    added: list[str] = []

    def add(mode: Mode) -> None:
        MODES.add(Entry(mode.name, type(mode).__module__, "a test's own mode"), mode)
        added.append(mode.name)

    yield add
    for name in added:
        MODES.remove(name)


@pytest.fixture
def store() -> Counting:
    return Counting()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    yield ManualClock(START)
