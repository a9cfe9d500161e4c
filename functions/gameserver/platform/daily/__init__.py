"""The Daily Front: the rotation of a date, the board of a day, the ranking rules and the month.

Pure: no storage, no clock; the day comes from the scheduled event or the caller.
"""

from gameserver.platform.daily.board import (
    SHARDS,
    DayResult,
    Outcome,
    Ranked,
    better_than,
    board_final_at,
    board_partition,
    merge_shards,
    ranks,
    result_key,
    result_of,
    shard_of,
    sort_key,
)
from gameserver.platform.daily.month import POINTS, MonthRow, RankedDay, month_table
from gameserver.platform.daily.ranking import FrontGame, NotRanked, not_ranked
from gameserver.platform.daily.rotation import FrontOfTheDay, Noise, front_of_the_day, scheduled_day
from gameserver.platform.daily.summary import BoardSummary, Marker, marker_for, rank_with, summarize

__all__ = [
    "BoardSummary",
    "board_final_at",
    "Marker",
    "marker_for",
    "rank_with",
    "summarize",
    "POINTS",
    "SHARDS",
    "DayResult",
    "FrontGame",
    "FrontOfTheDay",
    "MonthRow",
    "Noise",
    "NotRanked",
    "Outcome",
    "RankedDay",
    "Ranked",
    "better_than",
    "board_partition",
    "front_of_the_day",
    "merge_shards",
    "month_table",
    "not_ranked",
    "ranks",
    "result_key",
    "result_of",
    "scheduled_day",
    "shard_of",
    "sort_key",
]
