"""The duel lifecycle, transition by transition, quoting the rules."""

from __future__ import annotations

from datetime import timedelta

import pytest
from duel_builders import ANN, BOB, T0, finish, play_turns, playing, proposed
from gameserver.platform.duels import (
    Abandon,
    Accept,
    CreditKind,
    Decline,
    DuelRuleError,
    DuelStatus,
    Ending,
    Freeze,
    LedgerLine,
    Pace,
    Ready,
    ReadyRoomCloses,
    Stop,
    TurnResolved,
    Void,
    Withdraw,
    apply,
    credit_lines,
    propose,
)


def test_proposal_escrows_the_proposers_stake() -> None:
    duel = proposed(stake=10)
    assert duel.status is DuelStatus.PROPOSED
    assert credit_lines(None, duel) == (LedgerLine(ANN, -10, CreditKind.ESCROW, "d1"),)


def test_a_duel_without_stake_writes_no_ledger_line() -> None:
    duel = finish(playing(stake=0), winner=ANN)
    assert duel.credits == ()


def test_a_proposal_to_oneself_or_beyond_the_balance_is_refused() -> None:
    with pytest.raises(DuelRuleError):
        propose("d1", ANN, ANN, Pace.BLITZ, 0, T0, balance=100)
    with pytest.raises(ValueError, match="balance"):
        propose("d1", ANN, BOB, Pace.BLITZ, 101, T0, balance=100)


def test_blitz_accept_opens_the_ready_room_and_escrows_the_opponents_stake() -> None:
    before = proposed()
    after = apply(before, Accept(BOB, T0 + timedelta(minutes=1)), balance=50)
    assert after.status is DuelStatus.READY_ROOM
    assert credit_lines(before, after) == (LedgerLine(BOB, -10, CreditKind.ESCROW, "d1"),)


def test_only_the_opponent_accepts_and_within_their_balance() -> None:
    with pytest.raises(DuelRuleError, match="only the member"):
        apply(proposed(), Accept(ANN, T0), balance=100)
    with pytest.raises(ValueError, match="balance"):
        apply(proposed(), Accept(BOB, T0), balance=9)


def test_correspondence_opens_the_first_turn_on_acceptance() -> None:
    """"In correspondence [...] the first turn opens on acceptance."."""
    accepted = apply(proposed(Pace.TWO_DAYS), Accept(BOB, T0 + timedelta(hours=1)), balance=100)
    assert accepted.status is DuelStatus.PLAYING
    assert accepted.started_at == T0 + timedelta(hours=1)


def test_the_game_starts_when_both_players_clicked_ready() -> None:
    duel = apply(proposed(Pace.RAPID), Accept(BOB, T0), balance=100)
    duel = apply(duel, Ready(BOB, T0 + timedelta(minutes=5)))
    duel = apply(duel, Ready(BOB, T0 + timedelta(minutes=6)))  # clicking twice does not start it
    assert duel.status is DuelStatus.READY_ROOM
    duel = apply(duel, Ready(ANN, T0 + timedelta(minutes=29, seconds=59)))
    assert duel.status is DuelStatus.PLAYING
    assert duel.started_at == T0 + timedelta(minutes=29, seconds=59)


def test_ready_room_closes_after_30_minutes_and_returns_the_stakes() -> None:
    """"at the latest 30 minutes after the acceptance; otherwise the duel is cancelled and the stakes are returned"."""
    room = apply(proposed(), Accept(BOB, T0), balance=100)
    room = apply(room, Ready(ANN, T0 + timedelta(minutes=10)))
    with pytest.raises(DuelRuleError, match="stays open"):
        apply(room, ReadyRoomCloses(T0 + timedelta(minutes=29, seconds=59)))
    with pytest.raises(DuelRuleError, match="closed"):
        apply(room, Ready(BOB, T0 + timedelta(minutes=30)))
    closed = apply(room, ReadyRoomCloses(T0 + timedelta(minutes=30)))
    assert (closed.status, closed.ending) == (DuelStatus.CANCELLED, Ending.READY_ROOM_CLOSED)
    assert sorted(credit_lines(room, closed), key=lambda line: line.member) == [
        LedgerLine(ANN, 10, CreditKind.RETURN, "d1"),
        LedgerLine(BOB, 10, CreditKind.RETURN, "d1"),
    ]


def test_leaving_the_ready_room_cancels_like_its_closing() -> None:
    room = apply(proposed(), Accept(BOB, T0), balance=100)
    left = apply(room, Abandon(BOB, T0 + timedelta(minutes=1)))
    assert (left.status, left.ending, left.winner) == (DuelStatus.CANCELLED, Ending.LEFT_READY_ROOM, None)


def test_decline_and_withdraw_return_the_proposers_stake() -> None:
    declined = apply(proposed(), Decline(BOB, T0))
    withdrawn = apply(proposed(), Withdraw(ANN, T0))
    assert declined.status is DuelStatus.DECLINED and withdrawn.status is DuelStatus.WITHDRAWN
    for duel in (declined, withdrawn):
        assert credit_lines(proposed(), duel) == (LedgerLine(ANN, 10, CreditKind.RETURN, "d1"),)
    with pytest.raises(DuelRuleError):
        apply(proposed(), Withdraw(BOB, T0))
    with pytest.raises(DuelRuleError):
        apply(proposed(), Decline(ANN, T0))
    with pytest.raises(DuelRuleError, match="declined"):
        apply(declined, Accept(BOB, T0))


