"""The duel prizes of a season: who takes each place of a game's board at the close, and the plan that pays them.

Rules: "The duels leaderboard of the month pays credits when it closes: 150 to the first, 100 to the second, 60 to
the third, 25 from the fourth to the tenth. The prize place only counts the members who have 8 rated duels in the
month and ratings not frozen at its end". Platform decisions (specs/platform.md): "Duel prizes per game [...]
equal ratings: more rated duels first, then the oldest account." "Frozen members are removed before ranking: the
next eligible member takes the prize place".

The plan is made once, at the close, and stored; every payment has a deterministic id (season, game, place), so a
close killed halfway pays what ``unpaid`` still lists, and the payment's write (conditioned on its id not being
there) refuses a second payment of the same place even to a run that read a stale list.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gameserver.platform.duels.credits import CreditKind, LedgerLine
from gameserver.platform.duels.leaderboard import DuelStanding, duel_order, on_duel_board
from gameserver.platform.seasons.board import in_order
from gameserver.platform.seasons.season import check_season

#: Prizes by place, first to tenth.
PRIZES = (150, 100, 60, 25, 25, 25, 25, 25, 25, 25)


@dataclass(frozen=True)
class PrizePayment:
    """One place's prize: one transaction with its ledger line (kind ``prize``, ref the season)."""

    season: str
    game: str
    place: int
    member: str
    credits: int

    @property
    def id(self) -> str:
        """``{season}#{game}#{place:02d}``: the same place of the same board always has the same id."""
        return f"{self.season}#{self.game}#{self.place:02d}"

    def ledger_line(self) -> LedgerLine:
        return LedgerLine(self.member, self.credits, CreditKind.PRIZE, self.season)


@dataclass(frozen=True)
class PrizePlan:
    """A game's prizes of a season, fixed at the close, in place order (fewer than ten eligible: fewer places)."""

    season: str
    game: str
    payments: tuple[PrizePayment, ...]

    @property
    def total(self) -> int:
        return sum(payment.credits for payment in self.payments)

    def to_json(self) -> dict[str, Any]:
        return {"season": self.season, "game": self.game,
                "payments": [[p.place, p.member, p.credits] for p in self.payments]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PrizePlan:
        season, game = data["season"], data["game"]
        payments = tuple(PrizePayment(season, game, int(place), member, int(credits))
                         for place, member, credits in data["payments"])
        return cls(season, game, payments)


def prize_places(board: Iterable[DuelStanding], frozen: Container[str]) -> list[DuelStanding]:
    """The members placed first to tenth, from a board read in its order (higher rating, more rated duels, older
    account): members with fewer than 8 rated duels or frozen at the close are passed over. Reads no further
    than the tenth place."""
    places: list[DuelStanding] = []
    seen: set[str] = set()
    for standing in in_order(board, duel_order, "duel"):
        if standing.member in seen:
            raise ValueError(f"{standing.member} is twice on the duel board")
        seen.add(standing.member)
        if on_duel_board(standing) and standing.member not in frozen:
            places.append(standing)
            if len(places) == len(PRIZES):
                break
    return places


def plan_prizes(season: str, game: str, board: Iterable[DuelStanding], frozen: Container[str]) -> PrizePlan:
    """The prizes of one game's board at the close of ``season``."""
    check_season(season)
    placed = prize_places(board, frozen)
    payments = tuple(PrizePayment(season, game, place, standing.member, credits)
                     for place, (standing, credits) in enumerate(zip(placed, PRIZES, strict=False), start=1))
    return PrizePlan(season, game, payments)


def unpaid(plans: Iterable[PrizePlan], paid: Container[str]) -> tuple[PrizePayment, ...]:
    """The payments of the plans still to make, in order (game by game, place by place); ``paid``: the ids of the
    payments already written."""
    return tuple(payment for plan in plans for payment in plan.payments if payment.id not in paid)
