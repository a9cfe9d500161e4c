"""Front 1901's area of the store: its daily challenge. The day's challenge (power, level, seed), each member's
challenge of a day (started with its game, then finished with its result), who started the day's challenge from
each device id and address (the linked-account rule), the day's board (sharded, read merged) and its summary
(rank markers), read and rebuilt as the Daily Front's (``storage.daily.DayBoard``).

A member's challenge starts with its game in one transaction (``Front1901DayStart`` beside the ``NewGame``: one
attempt a day), and finishes once with its result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple, Protocol

from gameserver.platform.daily.front1901 import Challenge
from gameserver.platform.ratings.openskill import SkillRating
from gameserver.storage.daily import DaySummary
from gameserver.storage.errors import WriteConflict
from gameserver.storage.fairplay import Seen
from gameserver.storage.records import Page


class Front1901DayStarted(WriteConflict):
    """The member's challenge of that day exists: one attempt a day."""


@dataclass(frozen=True)
class ChallengeEntry:
    """A member's challenge of one day: started, then finished with its result (ranked or why not)."""

    day: date
    member: str
    name: str
    game_id: str
    started_at: str
    linked_earlier: str | None = None
    """A linked account that started the day's challenge before (the device id or address shared): not ranked."""
    status: str = "playing"
    """``playing`` or ``finished``."""
    result: str | None = None
    centres: int = 0
    year: int = 0
    matched: int = 0
    board_key: str | None = None
    """The board's sort key, set only when the result is ranked."""
    not_ranked: str | None = None
    finished_at: str | None = None

    @property
    def ranked(self) -> bool:
        return self.board_key is not None


@dataclass(frozen=True)
class ChallengeLine:
    """One ranked result as the board shows it (the attributes a board query projects)."""

    key: str
    name: str
    result: str
    centres: int
    year: int
    matched: int

    @property
    def member(self) -> str:
        return self.key.partition("#")[2]


@dataclass(frozen=True)
class Starter:
    """The first member who started a day's challenge with a device id or an address (``device:…``,
    ``address:…``), and when."""

    value: str
    member: str
    started_at: str


@dataclass
class ChallengeDay:
    """What a member's request about a day's challenge needs, read in one BatchGetItem."""

    challenge: Challenge | None = None
    entry: ChallengeEntry | None = None
    seen: Seen = field(default_factory=dict)
    """Where the member was seen, by day (fair play's sightings), when asked: the values a start looks up."""


@dataclass(frozen=True)
class Front1901DayStart:
    """A member's challenge of a day, started with its game (a ``Store.transact`` write beside the ``NewGame``):
    ``Front1901DayStarted`` when the member has one that day already; ``starters``: the member's values nobody
    started the day's challenge with yet, each written only if it is still so (else ``WriteConflict``)."""

    entry: ChallengeEntry
    starters: tuple[Starter, ...] = ()


@dataclass(frozen=True)
class OnlineRating:
    """A member's rating of online Front 1901, claimed by its ``version`` (0: none stored yet)."""

    member: str
    rating: SkillRating = field(default_factory=SkillRating)
    version: int = 0
    last_game: str | None = None
    """The rated game that set it: a game's end rates once however often its step is tried."""


def board_key(rating: OnlineRating) -> str:
    """Where a rating sorts on the board (descending): its shown value, fixed-width, then its member."""
    return f"{round((rating.rating.shown + 1000) * 100):08d}#{rating.member}"


@dataclass(frozen=True)
class RatingChange:
    """What a rated game did to one member's rating: from ``before`` to ``after``."""

    member: str
    before: SkillRating
    after: SkillRating


@dataclass(frozen=True)
class RatedGame:
    """The rating changes a rated game's end made, stored with the game ("every rating change is stored with the
    game that caused it"): what a moderator's void takes back, once (``voided_at``)."""

    game_id: str
    changes: tuple[RatingChange, ...]
    voided_at: str | None = None


