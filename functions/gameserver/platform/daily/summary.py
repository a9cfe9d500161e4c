"""A day's board summary: rank markers, rebuilt from the shards once a minute.

A member's exact rank is 1 + the count of better results: with 100,000 players a day, too many to count per
request. The summary keeps it cheap: one item holds a marker every ``every`` entries (its key and how many keys
come before it). A member's rank is then the marker's position plus a count of the keys between the marker and
their own result, at most ``every`` items over all shards. Between two rebuilds the markers may be up to a minute
old: a rank read from them is the rank at the last rebuild plus what the count sees since then
(docs/platform.md). The top of the board needs no summary: its first page reads the shards exactly.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass

from gameserver.platform.daily.board import better_than

MARKER_EVERY = 500


@dataclass(frozen=True)
class Marker:
    key: str
    before: int
    """How many keys sort before this one."""


@dataclass(frozen=True)
class BoardSummary:
    markers: tuple[Marker, ...]
    entries: int


def summarize(keys: Iterable[str], every: int = MARKER_EVERY) -> BoardSummary:
    """The summary of a whole board, from its keys in board order (the merged shards)."""
    ordered = list(keys)
    if any(later < earlier for earlier, later in zip(ordered, ordered[1:], strict=False)):
        raise ValueError("a board summary is built from keys in board order")
    markers = tuple(Marker(ordered[index], index) for index in range(0, len(ordered), every))
    return BoardSummary(markers, len(ordered))


def marker_for(summary: BoardSummary, key: str) -> Marker | None:
    """The last marker strictly before the member's result: the count query starts there."""
    bound = better_than(key)
    index = bisect.bisect_left([marker.key for marker in summary.markers], bound)
    return summary.markers[index - 1] if index else None


def rank_with(marker: Marker | None, better_from_marker: int) -> int:
    """The member's rank: keys before the marker, plus the better keys counted from the marker (itself included)."""
    return 1 + (marker.before if marker else 0) + better_from_marker
