"""The Daily Front's boards, wired to storage: the day's board and the month's table, page by page with ranks
that carry across pages; the board's summary the sweep rebuilds each minute, and a member's rank from it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, timedelta
from typing import Annotated, Any, TypeVar

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, iso
from gameserver.domain.daily.front import today
from gameserver.errors import Conflict, DomainError, ErrorCode, NotFound
from gameserver.identity import Caller
from gameserver.platform.daily import (
    Outcome,
    Ranked,
    better_than,
    board_final_at,
    marker_for,
    merge_shards,
    rank_with,
    ranks,
    summarize,
)
from gameserver.platform.daily.summary import MARKER_EVERY
from gameserver.storage.cursors import InvalidCursor, decode_json, encode_json
from gameserver.storage.daily import DayBoard, DaySummary, FrontEntry
from gameserver.storage.port import Store
from gameserver.words import DayText, Month, NextCursor, Timestamp

# ------------------------------------------------------------------ boards
Row = TypeVar("Row")
Out = TypeVar("Out")


class BoardEntry(TypedDict):
    """A ranked Front on the board of a day."""

    rank: Annotated[int, Field(description="equal results share a rank (1, 1, 3)")]
    member: str
    name: str
    outcome: Outcome
    turns: int
    seconds: int
    positions: int
    income: int


class BoardOut(TypedDict):
    """A page of the board of a day."""

    day: DayText
    entries: list[BoardEntry]
    cursor: NextCursor


class RankOut(TypedDict):
    """My rank on the board of a day."""

    day: DayText
    rank: Annotated[int, Field(description="1 + the ranked results better than mine; equal results share a rank, "
                                           "as on the board")]
    entries: Annotated[int, Field(description="ranked results of the day, as of the last summary (never fewer than "
                                              "my rank)")]
    as_of: Annotated[Timestamp, Field(description="when the board's rank markers last changed (checked every minute; "
                                                  "a quiet board keeps them longer): a result that arrived since is "
                                                  "counted if it is after the last marker before mine, so the rank is "
                                                  "never off by more than what arrived since")]


class MonthRowOut(TypedDict):
    """A member's line of the month's table."""

    rank: int
    member: str
    name: str
    points: Annotated[int, Field(description="3 a ranked win, 1 a ranked draw")]
    wins: int
    ranked_days: int


class MonthOut(TypedDict):
    """A page of the month's table."""

    month: Month
    rows: list[MonthRowOut]
    cursor: NextCursor


def ranked_page(on: str, cursor: str | None, limit: int, after: Callable[[str | None, int], list[Row]],
                key: Callable[[Row], str], row: Callable[[int, Row], Out]) -> tuple[list[Out], str | None]:
    """A page of a ranked board (a day's, a month's table) after ``cursor``: each row with its rank, equal results
    sharing one (1, 1, 3) across pages, and the cursor of the next page (None on the last). ``after(key, n)``:
    up to ``n`` lines after the key ``key``, in board order; ``on``: the board's name, which its cursors carry."""
    start, ahead, previous = _read_cursor(cursor, on)
    lines = after(start, limit + 1)
    page = lines[:limit]
    ranked = ranks([key(line) for line in page], ahead, previous)
    rows = [row(r.rank, line) for r, line in zip(ranked, page, strict=True)]
    more = len(lines) > limit
    return rows, _write_cursor(on, ranked[-1].key, ahead + len(page), ranked[-1].rank) if more else None


def board_of_the_day(store: Store, day: date, cursor: str | None, limit: int) -> BoardOut:
    """A page of the day's board, best first, with shared ranks (1, 1, 3) that carry across pages."""
    rows, next_cursor = ranked_page(
        day.isoformat(), cursor, limit, lambda after, n: store.daily.board_after(day, after, n),
        lambda line: line.key,
        lambda rank, e: BoardEntry(rank=rank, member=e.member, name=e.name, outcome=Outcome(e.outcome),
                                   turns=e.turns, seconds=e.seconds, positions=e.positions, income=e.income))
    return {"day": day.isoformat(), "entries": rows, "cursor": next_cursor}


def month_table(store: Store, month: str, cursor: str | None, limit: int) -> MonthOut:
    """A page of the month's table: more points first, then more wins (equal rows share a rank), with each
    member's number of ranked days."""
    rows, next_cursor = ranked_page(
        month, cursor, limit, lambda after, n: store.daily.month_after(month, after, n), lambda line: line.key,
        lambda rank, line: MonthRowOut(rank=rank, member=line.member, name=line.name, points=line.points,
                                       wins=line.wins, ranked_days=line.ranked_days))
    return {"month": month, "rows": rows, "cursor": next_cursor}


