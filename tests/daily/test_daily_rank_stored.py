"""A member's own rank on the day's board, from the summary the sweep rebuilds (moto in-process): ~1,200 crafted
results written by batch writes, markers every 50 keys so they matter, and the rank checked against the rank the
board's pages show, for the first, the last, tied members and members on either side of a marker."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, date, datetime, timedelta

import pytest
from gameserver.domain.daily import boards as daily_boards
from gameserver.identity import Caller
from gameserver.platform.daily import DayResult, Outcome, marker_for, ranks, result_of, sort_key
from gameserver.platform.daily.summary import MARKER_EVERY
from gameserver.storage.daily import DaySummary, FrontEntry
from gameserver.storage.dynamodb.daily import encode_entry
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

DAY = date(2026, 11, 23)
EVERY = 50
RESULTS = 1_200


def day_of_results(count: int, seed: int = 7) -> list[DayResult]:
    """Results with many ties: few distinct seconds, positions and incomes."""
    rng = random.Random(seed)
    board = []
    for index in range(count):
        outcome = rng.choices([Outcome.WIN, Outcome.DRAW, Outcome.LOSS], [2, 1, 3])[0]
        turns = 8 if outcome is Outcome.DRAW else rng.randint(3 if outcome is Outcome.WIN else 2, 8)
        board.append(DayResult(f"m{index:05d}", outcome, turns, rng.choice([120, 180, 240]), rng.randint(2, 4),
                               rng.choice([30, 40])))
    return board


def write(store, day: date, results: list[DayResult]) -> None:
    """Finished, ranked entries as a game's end leaves them, written by batch writes (the fixture only)."""
    items = [
        encode_entry(FrontEntry(day=day, member=r.member, name=r.member, game_id=f"g-{r.member}", side="north",
                                started_at=f"{day}T10:00:00Z", status="finished", outcome=str(r.outcome),
                                turns=r.turns, seconds=r.seconds, positions=r.positions, income=r.income,
                                board_key=sort_key(r), finished_at=f"{day}T10:09:00Z"))
        for r in results
    ]
    for start in range(0, len(items), 25):
        pending = {store.table: [{"PutRequest": {"Item": item}} for item in items[start:start + 25]]}
        while pending:
            pending = store.client.batch_write_item(RequestItems=pending).get("UnprocessedItems") or {}


def board_ranks(store, day: date, limit: int = 700) -> dict[str, int]:
    """Every member's rank as the board's pages show it, followed by their cursors (large pages: moto scans its
    whole table on every query)."""
    shown, cursor = {}, None
    while True:
        page = daily_boards.board_of_the_day(store, day, cursor, limit)
        shown.update({e["member"]: e["rank"] for e in page["entries"]})
        if (cursor := page["cursor"]) is None:
            return shown


def rank_of(store, clock, member: str, day: date = DAY) -> dict:
    return daily_boards.my_rank(store, clock, Caller(member, frozenset(), member), day)


class Wire:
    """The requests a read sends, and the items its count queries counted."""

    def __init__(self, store) -> None:
        self.operations: list[str] = []
        self.counted = 0
        events = store.client.meta.events
        events.register("before-call.dynamodb.*", self._sent)
        events.register("after-call.dynamodb.Query", self._answered)

    def _sent(self, event_name: str, **_: object) -> None:
        self.operations.append(event_name.rsplit(".", 1)[-1])

    def _answered(self, parsed: dict, **_: object) -> None:
        self.counted += parsed.get("Count", 0)

    def clear(self) -> None:
        self.operations, self.counted = [], 0


@pytest.fixture
def board(store, clock):
    results = day_of_results(RESULTS)
    write(store, DAY, results)
    return results


def sample(keys: list[str], shown: dict[str, int]) -> list[str]:
    """The first and last, members tied with others, the members on and around each marker, and some more."""
    members = [key.partition("#")[2] for key in keys]
    sharing = Counter(shown.values())
    tied = [m for m in members if sharing[shown[m]] > 1]
    around_markers = [members[i] for start in range(EVERY, len(members), EVERY) for i in (start - 1, start, start + 1)]
    return sorted({members[0], members[-1], *tied[::200], *around_markers[::9],
                   *random.Random(3).sample(members, 4)})


