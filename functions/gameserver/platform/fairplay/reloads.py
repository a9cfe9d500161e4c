"""A game page reloaded over and over.

Platform decision (specs/platform.md): "A game view reloaded more than 60 times a minute [...] leave[s] a mark for
moderators." Choice: a minute is any window of 60 seconds, so 61 reads within 60 seconds of each other mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

RELOADS_PER_MINUTE = 60
_MINUTE = timedelta(seconds=60)


def reloaded_too_often(reads: Sequence[datetime]) -> bool:
    """More than 60 reads of one game view by one member inside some 60-second window."""
    times = sorted(reads)
    for index in range(RELOADS_PER_MINUTE, len(times)):
        if times[index] - times[index - RELOADS_PER_MINUTE] < _MINUTE:
            return True
    return False
