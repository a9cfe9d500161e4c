"""Per-member limits: no member can starve the others (docs/scale.md, "Rate limits").

Every limit is a count in a fixed window of a minute (UTC, from the epoch). Two kinds of counter:

- ``REQUESTS``, every authenticated request, is counted in the warm process (free: no DynamoDB request). The
  error this brings: a member whose requests spread over k warm instances gets k times the limit; the stage's
  throttle bounds the whole.
- What is expensive (``Limit``'s other members) is counted in DynamoDB, one item per member, limit and window
  (``storage.limits``): one conditional UpdateItem on a request that itself costs tens of write units.

A limit reached answers 429 ``rate_limited`` naming it (``rule``), with ``Retry-After``: the seconds to the
window's end. A refused request writes nothing and does not count.
"""

from __future__ import annotations

import enum
import math
import threading
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from gameserver.errors import DomainError, ErrorCode

if TYPE_CHECKING:
    from gameserver.storage.port import Store

WINDOW_S = 60
"""Every limit's window: a minute."""


class Limit(enum.StrEnum):
    """What a member's requests are counted by."""

    REQUESTS = "requests"
    """Every authenticated request (a 304 too: it is an invocation and a read all the same)."""
    FRONT1901_PHASES = "front1901_phases"
    """Front 1901 orders sent: each plays the AI powers' phase(s)."""
    HELP_TOOLS = "help_tools"
    """Front 1901's help tools: estimates, threats, suggestions."""
    BENCH = "bench"
    """Feinthold's doctrine bench: a dozen games played in the request."""
    STARTS = "starts"
    """Games started (Feinthold, Front 1901, Feint)."""


PER_MINUTE: dict[Limit, int] = {
    Limit.REQUESTS: 600,
    Limit.FRONT1901_PHASES: 20,
    Limit.HELP_TOOLS: 30,
    Limit.BENCH: 6,
    Limit.STARTS: 20,
}
"""Each limit's count a minute (sized in docs/scale.md: the web client's polling needs ~70 requests a minute)."""


class RateLimited(DomainError):
    """A limit reached: 429, ``Retry-After`` the seconds to its window's end."""

    code = ErrorCode.RATE_LIMITED

    def __init__(self, limit: Limit, retry_after: int) -> None:
        super().__init__(f"more than {PER_MINUTE[limit]} {limit} a minute: wait {retry_after} s", rule=str(limit))
        self.retry_after = retry_after


@dataclass(frozen=True)
class Window:
    """The fixed window ``now`` falls in: its start and end, epoch seconds."""

    start: int
    end: int

    @classmethod
    def of(cls, now: datetime) -> Window:
        start = int(now.timestamp()) // WINDOW_S * WINDOW_S
        return cls(start, start + WINDOW_S)

    def retry_after(self, now: datetime) -> int:
        return max(1, math.ceil(self.end - now.timestamp()))


class _InProcess:
    """This warm process's request counts of the current window (the previous windows' are dropped)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._window = -1
        self._counts: dict[str, int] = {}

    def take(self, sub: str, window: Window, cap: int) -> bool:
        with self._lock:
            if window.start != self._window:
                self._window, self._counts = window.start, {}
            count = self._counts.get(sub, 0)
            if count >= cap:
                return False
            self._counts[sub] = count + 1
            return True


_requests = _InProcess()


def count_request(sub: str, now: datetime) -> None:
    """One more request of ``sub`` in this process; ``RateLimited`` past ``REQUESTS``'s limit."""
    window = Window.of(now)
    if not _requests.take(sub, window, PER_MINUTE[Limit.REQUESTS]):
        raise RateLimited(Limit.REQUESTS, window.retry_after(now))


def count(store: Store, sub: str, limit: Limit, now: datetime) -> None:
    """One more of ``limit`` for ``sub`` in the store's counter (one request); ``RateLimited`` past it."""
    window = Window.of(now)
    if not store.limits.take(sub, str(limit), window.start, window.end, PER_MINUTE[limit]):
        raise RateLimited(limit, window.retry_after(now))
