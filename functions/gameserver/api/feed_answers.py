"""What the feed's routes (v1) answer (documentation and a check, never built at run time: see games_answers)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gameserver.api.models import NextCursor, Timestamp


class NoticeOut(BaseModel):
    """A notice of my feed."""

    kind: Literal["turn-open"] = Field(description="a turn of mine opened in a duel")
    game_id: str
    duel_id: str
    turn: int
    opened_at: Timestamp
    deadline: Timestamp | None


class FeedOut(BaseModel):
    """A page of my feed, newest first."""

    notices: list[NoticeOut] = Field(description="newest first")
    cursor: NextCursor
