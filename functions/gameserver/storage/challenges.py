"""The challenges area of the store: published doctrines (with their rating and record), challenges, the
member's challenges of each doctrine (the 7-day rule, one at a time), the challenge ratings and month lines,
the doctrines' queues of results to apply, their month lines, and the author's waiting events and notices.

What must land together is a typed value given to ``Store.transact``: a publication (``DoctrineWrite``), a
challenge's start (``ChallengeStart``, beside the game's ``NewGame``), its end (``ChallengeFinish``), one step
of a doctrine's rating (``DoctrineRatingWrite``), an author's notice (``NoticeWrite``). A house AI's rating is
one item that every challenge of it moves, so no end writes it: an end queues its result as an item of its own,
and the sweep applies a doctrine's queue one transaction at a time (``gameserver.platform.challenges.rating``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from gameserver.clock import iso
from gameserver.platform.challenges import (
    AppliedResult,
    AuthorEvent,
    AuthorNotice,
    Challenge,
    ChallengerLine,
    DoctrineLine,
    DoctrineRating,
    PublishedDoctrine,
    QueuedResult,
)
from gameserver.platform.fairplay.marks import Mark
from gameserver.platform.ratings import Glicko2Change, Glicko2Rating
from gameserver.storage.errors import WriteConflict
from gameserver.storage.fairplay import Seen
from gameserver.storage.records import Game, Page

BOARD_RATING_SPAN = Decimal(100000)
"""Ratings sort as text ``{BOARD_RATING_SPAN - rating:020.9f}``, higher first (a Glicko rating stays far below)."""
MAX_COUNT = 99999
"""Counts sort as text ``{MAX_COUNT - count:05d}``, more first."""


def rating_key(rating: Decimal) -> str:
    """A rating as a sort key part: higher first when sorted ascending."""
    return f"{BOARD_RATING_SPAN - rating:020.9f}"


def count_key(count: int) -> str:
    """A count as a sort key part: more first when sorted ascending."""
    return f"{MAX_COUNT - count:05d}"


def listing_key(stored: StoredDoctrine) -> str:
    """The listing's order of published doctrines: higher rating first, then the doctrine id."""
    return f"{rating_key(stored.rating.rating)}#{stored.doctrine.id}"


def challenger_board_key(line: ChallengerLine) -> str:
    """``challenger_order`` as text: rating, more rated challenges, the older account, the member."""
    return f"{rating_key(line.rating)}#{count_key(line.rated_challenges)}#{iso(line.account_created)}#{line.member}"


def doctrine_board_key(line: DoctrineLine) -> str:
    """``doctrine_order`` as text: rating, more challenges faced, the older first publication, the doctrine."""
    return f"{rating_key(line.rating)}#{count_key(line.faced)}#{iso(line.published_at)}#{line.doctrine}"


def event_key(event: AuthorEvent) -> str:
    """An author's event, once: its time, game and kind (an end written twice is one event)."""
    return f"{iso(event.at)}#{event.game}#{event.kind}"


def queue_key(result: QueuedResult) -> str:
    """A queued result in its doctrine's queue, in the order the rating applies them (end, then game)."""
    return f"{iso(result.ended_at)}#{result.game}"


@dataclass(frozen=True)
class DoctrineRecord:
    """How a doctrine did in the rated challenges it faced (its own results: a challenger's loss is its win)."""

    won: int = 0
    drawn: int = 0
    lost: int = 0

    @property
    def faced(self) -> int:
        return self.won + self.drawn + self.lost

    def after(self, score: float) -> DoctrineRecord:
        """The record after one more rated challenge the doctrine scored ``score`` in (1, 0.5, 0)."""
        if score == 1:
            return replace(self, won=self.won + 1)
        if score == 0.5:
            return replace(self, drawn=self.drawn + 1)
        if score == 0:
            return replace(self, lost=self.lost + 1)
        raise ValueError(f"a doctrine scores 1, 0.5 or 0, not {score}")


@dataclass(frozen=True)
class StoredDoctrine:
    """A published doctrine (a member's, or a house AI's) as stored: its rating and record beside it, and the
    version its next write is claimed by (0: not stored yet)."""

    doctrine: PublishedDoctrine
    rating: Glicko2Rating = Glicko2Rating()
    record: DoctrineRecord = DoctrineRecord()
    version: int = 0

    @property
    def rating_item(self) -> DoctrineRating:
        """The rating as the pure rules apply results to it."""
        return DoctrineRating(self.doctrine.id, self.rating, self.record.faced, self.version)


@dataclass(frozen=True)
class DoctrineWrite:
    """A published doctrine written whole (a publication, a new version, a withdrawal, a hiding), claimed by
    ``stored.version`` (0: a new doctrine, which must not exist yet). A moderator's hiding rides with its
    ``AuditLine`` in the same transaction."""

    stored: StoredDoctrine


