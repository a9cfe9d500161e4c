"""The leaderboard of a day: a sort key that DynamoDB keeps in order, write shards, and shared ranks.

Rules: "Today's leaderboard: wins first, the fastest on top, then draws, then losses, the ones that held out longest
on top; if tied, the most positions, then the highest total income; beyond that, tied."
Platform reading (docs/platform.md): a win is faster with fewer turns, then fewer whole seconds from the opening
of turn 1 to the final resolution; a loss held out longer with more turns. Equal results share a rank (1, 1, 3).

The key reads best first in ascending order, so a query on an index returns the board in order:

    {class}.{turns}.{seconds:08}.{9 - positions}.{9999 - income:04}#{member}

class is 1 (win), 2 (draw), 3 (loss); turns is the turns of a win, 9 - turns for a loss, 0 for a draw;
seconds count only for a win. Everything before ``#`` is the result: equal results have equal prefixes.

Write sharding: each member's result goes to one of SHARDS partitions of the index, chosen by a hash of the member,
so no partition takes every write of a busy day; a board read queries every shard and merges them in key order.
"""

from __future__ import annotations

import enum
import hashlib
import heapq
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

#: Index partitions per day. 100,000 results a day is ~1.2 writes a second on average; 8 shards keep each
#: partition far below DynamoDB's 1,000 writes a second even if a day's results all arrived in 100 seconds.
SHARDS = 8
MAX_SECONDS = 99_999_999
MAX_INCOME = 9999
MAX_POSITIONS = 9
#: When a day's board is final, the next day (UTC). "A game counts for the day of its Front, even if it ends
#: after midnight": a Front started at 23:59:59 lasts 8 turns of at most 2 minutes (120 s, then 60 s), and a
#: deadline nobody met is played by the next read or the minute's sweep, so half an hour leaves every Front of
#: the day over and on the board with a wide margin.
FINAL_AT = time(0, 30)


def board_final_at(day: date) -> datetime:
    """The instant ``day``'s board is final: no Front of that day can still change it."""
    return datetime.combine(day + timedelta(days=1), FINAL_AT, tzinfo=UTC)


class Outcome(enum.StrEnum):
    """A Front's result, from the member's side."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


_CLASS = {Outcome.WIN: "1", Outcome.DRAW: "2", Outcome.LOSS: "3"}


@dataclass(frozen=True)
class DayResult:
    """One member's finished Front of the day, from the member's side."""

    member: str
    outcome: Outcome
    turns: int
    """Turns played (1..8)."""
    seconds: int
    """Whole seconds from the opening of turn 1 to the final resolution."""
    positions: int
    """Positions held at the end."""
    income: int
    """Total income over the game."""

    def __post_init__(self) -> None:
        if not 1 <= self.turns <= 8:
            raise ValueError(f"a Front lasts 1 to 8 turns, not {self.turns}")
        if not 0 <= self.positions <= MAX_POSITIONS:
            raise ValueError(f"positions held: 0 to {MAX_POSITIONS}, not {self.positions}")
        if self.seconds < 0 or self.income < 0:
            raise ValueError("seconds and income are 0 or more")
        if "#" in self.member:
            raise ValueError("a member id never holds '#', the key's separator")


def result_key(result: DayResult) -> str:
    """The result part of the sort key: equal results give equal strings; better results sort first."""
    if result.outcome is Outcome.WIN:
        turns, seconds = result.turns, min(result.seconds, MAX_SECONDS)
    elif result.outcome is Outcome.DRAW:
        turns, seconds = 0, 0
    else:
        turns, seconds = 9 - result.turns, 0
    return (
        f"{_CLASS[result.outcome]}.{turns}.{seconds:08d}."
        f"{MAX_POSITIONS - result.positions}.{MAX_INCOME - min(result.income, MAX_INCOME):04d}"
    )


def sort_key(result: DayResult) -> str:
    """The index sort key: the result, then the member (one item per member and day)."""
    return f"{result_key(result)}#{result.member}"


def result_of(key: str) -> str:
    """The result part of a sort key."""
    return key.partition("#")[0]


def shard_of(member: str, shards: int = SHARDS) -> int:
    """A member's write shard: stable, spread evenly by SHA-256, the same every day."""
    return int.from_bytes(hashlib.sha256(member.encode()).digest()[:8], "big") % shards


def board_partition(day: date, shard: int, board: str = "front") -> str:
    """The index partition key of one shard of one day's board: the Daily Front's (``front``), or another daily
    game's written the same way (Front 1901's daily challenge, ``challenge``)."""
    return f"{board}#{day.isoformat()}#{shard}"


def merge_shards(shards: Iterable[Iterable[str]]) -> Iterator[str]:
    """One board in order from each shard's keys (each already in order, as a query returns them)."""
    return heapq.merge(*shards)


@dataclass(frozen=True)
class Ranked:
    rank: int
    key: str

    @property
    def member(self) -> str:
        return self.key.partition("#")[2]


def ranks(keys: Iterable[str], ahead: int = 0, previous: Ranked | None = None) -> list[Ranked]:
    """Ranks of keys in board order; equal results share a rank, the next one skips (1, 1, 3).

    To rank a later page, give ``ahead`` (the entries before it) and ``previous`` (the last one ranked before
    it), so a result tied across the page break keeps its rank.
    """
    ranked: list[Ranked] = []
    last = previous
    for position, key in enumerate(keys, start=ahead + 1):
        tied = last is not None and result_of(last.key) == result_of(key)
        rank = last.rank if tied and last is not None else position
        last = Ranked(rank, key)
        ranked.append(last)
    return ranked


def better_than(key: str) -> str:
    """The bound of a count query for a member's rank: every key below it (``sk < bound``) is a strictly better
    result, since a tied key is its result followed by ``#member``. Rank = 1 + that count over all shards."""
    return result_of(key)
