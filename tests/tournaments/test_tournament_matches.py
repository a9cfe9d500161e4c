"""Who goes on from a match: wins, tiebreaks, forfeits, voids, freezes, fair play and the round's deadline.

"A draw is broken by the right predictions, then by the combats won; if still tied, the better seed goes through.
A match without a result (no orders sent by either side) sends nobody to the next round; a player whose ratings the
moderators freeze loses their matches by forfeit." "abandoning means losing the match."
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from gameserver.platform.tournaments import (
    Abandon,
    Freeze,
    GameOver,
    MatchEnding,
    MatchStatus,
    NoOrders,
    RoundDeadlinePasses,
    Stop,
    Tallies,
    Tiebreak,
    Tournament,
    TournamentEnding,
    TournamentRuleError,
    TournamentStatus,
    apply,
    decided_matches,
    matches_to_create,
)
from tournament_builders import at, drawn, full, opened, won


def refused(tournament: Tournament, event: object, rule: str) -> None:
    with pytest.raises(TournamentRuleError) as raised:
        apply(tournament, event)  # type: ignore[arg-type]
    assert raised.value.rule == rule


def test_a_won_match_sends_its_winner_on() -> None:
    after = won(full(), 1, "m8")
    match = after.match(1)
    assert (match.status, match.winner, match.ending, match.loser) == (MatchStatus.WON, "m8", MatchEnding.GAME, "m1")
    assert after.match(5).players == ("m8", None)


def test_a_draw_goes_to_more_right_predictions() -> None:
    match = drawn(full(), 1, {"m1": Tallies(2, 9), "m8": Tallies(3, 0)}).match(1)
    assert (match.winner, match.tiebreak) == ("m8", Tiebreak.PREDICTIONS)


def test_then_to_more_combats_won() -> None:
    match = drawn(full(), 1, {"m1": Tallies(3, 4), "m8": Tallies(3, 5)}).match(1)
    assert (match.winner, match.tiebreak) == ("m8", Tiebreak.COMBATS)


def test_if_still_tied_the_better_seed_goes_through() -> None:
    match = drawn(full(), 4, {"m3": Tallies(1, 2), "m6": Tallies(1, 2)}).match(4)
    assert (match.winner, match.tiebreak) == ("m3", Tiebreak.SEED)
    assert match.tallies == {"m3": Tallies(1, 2), "m6": Tallies(1, 2)}


def test_a_draw_without_the_tallies_is_a_wiring_error() -> None:
    with pytest.raises(ValueError, match="tallies"):
        apply(full(), GameOver(1, at(2), None, {"m1": Tallies(1, 1)}))


def test_abandoning_means_losing_the_match() -> None:
    match = apply(full(), Abandon(2, "m4", at(2))).match(2)
    assert (match.winner, match.ending) == ("m5", MatchEnding.FORFEIT)


def test_a_match_without_orders_from_either_side_sends_nobody_on_and_the_next_opponent_advances() -> None:
    tournament = apply(full(), NoOrders(1, at(1.5)))
    assert tournament.match(1).status is MatchStatus.VOID and tournament.match(1).ending is MatchEnding.NO_ORDERS
    before = tournament
    after = won(before, 2, "m5")
    semi = after.match(5)
    assert (semi.status, semi.winner, semi.ending, semi.players) == (MatchStatus.WON, "m5", MatchEnding.WALKOVER,
                                                                      (None, "m5"))
    assert matches_to_create(before, after) == ()  # advancing without playing: no game
    assert after.match(7).players == ("m5", None)


def test_a_moderators_stop_voids_the_match() -> None:
    match = apply(full(), Stop(3, at(2))).match(3)
    assert (match.status, match.ending, match.winner) == (MatchStatus.VOID, MatchEnding.STOPPED, None)


def test_both_feeders_void_make_the_match_void_and_so_on_up_two_levels() -> None:
    """Every first-round match void: both semi-finals void, then the final void: every entry fee back."""
    tournament = full()
    for slot in (1, 2, 3):
        tournament = apply(tournament, NoOrders(slot, at(1.5)))
    assert tournament.match(5).status is MatchStatus.VOID and tournament.match(5).ending is MatchEnding.NO_PLAYERS
    assert tournament.match(7).status is MatchStatus.WAITING
    before = tournament
    after = apply(before, Stop(4, at(2)))
    assert [match.slot for match in decided_matches(before, after)] == [4, 6, 7]
    assert after.match(7).ending is MatchEnding.NO_PLAYERS
    assert after.status is TournamentStatus.FINISHED and after.ending is TournamentEnding.VOID_FINAL
    assert after.winner is None and after.pot == 0


def test_a_void_semi_final_gives_the_title_without_a_final_opponent() -> None:
    tournament = full(size=4)
    tournament = apply(tournament, NoOrders(1, at(1.5)))
    tournament = won(tournament, 2, "m3")
    assert tournament.status is TournamentStatus.FINISHED
    assert tournament.winner == "m3" and tournament.ending is TournamentEnding.TITLE_WITHOUT_FINAL
    assert tournament.final.ending is MatchEnding.WALKOVER


def test_a_freeze_during_a_match_forfeits_it_at_once() -> None:
    before = full()
    after = apply(before, Freeze(frozenset({"m7"}), at(2)))
    match = after.match(3)
    assert (match.winner, match.ending, match.loser) == ("m2", MatchEnding.FROZEN, "m7")
    assert decided_matches(before, after) == (match,)
    refused(after, Freeze(frozenset({"m7"}), at(3)), "freeze-in-play")


def test_a_freeze_while_waiting_lets_every_later_opponent_advance_without_playing() -> None:
    tournament = won(full(), 1, "m1")
    tournament = apply(tournament, Freeze(frozenset({"m1"}), at(2.5)))
    assert tournament.match(5).status is MatchStatus.WAITING
    before = tournament
    after = won(before, 2, "m4", days=3)
    assert matches_to_create(before, after) == ()
    semi = after.match(5)
    assert (semi.status, semi.winner, semi.ending) == (MatchStatus.WON, "m4", MatchEnding.WALKOVER)
    assert after.match(7).players == ("m4", None)


def test_both_players_of_a_match_frozen_the_match_is_void() -> None:
    after = apply(full(), Freeze(frozenset({"m4", "m5"}), at(2)))
    match = after.match(2)
    assert (match.status, match.ending, match.winner) == (MatchStatus.VOID, MatchEnding.BOTH_FROZEN, None)


def test_a_freeze_of_a_member_already_out_changes_nothing() -> None:
    tournament = won(full(), 1, "m1")
    refused(tournament, Freeze(frozenset({"m8"}), at(3)), "freeze-in-play")


def test_a_player_faster_than_a_human_loses_whatever_the_board_says() -> None:
    match = apply(full(), GameOver(1, at(2), "m1", too_fast=frozenset({"m1"}))).match(1)
    assert (match.winner, match.ending, match.too_fast) == ("m8", MatchEnding.FASTER_THAN_A_HUMAN, {"m1"})


def test_both_players_faster_than_a_human_nobody_goes_on() -> None:
    match = apply(full(), GameOver(1, at(2), "m1", too_fast=frozenset({"m1", "m8"}))).match(1)
    assert (match.status, match.winner, match.ending) == (MatchStatus.VOID, None, MatchEnding.FASTER_THAN_A_HUMAN)


def test_abandoning_against_a_player_faster_than_a_human_both_lose() -> None:
    void = apply(full(), Abandon(1, "m8", at(2), too_fast=frozenset({"m1"}))).match(1)
    assert (void.status, void.ending) == (MatchStatus.VOID, MatchEnding.FASTER_THAN_A_HUMAN)
    cheater_left = apply(full(), Abandon(1, "m8", at(2), too_fast=frozenset({"m8"}))).match(1)
    assert (cheater_left.winner, cheater_left.ending) == ("m1", MatchEnding.FORFEIT)


def test_the_round_deadline_settles_an_open_match_by_the_tiebreak_as_an_anomaly() -> None:
    tournament = full()
    deadline = tournament.match_deadline(2)
    refused(tournament, RoundDeadlinePasses(2, deadline - timedelta(seconds=1), {}), "match-open-until-deadline")
    before = tournament
    after = apply(before, RoundDeadlinePasses(2, deadline, {"m4": Tallies(1, 3), "m5": Tallies(2, 0)}))
    (match,) = decided_matches(before, after)
    assert (match.winner, match.ending, match.tiebreak) == ("m5", MatchEnding.DEADLINE, Tiebreak.PREDICTIONS)
    seed = apply(before, RoundDeadlinePasses(2, deadline, {"m4": Tallies(0, 0), "m5": Tallies(0, 0)})).match(2)
    assert (seed.winner, seed.tiebreak) == ("m4", Tiebreak.SEED)


def test_a_match_event_for_a_decided_or_waiting_match_is_refused() -> None:
    tournament = won(full(), 1, "m1")
    refused(tournament, GameOver(1, at(3), "m8"), "game-over-when-match-won")
    refused(tournament, Abandon(5, "m1", at(3)), "abandon-when-match-waiting")
    refused(tournament, NoOrders(9, at(3)), "match-in-bracket")
    refused(tournament, GameOver(2, at(3), "m1"), "match-player-only")
    refused(tournament, GameOver(2, at(3), "m4", too_fast=frozenset({"m9"})), "match-player-only")
    refused(apply(full(), NoOrders(1, at(2))), NoOrders(1, at(2)), "no-orders-when-match-void")


def test_match_events_before_the_start_or_after_the_end_are_refused() -> None:
    refused(opened(), GameOver(1, at(2), "m1"), "game-over-when-open")
    finished = full(size=4)
    for slot, winner in ((1, "m1"), (2, "m2"), (3, "m2")):
        finished = won(finished, slot, winner)
    refused(finished, Stop(3, at(9)), "stop-when-finished")
    refused(finished, Freeze(frozenset({"m2"}), at(9)), "freeze-when-finished")


def test_a_whole_tournament_of_8_creates_each_match_once_with_its_players_known() -> None:
    tournament = full()
    created = {match.slot: match.players for match in matches_to_create(None, tournament)}
    for slot, event in (
        (1, GameOver(1, at(2), "m1")),
        (3, GameOver(3, at(2.1), None, {"m2": Tallies(1, 1), "m7": Tallies(1, 2)})),
        (2, Abandon(2, "m4", at(2.2))),
        (4, GameOver(4, at(2.3), "m3")),
        (5, GameOver(5, at(7), "m5")),
        (6, Freeze(frozenset({"m3"}), at(7.5))),
    ):
        before = tournament
        tournament = apply(before, event)
        assert tournament.match(slot).status.decided
        for match in matches_to_create(before, tournament):
            assert match.slot not in created and None not in match.players
            created[match.slot] = match.players
    assert created == {1: ("m1", "m8"), 2: ("m4", "m5"), 3: ("m2", "m7"), 4: ("m3", "m6"), 5: ("m1", "m5"),
                       6: ("m7", "m3"), 7: ("m5", "m7")}
    tournament = won(tournament, 7, "m7", days=12)
    assert tournament.winner == "m7" and tournament.finalist == "m5"
