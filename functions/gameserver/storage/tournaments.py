"""The tournaments area of the store: tournaments with their pot, the members' entries, the matches being played.

A tournament is one item holding the pure ``Tournament`` (its bracket, results and ledger lines); every change of
it is claimed by its ``version``, and every move of credits (a fee into the pot, a refund, a prize) is written in
the same transaction as the tournament that caused it, with its ledger line. Two members taking the last seat at
once both read the same version: exactly one write holds.

Each match that has a game also has an item of its own, which the game's steps follow turn by turn (the senders,
the order delays, the next turn's deadline), claimed by the match's version: four matches of a round playing at
once never contend for the tournament's item, which changes only when a match is decided. A match's game has the
match's id (``{tournament}-m{slot}``), so its steps read the match and the tournament as companions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from gameserver.platform.fairplay.marks import Mark
from gameserver.platform.ratings import EloRating, Glicko2Rating
from gameserver.platform.tournaments import Tournament, match_id
from gameserver.storage.duels import MonthLine, Ratings
from gameserver.storage.fairplay import Seen
from gameserver.storage.members import Notice
from gameserver.storage.records import Game, Json, LedgerLine

OPEN_TOURNAMENTS = "TOURNEYS#open"
"""The list of tournaments taking entries (``open_tournaments``)."""


@dataclass(frozen=True)
class TournamentCompanion:
    """The tournament a match's game belongs to, read with the game's step (the match's id names it)."""

    tournament_id: str


@dataclass(frozen=True)
class MatchCompanion:
    """The match a match's game plays, read with the game's step."""

    tournament_id: str
    slot: int


@dataclass(frozen=True)
class StoredTournament:
    tournament: Tournament
    version: int


@dataclass(frozen=True)
class StoredMatch:
    """A match that has a game, as its game's steps follow it: the turns applied so far, who sent orders in them,
    each member's order delay per turn (fair play), and once decided its rating changes (rated or why not)."""

    tournament_id: str
    slot: int
    players: tuple[str, str]
    version: int = 1
    turns_passed: int = 0
    senders: frozenset[str] = frozenset()
    """The members who sent orders themselves in a turn so far."""
    delays: dict[str, dict[int, int]] = field(default_factory=dict)
    decided: bool = False
    rating_changes: Json | None = None

    @property
    def game_id(self) -> str:
        return match_id(self.tournament_id, self.slot)


@dataclass(frozen=True)
class Contender:
    """What a tournament reads of a member, with the others in one request: the ratings (seeds, rating changes),
    the month's line of the duel board, the account's creation (seeds' ties, the board), the sightings (linked
    accounts) and, when asked, the default doctrine (which plays the turns they miss in a match)."""

    ratings: Ratings
    month: MonthLine | None
    created: str
    seen: Seen
    default: Json | None = None


@dataclass(frozen=True)
class TournamentRead:
    """A tournament and, read in the same request, members' balances."""

    stored: StoredTournament | None
    balances: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchRead:
    """A match, its tournament and its game item, read in one request."""

    tournament: StoredTournament | None
    match: StoredMatch | None
    game: Game | None


@dataclass(frozen=True)
class Bracket:
    """A tournament with every match item it has (one query of its partition)."""

    stored: StoredTournament | None
    matches: dict[int, StoredMatch]


@dataclass(frozen=True)
class DueTournament:
    """Something of a tournament whose time has come: the tournament's own deadline (``slot`` None: the fill
    deadline, a round's), or a match whose game's open turn is past its deadline."""

    tournament_id: str
    slot: int | None
    due_at: str


@dataclass
class MatchWrite:
    """A match item written (a ``Store.transact`` write): a new one when its match becomes playable, or the
    match as a step (or its end) left it, claimed by the version it was read at; the feed notices it sends."""

    match: StoredMatch
    """As it stands after the write (its ``version`` is ignored: the write holds ``before_version + 1``)."""
    before_version: int | None
    """None: a new match (the item must not exist)."""
    due_at: str | None = None
    """The open turn's deadline of its game while it is played: the sweep follows a match that fell behind."""
    notices: list[Notice] = field(default_factory=list)

    @property
    def feed_lines(self) -> tuple[Notice, ...]:
        """The feed lines it writes (each tells its member live: ``storage.events.with_feed_events``)."""
        return tuple(self.notices)


@dataclass
class TournamentWrite:
    """Everything one tournament transition writes (a ``Store.transact`` write): the tournament, claimed by its
    version; its new ledger lines with their balances; the entries of the members who came in or left; the feed;
    and what its decided matches rated (ratings, month lines of the duel board, marks for moderators)."""

    tournament: Tournament
    before_version: int | None
    """None: a new tournament (the item must not exist)."""
    at: str
    lines: tuple[LedgerLine, ...] = ()
    joined: tuple[str, ...] = ()
    """Members whose entry item is written (they came in)."""
    left: tuple[str, ...] = ()
    """Members whose entry item is removed (they left, or a freeze took them out before it was full)."""
    notices: list[Notice] = field(default_factory=list)
    ratings: dict[str, tuple[Ratings, Glicko2Rating, EloRating]] = field(default_factory=dict)
    """sub -> (as read, new game rating, new Elo)."""
    months: list[tuple[MonthLine, int]] = field(default_factory=list)
    """(the new line, the rated count it was read with: 0 when none yet)."""
    marks: tuple[Mark, ...] = ()

    @property
    def feed_lines(self) -> tuple[Notice, ...]:
        """The feed lines it writes (each tells its member live: ``storage.events.with_feed_events``)."""
        return tuple(self.notices)


class TournamentsPort(Protocol):
    def read(self, tournament_id: str, *, profiles: tuple[str, ...] = ()) -> TournamentRead:
        """The tournament and, in the same request, the balances of ``profiles``."""
        ...

    def bracket(self, tournament_id: str) -> Bracket:
        """The tournament and its match items (one query)."""
        ...

    def read_match(self, tournament_id: str, slot: int) -> MatchRead:
        """The match, its tournament and its game item (one request)."""
        ...

    def contenders(self, subs: tuple[str, ...], month: str, *, defaults: tuple[str, ...] = ()
                   ) -> dict[str, Contender]:
        """What the tournament reads of each member of ``subs`` (the default doctrines of ``defaults``), in one
        request; a member without a profile reads as a new one."""
        ...

    def open_tournaments(self, cursor: str | None, limit: int) -> tuple[list[StoredTournament], str | None]:
        """Tournaments taking entries, newest first; ``InvalidCursor`` for a cursor this list did not hand out."""
        ...

    def of_member(self, sub: str, cursor: str | None, limit: int) -> tuple[list[StoredTournament], str | None]:
        """The tournaments ``sub`` is in (or was in when it ended), the latest joined first (two requests)."""
        ...

    def due(self, now: str, limit: int) -> list[DueTournament]:
        """Tournaments and matches whose time has come at or before ``now``, earliest first."""
        ...