class OnlineRatingsWrite(NamedTuple):
    """The ratings a rated game's end set, each written only if still at its ``version`` (written at version+1),
    in the final step's own transaction; with ``game`` its changes, written once (a second is a ``WriteConflict``)."""

    ratings: tuple[OnlineRating, ...]
    game: RatedGame | None = None


class RatedGameVoided(NamedTuple):
    """A moderator's void of a rated game: each rating with the game's change taken back (only if still at its
    ``version``) and ``game`` marked voided, only if it is stored and not voided yet (else a ``WriteConflict``)."""

    ratings: tuple[OnlineRating, ...]
    game: RatedGame


@dataclass(frozen=True)
class ReportedMessage:
    """A message of a table's game its recipient reported: what moderators read (they read no other message)."""

    game_id: str
    phase: str
    message_id: int
    sender: str
    recipient: str | None
    text: str
    reporter: str
    reported_at: str

    @property
    def report_id(self) -> str:
        """One report per member and message: the same message reported again is the same report."""
        return f"{self.game_id}-{self.phase}-{self.message_id}-{self.reporter}"


class MessageReported(NamedTuple):
    """A report, written once: a second report of the same message by the same member is a ``WriteConflict``."""

    report: ReportedMessage


class Front1901Port(Protocol):
    def reported_messages(self, cursor: str | None, limit: int) -> Page:
        """Reported messages (``ReportedMessage``), the latest first."""
        ...

    def online_ratings(self, subs: tuple[str, ...]) -> dict[str, OnlineRating]:
        """The stored ratings of ``subs`` (a member with none is left out)."""
        ...

    def online_rated_game(self, game_id: str) -> RatedGame | None:
        """The rating changes a rated game made (None: it rated nobody)."""
        ...

    def online_board(self, cursor: str | None, limit: int) -> Page:
        """Every rated member's ``OnlineRating``, the highest shown rating first; ``InvalidCursor`` for a cursor
        this list did not hand out."""
        ...

    def put_challenge(self, challenge: Challenge) -> bool:
        """Store the day's challenge unless it is there; True when this call created it."""
        ...

    def get_challenge(self, day: date) -> Challenge | None: ...

    def read_day(self, day: date, sub: str, *, challenge: bool = True, seen: bool = False) -> ChallengeDay:
        """The member's entry of that day and, as asked, the day's challenge and where the member was seen: one
        request."""
        ...

    def starters(self, day: date, values: tuple[str, ...]) -> dict[str, Starter]:
        """The day's first starters with ``values`` (``device:…``, ``address:…``), by value: one request (none
        for no value)."""
        ...

    def finish(self, entry: ChallengeEntry) -> None:
        """The entry's result, only while it is still ``playing`` for that game (a result is written once);
        ``WriteConflict`` otherwise."""
        ...

    def board_after(self, day: date, after: str | None, limit: int) -> list[ChallengeLine]:
        """The day's ranked results after the sort key ``after``, in board order, ``limit`` at most."""
        ...

    def board_keys(self, day: date) -> list[list[str]]:
        """Every shard's board keys in order."""
        ...

    def get_summary(self, day: date) -> DaySummary | None: ...

    def put_summary(self, day: date, stored: DaySummary) -> bool:
        """Store the day's summary unless one built from later reads is there; True when written."""
        ...

    def read_rank(self, day: date, sub: str) -> tuple[ChallengeEntry | None, DaySummary | None]:
        """The member's entry of that day (its board key) and the day's summary: one request."""
        ...

    def count_better(self, day: date, start: str | None, bound: str) -> int:
        """How many board keys, over every shard, lie in ``start <= key < bound``."""
        ...


def others(starters: Mapping[str, Starter], sub: str) -> dict[str, Starter]:
    """The starters who are someone else than ``sub``."""
    return {value: s for value, s in starters.items() if s.member != sub}
