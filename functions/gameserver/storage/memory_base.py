"""What the in-memory store's areas share: the records more than one area keeps or reads, the paging of a sorted
list, and the credit, notice and mark writes that every feature's transaction makes the same way.

The store (``storage.memory``) and its area modules (``storage.memory_<area>``) import this module; it imports
neither, so that no area reaches back up to the store: an area is given what it holds of the store (``Held``)
and its own tables.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Protocol, TypeVar

from gameserver.platform.daily import SHARDS, FrontOfTheDay, shard_of
from gameserver.platform.fairplay.marks import Mark
from gameserver.platform.ratings import EloRating, Glicko2Rating
from gameserver.storage.audit import AuditLine
from gameserver.storage.challenges import FeedNotice
from gameserver.storage.cursors import InvalidCursor, decode_json, encode_json
from gameserver.storage.daily import DaySummary, FrontEntry, MonthLine
from gameserver.storage.doctrines import SlotDoctrine
from gameserver.storage.duels import InsufficientCredits, PairRecent, StoredDuel
from gameserver.storage.duels import MonthLine as DuelMonthLine
from gameserver.storage.errors import WriteConflict
from gameserver.storage.fairplay import Seen
from gameserver.storage.invitations import Invitation
from gameserver.storage.lobby import Table
from gameserver.storage.members import Notice
from gameserver.storage.moderation import Freeze
from gameserver.storage.records import (
    Game,
    HiddenState,
    LedgerLine,
    MemberViews,
    Page,
    Play,
    Profile,
    StepRecord,
)
from gameserver.storage.tournaments import StoredMatch, StoredTournament

T = TypeVar("T")

Check = Callable[[], None]
"""A write's conditions, checked under the store's lock before any write of the transaction is applied."""
Apply = Callable[[], None]
"""A write applied, once every write's conditions held."""


@dataclass
class Tables:
    """The records more than one area keeps or reads (each area module keeps its own beside them)."""

    games: dict[str, Game] = field(default_factory=dict)
    boards: dict[str, HiddenState] = field(default_factory=dict)
    views: dict[tuple[str, str], MemberViews] = field(default_factory=dict)
    steps: dict[tuple[str, int], StepRecord] = field(default_factory=dict)
    plays: dict[tuple[str, str], Play] = field(default_factory=dict)
    invitations: dict[str, Invitation] = field(default_factory=dict)
    profiles: dict[str, Profile] = field(default_factory=dict)
    ledger: dict[tuple[str, str], LedgerLine] = field(default_factory=dict)
    feed: dict[tuple[str, str], Notice | FeedNotice] = field(default_factory=dict)
    duels: dict[str, tuple[StoredDuel, str | None]] = field(default_factory=dict)
    game_ratings: dict[str, tuple[Glicko2Rating, int]] = field(default_factory=dict)
    elo_ratings: dict[str, tuple[EloRating, int]] = field(default_factory=dict)
    duel_months: dict[tuple[str, str], DuelMonthLine] = field(default_factory=dict)
    recent: dict[tuple[str, str], PairRecent] = field(default_factory=dict)
    doctrines: dict[str, dict[int, SlotDoctrine]] = field(default_factory=dict)
    defaults: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    fronts: dict[date, FrontOfTheDay] = field(default_factory=dict)
    entries: dict[tuple[str, date], FrontEntry] = field(default_factory=dict)
    front_months: dict[tuple[str, str], MonthLine] = field(default_factory=dict)
    summaries: dict[date, DaySummary] = field(default_factory=dict)
    seen: dict[str, Seen] = field(default_factory=dict)
    marks: dict[tuple[str, str], Mark] = field(default_factory=dict)
    audit: list[AuditLine] = field(default_factory=list)
    tournaments: dict[str, StoredTournament] = field(default_factory=dict)
    tourney_matches: dict[tuple[str, int], tuple[StoredMatch, str | None]] = field(default_factory=dict)
    """(tournament, slot) -> (the match, its game's open deadline while played)."""
    tourney_entries: dict[tuple[str, str], str] = field(default_factory=dict)
    """(member, tournament) -> when they joined."""
    tables: dict[str, Table] = field(default_factory=dict)
    freezes: dict[str, Freeze] = field(default_factory=dict)
    """Members whose ratings are frozen: the moderation area's, read by what a freeze judges (a challenge's start
    and end, a Daily Front's end)."""


