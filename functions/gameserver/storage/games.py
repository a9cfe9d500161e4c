"""The games area of the store: games, their boards, the members' views, the records of their steps, the
members' lists of games, the due index.

Writes of a game go through ``Store.transact`` as the typed values below, so that the writes of a mode can
ride in the same transaction (a duel's update with the step that moves it, a friendly invitation with the game
it starts). A submission is the one write on its own: one conditional update of the game item.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from gameserver.storage.records import (
    Game,
    HiddenState,
    Json,
    MemberViews,
    Page,
    Play,
    Seat,
    StepRecord,
    Submission,
)

if TYPE_CHECKING:
    from typing import TypeAlias

    from gameserver.storage.duels import DuelCompanion
    from gameserver.storage.events import EventWrite
    from gameserver.storage.tournaments import MatchCompanion, TournamentCompanion

    Companion: TypeAlias = DuelCompanion | TournamentCompanion | MatchCompanion
    """An item a mode reads in the same request as a game's step (``GamesPort.read_step``): a duel's game
    reads its duel, a tournament match's game its match and its tournament."""


class NewGame(NamedTuple):
    """Everything a new game is; written only if no game has its id."""

    game: Game
    board: HiddenState
    views: list[MemberViews]
    plays: list[Play]


class StepCommit(NamedTuple):
    """One or more resolved steps of a game, claimed by the version the game item was read at: the game item as
    it now stands, the board, the members' views, a record per step and the members' list entries; ``dropped``:
    the members whose views go (they left the game)."""

    before_version: int
    game: Game
    board: HiddenState
    views: list[MemberViews]
    records: list[StepRecord]
    plays: list[Play]
    dropped: tuple[str, ...] = ()


class GameClose(NamedTuple):
    """A game ended off the board (a forfeit, a cancellation), claimed by the version it was read at, with its
    board and views marked over (so the views and the record show the end)."""

    before_version: int
    game: Game
    board: HiddenState
    views: list[MemberViews]
    plays: list[Play]


class StepRead(NamedTuple):
    """A game item, its board and (when asked) a member's views, taken at one epoch in one request, with the
    companions a mode reads with its steps (``None`` where absent)."""

    game: Game | None
    board: HiddenState | None = None
    views: MemberViews | None = None
    companions: dict[Companion, Any] = {}


class DueStep(NamedTuple):
    """An open step whose deadline the due index holds."""

    game_id: str
    step: int
    due_at: str


class GamesPort(Protocol):
    def get(self, game_id: str) -> Game | None: ...

    def board(self, game_id: str) -> HiddenState | None: ...

    def read_view(self, game_id: str, sub: str) -> StepRead:
        """The game item and the member's views, in one request (no board)."""
        ...

    def read_step(self, game_id: str, sub: str | None = None, companions: Sequence[Companion] = ()) -> StepRead:
        """The game item, its board, (given ``sub``) that member's views and the ``companions``, in one request,
        at one epoch."""
        ...

    def save_submission(self, game: Game, seat: Seat, submission: Submission, events: EventWrite | None = None
                        ) -> Game:
        """Store a seat's orders with one conditional write: the step still ``game.step`` and open, the seat's
        submission count still what ``game`` says, and another seat the step awaits still has sent nothing (the
        last seat to send resolves the step instead). Returns the game as written; ``WriteConflict`` when the
        condition failed. With ``events`` (built on the game as this write leaves it), one transaction writes
        them too, on the condition that the game item is still at ``game.version``."""
        ...

    def save_action(self, game: Game, action: Json, events: EventWrite | None = None) -> Game:
        """Append ``action`` to the open step's actions with one conditional write: the step still
        ``game.step`` and open, the game item still at ``game.version`` (an action answers the step as it
        stood). Returns the game as written; ``WriteConflict`` when the condition failed. With ``events``, one
        transaction writes them too."""
        ...

    def list_plays(self, sub: str, kind: str, cursor: str | None, limit: int) -> Page:
        """A page of the member's games of ``kind``, newest first; ``InvalidCursor`` for a forged cursor."""
        ...

    def list_all_plays(self, sub: str, kinds: Sequence[str], cursor: str | None, limit: int) -> Page:
        """A page of the member's games of every kind of ``kinds``, newest first (one query per kind a page);
        ``InvalidCursor`` for a forged cursor."""
        ...

    def step_records(self, game_id: str) -> list[StepRecord]:
        """Every resolved step of the game, in order."""
        ...

    def step_page(self, game_id: str, cursor: str | None, limit: int) -> Page:
        """A page of the game's resolved steps (``StepRecord``), in order: a long game's history, read in pages;
        ``InvalidCursor`` for a cursor this list did not hand out."""
        ...

    def due_steps(self, now: str, limit: int) -> list[DueStep]:
        """Open steps due at or before ``now``, earliest first (one query per due shard)."""
        ...
