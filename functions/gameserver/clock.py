"""The clock domain code reads time from (architecture: time comes in, never from the wall inside the domain).

The local runner installs a ``ManualClock`` with ``set_clock`` and advances it through its admin port;
deadlines, sweeps and rotations follow it. Token and idempotency expiry keep using wall time.

Paces: how long a step of a game stays open before it resolves without the missing orders (every game's and
every mode's; a deadline is a time of this clock). Rules: "In blitz (60 seconds per turn, 120 for the first)
and in rapid (5 minutes) [...]. In correspondence (one, two or three days per turn)"; a knockout tournament's
match "is a game in correspondence, 12 hours per turn". The wire names are the API's (``"5m"``, ``"1d"``,
``"12h"``, ...).
"""

from __future__ import annotations

import enum
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


# -------------------------------------------------------------------- paces
class Pace(enum.StrEnum):
    """How long a step lasts."""

    BLITZ = "blitz"
    """60 seconds a step, 120 for the first (a player reads the map before their first orders)."""
    RAPID = "5m"
    """5 minutes a step."""
    DAY = "1d"
    """Correspondence, one day a step."""
    TWO_DAYS = "2d"
    """Correspondence, two days a step."""
    THREE_DAYS = "3d"
    """Correspondence, three days a step."""
    TWELVE_HOURS = "12h"
    """Correspondence, 12 hours a step: the pace of a tournament's matches (no duel or house game offers it)."""

    @property
    def has_ready_room(self) -> bool:
        """Blitz and rapid start in a ready room; correspondence opens its first turn on acceptance."""
        return self in (Pace.BLITZ, Pace.RAPID)

    @property
    def correspondence(self) -> bool:
        return not self.has_ready_room


_STEP = {
    Pace.BLITZ: timedelta(seconds=60),
    Pace.RAPID: timedelta(minutes=5),
    Pace.DAY: timedelta(days=1),
    Pace.TWO_DAYS: timedelta(days=2),
    Pace.THREE_DAYS: timedelta(days=3),
    Pace.TWELVE_HOURS: timedelta(hours=12),
}
_FIRST_BLITZ_STEP = timedelta(seconds=120)


class PhasePace(enum.StrEnum):
    """A pace of one duration per kind of phase (Front 1901 online): a movement phase's, and the shorter one of
    its retreats and adjustments. Where ``Pace`` names one duration for every step, these name two."""

    LIVE = "live"
    """Movement 5 minutes, retreats and adjustments 2."""
    DAY = "1d"
    """Movement 24 hours, retreats and adjustments 12."""
    TWO_DAYS = "2d"
    """Movement 48 hours, retreats and adjustments 24."""


_PHASES = {
    PhasePace.LIVE: (timedelta(minutes=5), timedelta(minutes=2)),
    PhasePace.DAY: (timedelta(hours=24), timedelta(hours=12)),
    PhasePace.TWO_DAYS: (timedelta(hours=48), timedelta(hours=24)),
}


def phase_time(pace: PhasePace, brief: bool) -> timedelta:
    """How long a phase stays open: a movement phase, or (``brief``) a retreat or an adjustment phase."""
    movement, after = _PHASES[pace]
    return after if brief else movement


def step_time(pace: Pace, step: int) -> timedelta:
    """How long step number ``step`` (1, 2, ...) stays open."""
    if step < 1:
        raise ValueError(f"steps are numbered from 1, not {step}")
    if pace is Pace.BLITZ and step == 1:
        return _FIRST_BLITZ_STEP
    return _STEP[pace]


def game_length(pace: Pace, steps: int) -> timedelta:
    """The longest a game of ``steps`` steps at ``pace`` lasts: every step open to its deadline."""
    return sum((step_time(pace, step) for step in range(1, steps + 1)), timedelta())


def step_deadline(pace: Pace, step: int, opened_at: datetime) -> datetime:
    """When an open step resolves without the missing orders.

    Whole UTC seconds (the timers' precision), rounded up so that nobody loses a fraction of their time.
    """
    if opened_at.tzinfo is None:
        raise ValueError("times are aware UTC datetimes")
    return whole_second_after(opened_at + step_time(pace, step))


def whole_second_after(moment: datetime) -> datetime:
    """``moment`` rounded up to a whole second: the due index's and the timers' precision."""
    if moment.microsecond:
        return moment.replace(microsecond=0) + timedelta(seconds=1)
    return moment
