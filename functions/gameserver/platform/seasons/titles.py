"""The three titles of a season: who wins each, read from the month's boards at the close.

Rules: "The challenges and the Daily Front earn titles, never credits: "Commander of the month" to the first of
the challenges (8 rated challenges at least), "Doctrine of the month" to the author of the public doctrine with
the best rating among those that faced 10 rated challenges at least in the month, "Front of the month" to the
first in points on the Daily Front (8 ranked days at least; if tied, the most wins, then the oldest account)."
Platform decisions (specs/platform.md): "Frozen members get none." "Frozen members are removed before ranking:
the next eligible member takes the prize place or title. Title ties: "Commander of the month", more rated
challenges, then the oldest account; "Doctrine of the month", more rated challenges faced, then the oldest
publication. House AIs cannot be Doctrine of the month." "a hidden or withdrawn doctrine [...] cannot be Doctrine
of the month".

Each selection reads its board in order and stops at the winner. The challenge boards' order settles every tie
(``gameserver.platform.challenges.boards``). The Daily Front's month table is ordered by points and wins only (equal rows
share a rank), so among the first eligible rows that tie, the oldest account wins: ``account_created`` is asked
for those rows only, and the read stops at the first row behind them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass
from datetime import datetime

from gameserver.platform.challenges.boards import (
    ChallengerLine,
    DoctrineLine,
    challenger_order,
    doctrine_order,
    on_challenger_board,
    on_doctrine_board,
)
from gameserver.platform.daily.month import MonthRow
from gameserver.platform.seasons.board import in_order
from gameserver.platform.seasons.season import check_season

#: "Front of the month" [...] (8 ranked days at least)".
MIN_RANKED_DAYS = 8


class Title(enum.StrEnum):
    """The three titles of a season (never credits)."""

    COMMANDER = "commander-of-the-month"
    """The first of the month's challenge leaderboard (at least 8 rated challenges)."""
    DOCTRINE = "doctrine-of-the-month"
    """The author of the best-rated public doctrine among those that faced at least 10 rated challenges."""
    FRONT = "front-of-the-month"
    """The first in Daily Front points (at least 8 ranked days)."""


@dataclass(frozen=True)
class TitleAward:
    """A title won: never credits. ``doctrine`` names the doctrine of a Doctrine of the month."""

    season: str
    title: Title
    member: str
    doctrine: str | None = None

    @property
    def id(self) -> str:
        """``{season}#{title}``: one of each title a season."""
        return f"{self.season}#{self.title}"


def commander_of_the_month(board: Iterable[ChallengerLine], frozen: Container[str]) -> ChallengerLine | None:
    """The first challenger with at least 8 rated challenges who is not frozen, from the board in its order
    (challenge rating, then more rated challenges, then the oldest account); None when there is none."""
    for line in in_order(board, challenger_order, "challenger"):
        if on_challenger_board(line) and line.member not in frozen:
            return line
    return None


def doctrine_of_the_month(board: Iterable[DoctrineLine], frozen: Container[str]) -> DoctrineLine | None:
    """The first public member's doctrine that faced at least 10 rated challenges and whose author is not
    frozen, from the board in its order (rating, then more challenges faced, then the oldest publication); house
    AIs, hidden and withdrawn doctrines are passed over. None when there is none."""
    for line in in_order(board, doctrine_order, "doctrine"):
        if on_doctrine_board(line) and line.author is not None and line.author not in frozen:
            return line
    return None


def _front_rank(row: MonthRow) -> tuple[int, int]:
    return (-row.points, -row.wins)


def front_of_the_month(
    table: Iterable[MonthRow], account_created: Callable[[str], datetime], frozen: Container[str]
) -> MonthRow | None:
    """The first in points with at least 8 ranked days who is not frozen, from the month's table in its order
    (more points, then more wins); among equal rows, the oldest account (then the member id). None when nobody
    has 8 ranked days."""
    best: tuple[datetime, str, MonthRow] | None = None
    for row in in_order(table, _front_rank, "Daily Front month"):
        if best is not None and _front_rank(row) != _front_rank(best[2]):
            break
        if row.ranked_days >= MIN_RANKED_DAYS and row.member not in frozen:
            candidate = (account_created(row.member), row.member, row)
            if best is None or candidate[:2] < best[:2]:
                best = candidate
    return None if best is None else best[2]


def award_titles(
    season: str,
    challengers: Iterable[ChallengerLine],
    doctrines: Iterable[DoctrineLine],
    fronts: Iterable[MonthRow],
    account_created: Callable[[str], datetime],
    frozen: Container[str],
) -> tuple[TitleAward, ...]:
    """The season's titles, each read from its board at the close; a title nobody is eligible for is not
    awarded. One member may win several."""
    check_season(season)
    awards = []
    if (commander := commander_of_the_month(challengers, frozen)) is not None:
        awards.append(TitleAward(season, Title.COMMANDER, commander.member))
    if (doctrine := doctrine_of_the_month(doctrines, frozen)) is not None and doctrine.author is not None:
        awards.append(TitleAward(season, Title.DOCTRINE, doctrine.author, doctrine.doctrine))
    if (front := front_of_the_month(fronts, account_created, frozen)) is not None:
        awards.append(TitleAward(season, Title.FRONT, front.member))
    return tuple(awards)
