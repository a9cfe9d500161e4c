"""Bodies of the feed's routes (v1)."""

from __future__ import annotations

import enum

from pydantic import BaseModel, Field

from gameserver.api.models import GameKind, Timestamp


class NoticeKind(enum.StrEnum):
    """What a notice tells."""

    TURN_OPEN = "turn-open"
    """A turn of mine opened (a duel's turn; my turn in an online game of Feint)."""
    RETREAT_OPEN = "retreat-open"
    """One of my tokens is charged: my Retreat decision is waiting."""
    DEPLOYMENT_OPEN = "deployment-open"
    """An online game of Feint started: my deployment is waiting."""
    GAME_OVER = "game-over"
    """A game of mine ended."""
    TABLE_INVITE = "table-invite"
    """A seat is kept for me at a table of Feint (``table_id``): join it."""


class NoticeOut(BaseModel):
    kind: NoticeKind
    game: GameKind
    game_id: str | None = Field(description="the game (none for a table's invitation)")
    table_id: str | None = Field(description="the table a seat is kept at (table-invite only)")
    duel_id: str | None = Field(description="the duel the game belongs to, if any")
    turn: int = Field(description="the step the notice is about (Feinthold's turn; Feint: the command number + 1)")
    opened_at: Timestamp
    deadline: Timestamp | None


class FeedOut(BaseModel):
    notices: list[NoticeOut] = Field(description="newest first")
    cursor: str | None
