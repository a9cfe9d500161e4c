"""The limits area of the store: a member's count of an expensive limit in a fixed window
(``gameserver.domain.limits``)."""

from __future__ import annotations

from typing import Protocol


class LimitsPort(Protocol):
    def take(self, sub: str, limit: str, window_start: int, expires_at: int, cap: int) -> bool:
        """One more in ``sub``'s count of ``limit`` in the window starting at ``window_start`` (epoch seconds),
        if it is below ``cap``; False, writing nothing, once it is at ``cap``. The count is gone after
        ``expires_at`` (the window's end). One request."""
        ...
