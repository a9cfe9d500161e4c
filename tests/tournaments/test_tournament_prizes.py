"""Prizes when the final ends.

"Prizes: the pot of fees, 70% to the winner and 30% to the finalist (rounded down; the remainder to the winner)";
"A winner who reached the title without a final opponent (the other semi-final was void) takes the whole pot. A
tournament that ends with no winner (a void final) returns every entry fee."
"""

from __future__ import annotations

import pytest
from gameserver.platform.duels import CreditKind, LedgerLine
from gameserver.platform.tournaments import (
    Abandon,
    Freeze,
    GameOver,
    NoOrders,
    Stop,
    TournamentEnding,
    TournamentStatus,
    apply,
    credit_lines,
    split,
)
from tournament_builders import MEMBERS, at, full, won


def semi_finals_of_4(fee: int = 7):
    """m1 and m2 in the final of a 4-member tournament."""
    return won(won(full(size=4, fee=fee), 1, "m1"), 2, "m2")


@pytest.mark.parametrize(("pot", "winner", "finalist"), [(80, 56, 24), (28, 20, 8), (4, 3, 1), (3, 3, 0), (0, 0, 0)])
def test_70_to_the_winner_30_to_the_finalist_rounded_down_the_remainder_to_the_winner(
    pot: int, winner: int, finalist: int
) -> None:
    assert split(pot) == (winner, finalist)


def test_the_final_pays_the_winner_and_the_finalist_each_a_ledger_line() -> None:
    before = semi_finals_of_4(fee=7)
    after = won(before, 3, "m2", days=9)
    assert after.status is TournamentStatus.FINISHED and after.ending is TournamentEnding.WON
    assert (after.winner, after.finalist) == ("m2", "m1")
    assert credit_lines(before, after) == (
        LedgerLine("m2", 20, CreditKind.TOURNAMENT_PRIZE, "t1"),
        LedgerLine("m1", 8, CreditKind.TOURNAMENT_PRIZE, "t1"),
    )
    assert after.pot == 0 and after.due_at is None


def test_a_finalist_who_abandoned_still_takes_the_finalists_share() -> None:
    after = apply(semi_finals_of_4(fee=10), Abandon(3, "m1", at(9)))
    assert after.prizes == (LedgerLine("m2", 28, CreditKind.TOURNAMENT_PRIZE, "t1"),
                            LedgerLine("m1", 12, CreditKind.TOURNAMENT_PRIZE, "t1"))


@pytest.mark.parametrize("event", [
    Freeze(frozenset({"m1"}), at(9)),
    GameOver(3, at(9), "m1", too_fast=frozenset({"m1"})),
], ids=["frozen", "faster-than-a-human"])
def test_a_finalist_who_cannot_be_paid_leaves_the_whole_pot_to_the_winner(event: object) -> None:
    after = apply(semi_finals_of_4(fee=10), event)  # type: ignore[arg-type]
    assert after.winner == "m2" and after.ending is TournamentEnding.WON
    assert after.prizes == (LedgerLine("m2", 40, CreditKind.TOURNAMENT_PRIZE, "t1"),)


def test_the_title_without_a_final_opponent_takes_the_whole_pot() -> None:
    tournament = full(size=8, fee=10)
    for slot, winner in ((1, "m1"), (2, "m4"), (5, "m1")):
        tournament = won(tournament, slot, winner)
    tournament = apply(tournament, NoOrders(3, at(2)))
    before = apply(tournament, Stop(4, at(3)))
    assert before.match(6).ending.value == "no-players" and before.status is TournamentStatus.FINISHED
    assert before.ending is TournamentEnding.TITLE_WITHOUT_FINAL and before.winner == "m1"
    assert before.prizes == (LedgerLine("m1", 80, CreditKind.TOURNAMENT_PRIZE, "t1"),)


def test_a_final_opponent_frozen_while_waiting_gives_the_title_without_a_final() -> None:
    tournament = won(full(size=4, fee=5), 1, "m1")
    tournament = apply(tournament, Freeze(frozenset({"m1"}), at(3)))
    tournament = won(tournament, 2, "m3")
    assert tournament.ending is TournamentEnding.TITLE_WITHOUT_FINAL
    assert tournament.prizes == (LedgerLine("m3", 20, CreditKind.TOURNAMENT_PRIZE, "t1"),)


def test_a_void_final_returns_every_entry_fee() -> None:
    before = semi_finals_of_4(fee=10)
    after = apply(before, NoOrders(3, at(8)))
    assert after.status is TournamentStatus.FINISHED and after.ending is TournamentEnding.VOID_FINAL
    assert after.winner is None and after.prizes == ()
    assert credit_lines(before, after) == tuple(LedgerLine(m, 10, CreditKind.REFUND, "t1") for m in MEMBERS[:4])


def test_a_final_both_frozen_is_void_and_returns_every_fee() -> None:
    after = apply(semi_finals_of_4(fee=10), Freeze(frozenset({"m1", "m2"}), at(8)))
    assert after.ending is TournamentEnding.VOID_FINAL and after.pot == 0


def test_a_tournament_without_fee_pays_no_line() -> None:
    after = won(semi_finals_of_4(fee=0), 3, "m1")
    assert after.winner == "m1" and after.credits == ()
