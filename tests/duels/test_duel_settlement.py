"""Who receives which stakes: fair play and linked accounts."""

from __future__ import annotations

from datetime import timedelta

import pytest
from duel_builders import ANN, BOB, T0, finish, play_turns, playing
from gameserver.platform.duels import (
    Abandon,
    CreditKind,
    LedgerLine,
    TurnResolved,
    Unrated,
    apply,
    credit_lines,
    rating_verdict,
    stakes_receiver,
)


def payouts(before, after) -> set[tuple[str, int, CreditKind]]:
    return {(line.member, line.amount, line.kind) for line in credit_lines(before, after)}


RETURNED = {(ANN, 10, CreditKind.RETURN), (BOB, 10, CreditKind.RETURN)}


def test_the_winner_faster_than_a_human_wins_nothing_the_other_takes_the_stakes() -> None:
    """"that game wins nothing and no rating moves, the other player wins the stakes if they have finished their game"."""
    before = play_turns(playing(), 7)
    duel = finish(before, winner=ANN, too_fast=frozenset({ANN}))
    assert duel.winner == ANN  # the result on the board stays
    assert stakes_receiver(duel) == BOB
    assert payouts(before, duel) == {(BOB, 20, CreditKind.PAYOUT)}
    assert rating_verdict(duel, []) is Unrated.FASTER_THAN_A_HUMAN


def test_the_loser_faster_than_a_human_the_winner_takes_the_stakes_unrated() -> None:
    before = play_turns(playing(), 7)
    duel = finish(before, winner=BOB, too_fast=frozenset({ANN}))
    assert payouts(before, duel) == {(BOB, 20, CreditKind.PAYOUT)}
    assert rating_verdict(duel, []) is Unrated.FASTER_THAN_A_HUMAN


def test_a_draw_with_one_too_fast_pays_the_other() -> None:
    before = play_turns(playing(), 7)
    duel = finish(before, winner=None, too_fast=frozenset({BOB}))
    assert payouts(before, duel) == {(ANN, 20, CreditKind.PAYOUT)}


def test_too_fast_flagged_at_turn_5_counts_at_once_even_if_the_game_goes_on() -> None:
    duel = play_turns(playing(), 4)
    duel = apply(duel, TurnResolved(5, T0 + timedelta(minutes=15), senders=frozenset({ANN, BOB}), too_fast=frozenset({ANN})))
    before = play_turns(duel, 2)
    after = finish(before, winner=ANN)
    assert after.too_fast == frozenset({ANN})
    assert payouts(before, after) == {(BOB, 20, CreditKind.PAYOUT)}


def test_when_the_other_player_abandoned_the_duel_is_unrated_and_stakes_return() -> None:
    """"otherwise the duel becomes unrated": the honest player did not finish their game."""
    duel = play_turns(playing(), 4)
    duel = apply(duel, TurnResolved(5, T0 + timedelta(minutes=15), senders=frozenset({ANN, BOB}), too_fast=frozenset({ANN})))
    before = duel
    duel = apply(duel, Abandon(BOB, T0 + timedelta(minutes=16)))
    assert duel.winner == ANN
    assert stakes_receiver(duel) is None
    assert payouts(before, duel) == RETURNED
    assert rating_verdict(duel, []) is Unrated.FASTER_THAN_A_HUMAN


def test_both_faster_than_a_human_each_gets_their_own_back() -> None:
    before = play_turns(playing(), 7)
    duel = finish(before, winner=ANN, too_fast=frozenset({ANN, BOB}))
    assert payouts(before, duel) == RETURNED


def test_linked_accounts_keep_the_result_stakes_returned_unrated() -> None:
    """"Between linked accounts, a duel is unrated (the result stays, the stakes are returned, no rating moves)"."""
    before = play_turns(playing(), 7)
    duel = finish(before, winner=ANN, linked=True)
    assert duel.winner == ANN
    assert payouts(before, duel) == RETURNED
    assert rating_verdict(duel, []) is Unrated.LINKED_ACCOUNTS


def test_a_forfeit_between_linked_accounts_returns_the_stakes() -> None:
    before = play_turns(playing(), 2)
    duel = apply(before, Abandon(ANN, T0 + timedelta(minutes=20), linked=True))
    assert payouts(before, duel) == RETURNED


def test_a_fair_finished_duel_is_rated() -> None:
    assert rating_verdict(finish(playing(), winner=ANN), []) is None


def test_no_duel_line_is_a_zero_move() -> None:
    duel = finish(playing(stake=0), winner=ANN, too_fast=frozenset({ANN}))
    assert duel.credits == ()
    with pytest.raises(ValueError, match="at least one credit"):
        LedgerLine(ANN, 0, CreditKind.PAYOUT, "d1")
    with pytest.raises(ValueError, match="sign"):
        LedgerLine(ANN, 5, CreditKind.ESCROW, "d1")