class Held(Protocol):
    """What an area module holds of the store: its lock (one call, or one transaction, at a time) and the shared
    records."""

    @property
    def lock(self) -> AbstractContextManager[Any]: ...

    @property
    def tables(self) -> Tables: ...


class Ranked(Protocol):
    """A ranked entry of a daily board: whose it is."""

    @property
    def member(self) -> str: ...


class DayBoardInMemory(ABC):
    """A daily board in memory (``storage.daily.DayBoard``: the Daily Front's, Front 1901's daily challenge's):
    its shards' keys, its summary and its counts, from the area's ranked entries of a day (``_board``), its
    summaries (``_summaries``) and the store's lock (``_lock``)."""

    @abstractmethod
    def _lock(self) -> AbstractContextManager[Any]: ...

    @abstractmethod
    def _board(self, day: date) -> Sequence[tuple[str, Ranked]]: ...

    @abstractmethod
    def _summaries(self) -> dict[date, DaySummary]: ...

    def board_keys(self, day: date) -> list[list[str]]:
        shards: list[list[str]] = [[] for _ in range(SHARDS)]
        for key, entry in self._board(day):
            shards[shard_of(entry.member)].append(key)
        return shards

    def get_summary(self, day: date) -> DaySummary | None:
        return self._summaries().get(day)

    def put_summary(self, day: date, stored: DaySummary) -> bool:
        with self._lock():
            held = self._summaries().get(day)
            if held is not None and not held.built_at <= stored.built_at:
                return False
            self._summaries()[day] = stored
            return True

    def count_better(self, day: date, start: str | None, bound: str) -> int:
        return sum(1 for key, _ in self._board(day) if (start is None or start <= key) and key < bound)


def page_of(ordered: list[tuple[str, T]], cursor: str | None, limit: int, on: str) -> Page:
    """A page of ``ordered`` (key, item) after the cursor's key; the cursor names its list (``on``)."""
    start = 0
    if cursor:
        data = decode_json(cursor)
        if not isinstance(data, dict) or data.get("on") != on or not isinstance(data.get("after"), str):
            raise InvalidCursor()
        start = sum(1 for key, _ in ordered if key <= data["after"])
    chosen = ordered[start:start + limit]
    more = start + limit < len(ordered)
    return Page([item for _, item in chosen], encode_json({"on": on, "after": chosen[-1][0]}) if more else None)


def page_of_desc(ordered: list[tuple[str, T]], cursor: str | None, limit: int, on: str) -> Page:
    """A page of ``ordered`` (newest first: keys descending) after the cursor's key."""
    start = 0
    if cursor:
        data = decode_json(cursor)
        if not isinstance(data, dict) or data.get("on") != on or not isinstance(data.get("after"), str):
            raise InvalidCursor()
        start = sum(1 for key, _ in ordered if key >= data["after"])
    chosen = ordered[start:start + limit]
    more = start + limit < len(ordered)
    return Page([item for _, item in chosen], encode_json({"on": on, "after": chosen[-1][0]}) if more else None)


def _deltas(lines: Iterable[LedgerLine]) -> dict[str, int]:
    deltas: dict[str, int] = {}
    for line in lines:
        deltas[line.sub] = deltas.get(line.sub, 0) + line.amount
    return {sub: delta for sub, delta in deltas.items() if delta}


def check_credits(t: Tables, lines: Sequence[LedgerLine]) -> None:
    """Credits move only if every member's balance covers what leaves it and no ledger line is written twice."""
    for sub, delta in _deltas(lines).items():
        profile = t.profiles.get(sub)
        if profile is None or (delta < 0 and profile.credits < -delta):
            raise InsufficientCredits(sub)
    for line in lines:
        if (line.sub, f"{line.at}#{line.line_id}") in t.ledger:
            raise WriteConflict(f"ledger line {line.line_id} exists")


def apply_credits(t: Tables, lines: Sequence[LedgerLine]) -> None:
    for sub, delta in _deltas(lines).items():
        profile = t.profiles[sub]
        t.profiles[sub] = replace(profile, credits=profile.credits + delta)
    for line in lines:
        t.ledger[(line.sub, f"{line.at}#{line.line_id}")] = line


def put_notices(t: Tables, notices: Iterable[Notice]) -> None:
    for notice in notices:
        t.feed[(notice.sub, notice.order)] = notice


def put_marks(t: Tables, marks: Iterable[Mark]) -> None:
    """Marks written with what they mark: a mark written again keeps a moderator's closing."""
    for mark in marks:
        t.marks.setdefault((mark.member, mark.mark_id), mark)