# ------------------------------------------------------------------ the board's summary and my rank
def rebuild_summary(store: Store, clock: Clock, day: date, every: int = MARKER_EVERY, *,
                    board: DayBoard | None = None) -> str:
    """Rebuild the summary of ``day``'s board (the Daily Front's, unless ``board`` names another daily game's)
    from its shards: ``written``, ``unchanged`` (the stored one has the same content: an idle board costs the
    reads only) or ``stale`` (a summary read later is stored already: a late or out-of-order rebuild changes
    nothing)."""
    board = board or store.daily
    built_at = iso(clock.now())  # before the reads: a result recorded meanwhile is counted from the marker on
    summary = summarize(merge_shards(board.board_keys(day)), every)
    rebuilt = DaySummary(summary, every, built_at)
    stored = board.get_summary(day)
    if stored is not None and stored.same_as(rebuilt):
        return "unchanged"
    return "written" if board.put_summary(day, rebuilt) else "stale"


def rebuild_days(store: Store, clock: Clock, days: list[date], every: int = MARKER_EVERY, *,
                 board: DayBoard | None = None) -> dict[str, int]:
    """The sweep's minute for one daily board: the summaries of ``days``. Counts by outcome."""
    outcomes: dict[str, int] = {}
    for day in days:
        outcome = f"summary-{rebuild_summary(store, clock, day, every, board=board)}"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes


def rebuild_summaries(store: Store, clock: Clock, every: int = MARKER_EVERY) -> dict[str, int]:
    """The sweep's minute: today's summary, and yesterday's until its board is final (``board_final_at``: a
    Front started just before midnight ends after it). Counts by outcome."""
    now = clock.now().astimezone(UTC)
    yesterday = now.date() - timedelta(days=1)
    days = [now.date()] + ([yesterday] if now < board_final_at(yesterday) else [])
    return rebuild_days(store, clock, days, every)


def rank_on(store: Store, clock: Clock, day: date, key: str, stored: DaySummary | None, *,
            board: DayBoard | None = None) -> RankOut:
    """The rank of the board key ``key`` on ``day``'s board: 1 + the count of better results, equal results
    sharing a rank as the board shows them.

    From the summary's last marker before the result, the count covers at most its spacing of keys over all
    shards. The markers are up to a minute old: results recorded since are counted when they fall after the
    marker, not before it, so the rank is never off by more than what arrived (or was removed) since
    ``as_of``. A day without a summary yet (``stored`` None) gets one first (``rebuild_summary``), once."""
    board = board or store.daily
    if stored is None:
        # No summary of that day yet (its first minute, or a day no sweep rebuilt): build it once, here, rather
        # than count every shard from its start on each read, which on a full board costs thousands of RCU.
        rebuild_summary(store, clock, day, board=board)
        stored = board.get_summary(day)
        if stored is None:
            raise Conflict("the day's board is being summarised; ask again", code=ErrorCode.BUSY)
    marker = marker_for(stored.summary, key)
    rank = rank_with(marker, board.count_better(day, marker.key if marker else None, better_than(key)))
    # The result may have been recorded after the summary: it is on the board, so it holds it at least.
    return {"day": day.isoformat(), "rank": rank, "entries": max(stored.summary.entries, rank),
            "as_of": stored.built_at}


def my_rank(store: Store, clock: Clock, caller: Caller, day: date | None = None) -> RankOut:
    """My rank on the board of ``day`` (today unless given): ``rank_on`` with my board key."""
    current = today(clock)
    day = day or current
    if day > current:
        raise NotFound(f"the Front of {day.isoformat()} is not drawn yet", field="day")
    entry, stored = store.daily.read_rank(day, caller.sub)
    return rank_on(store, clock, day, _ranked_key(entry, day), stored)


def _ranked_key(entry: FrontEntry | None, day: date) -> str:
    """My board key of ``day``, or a 404 ``no_ranked_result`` that says why there is none."""
    on = day.isoformat()
    if entry is None:
        why = f"you did not play the Front of {on}"
    elif entry.status != "finished":
        why = f"your Front of {on} is still being played"
    elif entry.board_key is None:
        why = f"your Front of {on} is not ranked ({entry.not_ranked})"
    else:
        return entry.board_key
    raise NotFound(why, code=ErrorCode.NO_RANKED_RESULT, rule=entry.not_ranked if entry is not None else None)


def _write_cursor(on: str, after: str, ahead: int, rank: int) -> str:
    return encode_json({"on": on, "after": after, "ahead": ahead, "rank": rank})


def _read_cursor(cursor: str | None, on: str) -> tuple[str | None, int, Any]:
    """``(after, ahead, previous)`` of a page; a cursor of another board or not handed out here is a 400."""
    if not cursor:
        return None, 0, None
    try:
        data = decode_json(cursor)
        after, ahead, rank = data["after"], data["ahead"], data["rank"]
        valid = (data["on"] == on and isinstance(after, str) and "#" in after and isinstance(ahead, int)
                 and isinstance(rank, int) and 1 <= rank <= ahead)
    except (InvalidCursor, KeyError, TypeError):
        valid = False
    if not valid:
        raise DomainError("cursor is not one this board handed out", field="cursor", code=ErrorCode.INVALID_CURSOR)
    return after, ahead, Ranked(rank, after)
