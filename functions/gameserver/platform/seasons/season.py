"""A season: a calendar month in UTC, which month a scheduled close closes, and the two stages of its close.

Rules: "A season lasts a month." Platform decisions (specs/platform.md): "A season is a calendar month in UTC. At
00:00 UTC on the 1st a schedule closes the month that ended, exactly once however often it fires." "The close has
two stages of the same exactly-once job: at 00:00 UTC on the 1st the duel prizes; at 00:30 UTC the titles, so that
the month's last Daily Fronts (started before midnight) are in." Issue 16: the schedule "closes the month of the
event's scheduled time minus one day"; "A month the schedule missed is closed by the next delivery or by an
operator command."

Choices (docs/platform.md, "Seasons"): a season's id is its month, ``YYYY-MM``. Months close in order: a delivery
(or an operator's command naming a month) closes every month not closed yet up to its own, the oldest first; a
month is closed when both its stages are; a delivery for a month already closed closes nothing.
"""

from __future__ import annotations

import enum
import re
from datetime import UTC, datetime, timedelta

#: "the month of the event's scheduled time minus one day".
SCHEDULE_LAG = timedelta(days=1)
#: "at 00:30 UTC the titles, so that the month's last Daily Fronts (started before midnight) are in": a Front
#: started at 23:59 ends by 00:17 (8 turns of at most 2 minutes).
TITLES_DELAY = timedelta(minutes=30)
_SEASON = re.compile(r"\d{4}-(0[1-9]|1[0-2])")


class SeasonRuleError(ValueError):
    """A close the rules refuse now (a stage before its time); ``rule`` names the rule."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


def check_season(season: str) -> str:
    """``season`` if it is a month ``YYYY-MM``, else ValueError."""
    if not _SEASON.fullmatch(season):
        raise ValueError(f"a season is a month YYYY-MM, not {season!r}")
    return season


def season_of(at: datetime) -> str:
    """The season (UTC month) an instant belongs to: a duel or a challenge counts in the month it ended."""
    if at.tzinfo is None:
        raise ValueError("times are aware UTC datetimes")
    return at.astimezone(UTC).strftime("%Y-%m")


def closed_month(scheduled_at: datetime) -> str:
    """The month a scheduled close closes: that of its scheduled time (never the clock) minus one day.

    >>> closed_month(datetime(2027, 1, 1, tzinfo=UTC))
    '2026-12'
    """
    return season_of(scheduled_at - SCHEDULE_LAG)


def season_start(season: str) -> datetime:
    year, month = map(int, check_season(season).split("-"))
    return datetime(year, month, 1, tzinfo=UTC)


def season_end(season: str) -> datetime:
    """The first instant after the season: 00:00 UTC on the 1st of the next month."""
    start = season_start(season)
    return datetime(start.year + start.month // 12, start.month % 12 + 1, 1, tzinfo=UTC)


def next_season(season: str) -> str:
    return season_of(season_end(season))


class Stage(enum.StrEnum):
    """The two stages of a month's close, each done exactly once."""

    PRIZES = "prizes"
    """The duel prizes, at 00:00 UTC on the 1st of the next month."""
    TITLES = "titles"
    """The three titles, at 00:30 UTC, once the month's last Daily Fronts are in."""

    def opens_at(self, season: str) -> datetime:
        end = season_end(season)
        return end if self is Stage.PRIZES else end + TITLES_DELAY


def months_to_close(last_closed: str | None, through: str) -> tuple[str, ...]:
    """The months a close of ``through`` closes, oldest first: every month after ``last_closed`` (the last month
    both of whose stages are done; None before the first close) up to ``through``; none when ``through`` is
    closed already."""
    check_season(through)
    if last_closed is None:
        return (through,)
    months = []
    month = next_season(check_season(last_closed))
    while month <= through:
        months.append(month)
        month = next_season(month)
    return tuple(months)
