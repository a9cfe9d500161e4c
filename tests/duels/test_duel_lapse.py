"""A proposal nobody answers lapses (docs/platform.md, our choice): 1 hour after it was made for blitz and
rapid (live games: the proposer must be there to click Ready within 30 minutes of an acceptance), 7 days for
correspondence (like an invitation). The duel ends ``lapsed`` and the proposer's stake comes back; an answer at
or after the lapse time is refused, so a late accept never starts a duel whose stake should have come back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from duel_builders import ANN, BOB, T0, proposed
from gameserver.platform.duels import (
    DUEL_PACES,
    Accept,
    CreditKind,
    Decline,
    DuelRuleError,
    DuelStatus,
    Ending,
    LedgerLine,
    Pace,
    ProposalLapses,
    Stop,
    Withdraw,
    apply,
    credit_lines,
    lapses_at,
    propose,
    settle,
)
from gameserver.platform.duels.lifecycle import PROPOSAL_LAPSED

SECOND = timedelta(seconds=1)
LIFE = {
    Pace.BLITZ: timedelta(hours=1),
    Pace.RAPID: timedelta(hours=1),
    Pace.DAY: timedelta(days=7),
    Pace.TWO_DAYS: timedelta(days=7),
    Pace.THREE_DAYS: timedelta(days=7),
}


@pytest.mark.parametrize("pace", DUEL_PACES)
def test_a_proposal_lapses_at_its_time_and_not_a_second_before(pace: Pace) -> None:
    duel = proposed(pace)
    assert lapses_at(duel) == T0 + LIFE[pace]
    with pytest.raises(DuelRuleError) as early:
        apply(duel, ProposalLapses(T0 + LIFE[pace] - SECOND))
    assert early.value.rule == "proposal-open-until-lapse"
    for at in (T0 + LIFE[pace], T0 + LIFE[pace] + timedelta(days=30)):
        lapsed = apply(duel, ProposalLapses(at))
        assert (lapsed.status, lapsed.ending, lapsed.finished_at) == (DuelStatus.LAPSED, Ending.LAPSED, at)
        assert lapsed.status.closed and not lapsed.status.finished
        assert credit_lines(duel, lapsed) == (LedgerLine(ANN, 10, CreditKind.RETURN, "d1"),)
        assert settle(lapsed) == (), "the escrow is empty: nothing comes back twice"


@pytest.mark.parametrize("pace", DUEL_PACES)
def test_answers_come_before_the_lapse_time(pace: Pace) -> None:
    duel = proposed(pace)
    last_moment = T0 + LIFE[pace] - SECOND
    assert apply(duel, Accept(BOB, last_moment), balance=100).status in (DuelStatus.READY_ROOM, DuelStatus.PLAYING)
    assert apply(duel, Decline(BOB, last_moment)).status is DuelStatus.DECLINED
    assert apply(duel, Withdraw(ANN, last_moment)).status is DuelStatus.WITHDRAWN
    for late in (Accept(BOB, T0 + LIFE[pace]), Decline(BOB, T0 + LIFE[pace]), Withdraw(ANN, T0 + LIFE[pace])):
        with pytest.raises(DuelRuleError) as refused:
            apply(duel, late, balance=100)
        assert refused.value.rule == PROPOSAL_LAPSED, late


def test_an_open_proposal_lapses_with_nobody_named() -> None:
    duel = propose("d2", ANN, None, Pace.BLITZ, 25, T0, balance=100)
    with pytest.raises(DuelRuleError, match="lapsed"):
        apply(duel, Accept(BOB, T0 + timedelta(hours=1)), balance=100)
    lapsed = apply(duel, ProposalLapses(T0 + timedelta(hours=2)))
    assert lapsed.opponent is None and lapsed.members == (ANN,)
    assert credit_lines(duel, lapsed) == (LedgerLine(ANN, 25, CreditKind.RETURN, "d2"),)


def test_a_proposal_without_stake_lapses_without_ledger_lines() -> None:
    duel = proposed(Pace.DAY, stake=0)
    assert apply(duel, ProposalLapses(T0 + timedelta(days=7))).credits == ()


def test_only_a_proposal_lapses() -> None:
    at = T0 + timedelta(days=8)
    accepted = apply(proposed(Pace.BLITZ), Accept(BOB, T0 + timedelta(minutes=5)), balance=100)
    answered = {
        DuelStatus.READY_ROOM: accepted,
        DuelStatus.PLAYING: apply(proposed(Pace.DAY), Accept(BOB, T0), balance=100),
        DuelStatus.DECLINED: apply(proposed(), Decline(BOB, T0)),
        DuelStatus.WITHDRAWN: apply(proposed(), Withdraw(ANN, T0)),
        DuelStatus.CANCELLED: apply(proposed(), Stop(T0)),
        DuelStatus.LAPSED: apply(proposed(), ProposalLapses(T0 + timedelta(hours=1))),
    }
    for status, duel in answered.items():
        assert duel.status is status
        with pytest.raises(DuelRuleError) as refused:
            apply(duel, ProposalLapses(at))
        assert refused.value.rule == f"lapse-when-{status}"
    with pytest.raises(DuelRuleError) as late:
        apply(answered[DuelStatus.LAPSED], Accept(BOB, at), balance=100)
    assert late.value.rule == "accept-when-lapsed"


def test_the_lapse_time_is_a_whole_second_rounded_up() -> None:
    """The due index holds whole seconds: the sweep that finds a proposal due may lapse it."""
    duel = propose("d3", ANN, BOB, Pace.RAPID, 0, T0 + timedelta(microseconds=1), balance=0)
    assert lapses_at(duel) == T0 + timedelta(hours=1, seconds=1)
    with pytest.raises(DuelRuleError):
        apply(duel, Accept(BOB, lapses_at(duel)), balance=0)