def test_my_rank_is_the_rank_the_board_shows_for_the_first_the_last_and_the_tied(store, clock, board):
    assert daily_boards.rebuild_summary(store, clock, DAY, every=EVERY) == "written"
    keys = sorted(sort_key(r) for r in board)
    shown = board_ranks(store, DAY)
    assert shown == {r.member: r.rank for r in ranks(keys)}, "the board itself ranks as the rules say"
    summary = store.daily.get_summary(DAY)
    assert summary is not None and len(summary.summary.markers) == RESULTS // EVERY
    wire = Wire(store)
    members = sample(keys, shown)
    assert len(set(shown[m] for m in members)) < len(members), "the sample holds members sharing a rank"
    for member in members:
        wire.clear()
        answer = rank_of(store, clock, member)
        assert answer == {"day": "2026-11-23", "rank": shown[member], "entries": RESULTS,
                          "as_of": "2026-11-23T09:00:00Z"}, member
        assert sorted(wire.operations) == ["BatchGetItem"] + ["Query"] * 8, "one BatchGetItem, 8 count queries"
        assert wire.counted <= EVERY, "the count starts at the last marker before the member's result"


def board_of(results: list[DayResult]) -> dict[str, int]:
    """The ranks the board shows (the first test checks the stored board's pages against these)."""
    return {r.member: r.rank for r in ranks(sorted(sort_key(result) for result in results))}


def test_a_day_without_a_summary_gets_one_on_its_first_rank_read_and_only_then(store, clock, board):
    """No summary yet (a day's first minute, or a day no sweep rebuilt): the first rank read builds it once;
    counting every shard from its start on every read would cost thousands of RCU on a full board."""
    shown = board_of(board)
    wire = Wire(store)
    for n, member in enumerate(("m00000", "m00600", "m01199")):
        wire.clear()
        assert rank_of(store, clock, member) == {"day": "2026-11-23", "rank": shown[member], "entries": RESULTS,
                                                 "as_of": "2026-11-23T09:00:00Z"}
        rebuild = ["GetItem", "PutItem", *["Query"] * 8, "GetItem"] if n == 0 else []
        assert sorted(wire.operations) == sorted(["BatchGetItem", *rebuild, *["Query"] * 8]), member
        if n:  # (the first read's rebuild reads the whole board once)
            assert wire.counted <= MARKER_EVERY, "counted from the last marker before the member's result"


def ranked(name: str, key_of_result: str) -> DayResult:
    """A result equal to the one ``key_of_result`` holds, for member ``name``."""
    outcome_class, turns, seconds, positions, income = result_of(key_of_result).split(".")
    outcome = {"1": Outcome.WIN, "2": Outcome.DRAW, "3": Outcome.LOSS}[outcome_class]
    played = {Outcome.WIN: int(turns), Outcome.DRAW: 8, Outcome.LOSS: 9 - int(turns)}[outcome]
    same = DayResult(name, outcome, played, int(seconds), 9 - int(positions), 9999 - int(income))
    assert result_of(sort_key(same)) == result_of(key_of_result)
    return same


def test_results_added_after_the_rebuild_move_my_rank_after_the_marker_at_once_before_it_at_the_next(
        store, clock, board):
    assert daily_boards.rebuild_summary(store, clock, DAY, every=EVERY) == "written"
    keys = sorted(sort_key(r) for r in board)
    me = keys[700].partition("#")[2]
    before = rank_of(store, clock, me)
    summary = store.daily.get_summary(DAY)
    marker = marker_for(summary.summary, keys[700])
    assert marker is not None and marker.before > 0

    late = ranked("zz-after-the-marker", marker.key)  # ties the marker's result, sorts after it: better than me
    assert sort_key(late) > marker.key and sort_key(late) < result_of(keys[700])
    write(store, DAY, [late])
    assert rank_of(store, clock, me)["rank"] == before["rank"] + 1, "counted at once: it is after the marker"

    early = ranked("a-before-every-marker", keys[0])  # ties the best result, sorts before the first marker
    assert sort_key(early) < summary.summary.markers[0].key
    write(store, DAY, [early])
    assert rank_of(store, clock, me)["rank"] == before["rank"] + 1, "not yet: before the marker, until the rebuild"

    worse = ranked("zz-behind-me", keys[-1])
    write(store, DAY, [worse])
    assert rank_of(store, clock, me)["rank"] == before["rank"] + 1, "a worse result moves nothing"

    clock.advance(60)
    assert daily_boards.rebuild_summary(store, clock, DAY, every=EVERY) == "written"
    after = rank_of(store, clock, me)
    assert after == {"day": "2026-11-23", "rank": before["rank"] + 2, "entries": RESULTS + 3,
                     "as_of": "2026-11-23T09:01:00Z"}
    assert after["rank"] == board_of([*board, late, early, worse])[me]


