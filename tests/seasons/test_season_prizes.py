"""The duel prizes of a season: 150, 100, 60, then 25 to the tenth, among members with 8 rated duels not frozen at
the close; equal ratings by more rated duels, then the oldest account; read in board order, no further than the
tenth place."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from gameserver.platform.duels import CreditKind, DuelStanding, LedgerLine, duel_order, on_duel_board
from gameserver.platform.seasons import PRIZES, PrizePlan, plan_prizes, prize_places, unpaid
from hypothesis import given, settings
from hypothesis import strategies as st
from season_builders import OLD, SEASON, Read, big_duel_board, duel_board, duelist


def members(plan: PrizePlan) -> list[str]:
    return [payment.member for payment in plan.payments]


def test_8_rated_duels_place_a_member_7_do_not() -> None:
    board = duel_board(duelist("seven", 2000, duels=7), duelist("eight", 1500, duels=8))
    assert members(plan_prizes(SEASON, "feinthold", board, ())) == ["eight"]
    assert not on_duel_board(duelist("seven", 2000, duels=7)) and on_duel_board(duelist("eight", 1, duels=8))


def test_a_member_frozen_at_the_close_is_removed_before_ranking_the_next_takes_the_place() -> None:
    board = duel_board(*(duelist(f"m{n}", 2000 - n) for n in range(11)))
    plan = plan_prizes(SEASON, "feinthold", board, frozen={"m0", "m4"})
    assert members(plan) == ["m1", "m2", "m3", "m5", "m6", "m7", "m8", "m9", "m10"]
    assert [p.credits for p in plan.payments] == [150, 100, 60, 25, 25, 25, 25, 25, 25]


def test_equal_ratings_more_rated_duels_first_then_the_oldest_account() -> None:
    board = duel_board(
        duelist("young", 1600, duels=9, created=datetime(2026, 1, 1, tzinfo=UTC)),
        duelist("old", 1600, duels=9, created=datetime(2024, 1, 1, tzinfo=UTC)),
        duelist("busy", 1600, duels=12, created=datetime(2026, 6, 1, tzinfo=UTC)),
        duelist("top", "1600.000000001"),
    )
    assert members(plan_prizes(SEASON, "feinthold", board, ())) == ["top", "busy", "old", "young"]


def test_150_100_60_then_25_to_the_tenth_and_nothing_beyond() -> None:
    plan = plan_prizes(SEASON, "feinthold", duel_board(*(duelist(f"m{n:02d}", 2000 - n) for n in range(12))), ())
    assert [p.credits for p in plan.payments] == [150, 100, 60, 25, 25, 25, 25, 25, 25, 25]
    assert [p.place for p in plan.payments] == list(range(1, 11)) and members(plan)[-1] == "m09"
    assert plan.total == 485


def test_no_eligible_member_no_prize() -> None:
    board = duel_board(duelist("a", 1900, duels=7), duelist("b", 1800, duels=3), duelist("c", 1700))
    assert plan_prizes(SEASON, "feinthold", board, frozen={"c"}).payments == ()
    assert plan_prizes(SEASON, "feinthold", [], ()).payments == ()


def test_a_payment_has_an_id_of_season_game_and_place_and_a_prize_line() -> None:
    plan = plan_prizes(SEASON, "feint", duel_board(duelist("ann", 1700), duelist("bob", 1600)), ())
    assert [p.id for p in plan.payments] == ["2026-11#feint#01", "2026-11#feint#02"]
    assert plan.payments[1].ledger_line() == LedgerLine("bob", 100, CreditKind.PRIZE, SEASON)
    assert plan == plan_prizes(SEASON, "feint", duel_board(duelist("ann", 1700), duelist("bob", 1600)), ()), \
        "the same board gives the same plan"
    assert PrizePlan.from_json(plan.to_json()) == plan


def test_a_board_of_100000_is_read_no_further_than_the_tenth_place() -> None:
    read = Read(big_duel_board(100_000))
    assert len(prize_places(read, ())) == 10 and read.given == 10
    read = Read(big_duel_board(100_000, eligible_every=3))
    places = prize_places(read, frozen={"m000000"})
    assert [s.member for s in places][:2] == ["m000003", "m000006"] and read.given == 31


def test_a_board_out_of_order_or_listing_a_member_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="out of order"):
        prize_places([duelist("low", 1500), duelist("high", 1600)], ())
    with pytest.raises(ValueError, match="twice"):
        prize_places([duelist("ann", 1600), duelist("ann", 1500)], ())


def test_unpaid_lists_what_is_left_game_by_game_place_by_place() -> None:
    plans = [plan_prizes(SEASON, game, duel_board(duelist("ann", 1700), duelist("bob", 1600)), ())
             for game in ("feint", "feinthold")]
    left = unpaid(plans, {"2026-11#feint#01", "2026-11#feinthold#02"})
    assert [p.id for p in left] == ["2026-11#feint#02", "2026-11#feinthold#01"]


STANDINGS = st.builds(
    DuelStanding,
    member=st.sampled_from([f"m{n}" for n in range(25)]),
    rating=st.decimals(1400, 1410, places=0),
    rated_duels=st.integers(5, 10),
    account_created=st.sampled_from([OLD + timedelta(days=d) for d in range(3)]),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(STANDINGS, unique_by=lambda s: s.member, max_size=25), st.sets(st.sampled_from(
    [f"m{n}" for n in range(25)])))
def test_prizes_one_per_place_never_to_the_ineligible_total_bounded(standings, frozen) -> None:
    board = sorted(standings, key=duel_order)
    plan = plan_prizes(SEASON, "feinthold", board, frozen)
    paid = members(plan)
    assert len(paid) == len(set(paid)), "one prize per member"
    assert [p.place for p in plan.payments] == list(range(1, len(paid) + 1)), "one member per place"
    by_member = {s.member: s for s in standings}
    assert all(by_member[m].rated_duels >= 8 and m not in frozen for m in paid)
    assert plan.total <= sum(PRIZES) and [p.credits for p in plan.payments] == list(PRIZES[: len(paid)])
    eligible = [s.member for s in board if s.rated_duels >= 8 and s.member not in frozen]
    assert paid == eligible[:10], "the first ten eligible members in board order, no one skipped"
