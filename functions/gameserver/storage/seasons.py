"""The seasons area of the store: each month's close, its prize payments, and each member's season history
(docs/storage.md, "Seasons").

The close is one item per season holding the pure ``SeasonClose`` (its prize plans and its titles, each stage
fixed once), claimed by its version and by the stage being absent (``CloseWrite``): two runs of a stage racing
change nothing twice, even after Powertools' idempotency record has expired. Each prize is paid in its own
transaction (``PrizePaid``): the payment's item (conditioned on not being there: its id is the plan's
``{season}#{game}#{place}``), the member's balance, the ledger line, the member's history line and feed notice;
so a close killed between two payments pays the rest on its next run, and nobody twice. The titles are awarded
in the title stage's own transaction (``CloseWrite.titles``), each with its history line and notice.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Protocol

from gameserver.platform.seasons import PrizePayment, SeasonClose, Stage, TitleAward
from gameserver.storage.members import Notice
from gameserver.storage.records import LedgerLine, Page


class CloseStatus(enum.StrEnum):
    """Where a month's close stands."""

    CLOSING = "closing"
    """A stage is fixed and something is left: the other stage, or prizes still to pay."""
    CLOSED = "closed"
    """Both stages fixed and every prize paid."""


@dataclass(frozen=True)
class StoredClose:
    close: SeasonClose
    version: int
    status: CloseStatus = CloseStatus.CLOSING


@dataclass(frozen=True)
class Paid:
    """A prize paid: its payment and when."""

    payment: PrizePayment
    at: str


@dataclass(frozen=True)
class SeasonRead:
    """A season's close and the prizes paid so far (one query of the season's partition)."""

    stored: StoredClose | None
    paid: dict[str, Paid] = field(default_factory=dict)
    """Payment id -> the payment made."""


@dataclass(frozen=True)
class HistoryLine:
    """A line of a member's season history: a prize (``game``, ``place``, ``credits``) or a title (``title``,
    with ``doctrine`` for Doctrine of the month)."""

    member: str
    season: str
    at: str
    game: str | None = None
    place: int | None = None
    credits: int | None = None
    title: str | None = None
    doctrine: str | None = None

    @property
    def what(self) -> str:
        """Its place in the member's history: the season, then the prize's game or the title."""
        return f"{self.season}#PRIZE#{self.game}" if self.title is None else f"{self.season}#TITLE#{self.title}"


@dataclass(frozen=True)
class CloseWrite:
    """The close item written (a ``Store.transact`` write): new (``before_version`` None), or claimed by the
    version read and, for a stage it fixes, by that stage being absent. A title stage writes its titles'
    history lines and notices with it. ``due_at``: when the sweep comes back to it (None once closed)."""

    close: SeasonClose
    before_version: int | None
    status: CloseStatus
    due_at: str | None
    fixes: Stage | None = None
    """The stage this write fixes, conditioned on its absence."""
    titles: tuple[tuple[TitleAward, HistoryLine, Notice], ...] = ()

    @property
    def feed_lines(self) -> tuple[Notice, ...]:
        """The feed lines it writes (each tells its member live: ``storage.events.with_feed_events``)."""
        return tuple(notice for _, _, notice in self.titles)


@dataclass(frozen=True)
class PrizePaid:
    """One prize paid (a ``Store.transact`` write): the payment item (``WriteConflict`` if it is there), the
    balance and the ledger line, the member's history line and notice."""

    payment: PrizePayment
    line: LedgerLine
    history: HistoryLine
    notice: Notice

    @property
    def feed_lines(self) -> tuple[Notice, ...]:
        """The feed lines it writes (each tells its member live: ``storage.events.with_feed_events``)."""
        return (self.notice,)


class SeasonsPort(Protocol):
    def read(self, season: str) -> SeasonRead:
        """The season's close and its payments: one consistent query."""
        ...

    def closes(self, cursor: str | None, limit: int) -> Page:
        """A page of the closes (``StoredClose``), the latest season first."""
        ...

    def history(self, member: str, cursor: str | None, limit: int) -> Page:
        """A page of the member's prizes and titles (``HistoryLine``), the latest season first."""
        ...

    def due(self, now: str, limit: int) -> list[str]:
        """The seasons whose close has something due at or before ``now`` (the titles' time, prizes unpaid)."""
        ...
