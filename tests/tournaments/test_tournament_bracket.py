"""Seeds, the bracket, the matches to create and the rounds' deadlines.

"When full: seeds by the game's duel rating (best = seed 1; ties by oldest account); bracket 1-8, 4-5, 2-7, 3-6 (8)
or 1-4, 2-3 (4)"; "Each match is [...] created as soon as both its players are known"; "the bracket gives each round
5 days".
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from gameserver.platform.tournaments import (
    Join,
    MatchStatus,
    Seeding,
    Tallies,
    TournamentStatus,
    apply,
    feeders,
    match_id,
    match_ref,
    matches_to_create,
    next_slot,
    round_of,
    seed_order,
)
from tournament_builders import ACCOUNTS, MEMBERS, RICH, T0, at, drawn, full, opened, seeding, won


def test_seeds_follow_the_duel_rating_best_first() -> None:
    shuffled = {member: Seeding(Decimal(1500 + 7 * (n * 5 % 8)), ACCOUNTS) for n, member in enumerate(MEMBERS)}
    order = seed_order(shuffled)
    assert [shuffled[member].rating for member in order] == sorted((s.rating for s in shuffled.values()), reverse=True)


def test_seeding_ties_go_to_the_oldest_account() -> None:
    same = Decimal("1612.5")
    seeds = {
        "young": Seeding(same, ACCOUNTS + timedelta(days=30)),
        "old": Seeding(same, ACCOUNTS),
        "best": Seeding(Decimal("1700"), ACCOUNTS + timedelta(days=90)),
        "twin-b": Seeding(Decimal(1400), ACCOUNTS),
        "twin-a": Seeding(Decimal(1400), ACCOUNTS),
    }
    assert seed_order(seeds) == ("best", "old", "young", "twin-a", "twin-b")  # then by member id


def test_the_last_seat_seeds_the_bracket_of_8_and_creates_every_first_round_match_at_once() -> None:
    before = opened()
    after = apply(before, Join("m8", at(1), RICH, seeding()))
    assert after.status is TournamentStatus.PLAYING and after.started_at == at(1)
    assert after.seeds == MEMBERS
    created = matches_to_create(before, after)
    assert [match.players for match in created] == [("m1", "m8"), ("m4", "m5"), ("m2", "m7"), ("m3", "m6")]
    assert [after.match_id(match.slot) for match in created] == ["t1-m1", "t1-m2", "t1-m3", "t1-m4"]
    assert all(match.opened_at == at(1) for match in created)
    assert [match.status for match in after.matches[4:]] == [MatchStatus.WAITING] * 3


def test_the_bracket_of_4_is_1_4_and_2_3() -> None:
    tournament = full(size=4)
    assert [match.players for match in matches_to_create(None, tournament)] == [("m1", "m4"), ("m2", "m3")]
    assert len(tournament.matches) == 3


def test_seeds_drawn_from_ratings_not_from_the_order_of_joining() -> None:
    reversed_ratings = {member: Seeding(Decimal(1000 + 10 * n), ACCOUNTS) for n, member in enumerate(MEMBERS)}
    tournament = full(seeds=reversed_ratings)
    assert tournament.seeds == tuple(reversed(MEMBERS))
    assert tournament.match(1).players == ("m8", "m1") and tournament.seed("m8") == 1


def test_the_winners_paths_meet_seeds_1_and_2_only_in_the_final() -> None:
    assert [feeders(8, slot) for slot in (5, 6, 7)] == [(1, 2), (3, 4), (5, 6)]
    assert [next_slot(8, slot) for slot in range(1, 8)] == [(5, 0), (5, 1), (6, 0), (6, 1), (7, 0), (7, 1), None]
    assert [round_of(8, slot) for slot in range(1, 8)] == [1, 1, 1, 1, 2, 2, 3]
    assert [feeders(4, 3)] == [(1, 2)] and next_slot(4, 2) == (3, 1)
    with pytest.raises(ValueError):
        feeders(8, 4)


def test_match_ids_are_drawn_from_the_tournament_and_the_slot() -> None:
    assert match_id("t-7f3a", 6) == "t-7f3a-m6"
    assert match_ref("t-7f3a-m6") == ("t-7f3a", 6)
    assert match_ref("a-m1-m12") == ("a-m1", 12)
    for wrong in ("t-7f3a", "t-7f3a-m", "-m3", "t-m٣"):
        with pytest.raises(ValueError):
            match_ref(wrong)


def test_a_match_is_created_as_soon_as_both_its_players_are_known_not_at_the_end_of_the_round() -> None:
    tournament = full()
    first = won(tournament, 1, "m1", days=2)
    assert matches_to_create(tournament, first) == ()
    assert first.match(5).players == ("m1", None) and first.match(5).status is MatchStatus.WAITING
    second = drawn(first, 2, {"m4": Tallies(3, 1), "m5": Tallies(2, 5)}, days=2.5)
    (created,) = matches_to_create(first, second)
    assert (created.slot, created.players, created.opened_at) == (5, ("m1", "m4"), at(2.5))
    assert second.match(3).status is MatchStatus.PLAYING  # the other half of the round is still on


def test_each_round_has_5_days_on_the_brackets_calendar() -> None:
    tournament = full()
    assert tournament.started_at == at(1)
    assert [tournament.round_deadline(r) for r in (1, 2, 3)] == [at(6), at(11), at(16)]
    assert tournament.match_deadline(4) == at(6) and tournament.match_deadline(6) == at(11)
    assert tournament.due_at == at(6)
    semi = won(won(tournament, 1, "m1"), 2, "m4")
    assert semi.due_at == at(6)  # matches 3 and 4 of the first round are still on
    for slot, winner in ((3, "m2"), (4, "m3")):
        semi = won(semi, slot, winner)
    assert semi.due_at == at(11)


def test_the_start_is_due_from_the_last_join_even_within_a_second() -> None:
    tournament = apply(opened(), Join("m8", T0 + timedelta(days=1, microseconds=5), RICH, seeding()))
    assert tournament.round_deadline(1) == T0 + timedelta(days=6, seconds=1)
