"""What the feed's routes (v1) answer (documentation and a check, never built at run time: see feinthold_answers)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Discriminator, Field, Tag

from gameserver.api.models import GameKind, Month, NextCursor, Timestamp
from gameserver.platform.seasons import Title
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


class SeasonNotice(BaseModel):
    """A prize or a title I won at a season's close."""

    kind: NoticeKind = Field(description="season-prize or season-title")
    season: Month
    at: Timestamp
    game: GameKind | None = Field(description="a prize's game")
    place: int | None = Field(description="a prize's place on the game's duel board")
    credits: int | None = Field(description="a prize's credits")
    title: Title | None


_SEASON_KINDS = (NoticeKind.SEASON_PRIZE, NoticeKind.SEASON_TITLE)


def _told(notice: Any) -> str:
    kind = notice.get("kind") if isinstance(notice, dict) else getattr(notice, "kind", None)
    if kind in _SEASON_KINDS:
        return "season"
    return "challenges" if kind == "doctrine-challenges" else "game"


FeedNotice = Annotated[
    Annotated[NoticeOut, Tag("game")] | Annotated[ChallengesNotice, Tag("challenges")]
    | Annotated[SeasonNotice, Tag("season")],
    Discriminator(_told),
]
"""A notice of a game of mine (its ``kind`` a ``NoticeKind``), an author's count of challenges
(``doctrine-challenges``) or a season's prize or title (``season-prize``, ``season-title``)."""


class FeedOut(BaseModel):
    """A page of my feed, newest first."""

    notices: list[FeedNotice] = Field(description="newest first")
    cursor: NextCursor
