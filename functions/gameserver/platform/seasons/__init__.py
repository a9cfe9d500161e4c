"""Seasons: the month a close closes, its two stages, the duel prizes and their resumable payment plan, the titles.

Pure: no storage, no clock. Times come in as arguments (aware UTC datetimes); boards come in as iterators of
lines in board order, read no further than the places need.
"""

from gameserver.platform.seasons.close import SeasonClose, close_prizes, close_titles
from gameserver.platform.seasons.prizes import (
    PRIZES,
    PrizePayment,
    PrizePlan,
    plan_prizes,
    prize_places,
    unpaid,
)
from gameserver.platform.seasons.season import (
    SeasonRuleError,
    Stage,
    check_season,
    closed_month,
    months_to_close,
    next_season,
    season_end,
    season_of,
    season_start,
)
from gameserver.platform.seasons.titles import (
    MIN_RANKED_DAYS,
    Title,
    TitleAward,
    award_titles,
    commander_of_the_month,
    doctrine_of_the_month,
    front_of_the_month,
)

__all__ = [
    "MIN_RANKED_DAYS",
    "PRIZES",
    "PrizePayment",
    "PrizePlan",
    "SeasonClose",
    "SeasonRuleError",
    "Stage",
    "Title",
    "TitleAward",
    "award_titles",
    "check_season",
    "close_prizes",
    "close_titles",
    "closed_month",
    "commander_of_the_month",
    "doctrine_of_the_month",
    "front_of_the_month",
    "months_to_close",
    "next_season",
    "plan_prizes",
    "prize_places",
    "season_end",
    "season_of",
    "season_start",
    "unpaid",
]