def test_a_summary_rebuilt_twice_late_or_out_of_order_changes_nothing(store, clock, board):
    ds = store.daily
    assert daily_boards.rebuild_summary(store, clock, DAY, every=EVERY) == "written"
    first = ds.get_summary(DAY)
    members = ["m00000", "m00444", "m01000"]
    ranks_first = [rank_of(store, clock, m) for m in members]

    clock.advance(60)
    assert daily_boards.rebuild_summary(store, clock, DAY, every=EVERY) == "unchanged"
    assert ds.get_summary(DAY) == first, "not even its time is written: an idle board costs the reads only"
    assert [rank_of(store, clock, m) for m in members] == ranks_first

    write(store, DAY, [ranked("a-newcomer", sort_key(board[0]))])
    clock.advance(60)
    assert daily_boards.rebuild_summary(store, clock, DAY, every=EVERY) == "written"
    newer = ds.get_summary(DAY)
    assert newer is not None and newer.summary.entries == RESULTS + 1 and newer.built_at == "2026-11-23T09:02:00Z"
    late = DaySummary(first.summary, first.every, first.built_at)  # read before the newcomer, delivered after
    assert ds.put_summary(DAY, late) is False, "a summary read earlier never replaces one read later"
    assert ds.get_summary(DAY) == newer


def test_yesterdays_summary_is_rebuilt_until_half_past_midnight(store, clock):
    yesterday, today = DAY, DAY + timedelta(days=1)
    ds = store.daily
    write(store, yesterday, day_of_results(10))
    clock.set(datetime(2026, 11, 24, 0, 10, tzinfo=UTC))
    assert daily_boards.rebuild_summaries(store, clock) == {"summary-written": 2}
    assert ds.get_summary(yesterday).summary.entries == 10 and ds.get_summary(today).summary.entries == 0

    write(store, yesterday, [DayResult("late-finisher", Outcome.WIN, 8, 500, 3, 30)])  # ended after midnight
    clock.set(datetime(2026, 11, 24, 0, 29, 59, tzinfo=UTC))
    assert daily_boards.rebuild_summaries(store, clock) == {"summary-written": 1, "summary-unchanged": 1}
    assert ds.get_summary(yesterday).summary.entries == 11

    write(store, yesterday, [DayResult("later-still", Outcome.WIN, 8, 500, 3, 30)])
    clock.set(datetime(2026, 11, 24, 0, 30, tzinfo=UTC))
    assert daily_boards.rebuild_summaries(store, clock) == {"summary-unchanged": 1}, "today's only, from 00:30"
    assert ds.get_summary(yesterday).summary.entries == 11
    later = rank_of(store, clock, "later-still", yesterday)
    assert (later["rank"], later["entries"]) == (board_ranks(store, yesterday)["later-still"], 11), (
        "still found: counted from its marker on; the day's count stays the last summary's")


_days = iter(range(10_000))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(results=st.lists(st.tuples(st.sampled_from(list(Outcome)), st.integers(7, 8), st.integers(2, 3)),
                        min_size=1, max_size=25),
       every=st.integers(1, 6))
def test_any_board_any_spacing_every_members_rank_is_the_boards(store, clock, results, every):
    """Property: whatever the board (mostly ties) and the markers' spacing, each member's rank is the board's."""
    day = date(2027, 1, 1) + timedelta(days=next(_days))
    clock.set(datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=12))
    board = [DayResult(f"p{i:02d}", outcome, turns, 300, positions, 40)
             for i, (outcome, turns, positions) in enumerate(results)]
    write(store, day, board)
    assert daily_boards.rebuild_summary(store, clock, day, every=every) == "written"
    shown = board_ranks(store, day, limit=7)
    assert {r.member: rank_of(store, clock, r.member, day)["rank"] for r in board} == shown
