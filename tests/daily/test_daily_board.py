"""The board of a day: its order, shared ranks, the string sort key, shards merged on read."""

from __future__ import annotations

import random
from datetime import date

import pytest
from gameserver.platform.daily import (
    DayResult,
    Outcome,
    better_than,
    board_partition,
    merge_shards,
    ranks,
    result_key,
    shard_of,
    sort_key,
)
from gameserver.platform.daily.board import SHARDS
from gameserver.platform.daily.summary import marker_for, rank_with, summarize

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def result(member: str, outcome: Outcome, turns: int = 8, seconds: int = 400, positions: int = 3, income: int = 60):
    return DayResult(member, outcome, turns, seconds, positions, income)


def board(*results: DayResult) -> list[str]:
    return [sort_key(r).partition("#")[2] for r in sorted(results, key=sort_key)]


def test_wins_then_draws_then_losses() -> None:
    assert board(result("l", L), result("d", D), result("w", W)) == ["w", "d", "l"]


def test_a_win_is_faster_with_fewer_turns_then_fewer_seconds() -> None:
    assert board(
        result("slow6", W, turns=6, seconds=500),
        result("fast6", W, turns=6, seconds=200),
        result("in5", W, turns=5, seconds=900),
    ) == ["in5", "fast6", "slow6"]


def test_turns_before_seconds_even_with_many_seconds() -> None:
    assert board(result("a", W, turns=2, seconds=99_999), result("b", W, turns=3, seconds=1)) == ["a", "b"]


def test_losses_that_held_out_longest_on_top() -> None:
    assert board(result("t3", L, turns=3), result("t8", L, turns=8), result("t5", L, turns=5)) == ["t8", "t5", "t3"]


def test_then_more_positions_then_higher_income() -> None:
    assert board(
        result("p2", D, positions=2, income=90),
        result("p4i50", D, positions=4, income=50),
        result("p4i70", D, positions=4, income=70),
    ) == ["p4i70", "p4i50", "p2"]


def test_seconds_do_not_order_draws_or_losses() -> None:
    assert result_key(result("a", D, seconds=10)) == result_key(result("b", D, seconds=500))
    assert result_key(result("a", L, turns=6, seconds=10)) == result_key(result("b", L, turns=6, seconds=500))


def test_equal_results_share_a_rank_then_the_next_skips() -> None:
    keys = sorted(
        [sort_key(result("b", W, 4, 100)), sort_key(result("a", W, 4, 100)), sort_key(result("c", W, 4, 101))]
    )
    assert [(r.rank, r.member) for r in ranks(keys)] == [(1, "a"), (1, "b"), (3, "c")]


def test_a_tie_across_a_page_break_keeps_its_rank() -> None:
    keys = sorted(sort_key(result(name, D)) for name in "abcd") + [sort_key(result("e", L))]
    first = ranks(keys[:2])
    second = ranks(keys[2:], ahead=2, previous=first[-1])
    assert [r.rank for r in first + second] == [1, 1, 1, 1, 5]


def test_the_key_is_fixed_width_so_string_order_is_board_order() -> None:
    generator = random.Random(7)
    results = [
        result(
            f"m{index}",
            generator.choice(list(Outcome)),
            generator.randint(1, 8),
            generator.randint(0, 100_000),
            generator.randint(0, 7),
            generator.randint(0, 150),
        )
        for index in range(300)
    ]

    def by_rules(r: DayResult) -> tuple:
        if r.outcome is W:
            head = (0, r.turns, r.seconds)
        elif r.outcome is D:
            head = (1, 0, 0)
        else:
            head = (2, -r.turns, 0)
        return (*head, -r.positions, -r.income, r.member)

    assert sorted(results, key=sort_key) == sorted(results, key=by_rules)
    assert len({len(result_key(r)) for r in results}) == 1


def test_shards_merged_on_read_give_the_whole_board() -> None:
    generator = random.Random(11)
    results = [
        result(f"member-{index}", generator.choice(list(Outcome)), generator.randint(1, 8), generator.randint(60, 600))
        for index in range(500)
    ]
    shards: dict[int, list[str]] = {shard: [] for shard in range(SHARDS)}
    for r in results:
        shards[shard_of(r.member)].append(sort_key(r))
    assert all(len(keys) > 30 for keys in shards.values())  # spread over every shard
    merged = list(merge_shards(sorted(keys) for keys in shards.values()))
    assert merged == sorted(sort_key(r) for r in results)


def test_a_members_rank_is_one_plus_the_strictly_better_keys() -> None:
    keys = sorted(sort_key(r) for r in [result("a", W, 3), result("b", W, 4), result("c", W, 4), result("d", L)])
    bound = better_than(sort_key(result("c", W, 4)))
    assert 1 + sum(key < bound for key in keys) == 2
    assert ranks(keys)[2].rank == 2


def test_partition_keys_name_the_day_and_shard() -> None:
    assert board_partition(date(2026, 11, 29), 3) == "front#2026-11-29#3"
    assert shard_of("member-1") == shard_of("member-1")


def test_impossible_results_are_refused() -> None:
    with pytest.raises(ValueError):
        result("a", W, turns=9)
    with pytest.raises(ValueError):
        result("a#b", W)


def test_a_summary_ranks_every_member_as_the_full_board_does() -> None:
    generator = random.Random(5)
    results = [
        result(f"m{index}", generator.choice(list(Outcome)), generator.randint(1, 8), generator.randint(60, 90))
        for index in range(400)
    ]
    keys = sorted(sort_key(r) for r in results)
    full = {r.member: r.rank for r in ranks(keys)}
    summary = summarize(keys, every=37)
    for key in keys:
        marker = marker_for(summary, key)
        start = marker.key if marker else ""
        counted = sum(start <= other < better_than(key) for other in keys)  # the count query, all shards
        assert rank_with(marker, counted) == full[key.partition("#")[2]]
        assert counted <= 37  # the next marker is at or after the member's result


def test_a_summary_needs_keys_in_board_order() -> None:
    with pytest.raises(ValueError):
        summarize(["2.0", "1.0"])
