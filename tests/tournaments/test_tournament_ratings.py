"""The ratings a decided match moves.

"A match counts for the game's rating like a duel"; "Each match moves the game's Glicko-2 rating and the common Elo
like a duel; a frozen player's forfeit moves only the Elo"; "Both players of a match frozen: the match is void, with
no Elo change"; "between linked accounts the result stands, unrated".
"""

from __future__ import annotations

from gameserver.platform.duels import DuelRatingChanges
from gameserver.platform.ratings import EloChange, EloRating, Glicko2Rating, rate_elo, rate_game
from gameserver.platform.tournaments import (
    Abandon,
    Freeze,
    GameOver,
    MatchUnrated,
    NoOrders,
    RatingMoves,
    RoundDeadlinePasses,
    Tallies,
    apply,
    rate_match,
    rating_moves,
    rating_verdict,
)
from tournament_builders import at, drawn, full, won

GAME = {member: Glicko2Rating() for member in ("m1", "m8")}
ELO = {"m1": EloRating(1600, 40), "m8": EloRating(1450, 3)}


def test_a_won_match_moves_the_game_rating_and_the_elo_like_a_duel() -> None:
    match = won(full(), 1, "m8").match(1)
    assert rating_moves(match, linked=False) == RatingMoves(game=True, elo=True, scores={"m1": 0.0, "m8": 1.0})
    game_m1, game_m8 = rate_game(GAME["m1"], GAME["m8"], 0.0)
    elo_m1, elo_m8 = rate_elo(ELO["m1"], ELO["m8"], 0.0)
    assert rate_match(match, False, GAME, ELO) == DuelRatingChanges({"m1": game_m1, "m8": game_m8},
                                                                    {"m1": elo_m1, "m8": elo_m8})


def test_a_drawn_game_is_a_draw_for_the_ratings_whoever_the_tiebreak_sent_on() -> None:
    match = drawn(full(), 1, {"m1": Tallies(0, 0), "m8": Tallies(5, 0)}).match(1)
    assert match.winner == "m8"
    moves = rating_moves(match, linked=False)
    assert moves is not None and moves.scores == {"m1": 0.5, "m8": 0.5} and moves.rated_duel


def test_abandoning_is_a_rated_forfeit() -> None:
    match = apply(full(), Abandon(1, "m1", at(2))).match(1)
    assert rating_moves(match, False) == RatingMoves(True, True, {"m1": 0.0, "m8": 1.0})


def test_a_frozen_players_forfeit_moves_only_the_elo() -> None:
    match = apply(full(), Freeze(frozenset({"m1"}), at(2))).match(1)
    moves = rating_moves(match, False)
    assert moves == RatingMoves(game=False, elo=True, scores={"m1": 0.0, "m8": 1.0}) and not moves.rated_duel
    changes = rate_match(match, False, {}, ELO)
    assert changes is not None and changes.game == {}
    assert changes.elo == dict(zip(("m1", "m8"), rate_elo(ELO["m1"], ELO["m8"], 0.0), strict=True))
    assert changes.elo["m8"] != EloChange(0)


def test_both_players_frozen_no_elo_change() -> None:
    match = apply(full(), Freeze(frozenset({"m1", "m8"}), at(2))).match(1)
    assert rating_verdict(match, False) is MatchUnrated.NO_RESULT and rate_match(match, False, GAME, ELO) is None


def test_between_linked_accounts_the_result_stands_unrated() -> None:
    tournament = won(full(), 1, "m8")
    assert tournament.match(5).players == ("m8", None)  # the result stands: m8 goes on
    assert rating_verdict(tournament.match(1), linked=True) is MatchUnrated.LINKED_ACCOUNTS
    assert rate_match(tournament.match(1), True, GAME, ELO) is None


def test_orders_faster_than_a_human_move_no_rating() -> None:
    match = apply(full(), GameOver(1, at(2), "m1", too_fast=frozenset({"m1"}))).match(1)
    assert match.winner == "m8" and rating_verdict(match, False) is MatchUnrated.FASTER_THAN_A_HUMAN


def test_void_walkover_and_deadline_matches_move_nothing() -> None:
    tournament = apply(full(), NoOrders(1, at(2)))
    tournament = won(tournament, 2, "m4")
    tournament = apply(tournament, RoundDeadlinePasses(3, at(6), {"m2": Tallies(1, 1), "m7": Tallies(1, 1)}))
    for slot in (1, 5, 3):
        assert rating_verdict(tournament.match(slot), False) is MatchUnrated.NO_RESULT
    assert rating_verdict(tournament.match(4), False) is MatchUnrated.NOT_DECIDED