def test_abandoning_loses_by_forfeit() -> None:
    duel = play_turns(playing(), 3)
    forfeited = apply(duel, Abandon(ANN, T0 + timedelta(minutes=20)))
    assert (forfeited.status, forfeited.ending) == (DuelStatus.WON, Ending.FORFEIT)
    assert (forfeited.winner, forfeited.loser, forfeited.abandoned_by) == (BOB, ANN, ANN)
    assert credit_lines(duel, forfeited) == (LedgerLine(BOB, 20, CreditKind.PAYOUT, "d1"),)


def test_a_game_won_on_the_board_pays_the_winner_both_stakes() -> None:
    before = play_turns(playing(), 7)
    won = finish(before, winner=ANN)
    assert (won.status, won.ending, won.winner) == (DuelStatus.WON, Ending.GAME, ANN)
    assert credit_lines(before, won) == (LedgerLine(ANN, 20, CreditKind.PAYOUT, "d1"),)


def test_a_draw_returns_each_stake() -> None:
    drawn = finish(playing(), winner=None)
    assert drawn.status is DuelStatus.DRAWN
    assert {(line.member, line.amount, line.kind) for line in drawn.credits[2:]} == {
        (ANN, 10, CreditKind.RETURN),
        (BOB, 10, CreditKind.RETURN),
    }


def test_cancelled_as_soon_as_two_first_turns_passed_without_orders() -> None:
    """"as soon as its first two turns have both passed with no orders from either side"."""
    duel = play_turns(playing(), 1, senders=frozenset())
    assert duel.status is DuelStatus.PLAYING
    duel = play_turns(duel, 1, senders=frozenset())
    assert (duel.status, duel.ending) == (DuelStatus.CANCELLED, Ending.NO_ORDERS)
    assert {line.kind for line in duel.credits[2:]} == {CreditKind.RETURN}


def test_one_side_sending_in_the_first_two_turns_keeps_the_duel_going() -> None:
    duel = play_turns(playing(), 1, senders=frozenset({BOB}))
    duel = play_turns(duel, 1, senders=frozenset())
    assert duel.status is DuelStatus.PLAYING


def test_a_game_that_ends_before_turn_2_without_orders_is_cancelled() -> None:
    """"at the end of the game": a game over after one silent turn is cancelled, not won."""
    duel = apply(playing(), TurnResolved(1, T0, over=True, winner=BOB))
    assert (duel.status, duel.winner) == (DuelStatus.CANCELLED, None)


def test_turns_resolve_in_order_and_only_in_play() -> None:
    duel = playing()
    with pytest.raises(DuelRuleError) as refused:
        apply(duel, TurnResolved(2, T0))
    assert refused.value.rule == "turns-resolve-in-order"
    with pytest.raises(DuelRuleError):
        apply(proposed(), TurnResolved(1, T0))
    with pytest.raises(DuelRuleError, match="winner"):
        apply(duel, TurnResolved(1, T0, senders=frozenset({ANN}), winner=ANN))
    with pytest.raises(DuelRuleError, match="not a member"):
        apply(duel, TurnResolved(1, T0, senders=frozenset({"eve"})))
    with pytest.raises(DuelRuleError, match="8 turns"):
        apply(play_turns(duel, 7), TurnResolved(8, T0, senders=frozenset({ANN})))


def test_accepting_a_stake_needs_the_balance() -> None:
    with pytest.raises(ValueError, match="balance"):
        apply(proposed(stake=10), Accept(BOB, T0))
    assert apply(proposed(stake=0), Accept(BOB, T0)).status is DuelStatus.READY_ROOM


def test_credit_lines_refuse_a_transition_that_rewrites_lines() -> None:
    first = proposed(stake=10)
    other = proposed(stake=20)
    with pytest.raises(ValueError, match="never changes"):
        credit_lines(first, other)


def test_stop_and_freeze_end_without_result() -> None:
    duel = play_turns(playing(), 2)
    stopped = apply(duel, Stop(T0 + timedelta(minutes=20)))
    frozen = apply(duel, Freeze(BOB, T0 + timedelta(minutes=20)))
    assert (stopped.status, stopped.ending) == (DuelStatus.CANCELLED, Ending.STOPPED)
    assert (frozen.status, frozen.ending) == (DuelStatus.CANCELLED, Ending.FROZEN)
    assert {line.kind for line in credit_lines(duel, frozen)} == {CreditKind.RETURN}
    with pytest.raises(DuelRuleError):
        apply(finish(playing(), ANN), Stop(T0))


def test_void_gives_each_their_own_stake_back_from_the_winner() -> None:
    won = finish(playing(), winner=ANN)
    voided = apply(won, Void(T0 + timedelta(days=2)))
    assert voided.status is DuelStatus.VOIDED
    assert credit_lines(won, voided) == (
        LedgerLine(ANN, -10, CreditKind.VOID, "d1"),
        LedgerLine(BOB, 10, CreditKind.VOID, "d1"),
    )
    with pytest.raises(DuelRuleError, match="voided"):
        apply(voided, Void(T0 + timedelta(days=3)))


def test_voiding_a_draw_moves_no_credits() -> None:
    drawn = finish(playing(), winner=None)
    assert credit_lines(drawn, apply(drawn, Void(T0))) == ()


def test_a_cancelled_duel_cannot_be_voided() -> None:
    cancelled = apply(playing(), Stop(T0))
    with pytest.raises(DuelRuleError):
        apply(cancelled, Void(T0))


def test_a_duel_survives_its_json_form_at_every_stage() -> None:
    import json

    from gameserver.platform.duels import Duel

    stages = [proposed(), playing(), play_turns(playing(), 3), finish(playing(), ANN, too_fast=frozenset({BOB}))]
    stages.append(apply(stages[-1], Void(T0 + timedelta(days=1))))
    for duel in stages:
        assert Duel.from_json(json.loads(json.dumps(duel.to_json()))) == duel
