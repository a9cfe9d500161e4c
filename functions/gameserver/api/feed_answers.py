"""What the feed's routes (v1) answer (documentation and a check, never built at run time: see games_answers)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Discriminator, Field, Tag

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


def _told(notice: Any) -> str:
    kind = notice.get("kind") if isinstance(notice, dict) else getattr(notice, "kind", None)
    return "challenges" if kind == "doctrine-challenges" else "game"


FeedNotice = Annotated[
    Annotated[NoticeOut, Tag("game")] | Annotated[ChallengesNotice, Tag("challenges")],
    Discriminator(_told),
]
"""A notice of a game of mine (its ``kind`` a ``NoticeKind``) or an author's count of challenges
(``doctrine-challenges``)."""


class FeedOut(BaseModel):
    """A page of my feed, newest first."""

    notices: list[FeedNotice] = Field(description="newest first")
    cursor: NextCursor
