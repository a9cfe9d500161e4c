"""The pipeline's fixtures: the in-memory store, a manual clock, and Tally (``tally.py``) registered as a game
beside three modes of its own, one per kind of deadline. Nothing here is Feinthold's: the pipeline is tested
as a pipeline."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
from gameserver.clock import ManualClock
from gameserver.play import engines, modes
from gameserver.play.modes import Deadlines, Mode
from gameserver.storage.memory import MemoryStore
from tally import KIND, Tally

START = datetime(2026, 12, 1, 9, 0, 0, tzinfo=UTC)


class Counting(MemoryStore):
    """The memory store, counting its transactions and what each wrote."""

    def __init__(self) -> None:
        super().__init__()
        self.transactions: list[list[Any]] = []

    def transact(self, writes: Sequence[Any]) -> None:
        super().transact(writes)
        self.transactions.append(list(writes))


class TallyMode(Mode):
    def __init__(self, name: str, deadlines: Deadlines) -> None:
        self.name, self.deadlines = name, deadlines


@pytest.fixture(autouse=True)
def tally_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engines.loaded, KIND, Tally())
    for deadlines in Deadlines:
        modes.register(TallyMode(f"tally-{deadlines}", deadlines))


@pytest.fixture
def store() -> Counting:
    return Counting()


@pytest.fixture
def clock() -> Iterator[ManualClock]:
    yield ManualClock(START)
