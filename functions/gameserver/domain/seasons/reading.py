"""What members read of the seasons: a season's page (where its close stands, the prizes and whether each is paid,
the titles, the final boards' first places) and a member's history (the prizes and titles they won, month by
month). Issue 16: "a season's page (prizes, titles, the final boards), a member's profile history (titles won,
prizes, month by month)"."""

from __future__ import annotations

from typing import Any

from gameserver.domain.seasons.close import challenger_board, doctrine_board, duel_board, front_table
from gameserver.errors import NotFound
from gameserver.platform.seasons import PRIZES, check_season
from gameserver.storage.port import Store
from gameserver.storage.seasons import HistoryLine

BOARD_TOP = len(PRIZES)
"""The places of each final board a season's page shows (the duel prizes' ten); the boards' own routes page on."""


def _top(lines: Any) -> list[Any]:
    top = []
    for line in lines:
        top.append(line)
        if len(top) == BOARD_TOP:
            break
    return top


def season_page(store: Store, season: str) -> dict[str, Any]:
    """A season's page: 404 for a month whose close has not started (the month's boards are live until then)."""
    check_season(season)
    read = store.seasons.read(season)
    if read.stored is None:
        raise NotFound(f"season {season} has not closed yet", field="season")
    close = read.stored.close
    prizes = [{"game": p.game, "place": p.place, "member": p.member, "credits": p.credits,
               "paid": p.id in read.paid} for plan in close.prizes or () for p in plan.payments]
    titles = [{"title": str(a.title), "member": a.member, "doctrine_id": a.doctrine} for a in close.titles or ()]
    return {
        "season": season, "status": str(read.stored.status), "prizes": prizes, "titles": titles,
        "duels": [{"member": s.member, "rating": f"{s.rating:.2f}", "rated_duels": s.rated_duels}
                  for s in _top(duel_board(store, season, BOARD_TOP))],
        "challengers": [{"member": c.member, "rating": f"{c.rating:.2f}", "rated_challenges": c.rated_challenges}
                        for c in _top(challenger_board(store, season, BOARD_TOP))],
        "doctrines": [{"doctrine_id": d.doctrine, "author": d.author, "rating": f"{d.rating:.2f}", "faced": d.faced}
                      for d in _top(doctrine_board(store, season, BOARD_TOP))],
        "fronts": [{"member": r.member, "points": r.points, "wins": r.wins, "ranked_days": r.ranked_days}
                   for r in _top(front_table(store, season, BOARD_TOP))],
    }


def history_json(line: HistoryLine) -> dict[str, Any]:
    return {"season": line.season, "at": line.at, "game": line.game, "place": line.place, "credits": line.credits,
            "title": line.title, "doctrine_id": line.doctrine}


def member_history(store: Store, member: str, cursor: str | None, limit: int) -> dict[str, Any]:
    """A page of the member's prizes and titles, the latest season first."""
    page = store.seasons.history(member, cursor, limit)
    return {"member": member, "lines": [history_json(line) for line in page.items], "cursor": page.cursor}
