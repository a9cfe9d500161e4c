"""What the feed's routes (v1) answer (documentation and a check, never built at run time: see games_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import GameKind, NextCursor, Timestamp
from gameserver.storage.members import NoticeKind


class NoticeOut(BaseModel):
    """A notice of my feed."""

    kind: NoticeKind
    game: GameKind
    game_id: str | None = Field(description="the game it is about (none for a table's invitation)")
    table_id: str | None = Field(description="the table a seat is kept at (table-invite only)")
    duel_id: str | None = Field(description="the duel the game belongs to, if any")
    tournament_id: str | None = Field(description="the tournament the match belongs to, if any")
    turn: int | None = Field(description="the step it is about, that opened or ended the game (Feinthold's turn; "
                                         "Feint: the command number + 1); null for a match's or a table's news")
    opened_at: Timestamp = Field(description="when the step opened, or when the news came")
    deadline: Timestamp | None


class FeedOut(BaseModel):
    """A page of my feed, newest first."""

    notices: list[NoticeOut] = Field(description="newest first")
    cursor: NextCursor
