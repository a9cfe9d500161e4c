"""The Daily Front's month: points and the monthly table.

Rules: "A win earns 3 points for the month, a draw 1." The table orders by points, then wins; equal rows share a
rank. The title "Front of the month" it leads to is the season's (``gameserver.platform.seasons.titles``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from gameserver.platform.daily.board import Outcome

POINTS = {Outcome.WIN: 3, Outcome.DRAW: 1, Outcome.LOSS: 0}


@dataclass(frozen=True)
class RankedDay:
    """One ranked Front of a member (one a day at most)."""

    member: str
    day: date
    outcome: Outcome


@dataclass(frozen=True)
class MonthRow:
    member: str
    points: int
    wins: int
    ranked_days: int
    rank: int = 0


def month_table(days: Iterable[RankedDay]) -> list[MonthRow]:
    """The month's rows with their ranks: more points first, then more wins; equal rows share a rank."""
    totals: dict[str, tuple[int, int, int]] = {}
    seen: set[tuple[str, date]] = set()
    for entry in days:
        if (entry.member, entry.day) in seen:
            raise ValueError(f"{entry.member} has two ranked Fronts on {entry.day}: one game a day")
        seen.add((entry.member, entry.day))
        points, wins, count = totals.get(entry.member, (0, 0, 0))
        totals[entry.member] = (points + POINTS[entry.outcome], wins + (entry.outcome is Outcome.WIN), count + 1)
    ordered = sorted(totals.items(), key=lambda item: (-item[1][0], -item[1][1], item[0]))
    rows: list[MonthRow] = []
    for position, (member, (points, wins, count)) in enumerate(ordered, start=1):
        tied = rows and (rows[-1].points, rows[-1].wins) == (points, wins)
        rows.append(MonthRow(member, points, wins, count, rows[-1].rank if tied else position))
    return rows
