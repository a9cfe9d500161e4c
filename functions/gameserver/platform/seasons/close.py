"""A month's close as a value: its prize plans and its titles, each fixed once, and what is left to pay.

Issue 16: each stage happens "exactly once however often, late or out of order it is delivered"; "a close that
fails halfway resumes where it stopped and pays nobody twice". Platform decision (specs/platform.md): "A duel
voided after its month closed leaves that month's prizes and titles as they were."

The stored close item holds this value; its writes are conditioned on the stage being absent, so a second run of
a stage that raced the first changes nothing. Choices (docs/platform.md, "Seasons"):
- A stage is fixed the first time it runs at or after its time (``Stage.opens_at``); a later run returns the
  close as it is, without reading a board. "Frozen at the close" means frozen when the stage is fixed.
- The prize stage fixes every game's plan in one write; each payment is then its own transaction (the payment's
  id, its ledger line and the balance), so a close killed between two payments pays ``to_pay`` on its next run.
- The month's duel boards are final once the prize plans are fixed: a duel voided later still takes back its own
  rating changes, but leaves the month's line (its rated duels and rating), the plan and the prizes paid as they
  were (``duel_board_open``). The titles read no duel.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from gameserver.platform.challenges.boards import ChallengerLine, DoctrineLine
from gameserver.platform.daily.month import MonthRow
from gameserver.platform.duels.leaderboard import DuelStanding
from gameserver.platform.seasons.prizes import PrizePayment, PrizePlan, plan_prizes, unpaid
from gameserver.platform.seasons.season import SeasonRuleError, Stage, check_season
from gameserver.platform.seasons.titles import Title, TitleAward, award_titles


@dataclass(frozen=True)
class SeasonClose:
    """Where a month's close stands: nothing yet, its prize plans fixed, its titles awarded."""

    season: str
    prizes: tuple[PrizePlan, ...] | None = None
    """One plan per game, fixed by the prize stage; None before it."""
    prizes_at: datetime | None = None
    titles: tuple[TitleAward, ...] | None = None
    """The titles awarded (fewer than three when nobody was eligible for one); None before the title stage."""
    titles_at: datetime | None = None

    def done(self, stage: Stage) -> bool:
        """The stage is fixed (its payments may still be under way: ``to_pay``)."""
        return (self.prizes if stage is Stage.PRIZES else self.titles) is not None

    def to_pay(self, paid: Container[str]) -> tuple[PrizePayment, ...]:
        """The prize payments still to make, given the ids of those written."""
        return unpaid(self.prizes or (), paid)

    def closed(self, paid: Container[str]) -> bool:
        """Both stages fixed and every prize paid: the month is closed."""
        return self.done(Stage.PRIZES) and self.done(Stage.TITLES) and not self.to_pay(paid)

    @property
    def duel_board_open(self) -> bool:
        """Whether a duel of this month voided now still leaves the month's board (before the prize stage)."""
        return self.prizes is None

    def to_json(self) -> dict[str, Any]:
        return {
            "season": self.season,
            "prizes": None if self.prizes is None else [plan.to_json() for plan in self.prizes],
            "prizes_at": None if self.prizes_at is None else self.prizes_at.isoformat(),
            "titles": None if self.titles is None else [
                {"title": str(a.title), "member": a.member, "doctrine": a.doctrine} for a in self.titles],
            "titles_at": None if self.titles_at is None else self.titles_at.isoformat(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeasonClose:
        season = data["season"]
        return cls(
            season=season,
            prizes=None if data["prizes"] is None else tuple(PrizePlan.from_json(p) for p in data["prizes"]),
            prizes_at=None if data["prizes_at"] is None else datetime.fromisoformat(data["prizes_at"]),
            titles=None if data["titles"] is None else tuple(
                TitleAward(season, Title(t["title"]), t["member"], t["doctrine"]) for t in data["titles"]),
            titles_at=None if data["titles_at"] is None else datetime.fromisoformat(data["titles_at"]),
        )


def _open(season: str, stage: Stage, at: datetime) -> None:
    if at < stage.opens_at(check_season(season)):
        raise SeasonRuleError(
            f"the {stage} of {season} are fixed from {stage.opens_at(season).isoformat()}, not {at.isoformat()}",
            f"{stage}-after-month-end",
        )


def close_prizes(
    close: SeasonClose, boards: Mapping[str, Iterable[DuelStanding]], frozen: Container[str], at: datetime
) -> SeasonClose:
    """Fix the prize plans of every game's duel board (``boards``: game -> its lines in board order), members
    frozen now left out; a close whose plans are fixed is returned as it is, its boards unread."""
    if close.done(Stage.PRIZES):
        return close
    _open(close.season, Stage.PRIZES, at)
    plans = tuple(plan_prizes(close.season, game, boards[game], frozen) for game in sorted(boards))
    return replace(close, prizes=plans, prizes_at=at)


def close_titles(
    close: SeasonClose,
    challengers: Iterable[ChallengerLine],
    doctrines: Iterable[DoctrineLine],
    fronts: Iterable[MonthRow],
    account_created: Callable[[str], datetime],
    frozen: Container[str],
    at: datetime,
) -> SeasonClose:
    """Award the titles from the month's boards (each in its order), members frozen now left out; a close whose
    titles are awarded is returned as it is, its boards unread."""
    if close.done(Stage.TITLES):
        return close
    _open(close.season, Stage.TITLES, at)
    awards = award_titles(close.season, challengers, doctrines, fronts, account_created, frozen)
    return replace(close, titles=awards, titles_at=at)
