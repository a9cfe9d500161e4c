"""Property: random sequences of duel events keep the credits invariant, and no duel pays twice."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from duel_builders import T0
from gameserver.platform.duels import (
    DUEL_PACES,
    Abandon,
    Accept,
    CreditError,
    CreditKind,
    Decline,
    Duel,
    DuelRuleError,
    Freeze,
    Ledger,
    LedgerLine,
    ProposalLapses,
    Ready,
    ReadyRoomCloses,
    Stop,
    TurnResolved,
    Void,
    Withdraw,
    apply,
    check_invariant,
    credit_lines,
    lapses_at,
    propose,
)
from gameserver.platform.duels.credits import GRANT
from hypothesis import event as note
from hypothesis import given, settings
from hypothesis import strategies as st

MEMBERS = ("m0", "m1", "m2", "m3")
side = st.sampled_from([0, 1])
senders = st.sampled_from([set(), {0}, {1}, {0, 1}, {0, 1}, {0, 1}])
too_fast = st.sampled_from([set()] * 6 + [{0}, {1}, {0, 1}])
two_members = st.permutations(MEMBERS).map(lambda members: members[:2])


@st.composite
def duel_script(draw) -> list[tuple]:
    """The operations of one duel, from its proposal to its end, then replays of some of them."""
    ops: list[tuple] = [("propose", draw(two_members), draw(st.sampled_from(DUEL_PACES)), draw(st.integers(0, 60)))]
    answer = draw(st.sampled_from(["accept"] * 6 + ["decline", "withdraw", "lapse", "stop", "freeze"]))
    ops.append((answer, draw(side)))
    if answer == "accept":
        room = draw(st.sampled_from(["ready", "ready", "ready", "close-room", "abandon"]))
        ops += [("ready", 0), ("ready", 1)] if room == "ready" else [(room, draw(side), False)]
        for _ in range(draw(st.integers(1, 8))):
            ops.append(("turn", draw(senders), draw(too_fast), False, None, False))
        end = draw(st.sampled_from(["board", "board", "board", "abandon", "stop", "freeze"]))
        if end == "board":
            ops.append(("turn", draw(senders), draw(too_fast), True, draw(st.sampled_from([0, 1, None])), draw(st.booleans())))
        else:
            ops.append((end, draw(side), draw(st.booleans())))
        if draw(st.booleans()):
            ops.append(("void", 0))
    replays = draw(st.lists(st.sampled_from(ops[1:]), max_size=3))
    return ops + replays + [("old-turn", draw(st.integers(1, 8)))]


def event_for(duel: Duel, op: tuple, at) -> object:
    """The event an operation names on a duel (members by position: 0 the proposer, 1 the opponent)."""
    who = duel.members
    kind = op[0]
    if kind == "accept":
        return Accept(duel.opponent, at)
    if kind == "decline":
        return Decline(duel.opponent, at)
    if kind == "withdraw":
        return Withdraw(duel.proposer, at)
    if kind == "ready":
        return Ready(who[op[1]], at)
    if kind == "lapse":
        return ProposalLapses(max(at, lapses_at(duel)))
    if kind == "close-room":
        return ReadyRoomCloses(at + timedelta(minutes=30))
    if kind == "turn":
        _, sent, fast, over, winner, linked = op
        last = duel.turns_passed == 7
        return TurnResolved(
            duel.turns_passed + 1,
            at,
            senders=frozenset(who[i] for i in sent),
            too_fast=frozenset(who[i] for i in fast),
            over=over or last,
            winner=who[winner] if winner is not None and (over or last) else None,
            linked=linked,
        )
    if kind == "old-turn":
        return TurnResolved(op[1], at, senders=frozenset(who))
    if kind == "abandon":
        return Abandon(who[op[1]], at, linked=op[2])
    if kind == "stop":
        return Stop(at)
    if kind == "freeze":
        return Freeze(who[op[1]], at)
    return Void(at)


def expected_net(duel: Duel) -> dict[str, int]:
    """What each member gained or lost once the duel is closed, read from the rules, not from the settlement."""
    gain = {member: 0 for member in duel.members if any(line.member == member for line in duel.credits)}
    if not gain:
        return {}  # a duel without stake moves nothing
    if not duel.status.closed:
        return {member: -duel.stake for member in gain}
    if not duel.status.finished or duel.linked or len(duel.too_fast) == 2:
        return gain  # each gets their own stake back
    if duel.too_fast:
        (cheater,) = duel.too_fast
        receiver = None if duel.abandoned_by == duel.other(cheater) else duel.other(cheater)
    else:
        receiver = duel.winner
    if receiver is None:
        return gain
    return {**gain, receiver: duel.stake, duel.other(receiver): -duel.stake}


@settings(max_examples=120, deadline=None)
@given(st.lists(duel_script(), min_size=1, max_size=8), st.data())
def test_random_duel_events_keep_the_credits_invariant(scripts: list[list[tuple]], data) -> None:
    """Duels of four members, interleaved at random, with prizes paid between them and stale events replayed."""
    order = data.draw(st.permutations([index for index, script in enumerate(scripts) for _ in script]))
    prizes = data.draw(st.lists(st.tuples(st.integers(0, len(order)), st.sampled_from(MEMBERS)), max_size=3))
    ledger = Ledger()
    ledger.post(LedgerLine(name, GRANT, CreditKind.GRANT) for name in MEMBERS)
    duels: dict[int, Duel] = {}
    refused: set[int] = set()
    next_op = [0] * len(scripts)
    at = T0
    for step, index in enumerate(order):
        at += timedelta(minutes=1)
        for when, winner in prizes:
            if when == step:
                ledger.post([LedgerLine(winner, 150, CreditKind.PRIZE, "2026-11")])
        op = scripts[index][next_op[index]]
        next_op[index] += 1
        if op[0] == "propose":
            (proposer, opponent), pace, stake = op[1:]
            try:
                duels[index] = propose(f"d{index}", proposer, opponent, pace, stake, at, ledger.balances[proposer])
            except CreditError:
                refused.add(index)
                continue
            ledger.post(credit_lines(None, duels[index]))
        elif index not in refused:
            before = duels[index]
            try:
                after = apply(before, event_for(before, op, at), balance=ledger.balances[before.opponent])
            except (DuelRuleError, CreditError):
                continue
            ledger.post(credit_lines(before, after))
            duels[index] = after
        assert check_invariant(ledger.balances, ledger.escrows, ledger.pots, ledger.lines) == []

    for duel in duels.values():
        note(f"{duel.status} {duel.ending}")
        lines = [line for line in ledger.lines if line.ref == duel.id]
        assert tuple(lines) == duel.credits  # every line of the duel was written once, in order
        kinds = Counter(line.kind for line in lines)
        assert kinds[CreditKind.PAYOUT] <= 1 and kinds[CreditKind.ESCROW] <= 2
        put_up = -sum(line.amount for line in lines if line.kind is CreditKind.ESCROW)
        paid = sum(line.amount for line in lines if line.kind in (CreditKind.PAYOUT, CreditKind.RETURN))
        if duel.status.closed:
            assert paid == put_up, f"duel {duel.id} ({duel.status}) paid {paid} of {put_up}"
            assert ledger.escrows.get(duel.id, 0) == 0
        else:
            assert paid == 0 and ledger.escrows.get(duel.id, 0) == put_up
        net: Counter[str] = Counter()
        for line in lines:
            net[line.member] += line.amount
        assert dict(net) == expected_net(duel), f"{duel.status} duel {duel.id}"


def test_the_checker_finds_a_payout_twice() -> None:
    ledger = Ledger()
    ledger.post(LedgerLine(name, GRANT, CreditKind.GRANT) for name in ("a", "b"))
    ledger.post([LedgerLine("a", -10, CreditKind.ESCROW, "d"), LedgerLine("b", -10, CreditKind.ESCROW, "d")])
    ledger.post([LedgerLine("a", 20, CreditKind.PAYOUT, "d")])
    with pytest.raises(CreditError, match="more than its escrow"):
        ledger.post([LedgerLine("a", 20, CreditKind.PAYOUT, "d")])
    # Stored items written past the model: a second payout that nothing escrowed breaks the invariant.
    balances = dict(ledger.balances)
    balances["a"] += 20
    problems = check_invariant(balances, ledger.escrows, ledger.pots, ledger.lines)
    assert any("grants + prizes paid" in problem for problem in problems)
    lines = [*ledger.lines, LedgerLine("a", 20, CreditKind.PAYOUT, "d")]
    problems = check_invariant(balances, ledger.escrows, ledger.pots, lines)
    assert any("escrow of d" in problem for problem in problems)


def test_the_checker_finds_a_balance_that_disagrees_with_its_lines() -> None:
    ledger = Ledger()
    ledger.post([LedgerLine("a", GRANT, CreditKind.GRANT), LedgerLine("b", GRANT, CreditKind.GRANT)])
    balances = {"a": 110, "b": 90}
    problems = check_invariant(balances, ledger.escrows, ledger.pots, ledger.lines)
    assert problems == ["balance of a is 110, its lines say 100", "balance of b is 90, its lines say 100"]
    assert check_invariant(ledger.balances, {}, {}, [*ledger.lines, LedgerLine("a", GRANT, CreditKind.GRANT)])


def test_a_stake_beyond_the_balance_is_refused_by_the_model() -> None:
    ledger = Ledger()
    ledger.post([LedgerLine("a", GRANT, CreditKind.GRANT)])
    with pytest.raises(CreditError, match="cannot put up"):
        ledger.post([LedgerLine("a", -101, CreditKind.ESCROW, "d")])
    assert ledger.balances["a"] == 100 and ledger.lines == [LedgerLine("a", GRANT, CreditKind.GRANT)]
