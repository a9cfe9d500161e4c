"""The schedules of the template, played on the runner's clock: the due-turn sweep every minute, the daily
rotation at 00:00 UTC, the season close at 00:00 UTC on the 1st, the channel's closer of the connections whose
token expired every minute.

The clock may jump (a manual clock advanced by two days): every daily and monthly firing crossed is
delivered, each with its own scheduled time, but the sweeps crossed collapse into one sweep at the latest
minute, because one sweep resolves everything overdue. The handlers are the Lambda handlers of the cloud,
given the same EventBridge events; a handler whose module does not exist yet is skipped.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from localrun.events import LambdaContext, scheduled_event

log = logging.getLogger("localrun.schedules")

Handler = Callable[[dict[str, Any], Any], Any]


def minute_marks(after: datetime, until: datetime) -> Iterator[datetime]:
    """The latest whole minute in (after, until], if any: crossed sweeps collapse into one."""
    latest = until.replace(second=0, microsecond=0)
    if latest > after:
        yield latest


def day_marks(after: datetime, until: datetime) -> Iterator[datetime]:
    """Every 00:00 UTC in (after, until]."""
    mark = after.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
    while mark <= until:
        yield mark
        mark += timedelta(days=1)


def month_marks(after: datetime, until: datetime) -> Iterator[datetime]:
    """Every 00:00 UTC on the 1st of a month in (after, until]."""
    for day in day_marks(after, until):
        if day.day == 1:
            yield day


@dataclass(frozen=True)
class Schedule:
    """One EventBridge rule of the template: its name, its handler, and when it fires."""

    rule: str
    handler: str
    """Dotted path of the Lambda handler, `module.attribute`."""
    marks: Callable[[datetime, datetime], Iterator[datetime]]


SCHEDULES = (
    Schedule("due-turn-sweep", "gameserver.handlers.sweep.handler", minute_marks),
    Schedule("daily-rotation", "gameserver.handlers.rotate.handler", day_marks),
    Schedule("season-close", "gameserver.handlers.season.handler", month_marks),
    Schedule("channel-closer", "gameserver.handlers.channel.closer", minute_marks),
)


def load_handler(dotted: str) -> Handler | None:
    """The handler at `dotted`, or None when its module is not part of the application (yet)."""
    module_name, _, attribute = dotted.rpartition(".")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name and module_name.startswith(error.name):
            return None
        raise
    return getattr(module, attribute)


@dataclass(frozen=True)
class Firing:
    rule: str
    at: datetime
    outcome: str
    """`ok`, `error: ...`, or `absent` (the handler's module does not exist)."""

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "at": self.at.strftime("%Y-%m-%dT%H:%M:%SZ"), "outcome": self.outcome}


class Scheduler:
    """Delivers the schedules' firings between the last check and the clock's now.

    `tick()` is called by the background loop every second of wall time and by the admin endpoint after
    it moves the manual clock; one lock keeps two ticks from delivering the same firing.
    """

    def __init__(self, now: Callable[[], datetime], schedules: tuple[Schedule, ...] = SCHEDULES,
                 loader: Callable[[str], Handler | None] = load_handler):
        self.now = now
        self.schedules = schedules
        self.loader = loader
        self._last = now()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._absent_logged: set[str] = set()

    def tick(self, *, sweep_now: bool = False) -> list[Firing]:
        """Deliver what came due; with `sweep_now`, also run the minute's schedules (the sweep, the closer) at
        the current instant even mid-minute."""
        with self._lock:
            until = self.now()
            due = sorted(
                ((at, schedule) for schedule in self.schedules for at in schedule.marks(self._last, until)),
                key=lambda pair: pair[0],
            )
            if sweep_now and not any(s.marks is minute_marks for _, s in due):
                due.extend((until, s) for s in self.schedules if s.marks is minute_marks)
            self._last = max(self._last, until)
            return [self._fire(schedule, at) for at, schedule in due]

    def _fire(self, schedule: Schedule, at: datetime) -> Firing:
        handler = self.loader(schedule.handler)
        if handler is None:
            if schedule.rule not in self._absent_logged:
                log.info("schedule %s: %s is not part of the application; skipped", schedule.rule, schedule.handler)
                self._absent_logged.add(schedule.rule)
            return Firing(schedule.rule, at, "absent")
        try:
            handler(scheduled_event(schedule.rule, at), LambdaContext(schedule.rule, timeout_seconds=60))
        except Exception as error:
            # A failed delivery is retried by the next firing, as EventBridge's next minute would.
            log.exception("schedule %s at %s failed", schedule.rule, at.isoformat())
            return Firing(schedule.rule, at, f"error: {type(error).__name__}: {error}")
        return Firing(schedule.rule, at, "ok")

    def start(self, interval_seconds: float = 1.0) -> None:
        def loop() -> None:
            while not self._stop.wait(interval_seconds):
                self.tick()

        self._thread = threading.Thread(target=loop, name="schedules", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
