"""What members read of the seasons: a season's page (where its close stands, the prizes and whether each is paid,
the titles, the final boards' first places) and a member's history (the prizes and titles they won, month by
month). Issue 16: "a season's page (prizes, titles, the final boards), a member's profile history (titles won,
prizes, month by month)"."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.domain.seasons.close import challenger_board, doctrine_board, duel_board, front_table
from gameserver.errors import NotFound
from gameserver.platform.seasons import PRIZES, Title, check_season
from gameserver.storage.port import Store
from gameserver.storage.seasons import CloseStatus, HistoryLine
from gameserver.words import DecimalText, GameKind, Month, NextCursor, Timestamp

BOARD_TOP = len(PRIZES)
"""The places of each final board a season's page shows (the duel prizes' ten); the boards' own routes page on."""


class SeasonPrize(TypedDict):
    """A duel prize of the season: a place of a game's month board at the close."""

    game: GameKind
    place: Annotated[int, Field(ge=1, le=10)]
    member: str
    credits: Annotated[int, Field(description="150, 100, 60, then 25 from the 4th to the 10th")]
    paid: Annotated[bool, Field(description="its transaction is written (a close resumes the unpaid ones)")]


class SeasonTitle(TypedDict):
    """A title of the season: never credits."""

    title: Title
    member: str
    doctrine_id: Annotated[str | None, Field(description="the doctrine of a Doctrine of the month")]


class FinalDuelLine(TypedDict):
    """A place of the month's final duel board (frozen members still shown: the prizes pass over them)."""

    member: str
    rating: DecimalText
    rated_duels: int


class FinalChallengerLine(TypedDict):
    """A place of the month's final challenge leaderboard."""

    member: str
    rating: DecimalText
    rated_challenges: int


class FinalDoctrineLine(TypedDict):
    """A place of the month's final doctrine board."""

    doctrine_id: str
    author: Annotated[str | None, Field(description="null for a house AI")]
    rating: DecimalText
    faced: int


class FinalFrontLine(TypedDict):
    """A row of the Daily Front's final month table."""

    member: str
    points: int
    wins: int
    ranked_days: int


class SeasonOut(TypedDict):
    """A season's page: its close, prizes and titles, and the first places of its final boards."""

    season: Month
    status: CloseStatus
    prizes: Annotated[list[SeasonPrize], Field(description="game by game, place by place")]
    titles: Annotated[list[SeasonTitle], Field(description="empty until 00:30 UTC on the 1st; a title nobody was eligible "
                                                  "for is not awarded")]
    duels: Annotated[list[FinalDuelLine], Field(description="the first ten of the duel board")]
    challengers: Annotated[list[FinalChallengerLine], Field(description="the first ten of the challenge leaderboard")]
    doctrines: Annotated[list[FinalDoctrineLine], Field(description="the first ten of the doctrine board")]
    fronts: Annotated[list[FinalFrontLine], Field(description="the first ten rows of the Daily Front's month table")]


class SeasonLine(TypedDict):
    """A line of a member's season history: a prize (game, place, credits) or a title."""

    season: Month
    at: Annotated[Timestamp, Field(description="when it was paid or awarded")]
    game: GameKind | None
    place: int | None
    credits: int | None
    title: Title | None
    doctrine_id: str | None


class SeasonHistory(TypedDict):
    """A member's prizes and titles, the latest season first."""

    member: str
    lines: list[SeasonLine]
    cursor: NextCursor


def _top(lines: Any) -> list[Any]:
    top = []
    for line in lines:
        top.append(line)
        if len(top) == BOARD_TOP:
            break
    return top


def season_page(store: Store, season: str) -> SeasonOut:
    """A season's page: 404 for a month whose close has not started (the month's boards are live until then)."""
    check_season(season)
    read = store.seasons.read(season)
    if read.stored is None:
        raise NotFound(f"season {season} has not closed yet", field="season")
    close = read.stored.close
    prizes: list[SeasonPrize] = [{"game": GameKind(p.game), "place": p.place, "member": p.member,
                                  "credits": p.credits, "paid": p.id in read.paid}
                                 for plan in close.prizes or () for p in plan.payments]
    titles: list[SeasonTitle] = [{"title": Title(a.title), "member": a.member, "doctrine_id": a.doctrine}
                                 for a in close.titles or ()]
    return {
        "season": season, "status": CloseStatus(read.stored.status), "prizes": prizes, "titles": titles,
        "duels": [{"member": s.member, "rating": f"{s.rating:.2f}", "rated_duels": s.rated_duels}
                  for s in _top(duel_board(store, season, BOARD_TOP))],
        "challengers": [{"member": c.member, "rating": f"{c.rating:.2f}", "rated_challenges": c.rated_challenges}
                        for c in _top(challenger_board(store, season, BOARD_TOP))],
        "doctrines": [{"doctrine_id": d.doctrine, "author": d.author, "rating": f"{d.rating:.2f}", "faced": d.faced}
                      for d in _top(doctrine_board(store, season, BOARD_TOP))],
        "fronts": [{"member": r.member, "points": r.points, "wins": r.wins, "ranked_days": r.ranked_days}
                   for r in _top(front_table(store, season, BOARD_TOP))],
    }


def history_json(line: HistoryLine) -> SeasonLine:
    return {"season": line.season, "at": line.at, "game": None if line.game is None else GameKind(line.game),
            "place": line.place, "credits": line.credits, "title": None if line.title is None else Title(line.title),
            "doctrine_id": line.doctrine}


def member_history(store: Store, member: str, cursor: str | None, limit: int) -> SeasonHistory:
    """A page of the member's prizes and titles, the latest season first."""
    page = store.seasons.history(member, cursor, limit)
    return {"member": member, "lines": [history_json(line) for line in page.items], "cursor": page.cursor}
