"""What the storage keeps, as plain typed values (no boto3 here: the domain builds and reads these).

The engine's state and views are kept as their JSON (``dict``); orders as the wire list the player sent,
already checked by the engine. Times are ISO strings in whole UTC seconds (``clock.iso``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]

HOUSE_PREFIX = "house:"
"""A player that is a house AI is named ``house:<name>`` where a member would be named by their subject."""


@dataclass(frozen=True)
class Profile:
    sub: str
    username: str
    created_at: str
    credits: int


@dataclass(frozen=True)
class LedgerLine:
    """One move of credits; written in the same transaction as the balance it changes."""

    sub: str
    amount: int
    kind: str
    """``grant``, ``escrow``, ``payout``, ``return``, ``fee``, ``prize``, ``refund``."""
    at: str
    line_id: str
    ref: str = ""
    """The duel, tournament or season the move belongs to (empty for the opening grant)."""


@dataclass(frozen=True)
class Submission:
    """A side's orders for the open turn. ``count`` 0 means nothing sent yet."""

    orders: list[Json] = field(default_factory=list)
    count: int = 0
    sent_at: str | None = None
    device: str | None = None
    address: str | None = None

    @property
    def sent(self) -> bool:
        return self.count > 0


@dataclass(frozen=True)
class Game:
    """The game item: who plays, the open turn, its deadline and the orders sent for it. Small and read often;
    the engine's state lives beside it (``Board``), each member's view too (``SideView``)."""

    game_id: str
    kind: str
    """The game: ``feinthold`` (``feint`` and ``front1901`` later)."""
    mode: str
    """``house`` (against a house AI), ``friendly`` (an invitation); duels, challenges, the Daily Front and
    tournament matches add their own."""
    players: dict[str, str]
    """Side -> member subject, or ``house:<name>``."""
    pace: str
    status: str
    """``open`` or ``over``."""
    turn: int
    """The open turn (the last one played once the game is over)."""
    epoch: int
    """Turns resolved so far; the board and views carry the epoch they were written at."""
    version: int
    """Bumped by every write of this item: the claim a resolve's transaction holds."""
    created_at: str
    opened_at: str
    deadline: str | None
    submissions: dict[str, Submission]
    winner: str | None = None
    finished_at: str | None = None
    layout: str = ""
    house_ai: str | None = None

    def side_of(self, sub: str) -> str | None:
        for side, player in self.players.items():
            if player == sub:
                return side
        return None

    def members(self) -> dict[str, str]:
        """Side -> subject for the sides members play."""
        return {side: p for side, p in self.players.items() if not p.startswith(HOUSE_PREFIX)}


@dataclass(frozen=True)
class Board:
    """The engine's full state of a game (never shown to a member while the game is in play), the seed it was
    drawn from, and the doctrines snapshotted at the start (a house AI's noisy doctrine; a member's default)."""

    game_id: str
    epoch: int
    state: Json
    seed: int
    doctrines: dict[str, Json | None]


@dataclass(frozen=True)
class SideView:
    """One member's view of a game at an epoch, computed by the engine from that side's observations only."""

    game_id: str
    sub: str
    side: str
    epoch: int
    view: Json


@dataclass(frozen=True)
class TurnRecord:
    """A resolved turn: when it opened, what each side sent and when, how it closed, the state after it.
    Fair play reads the times, devices and addresses; the record of a finished game reads the rest."""

    game_id: str
    turn: int
    opened_at: str
    deadline: str | None
    resolved_at: str
    closed_by: str
    """``orders`` (every side had sent) or ``deadline``."""
    submissions: dict[str, Submission]
    missed: dict[str, bool]
    state_after: Json


@dataclass(frozen=True)
class Play:
    """A member's entry in their list of games (one per member per game), newest first."""

    sub: str
    game_id: str
    kind: str
    created_at: str
    side: str
    opponent: str
    mode: str
    status: str
    turn: int
    deadline: str | None
    winner: str | None = None


@dataclass(frozen=True)
class Invitation:
    invitation_id: str
    kind: str
    inviter: str
    invitee: str
    layout: str | None
    inviter_side: str | None
    pace: str
    status: str
    """``pending``, ``accepted``, ``declined``."""
    created_at: str
    expires_at: str
    game_id: str | None = None
    answered_at: str | None = None


@dataclass(frozen=True)
class Page:
    items: list[Any]
    cursor: str | None