@dataclass(frozen=True)
class Versus:
    """A member's challenges of one doctrine that the 3-in-7-days rule and the one-at-a-time rule read: the
    one in progress, and those that counted and ended in the last 7 x 24 hours; claimed by its version."""

    challenger: str
    doctrine: str
    challenges: tuple[Challenge, ...] = ()
    version: int = 0
    """0: not stored yet."""


@dataclass(frozen=True)
class ChallengerChange:
    """What a counted challenge did to its challenger's challenge rating: stored with the challenge."""

    before: Glicko2Rating
    change: Glicko2Change

    @property
    def after(self) -> Glicko2Rating:
        return self.change.apply(self.before)


@dataclass(frozen=True)
class StoredChallenge:
    challenge: Challenge
    version: int
    challenger_change: ChallengerChange | None = None
    """Once finished and counted: the challenger's change (the doctrine's comes when its queue is applied)."""


@dataclass(frozen=True)
class Waiting:
    """An author's event waiting for its notice, and from when the sweep looks at it (its time, or the end of
    the hour after the doctrine's last notice: ``next_notice_at``)."""

    event: AuthorEvent
    due_at: str


@dataclass(frozen=True)
class NoticeState:
    """A doctrine's notices so far: when the last was sent (None: never), claimed by its version."""

    doctrine: str
    last_sent: datetime | None = None
    version: int = 0


@dataclass(frozen=True)
class ChallengerMonth:
    """A challenger's line of a month (``ChallengerLine``), with the count it was read at (0: none yet)."""

    month: str
    line: ChallengerLine
    read_rated: int = 0


@dataclass(frozen=True)
class DoctrineMonth:
    """A doctrine's line of a month (``DoctrineLine``; its status is the doctrine's, joined when a board is
    read), with the count it was read at (0: none yet)."""

    month: str
    line: DoctrineLine
    read_faced: int = 0


@dataclass(frozen=True)
class ChallengeStart:
    """A challenge's start, beside the game's ``NewGame`` in one transaction: the challenge (new; on the due
    index at ``due_at``, the latest its game can end, so the sweep finishes it whatever happens), the member's
    ``Versus`` with it (claimed by the version read: one challenge of a doctrine at a time, whatever races),
    and the author's event. ``VersusChanged`` when another start won the race."""

    challenge: Challenge
    versus: Versus
    due_at: str
    waiting: tuple[Waiting, ...] = ()


@dataclass(frozen=True)
class ChallengeFinish:
    """A challenge's end, in one transaction: the challenge (claimed by its version), the member's ``Versus``,
    and when it counts the challenger's new challenge rating (claimed by the version read), their month line
    and the doctrine's queued result (an item of its own: two ends never write the same doctrine item); the
    author's event and the marks it leaves."""

    stored: StoredChallenge
    """As written: ``stored.version`` is the version read."""
    versus: Versus
    rating_version: int = 0
    queued: QueuedResult | None = None
    month: ChallengerMonth | None = None
    waiting: tuple[Waiting, ...] = ()
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class DoctrineRatingWrite:
    """One step of a doctrine's rating, in one transaction: the doctrine (claimed by its version), each game's
    change (written only if that game has none: idempotent), the queued results taken off the queue, the month
    lines moved."""

    stored: StoredDoctrine
    """As written: ``stored.version`` is the version read."""
    applied: tuple[AppliedResult, ...]
    done: tuple[QueuedResult, ...]
    months: tuple[DoctrineMonth, ...] = ()


@dataclass(frozen=True)
class FeedNotice:
    """An author's notice as their feed shows it: what ``AuthorNotice`` tells, with the doctrine's shown name."""

    notice: AuthorNotice
    name: str

    @property
    def sub(self) -> str:
        return self.notice.author

    @property
    def order(self) -> str:
        """Its place in the author's feed (after ``FEED#``): its time, the doctrine, then what it is."""
        return f"{iso(self.notice.at)}#{self.notice.doctrine}#challenges"


@dataclass(frozen=True)
class NoticeWrite:
    """An author's notice, in one transaction: the doctrine's notice state (claimed by its version), the feed
    line, and the events it tells taken off the waiting list."""

    state: NoticeState
    """As written: ``state.version`` is the version read."""
    feed: FeedNotice

    @property
    def feed_lines(self) -> tuple[FeedNotice, ...]:
        """The feed lines it writes (each tells its member live: ``storage.events.with_feed_events``)."""
        return (self.feed,)


class VersusChanged(WriteConflict):
    """A start's or an end's condition on the member's ``Versus`` failed: another challenge of that doctrine
    started or ended meanwhile (read again: one may be in progress now)."""


@dataclass(frozen=True)
class StartRead:
    """What a challenge's start (and the doctrine's page, for its reader) reads: the doctrine, the member's
    challenges of it, their default doctrine, both members' sightings (linked accounts), the notice state."""

    doctrine: StoredDoctrine | None
    versus: Versus
    default_doctrine: dict[str, Any] | None = None
    seen: dict[str, Seen] = field(default_factory=dict)
    notices: NoticeState | None = None
    frozen: frozenset[str] = frozenset()
    """Those of the challenger and the author whose ratings are frozen (their freeze items, read with the rest)."""


