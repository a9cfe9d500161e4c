"""The month's two challenge leaderboards: "challengers (at least 8 rated challenges this month) by challenge
rating; public doctrines (at least 10 rated challenges faced this month) by rating. The seasons issue reads both
for its titles." Their order and minimums are ``gameserver.platform.challenges.boards``'; the storage keeps each
board as an index in that order (``store.challenges.challenger_board``, ``doctrine_board``), which the season's
close pages through."""

from __future__ import annotations

from gameserver.clock import Clock, iso
from gameserver.domain.challenges.answers import ChallengerBoard, DoctrineBoard, DoctrineStanding
from gameserver.domain.challenges.publication import house_of
from gameserver.platform.challenges import ChallengerLine, DoctrineLine
from gameserver.storage.port import Store
from gameserver.words import HouseAi


def _month(clock: Clock, month: str | None) -> str:
    return month or iso(clock.now())[:7]


def challenger_board(store: Store, clock: Clock, month: str | None, cursor: str | None,
                     limit: int) -> ChallengerBoard:
    """A page of the month's challengers (this month by default), best first."""
    month = _month(clock, month)
    page = store.challenges.challenger_board(month, cursor, limit)
    lines: list[ChallengerLine] = page.lines
    return {"month": month, "cursor": page.cursor, "challengers": [
        {"place": page.before + n, "member": line.member, "rating": f"{line.rating:.2f}",
         "rated_challenges": line.rated_challenges, "account_created": iso(line.account_created)}
        for n, line in enumerate(lines, start=1)]}


def doctrine_board(store: Store, clock: Clock, month: str | None, cursor: str | None,
                   limit: int) -> DoctrineBoard:
    """A page of the month's public doctrines (this month by default), best first, the house AIs among them."""
    month = _month(clock, month)
    page = store.challenges.doctrine_board(month, cursor, limit)
    lines: list[DoctrineLine] = page.lines
    rows: list[DoctrineStanding] = []
    for n, line in enumerate(lines, start=1):
        house = house_of(line.doctrine)
        rows.append({"place": page.before + n, "doctrine_id": line.doctrine, "name": page.names[line.doctrine],
                     "author": line.author, "house_ai": None if house is None else HouseAi(house.value),
                     "rating": f"{line.rating:.2f}", "faced": line.faced, "published_at": iso(line.published_at)})
    return {"month": month, "cursor": page.cursor, "doctrines": rows}
