"""The members area of the store: profiles with their balance, the ledger of every move of credits, the feed.

Credits move only inside transactions that also write a ledger line: the opening grant here, with the profile;
every other move with what caused it (a duel's write, ``storage.duels``).
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from gameserver.storage.records import LedgerLine, Page, Profile


class Notice(NamedTuple):
    """A line of a member's feed: a step of theirs opened (``turn-open``, ``retreat-open``,
    ``deployment-open``), their game ended (``game-over``), a seat at a table was kept for them
    (``table-invite``: ``game_id`` names the table)."""

    sub: str
    game_id: str
    ref: str
    """What the game belongs to (a duel's id); empty for nothing."""
    step: int
    opened_at: str
    deadline: str | None
    kind: str = "turn-open"
    game: str = "feinthold"
    """The game's kind (``feinthold``, ``feint``): which routes play it."""


class Notices(NamedTuple):
    """Feed notices written with what they tell (a step's transaction, a table's), each once: a notice written
    again, by a retried transaction, is the same item."""

    notices: tuple[Notice, ...]


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
