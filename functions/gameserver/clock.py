"""The clock domain code reads time from (architecture: time comes in, never from the wall inside the domain).

The local runner installs a ``ManualClock`` with ``set_clock`` and advances it through its admin port;
deadlines, sweeps and rotations follow it. Token and idempotency expiry keep using wall time.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol, runtime_checkable


@runtime_checkable
class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, timezone-aware, in UTC."""
        ...


class SystemClock:
    """Wall time."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that moves only when told to (tests, ``localrun --clock manual``)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._lock = threading.Lock()
        self._now = _aware(start) if start is not None else datetime.now(UTC).replace(microsecond=0)

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def set(self, when: datetime) -> None:
        with self._lock:
            self._now = _aware(when)

    def advance(self, seconds: float) -> datetime:
        if seconds < 0:
            raise ValueError("a manual clock only moves forward")
        with self._lock:
            self._now = self._now + timedelta(seconds=seconds)
            return self._now


def _aware(when: datetime) -> datetime:
    if when.tzinfo is None:
        raise ValueError("the clock keeps aware UTC datetimes; give a timezone")
    return when.astimezone(UTC)


_clock: Clock = SystemClock()


def get_clock() -> Clock:
    return _clock


def set_clock(clock: Clock) -> Clock:
    """Install ``clock`` for this process; returns the one it replaces (so tests can put it back)."""
    global _clock
    previous, _clock = _clock, clock
    return previous


def iso(when: datetime) -> str:
    """Whole UTC seconds ending in ``Z``: the form Step Functions' ``TimestampPath`` and the due index use. The year
    has its four digits even before 1000 (``strftime`` would write ``44``: a day a client asks about may be any)."""
    return when.astimezone(UTC).replace(microsecond=0, tzinfo=None).isoformat() + "Z"


def parse_iso(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
