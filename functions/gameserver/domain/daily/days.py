"""A day's game, drawn from the date and the secret salt and stored once: the Daily Front's, Front 1901's daily
challenge. What the two share, defined once: the 00:00 UTC rotation stores the day's item (a duplicate, late or
out-of-order delivery finds it stored and changes nothing), "a missed day is created by the first request that
needs it" (only a request about today creates it: an earlier day nobody stored is shown as drawn, without a
write, so reading old dates cannot fill the table), and a process keeps what it has read (a stored day never
changes), so the day's item is read once per process, never a hot key.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from typing import Generic, TypeVar

T = TypeVar("T")

KEPT = 8
"""Days a process keeps (today's and the few before it that members still read)."""


class DayItems(Generic[T]):
    """The days of one daily game: ``draw(day)`` makes a day's item from the date and the salt."""

    def __init__(self, draw: Callable[[date], T]) -> None:
        self.draw = draw
        self._known: dict[date, T] = {}
        self._lock = threading.Lock()

    def known(self, day: date) -> T | None:
        """The item of ``day`` this process has read or written, if any: a request need not read it."""
        return self._known.get(day)

    def forget(self) -> None:
        """Tests that recreate the table start from a process that knows no day."""
        with self._lock:
            self._known.clear()

    def rotate(self, day: date, put: Callable[[T], bool]) -> str:
        """The schedule's write of ``day``: ``created``, or ``exists`` when it was stored first."""
        return "created" if put(self.draw(day)) else "exists"

    def settle(self, day: date, stored: T | None, put: Callable[[T], bool], get: Callable[[date], T | None], *,
               create: bool = True) -> T:
        """The item of ``day``: as ``stored`` (read with the request) or known, else drawn, and written when
        ``create`` (a request about today); a write that lost to another reads the winner's."""
        item = stored or self._known.get(day)
        if item is None:
            drawn = self.draw(day)
            if not create:
                return drawn
            item = drawn if put(drawn) else (get(day) or drawn)
        with self._lock:
            if len(self._known) > KEPT:
                self._known.clear()
            self._known[day] = item
        return item
