"""What the feed's routes (v1) answer (documentation and a check, never built at run time: see games_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import NextCursor, Timestamp
from gameserver.storage.members import NoticeKind


class NoticeOut(BaseModel):
    """A notice of my feed."""

    kind: NoticeKind
    game_id: str
    duel_id: str | None = Field(description="the duel the game belongs to")
    tournament_id: str | None = Field(description="the tournament the match belongs to")
    turn: int | None = Field(description="the turn that opened (turn-open)")
    opened_at: Timestamp = Field(description="when the turn opened, or when the match or tournament news came")
    deadline: Timestamp | None


class FeedOut(BaseModel):
    """A page of my feed, newest first."""

    notices: list[NoticeOut] = Field(description="newest first")
    cursor: NextCursor
