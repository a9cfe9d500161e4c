"""What the storage keeps, as plain typed values (no boto3 here: the domain builds and reads these).

A game is played by seats (Feinthold's ``south``/``north``, Feint's ``1``..``6``, Front 1901's powers); each
seat has a player. The engine's state and views are kept as their JSON; orders as the JSON the seat sent,
already checked by the engine. Times are ISO strings in whole UTC seconds (``clock.iso``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]
Seat = str
"""A seat of a game, as its engine names it: ``south``, ``3``, ``FRANCE``."""

STAND_IN = ":"
"""What separates a stand-in's kind from its name in a stored player: a seat is played by a member (their
subject, as the JWT names them) or a stand-in, stored as ``{kind}:{name}`` (the kinds are the games' and modes'
own, ``gameserver.domain.players``). A member's subject never contains a colon (Cognito's are UUIDs; the local
runner's are plain names), so the two cannot be mistaken for each other."""


def is_member(text: str) -> bool:
    return STAND_IN not in text


def stand_in_kind(text: str) -> str:
    """A stand-in's kind, as its stored name says it (``house`` for ``house:ram``)."""
    return text.partition(STAND_IN)[0]


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
    """A seat's orders for the open step. ``count`` 0 means nothing sent yet."""

    orders: Any = field(default_factory=list)
    count: int = 0
    sent_at: str | None = None
    device: str | None = None
    address: str | None = None

    @property
    def sent(self) -> bool:
        return self.count > 0


@dataclass(frozen=True)
class Replacement:
    """A seat whose player changed during the game (a member who left, a bot in their place): kept on the game
    item, at most one a seat and a player, for the game's history."""

    seat: Seat
    before: str
    after: str
    step: int
    """The first step the new player decides: the one open when it happened, unless the seat had sent for it
    (then the next)."""
    at: str


@dataclass(frozen=True)
class Stopped:
    """Who ended a game off the board, and why (``play.stop``): kept on the game item."""

    reason: str
    """``abandoned`` (its member stopped it), ``moderator`` (stopped with no result), ``frozen`` (a member's
    ratings were frozen), ``forfeit`` (its mode's rules named a winner)."""
    by: str
    """The member, the moderator, or the member whose ratings were frozen; ``rules`` for a forfeit."""
    at: str


@dataclass(frozen=True)
class Game:
    """The game item: who plays each seat, the open step, its deadline and the orders sent for it. Small and
    read often; the engine's state lives beside it (``HiddenState``), each member's views too (``MemberViews``)."""

    game_id: str
    kind: str
    """The game: ``feinthold``, ``feint``, ``front1901``."""
    mode: str
    """How it is played (its mode registers what it adds to a step): ``house``, ``friendly``, ``duel``, ..."""
    players: dict[Seat, str]
    """Seat -> player: a member's subject, or a stand-in named ``{kind}:{name}`` (``house:ram``)."""
    pace: str
    status: str
    """``open`` or ``over``."""
    step: int
    """The open step's number (1, 2, ...; the last one played once the game is over)."""
    label: str
    """The open step's name in the game's own words: ``3`` (a turn), ``S1901M``, ``41/retreat``."""
    epoch: int
    """Steps resolved so far; the board and views carry the epoch they were written at."""
    version: int
    """Bumped by every write of this item: the claim a resolve's transaction holds."""
    created_at: str
    opened_at: str
    deadline: str | None
    submissions: dict[Seat, Submission]
    """The open step's seats: those it awaits and those decided when it opened."""
    awaiting: tuple[Seat, ...] = ()
    """The seats whose players (members) the open step waits for."""
    actions: tuple[Json, ...] = ()
    """What happened inside the open step before its orders, in order (Front 1901's proposals and answers),
    each as its engine recorded it."""
    winner: str | None = None
    result: str | None = None
    """How the game ended for its member, in the game's own words, where a winner seat does not say it (Front
    1901's ``won``, ``shared``, ``survived``, ``eliminated``, ``abandoned``); None for the others."""
    finished_at: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    """What the game was started with, in its engine's words (Feinthold: ``layout``, ``house_ai``)."""
    replaced: tuple[Replacement, ...] = ()
    """Every seat whose player changed during the game, in order (``players`` holds who plays it now)."""
    stopped: Stopped | None = None
    """Who ended it off the board and why; None for a game played to its end (or still in play)."""

    def seats_of(self, sub: str) -> tuple[Seat, ...]:
        """The seats ``sub`` plays, in seat order (several in a hot-seat game)."""
        return tuple(seat for seat, player in self.players.items() if player == sub)

    def seat_of(self, sub: str) -> Seat | None:
        """The first seat ``sub`` plays, or None."""
        seats = self.seats_of(sub)
        return seats[0] if seats else None


@dataclass(frozen=True)
class HiddenState:
    """The engine's full state of a game (never shown to a member while the game is in play), the seed it was
    drawn from, and each seat's stand-in: what plays it when its player does not (a house AI's noisy doctrine;
    a member's default doctrine, snapshotted at the start)."""

    game_id: str
    epoch: int
    state: Json
    seed: int
    stand_ins: dict[Seat, Json | None]


@dataclass(frozen=True)
class MemberViews:
    """One member's views of a game at an epoch, one per seat they hold, each computed by the engine from that
    seat's own knowledge only."""

    game_id: str
    sub: str
    epoch: int
    views: dict[Seat, Json]


@dataclass(frozen=True)
class StepRecord:
    """A resolved step: when it opened, what each seat sent and when, how it closed, the public record the
    engine keeps of it. Fair play reads the times, devices and addresses; the record of a finished game reads
    the rest."""

    game_id: str
    step: int
    label: str
    opened_at: str
    deadline: str | None
    resolved_at: str
    closed_by: str
    """``orders`` (every awaited seat had sent) or ``deadline``."""
    submissions: dict[Seat, Submission]
    missed: dict[Seat, bool]
    record: Json
    """The engine's public record of the step (Feinthold: the flags after the turn; Feint: what the table saw)."""
    actions: tuple[Json, ...] = ()
    """What happened inside the step, in order: part of the game's replay."""


@dataclass(frozen=True)
class Play:
    """A member's entry in their list of games (one per member per game), newest first."""

    sub: str
    game_id: str
    kind: str
    created_at: str
    seats: tuple[Seat, ...]
    players: dict[Seat, str]
    mode: str
    status: str
    step: int
    label: str
    deadline: str | None
    winner: str | None = None
    result: str | None = None
    """The game's ``result`` (Front 1901's), once over."""


@dataclass(frozen=True)
class Page:
    items: list[Any]
    cursor: str | None
