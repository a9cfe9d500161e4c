"""Front 1901's area of the store in memory (its daily challenge), as ``storage.dynamodb.front1901`` keeps it on
DynamoDB: the contract tests (tests/storage/test_contract_front1901.py) hold the two to the same behaviour."""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import date
from functools import singledispatchmethod
from typing import Any

from gameserver.platform.daily.front1901 import Challenge
from gameserver.storage.daily import DaySummary
from gameserver.storage.errors import WriteConflict
from gameserver.storage.front1901 import (
    ChallengeDay,
    ChallengeEntry,
    ChallengeLine,
    Front1901DayStart,
    Front1901DayStarted,
    MessageReported,
    OnlineRating,
    OnlineRatingsWrite,
    RatedGame,
    RatedGameVoided,
    ReportedMessage,
    Starter,
    board_key,
)
from gameserver.storage.memory_base import Apply, Check, DayBoardInMemory, Held, page_of_desc
from gameserver.storage.records import Page


@dataclass
class Front1901Tables:
    challenges: dict[date, Challenge] = field(default_factory=dict)
    entries: dict[tuple[str, date], ChallengeEntry] = field(default_factory=dict)
    starters: dict[tuple[date, str], Starter] = field(default_factory=dict)
    summaries: dict[date, DaySummary] = field(default_factory=dict)
    ratings: dict[str, OnlineRating] = field(default_factory=dict)
    reports: dict[str, ReportedMessage] = field(default_factory=dict)
    rated_games: dict[str, RatedGame] = field(default_factory=dict)


class MemoryFront1901(DayBoardInMemory):
    def __init__(self, store: Held, tables: Front1901Tables) -> None:
        self.store = store
        self.t = tables

    def put_challenge(self, challenge: Challenge) -> bool:
        with self.store.lock:
            if challenge.day in self.t.challenges:
                return False
            self.t.challenges[challenge.day] = challenge
            return True

    def get_challenge(self, day: date) -> Challenge | None:
        return self.t.challenges.get(day)

    def read_day(self, day: date, sub: str, *, challenge: bool = True, seen: bool = False) -> ChallengeDay:
        with self.store.lock:
            sightings = self.store.tables.seen.get(sub, {}) if seen else {}
            return ChallengeDay(self.t.challenges.get(day) if challenge else None, self.t.entries.get((sub, day)),
                                {d: set(values) for d, values in sightings.items()})

    def starters(self, day: date, values: tuple[str, ...]) -> dict[str, Starter]:
        with self.store.lock:
            return {v: self.t.starters[(day, v)] for v in values if (day, v) in self.t.starters}

    def finish(self, entry: ChallengeEntry) -> None:
        with self.store.lock:
            held = self.t.entries.get((entry.member, entry.day))
            if held is None or held.status != "playing" or held.game_id != entry.game_id:
                raise WriteConflict(f"{entry.member}'s challenge of {entry.day} changed meanwhile")
            self.t.entries[(entry.member, entry.day)] = entry

    def _board(self, day: date) -> list[tuple[str, ChallengeEntry]]:
        return sorted((e.board_key, e) for (_, d), e in self.t.entries.items() if d == day and e.board_key)

    def board_after(self, day: date, after: str | None, limit: int) -> list[ChallengeLine]:
        return [ChallengeLine(key=key, name=e.name, result=e.result or "", centres=e.centres, year=e.year,
                              matched=e.matched)
                for key, e in self._board(day) if after is None or key > after][:limit]

    def _summaries(self) -> dict[date, DaySummary]:
        return self.t.summaries

    def _lock(self) -> AbstractContextManager[Any]:
        return self.store.lock

    def read_rank(self, day: date, sub: str) -> tuple[ChallengeEntry | None, DaySummary | None]:
        return self.t.entries.get((sub, day)), self.t.summaries.get(day)

    def online_ratings(self, subs: tuple[str, ...]) -> dict[str, OnlineRating]:
        with self.store.lock:
            return {sub: self.t.ratings[sub] for sub in subs if sub in self.t.ratings}

    def online_rated_game(self, game_id: str) -> RatedGame | None:
        with self.store.lock:
            return self.t.rated_games.get(game_id)

    def online_board(self, cursor: str | None, limit: int) -> Page:
        ordered = sorted(((board_key(r), r) for r in self.t.ratings.values()), key=lambda pair: pair[0],
                         reverse=True)
        return page_of_desc(ordered, cursor, limit, "front1901-online-board")

    def reported_messages(self, cursor: str | None, limit: int) -> Page:
        ordered = sorted(((f"{r.reported_at}#{r.report_id}", r) for r in self.t.reports.values()),
                         key=lambda pair: pair[0], reverse=True)
        return page_of_desc(ordered, cursor, limit, "front1901-reports")

    @singledispatchmethod
    def write_steps(self, write: Any) -> tuple[Check, Apply]:
        """A write of Front 1901's area in a transaction: its checks, then its writes (one method a kind)."""
        raise TypeError(f"no memory write for {type(write).__name__}")

    @write_steps.register
    def _day_start(self, write: Front1901DayStart) -> tuple[Check, Apply]:
        entry = write.entry

        def check() -> None:
            if (entry.member, entry.day) in self.t.entries:
                raise Front1901DayStarted(f"{entry.member} already has a challenge on {entry.day}")
            if any((entry.day, s.value) in self.t.starters for s in write.starters):
                raise WriteConflict(f"another member started the challenge of {entry.day} with the same device or "
                                    "address meanwhile")

        def apply() -> None:
            self.t.entries[(entry.member, entry.day)] = entry
            for starter in write.starters:
                self.t.starters[(entry.day, starter.value)] = starter

        return check, apply

    @write_steps.register(OnlineRatingsWrite)
    @write_steps.register(RatedGameVoided)
    def _ratings_steps(self, write: OnlineRatingsWrite | RatedGameVoided) -> tuple[Check, Apply]:
        game = write.game

        def check() -> None:
            for rating in write.ratings:
                held = self.t.ratings.get(rating.member)
                if (held.version if held else 0) != rating.version:
                    raise WriteConflict(f"{rating.member}'s online rating changed meanwhile")
            if game is None:
                return
            stored = self.t.rated_games.get(game.game_id)
            if isinstance(write, OnlineRatingsWrite) and stored is not None:
                raise WriteConflict(f"game {game.game_id} has rated its members already")
            if isinstance(write, RatedGameVoided) and (stored is None or stored.voided_at is not None):
                raise WriteConflict(f"game {game.game_id} is not a rated game to void")

        def apply() -> None:
            for rating in write.ratings:
                self.t.ratings[rating.member] = OnlineRating(rating.member, rating.rating, rating.version + 1,
                                                             rating.last_game)
            if game is not None:
                self.t.rated_games[game.game_id] = game

        return check, apply

    @write_steps.register
    def _report_steps(self, write: MessageReported) -> tuple[Check, Apply]:
        report = write.report

        def check() -> None:
            if report.report_id in self.t.reports:
                raise WriteConflict(f"{report.reporter} reported message {report.message_id} already")

        def apply() -> None:
            self.t.reports[report.report_id] = report

        return check, apply
