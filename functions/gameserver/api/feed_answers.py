"""What the feed's routes (v1) answer (documentation and a check, never built at run time: see games_answers)."""

from __future__ import annotations

from typing import Annotated, Literal

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


class ChallengesNotice(BaseModel):
    """What happened to one of my published doctrines since its last notice (one an hour at most)."""

    kind: Literal["doctrine-challenges"] = Field(description="my published doctrine was challenged")
    doctrine_id: str
    name: str = Field(description="its shown name")
    at: Timestamp
    challenged: int = Field(ge=0, description="challenges of it started")
    won: int = Field(ge=0, description="challenges it won (their challengers lost)")
    drawn: int = Field(ge=0)
    lost: int = Field(ge=0, description="challenges it lost")
    games: list[str] = Field(description="the challenges' games, each once, oldest first")


class FeedOut(BaseModel):
    """A page of my feed, newest first."""

    notices: list[Annotated[NoticeOut | ChallengesNotice, Field(discriminator="kind")]] = Field(
        description="newest first")
    cursor: NextCursor
