"""The storage port: what the domain asks of storage, in the domain's words. ``DynamoStorage`` implements it.

Every method is one DynamoDB request unless it says otherwise; the request budgets of the API rest on it.
"""

from __future__ import annotations

from typing import Any, Protocol

from gameserver.storage.records import (
    Board,
    Game,
    Invitation,
    LedgerLine,
    Page,
    Play,
    Profile,
    SideView,
    Submission,
    TurnRecord,
)


class Conflict(Exception):
    """A conditional write found the item changed (another request won the race); nothing was written."""


class Storage(Protocol):
    # Members
    def get_profile(self, sub: str) -> Profile | None: ...

    def create_profile(self, profile: Profile, grant: LedgerLine) -> bool:
        """Profile and its opening grant in one transaction; False when the profile already existed."""
        ...

    # Games
    def create_game(
        self,
        game: Game,
        board: Board,
        views: list[SideView],
        plays: list[Play],
        accept: Invitation | None = None,
    ) -> None:
        """Everything a new game is, in one transaction; ``accept`` also marks that invitation accepted
        (only if it is still pending: else ``Conflict``)."""
        ...

    def get_game(self, game_id: str) -> Game | None: ...

    def read_view(self, game_id: str, sub: str) -> tuple[Game | None, SideView | None]:
        """The game item and the member's view, in one request."""
        ...

    def read_for_turn(self, game_id: str, sub: str | None = None) -> tuple[Game | None, Board | None, SideView | None]:
        """The game item, its board and (given ``sub``) that member's view, in one request, taken at one epoch."""
        ...

    def save_submission(self, game: Game, side: str, submission: Submission, opponent_must_wait: bool) -> Game:
        """Store a side's orders with one conditional write: the turn still ``game.turn`` and open, the side's
        submission count still what ``game`` says (and, ``opponent_must_wait``, the opponent's still 0).
        Returns the game as written; ``Conflict`` when the condition failed."""
        ...

    def commit_turn(
        self,
        before: Game,
        after: Game,
        board: Board,
        views: list[SideView],
        record: TurnRecord,
        plays: list[Play],
        duel: tuple[dict[str, Any], list[dict[str, Any]]] | None = None,
    ) -> None:
        """A resolved turn in one transaction, claimed by ``before.version``: the game item, the board, the views,
        the turn's record and the members' list entries, and for a duel's game (``duel``: its item as written and
        the transaction items of its update) the duel's update too. ``Conflict`` when another write came first."""
        ...

    def list_plays(self, sub: str, kind: str, cursor: str | None, limit: int) -> Page:
        """A page of the member's games of ``kind``, newest first; ``InvalidCursor`` for a forged cursor."""
        ...

    def turn_records(self, game_id: str) -> list[TurnRecord]: ...

    def due_turns(self, now: str, limit: int) -> list[tuple[str, int, str]]:
        """``(game_id, turn, due_at)`` of open turns due at or before ``now`` (one query per due shard)."""
        ...

    # Invitations
    def put_invitation(self, invitation: Invitation) -> None: ...

    def get_invitation(self, invitation_id: str) -> Invitation | None: ...

    def answer_invitation(self, invitation: Invitation) -> None:
        """Write a declined invitation, if it is still pending (``Conflict`` otherwise)."""
        ...

    def list_invitations(self, sub: str, received: bool, limit: int) -> list[Invitation]: ...
