"""Bodies of the feed's routes (v1)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import Timestamp
from gameserver.storage.members import NoticeKind


class NoticeOut(BaseModel):
    kind: NoticeKind
    game_id: str
    duel_id: str | None = Field(description="the duel the game belongs to")
    tournament_id: str | None = Field(description="the tournament the match belongs to")
    turn: int | None = Field(description="the turn that opened (turn-open)")
    opened_at: Timestamp = Field(description="when the turn opened, or when the match or tournament news came")
    deadline: Timestamp | None


class FeedOut(BaseModel):
    notices: list[NoticeOut] = Field(description="newest first")
    cursor: str | None
