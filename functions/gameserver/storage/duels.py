"""The duels area of the store: duels with their escrow, the members' ratings and month lines, the pairs'
recent duels (the 24-hour rule), the month's duel board.

Every move of credits is written in one transaction with its ledger line and the duel that caused it; the
duel's ``version`` is the claim every transition holds, so two requests (or a timer and a request) can never
both move the same duel. A duel's game is a game of the games area with the duel's id: its step reads the duel
as a companion (``DuelCompanion``) and the duel's update rides in the step's own transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from gameserver.platform.duels import Duel
from gameserver.platform.fairplay.marks import Mark
from gameserver.platform.ratings import EloRating, Glicko2Rating
from gameserver.storage.errors import WriteConflict
from gameserver.storage.fairplay import Seen
from gameserver.storage.members import Notice
from gameserver.storage.records import Game, LedgerLine

MIN_RATED_FOR_BOARD = 8
"""A month's line joins the board once it has 8 rated duels (the rest are never listed)."""
OPEN_DUELS = "DUELS#open"
"""The list of proposals open to anyone (``proposals``)."""


def proposals_to(sub: str) -> str:
    """The list of proposals naming ``sub``."""
    return f"DUELS#to#{sub}"


def duels_of(sub: str) -> str:
    """The list of a member's duels not closed yet (as the proposer, or as the opponent once accepted)."""
    return f"DUELSOF#{sub}"


def board_sk(line: MonthLine) -> str:
    """The month's board order as text (ascending): higher rating, then more rated duels, then the older
    account."""
    return f"{Decimal(100000) - line.rating:020.9f}#{99999 - line.rated:05d}#{line.account_created}#{line.sub}"


class InsufficientCredits(WriteConflict):
    """A balance's condition failed: the stake is more than the member holds."""

    def __init__(self, member: str) -> None:
        super().__init__(f"{member}'s balance is below the stake")
        self.member = member


@dataclass(frozen=True)
class DuelCompanion:
    """The duel a duel's game belongs to, read with the game's step (its game has the duel's id)."""

    duel_id: str


@dataclass(frozen=True)
class StoredDuel:
    duel: Duel
    version: int
    rating_changes: dict[str, Any] | None = None
    delays: dict[str, dict[int, int]] = field(default_factory=dict)
    """Each member's order delay per turn sent (fair play judges their median)."""


@dataclass(frozen=True)
class MonthLine:
    """A member's month on the duel board: rated duels so far, and the game rating after the last one."""

    sub: str
    month: str
    rated: int
    rating: Decimal
    account_created: str


@dataclass(frozen=True)
class Ratings:
    """A member's ratings as stored, with the versions their next write is conditioned on (0: none yet)."""

    game: Glicko2Rating
    game_version: int
    elo: EloRating
    elo_version: int


@dataclass(frozen=True)
class PairRecent:
    """The pair's duels that finished lately (won, drawn, forfeited), with the version it was read at (0: none
    yet). Read with both members' ratings and written with the end of a duel, claimed by that version."""

    duels: tuple[Duel, ...] = ()
    version: int = 0


@dataclass(frozen=True)
class DuelRead:
    """A duel and, read in the same request, its game item, members' balances and default doctrines."""

    stored: StoredDuel | None
    game: Game | None = None
    balances: dict[str, int] = field(default_factory=dict)
    defaults: dict[str, dict[str, Any] | None] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """What a duel's end reads of its two members in one request: ratings, month lines, account creation, the
    pair's recent duels and each member's sightings (linked accounts)."""

    ratings: dict[str, Ratings]
    months: dict[str, MonthLine | None]
    created: dict[str, str]
    recent: PairRecent
    seen: dict[str, Seen]


@dataclass(frozen=True)
class DueDuel:
    duel_id: str
    due_at: str


@dataclass(frozen=True)
class BoardPage:
    """A page of the month's board in order, how many lines came before it, and the next page's cursor."""

    lines: list[MonthLine]
    before: int
    cursor: str | None


@dataclass
class DuelWrite:
    """Everything one duel transition writes (a ``Store.transact`` write): the duel, claimed by its version,
    its ledger lines with their balances, the feed, ratings, month lines, the pair's recent duels, marks."""

    duel: Duel
    before_version: int | None
    """None: a new duel (the item must not exist)."""
    at: str
    due_at: str | None = None
    lines: tuple[LedgerLine, ...] = ()
    notices: list[Notice] = field(default_factory=list)
    ratings: dict[str, tuple[Ratings, Glicko2Rating, EloRating]] = field(default_factory=dict)
    """sub -> (as read, new game rating, new Elo)."""
    months: list[tuple[MonthLine, int]] = field(default_factory=list)
    """(the new line, the rated count it was read with: 0 when none yet)."""
    rating_changes: dict[str, Any] | None = None
    recent: PairRecent | None = None
    """The pair's recent duels with this one, as the end of a duel writes them."""
    delays: dict[str, dict[int, int]] | None = None
    """The members' order delays so far: the item is written whole, so a transition carries them on."""
    marks: tuple[Mark, ...] = ()
    """Marks for moderators the end leaves (linked accounts), written with it."""

    @property
    def feed_lines(self) -> tuple[Notice, ...]:
        """The feed lines it writes (each tells its member live: ``storage.events.with_feed_events``)."""
        return tuple(self.notices)


class DuelsPort(Protocol):
    def read(self, duel_id: str, *, game: bool = False, profiles: tuple[str, ...] = (),
             defaults: tuple[str, ...] = ()) -> DuelRead:
        """The duel and, in the same request, its game item, members' balances and default doctrines."""
        ...

    def standing(self, subs: tuple[str, str], month: str) -> Standing: ...

    def proposals(self, partition: str, cursor: str | None, limit: int) -> tuple[list[StoredDuel], str | None]:
        """Open proposals (``OPEN_DUELS``) or those made to a member (``proposals_to``), oldest first."""
        ...

    def open_of(self, sub: str) -> list[str]:
        """The ids of the member's duels not closed yet: proposed by them or to them, in a ready room, in play
        (three queries, every page)."""
        ...

    def due_duels(self, now: str, limit: int) -> list[DueDuel]:
        """Duels whose next deadline of their own is at or before ``now``, earliest first."""
        ...

    def month_board(self, month: str, cursor: str | None, limit: int) -> BoardPage: ...
