"""The Feint area of the store: the tables of online games, where members gather before their game starts.

A table is its own item. It is written whole, claimed by its version (a new one only if its id is free), in
``Store.transact`` as a ``TableWrite``, so that the last seat taken starts the game in the same transaction
(the table marked started, the game created, the members' notices), or neither happens. The tables with a
seat anyone may take are listed, the ones closing soonest first, until they close.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from gameserver.storage.records import Page


@dataclass(frozen=True)
class Table:
    """An online game's table: its seats, who is invited, who sits there, until it is full (the game starts)
    or ``closes_at`` passes first (it is cancelled)."""

    table_id: str
    host: str
    seats: int
    pace: str
    bots: int
    """Seats played by bots (the last ones, once seats are drawn)."""
    invited: tuple[str, ...]
    """Members a seat is kept for."""
    joined: tuple[str, ...]
    """Members seated, the host first, in the order they sat down."""
    status: str
    """``open``, ``started``; an open table past ``closes_at`` is cancelled (``TableStatus``)."""
    created_at: str
    closes_at: str
    game_id: str | None = None
    version: int = 0
    """Bumped by every write; 0 for a table not written yet."""

    @property
    def member_seats(self) -> int:
        return self.seats - self.bots

    @property
    def open_seats(self) -> int:
        """Seats anyone may take: the members' seats neither taken nor kept for an invited member."""
        strangers = sum(1 for sub in self.joined[1:] if sub not in self.invited)
        return self.member_seats - 1 - len(self.invited) - strangers

    @property
    def listed(self) -> bool:
        """On the list of open tables: open, with a seat anyone may take."""
        return self.status == "open" and self.open_seats > 0


class TableWrite(NamedTuple):
    """A table as it now stands, written only if it is still at ``table.version`` (0: only if new); the store
    writes it at ``table.version + 1``."""

    table: Table


class FeintPort(Protocol):
    def get_table(self, table_id: str) -> Table | None: ...

    def open_tables(self, now: str, cursor: str | None, limit: int) -> Page:
        """A page of the tables with a seat anyone may take that close after ``now`` (``Table``), closing soonest
        first; ``InvalidCursor`` for a cursor this list did not hand out."""
        ...
