"""The Daily Front's area of the store: the day's Front, each member's Front of a day (started, then finished with
its result), the day's board (sharded, read merged), the month's table, the board's summary (rank markers).

A member's Front starts with its game in one transaction (``FrontStart`` beside the ``NewGame``: one game a
day), and finishes once with its result, its month line and its marks.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple, Protocol

from gameserver.platform.daily import BoardSummary, FrontOfTheDay
from gameserver.platform.fairplay.marks import Mark
from gameserver.storage.audit import AuditLine
from gameserver.storage.errors import WriteConflict

MAX_MONTH_POINTS = 999
MAX_MONTH_WINS = 99


class AlreadyStarted(WriteConflict):
    """The member's Front of that day exists: one game a day."""


def month_key(points: int, wins: int, member: str) -> str:
    """Ascending = more points first, then more wins; everything before ``#`` is the row's result."""
    return f"{MAX_MONTH_POINTS - points:03d}.{MAX_MONTH_WINS - wins:02d}#{member}"


@dataclass(frozen=True)
class FrontEntry:
    """A member's Front of one day: started, then finished with its result (ranked or why not)."""

    day: date
    member: str
    name: str
    game_id: str
    side: str
    started_at: str
    status: str = "playing"
    """``playing`` or ``finished``."""
    outcome: str | None = None
    turns: int = 0
    seconds: int = 0
    positions: int = 0
    income: int = 0
    board_key: str | None = None
    """The board's sort key, set only when the result is ranked."""
    not_ranked: str | None = None
    finished_at: str | None = None
    due_at: str | None = None
    """While ``playing``: when the sweep ends it at the latest, if no read of the Front has (its game's longest
    and a margin): the safety net of its result, which its end's follow-up may have failed to record."""

    @property
    def ranked(self) -> bool:
        return self.board_key is not None


class DueFront(NamedTuple):
    """A Front still ``playing`` past its ``due_at``."""

    day: date
    member: str
    due_at: str


@dataclass(frozen=True)
class BoardLine:
    """One ranked result as the board shows it (the attributes a board query projects)."""

    key: str
    name: str
    outcome: str
    turns: int
    seconds: int
    positions: int
    income: int

    @property
    def member(self) -> str:
        return self.key.partition("#")[2]


@dataclass(frozen=True)
class MonthLine:
    member: str
    month: str
    name: str
    points: int = 0
    wins: int = 0
    ranked_days: int = 0
    version: int = 0
    """0: not stored yet."""

    @property
    def key(self) -> str:
        return month_key(self.points, self.wins, self.member)


@dataclass(frozen=True)
class DaySummary:
    """The stored summary of a day's board: its markers, entries, spacing, and when its shards were read."""

    summary: BoardSummary
    every: int
    built_at: str

    def same_as(self, other: DaySummary) -> bool:
        """Equal content (markers, entries, spacing), whenever each was built."""
        return (self.summary.markers, self.summary.entries, self.every) == (
            other.summary.markers, other.summary.entries, other.every)


@dataclass
class DayRead:
    """What a member's request about a day needs, read in one BatchGetItem."""

    front: FrontOfTheDay | None = None
    entry: FrontEntry | None = None
    default_doctrine: dict[str, Any] | None = None
    frozen: bool = False
    """Asked for: whether the member's ratings are frozen (the freeze's item, read in the same request)."""


@dataclass(frozen=True)
class FrontStart:
    """A member's Front of a day, started with its game (a ``Store.transact`` write beside the ``NewGame``):
    ``AlreadyStarted`` when the member has one that day already."""

    entry: FrontEntry


@dataclass(frozen=True)
class FrontStopped:
    """A member's Front whose game a moderator stopped, finished without a result and not ranked (a
    ``Store.transact`` write beside the game's close and the audit line): only while it is still ``playing``."""

    entry: FrontEntry


class DayBoard(Protocol):
    """A day's board as the Daily Front keeps it, and any daily game that ranks its results the same way (Front
    1901's daily challenge): its keys, in write shards, and the summary of its rank markers."""

    def board_keys(self, day: date) -> list[list[str]]:
        """Every shard's board keys in order."""
        ...

    def get_summary(self, day: date) -> DaySummary | None: ...

    def put_summary(self, day: date, stored: DaySummary) -> bool:
        """Store the day's summary unless one built from later reads is there; True when written."""
        ...

    def count_better(self, day: date, start: str | None, bound: str) -> int:
        """How many board keys, over every shard, lie in ``start <= key < bound``."""
        ...


class DailyPort(Protocol):
    def put_front(self, front: FrontOfTheDay) -> bool:
        """Store the day's Front unless it is there; True when this call created it."""
        ...

    def get_front(self, day: date) -> FrontOfTheDay | None: ...

    def read_day(self, day: date, sub: str, *, front: bool = True, default_doctrine: bool = False,
                 frozen: bool = False) -> DayRead:
        """The member's entry of that day and, as asked, the day's Front and (to start) their default doctrine:
        one request."""
        ...

    def month_line(self, sub: str, month: str) -> MonthLine | None: ...

    def finish(self, entry: FrontEntry, month: MonthLine | None = None, marks: tuple[Mark, ...] = ()) -> None:
        """The entry's result (only while it is still ``playing``: a result is written once) and, for a ranked
        result, the month's line claimed by the version it was read at; ``WriteConflict`` when either moved.
        ``marks`` for moderators ride in the same transaction."""
        ...

    def remove(self, removed: FrontEntry, month: MonthLine, audit: AuditLine) -> None:
        """A moderator's removal: the entry off the board (only if it is still on it), the month's line without
        that day (claimed by its version) and the audit line, in one transaction; ``WriteConflict`` otherwise."""
        ...

    def board_after(self, day: date, after: str | None, limit: int) -> list[BoardLine]:
        """The day's ranked results after the sort key ``after``, in board order, ``limit`` at most."""
        ...

    def month_after(self, month: str, after: str | None, limit: int) -> list[MonthLine]:
        """The month's lines after the key ``after``, best first, ``limit`` at most."""
        ...

    def board_keys(self, day: date) -> list[list[str]]:
        """Every shard's board keys in order."""
        ...

    def get_summary(self, day: date) -> DaySummary | None: ...

    def put_summary(self, day: date, stored: DaySummary) -> bool:
        """Store the day's summary unless one built from later reads is there; True when written."""
        ...

    def read_rank(self, day: date, sub: str) -> tuple[FrontEntry | None, DaySummary | None]:
        """The member's entry of that day (its board key) and the day's summary: one request."""
        ...

    def due_fronts(self, now: str, limit: int) -> list[DueFront]:
        """Fronts still ``playing`` whose ``due_at`` is at or before ``now``, earliest first."""
        ...

    def count_better(self, day: date, start: str | None, bound: str) -> int:
        """How many board keys, over every shard, lie in ``start <= key < bound``."""
        ...
