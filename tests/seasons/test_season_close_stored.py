"""The month's close on the store: "Close each month exactly once, pay the duel prizes, award the three titles"
(issue 16): prizes at 00:00 and titles at 00:30, each once however often, late or out of order the close is
delivered; a close killed halfway resumes and pays nobody twice; a missed month is closed by the next delivery;
eligibility at every edge (7 vs 8 duels, frozen at the close, equal ratings, nobody eligible)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from gameserver.clock import ManualClock
from gameserver.domain.seasons import close
from gameserver.domain.seasons.reading import member_history, season_page
from gameserver.platform.seasons import PRIZES, Title
from gameserver.storage.errors import WriteConflict
from gameserver.storage.memory import MemoryStore
from gameserver.storage.seasons import CloseStatus, PrizePaid
from season_world import (
    GRANT,
    OLDEST,
    PRIZES_AT,
    SEASON,
    TITLES_AT,
    balances,
    challenger,
    credits_conserved,
    duelist,
    freeze,
    fronter,
    prize_lines,
)


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


def board_of_twelve(store: MemoryStore) -> list[str]:
    """Twelve members with 8 rated duels, best first."""
    return [duelist(store, f"d{n:02d}", 2000 - n) for n in range(12)]


def test_the_prizes_are_paid_once_however_often_late_or_out_of_order_the_close_comes(store):
    members = board_of_twelve(store)
    clock = ManualClock(PRIZES_AT)
    assert close.close_through(store, clock, SEASON) == {SEASON: "prizes"}
    assert close.close_through(store, clock, SEASON) == {SEASON: "prizes"}  # a duplicate
    assert close.close_through(store, clock, "2026-10") == {}  # an earlier month, delivered out of order
    clock.set(PRIZES_AT + timedelta(days=2))
    assert close.close_through(store, clock, SEASON) == {SEASON: "closed"}  # late: the titles too now
    assert close.close_through(store, clock, SEASON) == {}
    won = {sub: balances(store)[sub] - GRANT for sub in members}
    assert [won[sub] for sub in members] == [*PRIZES, 0, 0]
    assert len(prize_lines(store)) == 10 and credits_conserved(store)


def test_a_close_killed_halfway_resumes_where_it_stopped_and_pays_nobody_twice(store, monkeypatch):
    members = board_of_twelve(store)
    clock = ManualClock(PRIZES_AT)
    real, paid = store.transact, []

    def dies_after_three(writes):
        if any(isinstance(w, PrizePaid) for w in writes) and len(paid) == 3:
            raise RuntimeError("the Lambda was killed")
        real(writes)
        paid.extend(w for w in writes if isinstance(w, PrizePaid))

    monkeypatch.setattr(store, "transact", dies_after_three)
    with pytest.raises(RuntimeError):
        close.close_through(store, clock, SEASON)
    assert len(prize_lines(store)) == 3
    monkeypatch.setattr(store, "transact", real)
    assert close.close_through(store, clock, SEASON) == {SEASON: "prizes"}
    assert [balances(store)[sub] - GRANT for sub in members] == [*PRIZES, 0, 0]
    assert len(prize_lines(store)) == 10 and credits_conserved(store)


def test_a_run_racing_another_finds_each_prize_paid_and_pays_it_not(store):
    board_of_twelve(store)
    clock = ManualClock(PRIZES_AT)
    close.close_through(store, clock, SEASON)
    fixed = store.seasons.read(SEASON).stored.close
    assert close.pay_prizes(store, clock, fixed.to_pay(())) == 0  # a stale list: every payment is there
    assert len(prize_lines(store)) == 10


def test_nothing_closes_before_midnight_on_the_first(store):
    board_of_twelve(store)
    clock = ManualClock(PRIZES_AT - timedelta(seconds=10))
    assert close.close_through(store, clock, SEASON) == {SEASON: "not-due"}
    assert store.seasons.read(SEASON).stored is None and prize_lines(store) == []


def test_the_prize_place_counts_8_rated_duels_not_7_and_passes_over_the_frozen(store):
    best = duelist(store, "best-but-7", 2500, rated=7)
    frozen = duelist(store, "frozen", 2400)
    equal_more = duelist(store, "equal-more-duels", 2000, rated=12)
    equal_older = duelist(store, "equal-older", 2000, rated=9, created=OLDEST - timedelta(days=9))
    equal_newer = duelist(store, "equal-newer", 2000, rated=9)
    freeze(store, frozen)
    close.close_through(store, ManualClock(PRIZES_AT), SEASON)
    gained = {sub: balances(store)[sub] - GRANT for sub in (best, frozen, equal_more, equal_older, equal_newer)}
    assert gained == {best: 0, frozen: 0, equal_more: 150, equal_older: 100, equal_newer: 60}


def test_a_month_nobody_is_eligible_for_closes_with_no_prize_and_no_title(store):
    duelist(store, "seven", 2000, rated=7)
    fronter(store, "seven-days", 30, 10, days=7)
    clock = ManualClock(TITLES_AT)
    assert close.close_through(store, clock, SEASON) == {SEASON: "closed"}
    page = season_page(store, SEASON)
    assert page["prizes"] == [] and page["titles"] == [] and page["status"] == str(CloseStatus.CLOSED)
    assert prize_lines(store) == []


def test_the_titles_come_at_0030_from_the_sweep_once_and_frozen_members_get_none(store):
    board_of_twelve(store)
    challenger(store, "frozen-commander", 2100)
    commander = challenger(store, "commander", 1900)
    challenger(store, "seven-challenges", 2500, rated=7)
    fronter(store, "most-points-7-days", 40, 12, days=7)
    older = fronter(store, "older", 20, 6, created=OLDEST - timedelta(days=1))
    fronter(store, "tied-newer", 20, 6)
    fronter(store, "fewer-wins", 20, 5)
    freeze(store, "frozen-commander")
    clock = ManualClock(PRIZES_AT)
    close.close_through(store, clock, SEASON)
    assert close.due(store, clock) == {}  # the titles are not due before 00:30
    clock.set(TITLES_AT)
    assert close.due(store, clock) == {"closed": 1}
    assert close.due(store, clock) == {}
    titles = {t["title"]: t["member"] for t in season_page(store, SEASON)["titles"]}
    assert titles == {str(Title.COMMANDER): commander, str(Title.FRONT): older}
    history = member_history(store, older, None, 5)["lines"]
    assert [(line["season"], line["title"]) for line in history] == [(SEASON, str(Title.FRONT))]
    assert [n.kind for n in store.members.feed(commander, None, 5).items] == ["season-title"]
    assert [n.kind for n in store.members.feed("d00", None, 5).items] == ["season-prize"]


def test_a_missed_month_is_closed_by_the_next_delivery_oldest_first(store):
    october = duelist(store, "october", 1800, season="2026-10")
    november = duelist(store, "november", 1700)
    clock = ManualClock(PRIZES_AT - timedelta(days=30))  # 2026-11-01: October's delivery
    close.close_through(store, clock, "2026-10")
    # October half closed: its titles at 00:30 never ran (the sweep was down all month)
    assert store.seasons.read("2026-10").stored.status is CloseStatus.CLOSING
    clock.set(PRIZES_AT + timedelta(hours=1))
    assert close.close_through(store, clock, SEASON) == {"2026-10": "closed", SEASON: "closed"}
    assert balances(store)[october] == balances(store)[november] == GRANT + 150


def test_the_close_reads_the_board_page_by_page_and_stops_at_the_tenth_place(store, monkeypatch):
    for n in range(250):
        duelist(store, f"m{n:03d}", 3000 - n)
    pages = []
    real = store.duels.month_board

    def counted(month, cursor, limit):
        pages.append(limit)
        return real(month, cursor, limit)

    monkeypatch.setattr(store.duels, "month_board", counted)
    close.close_season(store, ManualClock(PRIZES_AT), SEASON)
    assert pages == [close.PAGE]  # one page of 100 lines held the ten places


def test_a_write_conflict_in_the_stage_reads_again_and_fixes_it_once(store, monkeypatch):
    board_of_twelve(store)
    clock = ManualClock(PRIZES_AT)
    real, raced = store.transact, []

    def another_run_first(writes):
        if not raced:
            raced.append(True)
            close.close_season(store, clock, SEASON)  # the other run fixes and pays everything
            raise WriteConflict("the stage is fixed already")
        real(writes)

    monkeypatch.setattr(store, "transact", another_run_first)
    assert close.close_season(store, clock, SEASON) == "prizes"
    assert len(prize_lines(store)) == 10
