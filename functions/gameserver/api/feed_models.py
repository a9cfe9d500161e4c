"""Bodies of the feed's routes (v1)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class NoticeOut(BaseModel):
    kind: Literal["turn-open"]
    game_id: str
    duel_id: str
    turn: int
    opened_at: str
    deadline: str | None


class FeedOut(BaseModel):
    notices: list[NoticeOut] = Field(description="newest first")
    cursor: str | None
