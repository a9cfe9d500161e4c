"""The members area of the store: profiles with their balance, the ledger of every move of credits, the feed.

Credits move only inside transactions that also write a ledger line: the opening grant here, with the profile;
every other move with what caused it (a duel's write, ``storage.duels``).
"""

from __future__ import annotations

import enum
from typing import NamedTuple, Protocol

from gameserver.storage.records import LedgerLine, Page, Profile


class NoticeKind(enum.StrEnum):
    """What a notice tells its member."""

    TURN_OPEN = "turn-open"
    """A step of theirs opened (a duel's turn, a tournament match's)."""
    MATCH_CREATED = "match-created"
    """A tournament match of theirs was created: both its players are known, its first turn is open."""
    MATCH_WON = "match-won"
    """They won a tournament match (on the board, by the tiebreak, by forfeit, or without playing)."""
    MATCH_LOST = "match-lost"
    """They lost a tournament match."""
    MATCH_VOID = "match-void"
    """A tournament match of theirs ended without a result: nobody goes on from it."""
    TOURNAMENT_WON = "tournament-won"
    """They won a tournament."""
    RETREAT_OPEN = "retreat-open"
    """A Retreat of theirs opened (Feint)."""
    DEPLOYMENT_OPEN = "deployment-open"
    """Their deployment opened (Feint)."""
    GAME_OVER = "game-over"
    """A game of theirs ended (Feint online)."""
    TABLE_INVITE = "table-invite"
    """A seat at a Feint table was kept for them: ``game_id`` names the table."""
    SEASON_PRIZE = "season-prize"
    """They won a prize of a season's duel board: ``game_id`` names the payment, ``ref`` the season."""
    SEASON_TITLE = "season-title"
    """They won a title of a season: ``game_id`` names the title, ``ref`` the season."""


STEP_OPENS = frozenset({NoticeKind.TURN_OPEN, NoticeKind.RETREAT_OPEN, NoticeKind.DEPLOYMENT_OPEN})
"""The notices that a step of theirs opened: one a step."""


class Notice(NamedTuple):
    """A line of a member's feed (``NoticeKind``): a step of theirs opened, their game ended, what happened to a
    tournament match of theirs, a seat at a table was kept for them."""

    sub: str
    game_id: str
    """The game it is about (a tournament's notice: the match's id, its game's)."""
    ref: str
    """What the game belongs to (a duel's id, a tournament's); empty for nothing."""
    step: int
    """The step that opened (0 for a notice that is not about a step)."""
    opened_at: str
    """When it happened."""
    deadline: str | None
    kind: str = NoticeKind.TURN_OPEN
    game: str = "feinthold"
    """The game's kind (``feinthold``, ``feint``): which routes play it."""

    @property
    def order(self) -> str:
        """Its place in the member's feed (newest last): the time, the game, then the step or what it says, so
        that two notices of one game at one instant never take each other's place."""
        what = f"{self.step:06d}" if self.kind in STEP_OPENS else self.kind
        return f"{self.opened_at}#{self.game_id}#{what}"


class Notices(NamedTuple):
    """Feed notices written with what they tell (a step's transaction, a table's), each once: a notice written
    again, by a retried transaction, is the same item."""

    notices: tuple[Notice, ...]

    @property
    def feed_lines(self) -> tuple[Notice, ...]:
        """The feed lines it writes (each tells its member live: ``storage.events.with_feed_events``)."""
        return tuple(self.notices)


class MembersPort(Protocol):
    def get_profile(self, sub: str) -> Profile | None: ...

    def create_profile(self, profile: Profile, grant: LedgerLine) -> bool:
        """Profile and its opening grant in one transaction; False when the profile already existed."""
        ...

    def balances(self, subs: tuple[str, ...]) -> dict[str, int]:
        """The balance of each member who has a profile (one request); members without one are left out."""
        ...

    def ledger(self, sub: str, cursor: str | None, limit: int) -> Page:
        """A page of the member's ledger lines (``LedgerLine``), newest first."""
        ...

    def feed(self, sub: str, cursor: str | None, limit: int) -> Page:
        """A page of the member's notices (``Notice``), newest first."""
        ...
