"""A month's close: each stage fixed once, at or after its time, however often, late or out of order it runs; a
close killed halfway resumes and pays each place exactly once; a duel voided after the close leaves it as it was."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from gameserver.platform.challenges import ChallengerLine
from gameserver.platform.daily import month_table
from gameserver.platform.duels import DuelStanding, Ledger, check_invariant, duel_order
from gameserver.platform.seasons import (
    PrizePayment,
    SeasonClose,
    SeasonRuleError,
    Stage,
    Title,
    close_prizes,
    close_titles,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from season_builders import OLD, SEASON, Unread, duel_board, duelist

MIDNIGHT = datetime(2026, 12, 1, tzinfo=UTC)
HALF_PAST = MIDNIGHT + timedelta(minutes=30)


def boards() -> dict[str, list[DuelStanding]]:
    return {
        "feinthold": duel_board(*(duelist(f"f{n}", 1900 - n) for n in range(12))),
        "feint": duel_board(duelist("ann", 1700), duelist("bob", 1600, duels=7)),
    }


def prized(at: datetime = MIDNIGHT, frozen: frozenset[str] = frozenset()) -> SeasonClose:
    return close_prizes(SeasonClose(SEASON), boards(), frozen, at)


def titled(close: SeasonClose, at: datetime = HALF_PAST) -> SeasonClose:
    commander = [ChallengerLine("cid", Decimal(1700), 9, OLD)]
    return close_titles(close, commander, [], month_table([]), lambda _: OLD, (), at)


def test_the_prizes_are_fixed_from_00_00_on_the_first() -> None:
    with pytest.raises(SeasonRuleError) as error:
        prized(MIDNIGHT - timedelta(seconds=1))
    assert error.value.rule == "prizes-after-month-end"
    close = prized()
    assert close.done(Stage.PRIZES) and not close.done(Stage.TITLES) and close.prizes_at == MIDNIGHT
    assert [plan.game for plan in close.prizes] == ["feint", "feinthold"]
    assert [len(plan.payments) for plan in close.prizes] == [1, 10]


def test_the_titles_are_fixed_from_00_30() -> None:
    with pytest.raises(SeasonRuleError) as error:
        titled(SeasonClose(SEASON), HALF_PAST - timedelta(seconds=1))
    assert error.value.rule == "titles-after-month-end"
    close = titled(SeasonClose(SEASON))
    assert [(a.title, a.member) for a in close.titles] == [(Title.COMMANDER, "cid")]


def test_a_stage_run_again_late_or_out_of_order_changes_nothing_and_reads_no_board() -> None:
    close = prized()
    assert close_prizes(close, {"feinthold": Unread()}, {"f0"}, MIDNIGHT + timedelta(days=3)) == close
    both = titled(close)
    assert close_titles(both, Unread(), Unread(), Unread(), lambda _: OLD, (), HALF_PAST + timedelta(hours=5)) == both
    titles_first = titled(SeasonClose(SEASON))  # the 00:30 delivery came first
    assert close_prizes(titles_first, boards(), (), HALF_PAST).titles == titles_first.titles


def test_frozen_at_the_close_means_when_the_stage_is_fixed() -> None:
    late = prized(MIDNIGHT + timedelta(days=2), frozen=frozenset({"f0"}))
    assert [p.member for p in late.prizes[1].payments][:2] == ["f1", "f2"]


def test_a_close_is_closed_when_both_stages_are_fixed_and_every_prize_paid() -> None:
    close = titled(prized())
    payments = close.to_pay(())
    assert len(payments) == 11 and not close.closed(())
    assert not close.closed({p.id for p in payments[:-1]})
    assert close.closed({p.id for p in payments})
    assert not prized().closed({p.id for p in payments})


def test_a_duel_voided_after_the_prize_stage_leaves_the_month_as_it_was() -> None:
    assert SeasonClose(SEASON).duel_board_open
    assert not prized().duel_board_open
    assert SeasonClose(SEASON).to_pay(()) == ()


def test_a_close_reads_back_from_json() -> None:
    for close in (SeasonClose(SEASON), prized(), titled(prized()), titled(SeasonClose(SEASON))):
        assert SeasonClose.from_json(close.to_json()) == close


class PaymentStore:
    """The payments' storage as the close's transactions see it: a payment writes its id, its prize ledger line
    and the balance together, on the condition that its id is not there yet."""

    def __init__(self) -> None:
        self.ids: set[str] = set()
        self.ledger = Ledger()

    def pay(self, payment: PrizePayment) -> bool:
        if payment.id in self.ids:
            return False  # the condition failed: paid already, by this run before a crash or by another run
        self.ledger.post([payment.ledger_line()])
        self.ids.add(payment.id)
        return True


STANDINGS = st.lists(
    st.builds(DuelStanding, member=st.sampled_from([f"m{n}" for n in range(20)]),
              rating=st.decimals(1400, 1420, places=0), rated_duels=st.integers(6, 10),
              account_created=st.just(OLD)),
    unique_by=lambda s: s.member, max_size=20,
)


@settings(max_examples=150, deadline=None)
@given(first=STANDINGS, second=STANDINGS, runs=st.lists(st.tuples(st.integers(0, 12), st.booleans()), max_size=8))
def test_a_close_resumed_from_any_prefix_pays_each_place_exactly_once(first, second, runs) -> None:
    """Runs of the prize stage, each killed after some payments; some read the list of paid ids before the
    previous run wrote its last ones (a stale read, as two runs at once would). The boards change between runs
    (a late write, a void). After a last run to the end: every planned place paid exactly once, the plan is the
    first run's, and the credits invariant holds (the prizes are all the credits there are)."""
    board_now = {"feinthold": sorted(first, key=duel_order), "feint": sorted(second, key=duel_order)}
    stored = SeasonClose(SEASON)
    store = PaymentStore()
    seen: frozenset[str] = frozenset()
    for kill_after, stale in [*runs, (99, False)]:
        stored = close_prizes(stored, board_now, (), MIDNIGHT)  # fixed by the first run, kept by the others
        paid = seen if stale else frozenset(store.ids)
        seen = frozenset(store.ids)
        for payment in stored.to_pay(paid)[:kill_after]:
            store.pay(payment)
        board_now = {"feinthold": sorted(second, key=duel_order), "feint": []}
    assert stored.prizes is not None
    planned = [payment for plan in stored.prizes for payment in plan.payments]
    assert store.ids == {p.id for p in planned} and len(store.ledger.lines) == len(planned)
    assert stored.to_pay(store.ids) == ()
    first_plan = close_prizes(SeasonClose(SEASON), {"feinthold": sorted(first, key=duel_order),
                                                    "feint": sorted(second, key=duel_order)}, (), MIDNIGHT)
    assert stored.prizes == first_plan.prizes
    for member in {p.member for p in planned}:
        assert store.ledger.balances[member] == sum(p.credits for p in planned if p.member == member)
    assert check_invariant(store.ledger.balances, {}, {}, store.ledger.lines) == []
