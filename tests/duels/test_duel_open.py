"""Open proposals: "to a named member or open to anyone" (issue 6). The first member who accepts becomes the
opponent; the proposer can withdraw until then; nobody can decline a proposal made to nobody."""

from __future__ import annotations

from datetime import timedelta

import pytest
from duel_builders import ANN, BOB, T0
from gameserver.platform.duels import (
    Accept,
    Decline,
    DuelRuleError,
    DuelStatus,
    Pace,
    Withdraw,
    apply,
    propose,
    settle,
)


def open_duel(stake: int = 10):
    return propose("d1", ANN, None, Pace.DAY, stake, T0, balance=100)


def test_an_open_proposal_names_nobody_and_escrows_the_stake() -> None:
    duel = open_duel()
    assert duel.open and duel.members == (ANN,)
    assert [line.amount for line in duel.credits] == [-10]


def test_the_first_member_to_accept_becomes_the_opponent() -> None:
    duel = apply(open_duel(), Accept(BOB, T0 + timedelta(minutes=1)), balance=50)
    assert duel.opponent == BOB and duel.members == (ANN, BOB)
    assert duel.status is DuelStatus.PLAYING  # correspondence: the first turn opens on acceptance
    with pytest.raises(DuelRuleError) as refused:
        apply(duel, Accept("cat", T0 + timedelta(minutes=2)), balance=50)
    assert refused.value.rule == "accept-when-playing"


def test_the_proposer_cannot_accept_their_own_open_duel() -> None:
    with pytest.raises(DuelRuleError) as refused:
        apply(open_duel(), Accept(ANN, T0), balance=90)
    assert refused.value.rule == "duel-two-members"


def test_nobody_declines_an_open_duel_but_the_proposer_withdraws_it() -> None:
    with pytest.raises(DuelRuleError):
        apply(open_duel(), Decline(BOB, T0))
    withdrawn = apply(open_duel(), Withdraw(ANN, T0 + timedelta(minutes=5)))
    assert withdrawn.status is DuelStatus.WITHDRAWN
    assert [(line.member, line.amount, str(line.kind)) for line in withdrawn.credits[1:]] == [(ANN, 10, "return")]
    assert settle(withdrawn) == ()  # the escrow is empty: nothing pays twice
