"""A member's feed notice as the feed shows it (``GET /v1/feed``) and as the live event of it carries it
(``play.events``): one shape for both, from the stored notice alone, declared here where it is built."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag
from typing_extensions import TypedDict

from gameserver.clock import iso
from gameserver.platform.challenges import NoticeKind as Told  # an author's notice: the challenges' words
from gameserver.platform.ids import is_match_id
from gameserver.platform.seasons import PRIZES, Title
from gameserver.storage.members import Notice, NoticeKind
from gameserver.words import GameKind, Month, Timestamp

if TYPE_CHECKING:
    from gameserver.storage.challenges import FeedNotice


class NoticeOut(TypedDict):
    """A notice of my feed."""

    kind: NoticeKind
    game: GameKind
    game_id: Annotated[str | None, Field(description="the game it is about (none for a table's invitation)")]
    table_id: Annotated[str | None, Field(description="the table a seat is kept at (table-invite only)")]
    duel_id: Annotated[str | None, Field(description="the duel the game belongs to, if any")]
    tournament_id: Annotated[str | None, Field(description="the tournament the match belongs to, if any")]
    turn: Annotated[int | None, Field(description="the step it is about, that opened or ended the game (Feinthold's "
                                                  "turn; Feint: the command number + 1); null for a match's or a "
                                                  "table's news")]
    opened_at: Annotated[Timestamp, Field(description="when the step opened, or when the news came")]
    deadline: Timestamp | None


class ChallengesNotice(TypedDict):
    """What happened to one of my published doctrines since its last notice (one an hour at most)."""

    kind: Annotated[Literal["doctrine-challenges"], Field(description="my published doctrine was challenged")]
    doctrine_id: str
    name: Annotated[str, Field(description="its shown name")]
    at: Timestamp
    challenged: Annotated[int, Field(ge=0, description="challenges of it started")]
    won: Annotated[int, Field(ge=0, description="challenges it won (their challengers lost)")]
    drawn: Annotated[int, Field(ge=0)]
    lost: Annotated[int, Field(ge=0, description="challenges it lost")]
    games: Annotated[list[str], Field(description="the challenges' games, each once, oldest first")]


class SeasonNotice(TypedDict):
    """A prize or a title I won at a season's close."""

    kind: Annotated[NoticeKind, Field(description="season-prize or season-title")]
    season: Month
    at: Timestamp
    game: Annotated[GameKind | None, Field(description="a prize's game")]
    place: Annotated[int | None, Field(description="a prize's place on the game's duel board")]
    credits: Annotated[int | None, Field(description="a prize's credits")]
    title: Title | None


_SEASON_KINDS = (NoticeKind.SEASON_PRIZE, NoticeKind.SEASON_TITLE)


def _told(notice: Any) -> str:
    kind = notice.get("kind") if isinstance(notice, dict) else getattr(notice, "kind", None)
    if kind in _SEASON_KINDS:
        return "season"
    return "challenges" if kind == "doctrine-challenges" else "game"


FeedNoticeOut = Annotated[
    Annotated[NoticeOut, Tag("game")] | Annotated[ChallengesNotice, Tag("challenges")]
    | Annotated[SeasonNotice, Tag("season")],
    Discriminator(_told),
]
"""A notice of a game of mine (its ``kind`` a ``NoticeKind``), an author's count of challenges
(``doctrine-challenges``) or a season's prize or title (``season-prize``, ``season-title``)."""


def notice_json(notice: Notice | FeedNotice) -> NoticeOut | ChallengesNotice | SeasonNotice:
    """A notice as the feed shows it: a tournament match's game id names its tournament, a table invitation's
    its table, any other's ``ref`` a duel's (or nothing); an author's notice counts its doctrine's challenges."""
    if not isinstance(notice, Notice):
        return challenges_json(notice)
    if notice.kind in _SEASON_KINDS:
        return season_json(notice)
    in_tournament = is_match_id(notice.game_id)
    at_table = notice.kind == NoticeKind.TABLE_INVITE
    return {"kind": NoticeKind(notice.kind), "game": GameKind(notice.game),
            "game_id": None if at_table else notice.game_id,
            "table_id": notice.game_id if at_table else None,
            "duel_id": None if in_tournament else notice.ref or None,
            "tournament_id": notice.ref if in_tournament else None,
            "turn": notice.step or None,
            "opened_at": notice.opened_at, "deadline": notice.deadline}


def season_json(notice: Notice) -> SeasonNotice:
    """A season's notice: its ``game_id`` is the prize's id (``{season}#{game}#{place}``) or the title's
    (``{season}#{title}``), its ``ref`` the season."""
    _, *what = notice.game_id.split("#")
    prize = notice.kind == NoticeKind.SEASON_PRIZE
    place = int(what[1]) if prize else None
    return {"kind": NoticeKind(notice.kind), "season": notice.ref, "at": notice.opened_at,
            "game": GameKind(what[0]) if prize else None, "place": place,
            "credits": PRIZES[place - 1] if place else None, "title": None if prize else Title(what[0])}


def challenges_json(notice: FeedNotice) -> ChallengesNotice:
    told = notice.notice
    return {"kind": "doctrine-challenges", "doctrine_id": told.doctrine, "name": notice.name, "at": iso(told.at),
            "challenged": told.count(Told.CHALLENGED), "won": told.count(Told.WON),
            "drawn": told.count(Told.DRAWN), "lost": told.count(Told.LOST), "games": list(told.games)}
