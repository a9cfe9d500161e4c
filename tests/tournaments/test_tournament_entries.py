"""Creating, joining, leaving and the fill deadline, quoting the rules.

"A tournament of 4 or 8 members is created and joined on the tournaments page, with an entry fee"; "the fee is
escrowed on joining and returned if the tournament is not full within 7 days"; "The creator joins on creation";
"a member may leave before it is full (fee back)"; "Joining a full, started or cancelled tournament, joining twice,
or joining without the fee: a 409 that says which".
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from gameserver.platform.duels import CreditKind, LedgerLine
from gameserver.platform.tournaments import (
    FillDeadlinePasses,
    Freeze,
    Join,
    Leave,
    Tournament,
    TournamentEnding,
    TournamentRuleError,
    TournamentStatus,
    apply,
    check_name,
    create,
    credit_lines,
)
from tournament_builders import MEMBERS, RICH, T0, at, full, opened, seeding, won


def refused(tournament: Tournament, event: object, rule: str) -> None:
    with pytest.raises(TournamentRuleError) as raised:
        apply(tournament, event)  # type: ignore[arg-type]
    assert raised.value.rule == rule


def test_the_creator_joins_on_creation_and_their_fee_goes_into_the_pot() -> None:
    tournament = create("t1", "m1", "Winter Cup", 8, 10, T0, balance=10)
    assert tournament.members == ("m1",) and tournament.status is TournamentStatus.OPEN
    assert credit_lines(None, tournament) == (LedgerLine("m1", -10, CreditKind.FEE, "t1"),)
    assert tournament.pot == 10 and tournament.seats_left == 7


@pytest.mark.parametrize(("size", "fee", "name", "balance", "rule"), [
    (6, 10, "Winter Cup", 100, "size-4-or-8"),
    (16, 10, "Winter Cup", 100, "size-4-or-8"),
    (8, -1, "Winter Cup", 100, "fee-not-negative"),
    (8, 10, "WC", 100, "name-length"),
    (8, 10, "W" * 41, 100, "name-length"),
    (8, 10, "Winter <b>Cup</b>", 100, "name-characters"),
    (8, 10, " Winter Cup", 100, "name-characters"),
    (8, 10, "Winter  Cup", 100, "name-characters"),
    (8, 10, "Winter\nCup", 100, "name-characters"),
    (8, 10, "Winter Cup", 9, "fee-within-balance"),
])
def test_creation_checks_size_fee_name_and_balance(size: int, fee: int, name: str, balance: int, rule: str) -> None:
    with pytest.raises(TournamentRuleError) as raised:
        create("t1", "m1", name, size, fee, T0, balance)
    assert raised.value.rule == rule


def test_names_of_any_script_with_common_punctuation_are_taken_as_nfc() -> None:
    assert check_name("Coupe d'hiver #3 (2026)") == "Coupe d'hiver #3 (2026)"
    assert check_name("Cafe\u0301 Cup") == "Caf\u00e9 Cup"
    assert check_name("Кубок зимы") == "Кубок зимы"
    assert check_name("किला कप") == "किला कप"  # a vowel sign is a mark, part of the letter
    with pytest.raises(TournamentRuleError):
        check_name("Cup \u2603")  # a symbol


def test_a_tournament_without_fee_moves_no_credits() -> None:
    tournament = full(fee=0)
    assert tournament.status is TournamentStatus.PLAYING and tournament.credits == ()


def test_joining_puts_the_fee_into_the_pot() -> None:
    before = opened(joined=3)
    after = apply(before, Join("m4", at(1), balance=10))
    assert credit_lines(before, after) == (LedgerLine("m4", -10, CreditKind.FEE, "t1"),)
    assert after.pot == 40


def test_joining_twice_without_the_fee_or_once_frozen_out_says_which() -> None:
    tournament = opened(joined=3)
    refused(tournament, Join("m2", at(1), RICH), "join-once")
    refused(tournament, Join("m4", at(1), balance=9), "fee-within-balance")
    frozen_out = apply(tournament, Freeze(frozenset({"m3"}), at(1)))
    refused(frozen_out, Join("m3", at(2), RICH), "member-frozen")


def test_joining_a_full_a_finished_or_a_cancelled_tournament_says_which() -> None:
    refused(full(), Join("m9", at(2), RICH), "tournament-full")
    cancelled = apply(opened(), FillDeadlinePasses(at(7)))
    refused(cancelled, Join("m9", at(8), RICH), "join-when-cancelled")
    finished = full(size=4)
    for slot, winner in ((1, "m1"), (2, "m2"), (3, "m1")):
        finished = won(finished, slot, winner)
    assert finished.status is TournamentStatus.FINISHED
    refused(finished, Join("m9", at(9), RICH), "join-when-finished")


def test_joining_or_leaving_at_the_fill_deadline_is_refused() -> None:
    tournament = opened(joined=3)
    refused(tournament, Join("m4", tournament.fill_deadline, RICH), "before-fill-deadline")
    refused(tournament, Leave("m2", tournament.fill_deadline), "before-fill-deadline")
    assert apply(tournament, Join("m4", tournament.fill_deadline - timedelta(seconds=1), RICH)).members[-1] == "m4"


def test_a_member_may_leave_before_it_is_full_and_gets_the_fee_back() -> None:
    before = opened(joined=3)
    after = apply(before, Leave("m2", at(1)))
    assert after.members == ("m1", "m3")
    assert credit_lines(before, after) == (LedgerLine("m2", 10, CreditKind.REFUND, "t1"),)
    refused(after, Leave("m2", at(1)), "leave-entered")
    again = apply(after, Join("m2", at(2), RICH))
    assert again.members == ("m1", "m3", "m2") and again.pot == 30


def test_leaving_after_it_is_full_is_refused() -> None:
    refused(full(), Leave("m3", at(2)), "leave-before-full")


def test_the_last_member_leaving_cancels_the_tournament() -> None:
    before = opened(joined=1)
    after = apply(before, Leave("m1", at(1)))
    assert after.status is TournamentStatus.CANCELLED and after.ending is TournamentEnding.EMPTIED
    assert after.pot == 0


def test_not_full_within_7_days_cancelled_every_fee_returned() -> None:
    before = opened(joined=5)
    refused(before, FillDeadlinePasses(before.fill_deadline - timedelta(seconds=1)), "open-until-fill-deadline")
    after = apply(before, FillDeadlinePasses(before.fill_deadline))
    assert before.fill_deadline == T0 + timedelta(days=7) == before.due_at
    assert after.status is TournamentStatus.CANCELLED and after.ending is TournamentEnding.NOT_FULL
    assert credit_lines(before, after) == tuple(LedgerLine(m, 10, CreditKind.REFUND, "t1") for m in MEMBERS[:5])
    assert after.pot == 0 and after.due_at is None
    refused(after, FillDeadlinePasses(at(8)), "fill-deadline-when-cancelled")
    refused(full(), FillDeadlinePasses(at(8)), "fill-deadline-when-playing")


def test_the_fill_deadline_is_a_whole_second_rounded_up() -> None:
    tournament = create("t1", "m1", "Winter Cup", 4, 0, T0 + timedelta(microseconds=1), balance=0)
    assert tournament.fill_deadline == T0 + timedelta(days=7, seconds=1)


def test_a_freeze_before_full_removes_the_entry_and_returns_the_fee() -> None:
    before = opened(joined=4)
    after = apply(before, Freeze(frozenset({"m3"}), at(1)))
    assert after.members == ("m1", "m2", "m4") and after.frozen == {"m3"}
    assert credit_lines(before, after) == (LedgerLine("m3", 10, CreditKind.REFUND, "t1"),)
    refused(after, Freeze(frozenset({"m3"}), at(1)), "freeze-in-play")
    refused(after, Freeze(frozenset({"m9"}), at(1)), "freeze-in-play")


def test_every_account_a_freeze_names_is_kept_out_of_the_open_tournament() -> None:
    after = apply(opened(joined=4), Freeze(frozenset({"m3", "m7"}), at(1)))
    assert after.members == ("m1", "m2", "m4") and after.frozen == {"m3", "m7"}
    refused(after, Join("m7", at(2), RICH), "member-frozen")


def test_the_last_seat_needs_every_members_seeding() -> None:
    tournament = opened()
    with pytest.raises(ValueError, match="seeding"):
        apply(tournament, Join("m8", at(1), RICH))
    with pytest.raises(ValueError, match="m8"):
        apply(tournament, Join("m8", at(1), RICH, seeding(MEMBERS[:7])))
