"""The lobby: the tables of any game's online mode, where members gather before their game starts (Feint's
online games today; what online Front 1901 needs is in the contract too: seats picked by the members or dealt,
the table's options, a start time at which the seats still empty are given to stand-ins, and an expiry set by the
game: 24 hours for Feint, 7 days for Front 1901).

A table is its own item. It is written whole, claimed by its version (a new one only if its id is free), in
``Store.transact`` as a ``TableWrite``, so that the last seat taken starts the game in the same transaction
(the table marked started, the game created, the members' notices), or neither happens. The tables of a game
with a seat anyone may take are listed, the ones closing soonest first, until they close; the open tables with a
start time are found by it once it has come.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from gameserver.storage.records import Page


class Seating:
    """How the members' seats are given once the table is full."""

    DEALT = "dealt"
    """Drawn when the game starts (Feint)."""
    PICKED = "picked"
    """Each member picks theirs on sitting down (``Table.picked``: a power of Front 1901)."""


@dataclass(frozen=True)
class Table:
    """An online game's table: its game, its seats, who is invited, who sits there, until it is full (the game
    starts), its start time comes (the empty seats go to stand-ins, and the game starts), or ``closes_at``
    passes first (it is cancelled)."""

    table_id: str
    game: str
    """The game played at it (``Game.kind``): the list of open tables is a game's."""
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
    """``open``, ``started``; an open table past ``closes_at`` is cancelled (``TableStatus``), and written
    ``cancelled`` by the sweep when it had a start time (so it leaves the tables to start)."""
    created_at: str
    closes_at: str
    """When an open table is cancelled: its game says how long a table waits (``created_at`` plus 24 hours for
    Feint, 7 days for Front 1901)."""
    game_id: str | None = None
    version: int = 0
    """Bumped by every write; 0 for a table not written yet."""
    options: dict[str, str] = field(default_factory=dict)
    """What the game is started with, in its engine's words (Front 1901: ``level``, ``length``)."""
    seating: str = Seating.DEALT
    picked: dict[str, str] = field(default_factory=dict)
    """Member -> the seat they picked (``Seating.PICKED``)."""
    starts_at: str | None = None
    """When the game starts with the members seated by then, stand-ins in the empty seats (None: only when
    full)."""

    @property
    def member_seats(self) -> int:
        return self.seats - self.bots

    @property
    def open_seats(self) -> int:
        """Seats anyone may take: the members' seats neither taken nor kept for an invited member."""
        strangers = sum(1 for sub in self.joined[1:] if sub not in self.invited)
        return self.member_seats - 1 - len(self.invited) - strangers

    def seen_by(self, sub: str) -> bool:
        """A table is its host's, its invited members' and its seated members' to see, and anyone's if it was
        made with seats open to anyone (it was listed); to anyone else it does not exist."""
        public = self.member_seats - 1 - len(self.invited) > 0
        return sub == self.host or sub in self.invited or sub in self.joined or public

    @property
    def listed(self) -> bool:
        """On the list of open tables: open, with a seat anyone may take."""
        return self.status == "open" and self.open_seats > 0


class TableWrite(NamedTuple):
    """A table as it now stands, written only if it is still at ``table.version`` (0: only if new); the store
    writes it at ``table.version + 1``."""

    table: Table


class LobbyPort(Protocol):
    def get_table(self, table_id: str) -> Table | None: ...

    def open_tables(self, game: str, now: str, cursor: str | None, limit: int) -> Page:
        """A page of ``game``'s tables with a seat anyone may take that close after ``now`` (``Table``), closing
        soonest first; ``InvalidCursor`` for a cursor this list did not hand out."""
        ...

    def tables_to_start(self, now: str, limit: int) -> list[str]:
        """The ids of the open tables whose start time has come by ``now``, earliest first (the sweep starts
        them)."""
        ...