@dataclass(frozen=True)
class ChallengeRead:
    """A challenge, the doctrine's change for it once applied, and its game item, in one request."""

    stored: StoredChallenge | None
    doctrine_change: AppliedResult | None = None
    game: Game | None = None


@dataclass(frozen=True)
class EndRead:
    """What a challenge's end reads in one request: the challenge, the member's challenges of the doctrine,
    the challenger's challenge rating (and its version), their month line, the doctrine (its rating as last
    applied), both members' sightings, the challenger's account creation, the doctrine's notice state."""

    stored: StoredChallenge | None
    versus: Versus
    rating: Glicko2Rating
    rating_version: int
    month: ChallengerLine | None
    doctrine: StoredDoctrine | None
    seen: dict[str, Seen]
    account_created: str
    notices: NoticeState
    frozen: frozenset[str] = frozenset()
    """Those of the challenger and the author whose ratings are frozen at the end."""


@dataclass(frozen=True)
class QueueRead:
    """What one step of a doctrine's rating reads: the doctrine, its next queued results (in order), the games
    among them whose change is stored already, and the doctrine's month lines of their months."""

    doctrine: StoredDoctrine | None
    queued: tuple[QueuedResult, ...]
    applied_before: frozenset[str]
    months: dict[str, DoctrineLine]


@dataclass(frozen=True)
class WaitingRead:
    """What an author's notice reads: the doctrine, its notice state, the events waiting (in time order)."""

    doctrine: StoredDoctrine | None
    state: NoticeState
    waiting: tuple[AuthorEvent, ...]


@dataclass(frozen=True)
class BoardPage:
    """A page of a month's board in order, how many lines came before it, and the next page's cursor."""

    lines: list[Any]
    before: int
    cursor: str | None
    names: dict[str, str] = field(default_factory=dict)
    """The doctrines' shown names, read with the page's status (the doctrine board only)."""


class ChallengesPort(Protocol):
    def doctrine(self, doctrine_id: str) -> StoredDoctrine | None:
        """One consistent read of a published doctrine."""
        ...

    def doctrines(self, doctrine_ids: tuple[str, ...]) -> dict[str, StoredDoctrine]:
        """The published doctrines among ``doctrine_ids``, by id (one request per 100)."""
        ...

    def put_house(self, stored: StoredDoctrine) -> bool:
        """Store a house AI's doctrine unless it is there; True when this call created it."""
        ...

    def published(self, cursor: str | None, limit: int) -> Page:
        """A page of the published doctrines (``StoredDoctrine``), by rating; ``InvalidCursor`` for a forged
        cursor."""
        ...

    def read_start(self, challenger: str, doctrine_id: str) -> StartRead:
        """One request (and one more for a member's doctrine: its author's sightings, whose key the doctrine
        names)."""
        ...

    def read_challenge(self, challenge_id: str) -> ChallengeRead: ...

    def read_end(self, challenge_id: str, challenger: str, doctrine_id: str, author: str | None,
                 month: str) -> EndRead:
        """One request."""
        ...

    def due_challenges(self, now: str, limit: int) -> list[str]:
        """Challenges still playing whose game should have ended by ``now`` (one query per due shard)."""
        ...

    def queued(self, now: str, limit: int) -> list[str]:
        """Doctrines with results waiting in their queue since ``now`` or before (one query per due shard)."""
        ...

    def read_queue(self, doctrine_id: str, limit: int) -> QueueRead:
        """The doctrine, its first ``limit`` queued results, which of them are applied already, their months'
        lines: three requests (two when nothing is queued)."""
        ...

    def waiting(self, now: str, limit: int) -> list[str]:
        """Doctrines with author's events due at ``now`` or before (one query per due shard)."""
        ...

    def read_waiting(self, doctrine_id: str) -> WaitingRead:
        """The doctrine and its notice state (one request) and its waiting events (one query)."""
        ...

    def delay_waiting(self, doctrine_id: str, events: tuple[AuthorEvent, ...], due_at: str) -> None:
        """Look at those events again only from ``due_at`` (the hour after the last notice is not over)."""
        ...

    def challenger_rating(self, sub: str) -> tuple[Glicko2Rating, int]:
        """A member's challenge rating and its version (the start's 1500, version 0, before any)."""
        ...

    def challenger_board(self, month: str, cursor: str | None, limit: int) -> BoardPage:
        """The month's challengers with at least 8 rated challenges (``ChallengerLine``), in board order."""
        ...

    def doctrine_board(self, month: str, cursor: str | None, limit: int) -> BoardPage:
        """The month's public doctrines with at least 10 rated challenges faced (``DoctrineLine``), in board
        order: a doctrine hidden or withdrawn since is left out (its status is read with the page, so a page may
        hold fewer lines than ``limit`` and still have a next one)."""
        ...
