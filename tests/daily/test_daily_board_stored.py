"""The board of a day and the month's table as stored and paged (moto in-process): each ordering rule, shared
ranks across pages, and what stays off them."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from daily_world import enter, member
from gameserver.domain.daily import boards as daily_boards
from gameserver.domain.daily import front as daily_front
from gameserver.domain.daily import results as daily_results
from gameserver.errors import DomainError
from gameserver.platform.daily import DayResult, NotRanked, Outcome, ranks, sort_key
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
DAY = date(2026, 11, 23)


def whole_board(store, day: date, limit: int) -> list[tuple[int, str]]:
    """Every page of the board, followed by its cursors: (rank, name) in order."""
    rows, cursor = [], None
    while True:
        page = daily_boards.board_of_the_day(store, day, cursor, limit)
        assert len(page["entries"]) <= limit
        rows += [(e["rank"], e["name"]) for e in page["entries"]]
        cursor = page["cursor"]
        if cursor is None:
            return rows


CRAFTED = [
    # name, outcome, turns, seconds, positions, income
    ("loss-held-8", L, 8, 480, 2, 40),
    ("draw-more-positions", D, 8, 400, 4, 40),
    ("win-4-turns-slow", W, 4, 250, 3, 40),
    ("win-3-turns", W, 3, 200, 3, 40),
    ("loss-held-5", L, 5, 120, 6, 90),
    ("win-4-turns-fast", W, 4, 190, 3, 40),
    ("draw-fewer-positions", D, 8, 350, 2, 90),
    ("draw-tied-a", D, 8, 420, 3, 60),
    ("draw-tied-b", D, 8, 300, 3, 60),
    ("draw-less-income", D, 8, 300, 3, 59),
]
EXPECTED = [
    (1, "win-3-turns"),  # wins first, the fewest turns on top
    (2, "win-4-turns-fast"),  # then the fewest seconds
    (3, "win-4-turns-slow"),
    (4, "draw-more-positions"),  # draws: the most positions
    (5, "draw-tied-a"),  # then the highest income; a draw's seconds do not count: tied, rank shared
    (5, "draw-tied-b"),
    (7, "draw-less-income"),  # 1, 1, 3: the next rank skips
    (8, "draw-fewer-positions"),
    (9, "loss-held-8"),  # losses: the ones that held out longest on top, whatever their positions
    (10, "loss-held-5"),
]


@pytest.mark.parametrize("limit", [1, 3, 50])
def test_each_ordering_rule_on_the_stored_board_in_pages_of_any_size(store, limit):
    for name, outcome, turns, seconds, positions, income in CRAFTED:
        assert enter(store, DAY, name, outcome, turns, seconds, positions, income) == "recorded"
    assert whole_board(store, DAY, limit) == EXPECTED


def test_a_tie_across_a_page_break_keeps_its_shared_rank(store):
    for name in ("a", "b", "c"):
        enter(store, DAY, name, W, 5, 300, 3, 40)
    enter(store, DAY, "d", W, 5, 301, 3, 40)
    first = daily_boards.board_of_the_day(store, DAY, None, 2)
    second = daily_boards.board_of_the_day(store, DAY, first["cursor"], 2)
    assert [e["rank"] for e in first["entries"] + second["entries"]] == [1, 1, 1, 4]
    assert second["cursor"] is None


@pytest.mark.parametrize("reason", list(NotRanked))
def test_a_result_not_ranked_stays_off_the_board_and_out_of_the_month(store, reason):
    enter(store, DAY, "fair", L, 8)
    assert enter(store, DAY, "unranked", W, 3, 100, 7, 99, reason=reason) == "recorded"
    assert whole_board(store, DAY, 10) == [(1, "fair")]
    assert [r["name"] for r in daily_boards.month_table(store, "2026-11", None, 10)["rows"]] == ["fair"]
    entry = store.daily.read_day(DAY, member("unranked").sub).entry
    assert (entry.status, entry.ranked, entry.not_ranked, entry.outcome) == ("finished", False, str(reason), "win")


def test_a_result_is_saved_once(store):
    assert enter(store, DAY, "once", W, 3) == "recorded"
    from gameserver.platform.daily import DayResult

    again = DayResult(member("once").sub, W, 3, 300, 3, 50)
    assert daily_results.save_result(store, DAY, "game-once-2026-11-23", again, None, "x") == "already"
    assert daily_results.save_result(store, DAY, "another-game", again, None, "x") == "missing"
    row = daily_boards.month_table(store, "2026-11", None, 10)["rows"][0]
    assert (row["points"], row["wins"], row["ranked_days"]) == (3, 1, 1)


def test_the_month_counts_points_then_wins_and_each_members_ranked_days(store):
    """"A win earns 3 points for the month, a draw 1"; the table by points, then wins; ranked days shown."""
    days = [date(2026, 11, d) for d in range(1, 8)]
    results = {
        "three-wins": [W, W, W],  # 9 points, 3 wins
        "seven-draws": [D] * 7,  # 7 points over 7 days
        "two-wins-three-draws": [W, W, D, D, D],  # 9 points, 2 wins
        "win-and-losses": [W, L, L, L],  # 3 points, 1 win, 4 days
        "three-draws": [D, D, D],  # 3 points, 0 wins
        "three-draws-too": [D, L, D, D],
    }
    for name, outcomes in results.items():
        for day, outcome in zip(days, outcomes, strict=False):
            enter(store, day, name, outcome)
    enter(store, days[0], "unranked-wins", W, reason=NotRanked.FASTER_THAN_A_HUMAN)
    enter(store, date(2026, 12, 1), "three-wins", W)  # December's, not November's

    rows, cursor = [], None
    while True:
        page = daily_boards.month_table(store, "2026-11", cursor, 2)
        rows += [(r["rank"], r["name"], r["points"], r["wins"], r["ranked_days"]) for r in page["rows"]]
        if (cursor := page["cursor"]) is None:
            break
    assert rows == [
        (1, "three-wins", 9, 3, 3),
        (2, "two-wins-three-draws", 9, 2, 5),  # equal points: more wins first
        (3, "seven-draws", 7, 0, 7),
        (4, "win-and-losses", 3, 1, 4),
        (5, "three-draws", 3, 0, 3),  # equal rows share a rank
        (5, "three-draws-too", 3, 0, 4),  # a ranked loss is a ranked day
    ]
    assert daily_boards.month_table(store, "2026-12", None, 5)["rows"][0]["points"] == 3


def test_a_cursor_of_another_board_or_forged_is_refused(store):
    for name in ("a", "b", "c"):
        enter(store, DAY, name, W, 3, 100 + len(name))
    enter(store, DAY, "bb", W, 3, 50)
    cursor = daily_boards.board_of_the_day(store, DAY, None, 1)["cursor"]
    for bad in (cursor + "x", "bm90LWpzb24", "e30"):
        with pytest.raises(DomainError) as refused:
            daily_boards.board_of_the_day(store, DAY, bad, 1)
        assert refused.value.code == "invalid_cursor"
    with pytest.raises(DomainError):
        daily_boards.board_of_the_day(store, date(2026, 11, 24), cursor, 1)
    with pytest.raises(DomainError):
        daily_boards.month_table(store, "2026-11", cursor, 1)


_examples = iter(range(10_000))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(results=st.lists(st.tuples(st.sampled_from(list(Outcome)), st.integers(1, 8), st.integers(0, 3),
                                  st.integers(0, 2)), min_size=0, max_size=30),
       limit=st.integers(1, 7))
def test_any_board_read_in_pages_of_any_size_is_the_board_in_order_with_shared_ranks(store, results, limit):
    """Property: the pages, followed by their cursors, give every ranked result once, in key order, with the
    ranks of the whole board (many ties: few distinct values). Each example plays its own day."""
    day = date(2027, 1, 1) + timedelta(days=next(_examples))
    keys = []
    for index, (outcome, turns, positions, income) in enumerate(results):
        name = f"p{index:02d}"
        enter(store, day, name, outcome, turns, 100 + turns, positions, income)
        keys.append(sort_key(DayResult(member(name).sub, outcome, turns, 100 + turns, positions, income)))
    expected = [(r.rank, r.member.removesuffix("-sub")) for r in ranks(sorted(keys))]
    assert whole_board(store, day, limit) == expected


def moderator(name: str):
    from gameserver.identity import Caller

    return Caller(sub=f"{name}-sub", groups=frozenset({"moderators"}), username=name)


def audit_lines(store, sub: str) -> list:
    from gameserver.storage.dynamodb.audit import decode_audit

    answer = store.client.query(TableName=store.table, IndexName="gsi2", KeyConditionExpression="gsi2pk = :pk",
                                ExpressionAttributeValues={":pk": {"S": "AUDITOF#" + sub}})
    return [decode_audit(item) for item in answer["Items"]]


def test_a_moderator_removes_a_front_from_the_board_and_its_points_from_the_month(store, clock):
    enter(store, DAY, "cheat", W, 3, 100)
    enter(store, DAY, "honest", L, 8)
    enter(store, date(2026, 11, 24), "cheat", D)
    cheat = member("cheat").sub

    removed = daily_front.remove_result(store, clock, moderator("mod"), DAY, cheat, "  shared the house AI's moves ")

    assert (removed["ranked"], removed["not_ranked"], removed["result"]["outcome"]) == (
        False, "removed-by-moderators", "win"), "the member still sees their result, and why it is off the board"
    assert whole_board(store, DAY, 10) == [(1, "honest")]
    rows = {r["name"]: (r["points"], r["wins"], r["ranked_days"])
            for r in daily_boards.month_table(store, "2026-11", None, 10)["rows"]}
    assert rows == {"cheat": (1, 0, 1), "honest": (0, 0, 1)}
    [line] = audit_lines(store, cheat)
    assert (line.moderator, line.action, line.target, line.why, line.at) == (
        "mod-sub", "remove-daily-front", "2026-11-23", "shared the house AI's moves", "2026-11-23T09:00:00Z")


def test_removal_is_for_moderators_once_with_a_reason(store, clock):
    from gameserver.errors import Conflict, Forbidden, InvalidInput, NotFound

    enter(store, DAY, "cheat", W, 3, 100)
    enter(store, DAY, "bot", W, 3, 100, reason=NotRanked.FASTER_THAN_A_HUMAN)
    cheat = member("cheat").sub
    with pytest.raises(Forbidden):
        daily_front.remove_result(store, clock, member("nobody"), DAY, cheat, "why not")
    with pytest.raises(InvalidInput):
        daily_front.remove_result(store, clock, moderator("mod"), DAY, cheat, "   ")
    with pytest.raises(NotFound):
        daily_front.remove_result(store, clock, moderator("mod"), DAY, member("absent").sub, "why")
    with pytest.raises(Conflict, match="faster-than-a-human"):
        daily_front.remove_result(store, clock, moderator("mod"), DAY, member("bot").sub, "why")
    daily_front.remove_result(store, clock, moderator("mod"), DAY, cheat, "first")
    with pytest.raises(Conflict) as again:
        daily_front.remove_result(store, clock, moderator("mod"), DAY, cheat, "second")
    assert again.value.code == "not_on_the_board"
    assert [line.why for line in audit_lines(store, cheat)] == ["first"], "nothing written by a refusal"
    assert daily_boards.month_table(store, "2026-11", None, 10)["rows"] == [], "no ranked day left: off the table"


def test_a_result_is_claimed_once_even_by_two_writers_that_both_read_it_playing(store):
    """Two writers (the final turn's hook and a read of the Front) may both read the entry still ``playing``:
    the write is conditioned on that status, so the second is refused and the month counts the day once."""
    from dataclasses import replace

    from gameserver.storage.daily import FrontEntry, MonthLine
    from gameserver.storage.dynamodb.daily import encode_entry
    from gameserver.storage.errors import WriteConflict as StorageConflict

    ds = store.daily
    racer = member("racer")
    playing = FrontEntry(day=DAY, member=racer.sub, name="racer", game_id="g-racer", side="south",
                         started_at="2026-11-23T10:00:00Z")
    store.client.put_item(TableName=store.table, Item=encode_entry(playing))
    result = DayResult(racer.sub, W, 4, 200, 3, 40)
    finished = replace(playing, status="finished", outcome="win", turns=4, seconds=200, positions=3, income=40,
                       board_key=sort_key(result), finished_at="2026-11-23T10:05:00Z")
    month = MonthLine(racer.sub, "2026-11", "racer", points=3, wins=1, ranked_days=1)

    ds.finish(finished, month)
    with pytest.raises(StorageConflict):
        ds.finish(finished, replace(month, version=1, points=6, wins=2, ranked_days=2))
    assert [(r["points"], r["ranked_days"]) for r in daily_boards.month_table(store, "2026-11", None, 5)["rows"]] == [
        (3, 1)]
    assert whole_board(store, DAY, 5) == [(1, "racer")]


def test_two_days_results_racing_on_the_month_line_both_count_and_nothing_is_half_written(store):
    """The month's line is claimed by the version it was read at: a result written on a stale line is refused
    whole (its entry stays ``playing``, off the board), and ``save_result`` reads again and counts both days."""
    from dataclasses import replace

    from gameserver.storage.daily import FrontEntry, MonthLine
    from gameserver.storage.dynamodb.daily import encode_entry
    from gameserver.storage.errors import WriteConflict as StorageConflict

    ds = store.daily
    racer = member("racer")
    monday, tuesday = DAY, DAY + timedelta(days=1)
    entries = {}
    for day in (monday, tuesday):
        entries[day] = FrontEntry(day=day, member=racer.sub, name="racer", game_id=f"g-{day}", side="south",
                                  started_at=f"{day}T10:00:00Z")
        store.client.put_item(TableName=store.table, Item=encode_entry(entries[day]))
    read_before_either = MonthLine(racer.sub, "2026-11", "racer")
    result = DayResult(racer.sub, W, 4, 200, 3, 40)

    def finished(day: date) -> FrontEntry:
        return replace(entries[day], status="finished", outcome="win", turns=4, seconds=200, positions=3,
                       income=40, board_key=sort_key(result), finished_at=f"{day}T10:05:00Z")

    ds.finish(finished(monday), replace(read_before_either, points=3, wins=1, ranked_days=1))
    with pytest.raises(StorageConflict):
        ds.finish(finished(tuesday), replace(read_before_either, points=3, wins=1, ranked_days=1))
    assert ds.read_day(tuesday, racer.sub, front=False).entry.status == "playing"
    assert whole_board(store, tuesday, 5) == []

    assert daily_results.save_result(store, tuesday, f"g-{tuesday}", result, None, "x") == "recorded"
    row = daily_boards.month_table(store, "2026-11", None, 5)["rows"][0]
    assert (row["points"], row["wins"], row["ranked_days"]) == (6, 2, 2)
    assert whole_board(store, tuesday, 5) == [(1, "racer")]
