"""Duels wired to storage (moto in-process): proposal to payout, the ready room, forfeits, no orders."""

from __future__ import annotations

import pytest
from duel_world import credit_problems, join, random_orders, send
from gameserver.domain import feinthold as games
from gameserver.domain.duels import service as duels
from gameserver.errors import Conflict, NotFound
from moto_tables import STORES, store_of


@pytest.fixture(params=STORES)
def store(request):
    return store_of(request)


def balance(store, caller) -> int:
    return store.members.get_profile(caller.sub).credits


def play_out(store, clock, ann, bob, game_id: str, seed: int = 0) -> None:
    """Both members send random legal orders, 5 s after each turn opens (a human's pace), until the end."""
    for turn in range(1, 9):
        game = store.games.get(game_id)
        if game.status != "open":
            return
        assert game.step == turn
        clock.advance(5)
        send(store, clock, ann, game_id, turn, random_orders(store, ann, game_id, seed + turn))
        send(store, clock, bob, game_id, turn, random_orders(store, bob, game_id, seed + 100 + turn))
    assert store.games.get(game_id).status == "over"


def test_a_correspondence_duel_from_proposal_to_payout(store, clock, ann, bob):
    join(store, clock, ann, bob)
    proposed = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="1d", stake=30)
    assert proposed["status"] == "proposed" and balance(store, ann) == 70
    accepted = duels.accept_duel(store, clock, bob, proposed["duel_id"])
    assert accepted["status"] == "playing" and accepted["turn"] == 1, "correspondence opens turn 1 on acceptance"
    assert balance(store, bob) == 70
    play_out(store, clock, ann, bob, accepted["game_id"])
    final = duels.read_duel(store, clock, ann, proposed["duel_id"])
    assert final["status"] in ("won", "drawn")
    if final["status"] == "won":
        loser = bob if final["winner"] == ann.sub else ann
        winner = ann if loser is bob else bob
        assert (balance(store, winner), balance(store, loser)) == (130, 70)
    else:
        assert balance(store, ann) == balance(store, bob) == 100
    assert final["rating"]["rated"] is True and set(final["rating"]["elo"]) == {ann.sub, bob.sub}
    assert credit_problems(store) == []


def test_a_short_balance_gets_a_409_that_says_so(store, clock, ann, bob):
    join(store, clock, ann, bob)
    with pytest.raises(Conflict) as refused:
        duels.propose_duel(store, clock, ann, opponent=None, pace="5m", stake=101)
    assert refused.value.code == "insufficient_credits"
    duel = duels.propose_duel(store, clock, ann, opponent=None, pace="5m", stake=60)
    duels.propose_duel(store, clock, bob, opponent=None, pace="5m", stake=50)
    with pytest.raises(Conflict) as short:
        duels.accept_duel(store, clock, bob, duel["duel_id"])
    assert short.value.code == "insufficient_credits" and "balance" in short.value.message
    assert balance(store, bob) == 50 and credit_problems(store) == []


def test_the_ready_room_closes_after_30_minutes_and_returns_the_stakes(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=None, pace="blitz", stake=10)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    duels.ready(store, clock, ann, duel["duel_id"])
    clock.advance(29 * 60 + 59)
    assert duels.sweep(store, clock) == {}
    assert duels.close_ready_room(store, clock, duel["duel_id"]) == "early"
    clock.advance(1)
    assert duels.sweep(store, clock) == {"cancelled": 1}
    assert duels.close_ready_room(store, clock, duel["duel_id"]) == "stale", "a late timer changes nothing"
    assert balance(store, ann) == balance(store, bob) == 100 and credit_problems(store) == []


def test_both_ready_starts_a_blitz_game_with_120_seconds_for_turn_1(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="blitz", stake=0)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    duels.ready(store, clock, bob, duel["duel_id"])
    clock.advance(60)
    started = duels.ready(store, clock, ann, duel["duel_id"])
    assert started["status"] == "playing" and started["turn"] == 1
    game = store.games.get(duel["duel_id"])
    assert (game.mode, game.pace, game.deadline) == ("duel", "blitz", "2026-11-30T09:03:00Z")


def test_abandoning_before_anyone_sent_orders_is_still_a_forfeit_won_rated_and_paid(store, clock, ann, bob):
    """specs/platform.md: "abandoning it before anyone sent orders is still a forfeit ('Abandoning means losing
    the duel by forfeit'; otherwise a member escapes a bad layout for free)": not the no-orders cancellation."""
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="2d", stake=20)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    clock.advance(10)
    assert not any(s.sent for s in store.games.get(duel["duel_id"]).submissions.values()), "nobody has sent"
    over = duels.abandon(store, clock, ann, duel["duel_id"])
    assert (over["status"], over["winner"], over["ending"]) == ("won", bob.sub, "forfeit")
    assert (balance(store, ann), balance(store, bob)) == (80, 120), "the winner takes both stakes"
    assert over["rating"]["rated"] is True, "rated like any finished duel"
    assert over["rating"]["elo"][bob.sub] > 0 > over["rating"]["elo"][ann.sub], "the forfeit moves the Elo"
    assert float(over["rating"]["game"][bob.sub]["rating"]) > 0 > float(over["rating"]["game"][ann.sub]["rating"])
    assert credit_problems(store) == []


def test_abandoning_is_a_forfeit_and_the_other_takes_both_stakes(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="2d", stake=20)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    clock.advance(10)
    send(store, clock, ann, duel["duel_id"], 1)
    over = duels.abandon(store, clock, ann, duel["duel_id"])
    assert (over["status"], over["winner"], over["ending"]) == ("won", bob.sub, "forfeit")
    assert (balance(store, ann), balance(store, bob)) == (80, 120)
    game = store.games.get(duel["duel_id"])
    assert game.status == "over" and game.players[game.winner] == bob.sub
    mine = games.read_game(store, clock, ann, duel["duel_id"])
    assert mine["status"] == "over" and mine["view"]["over"] is True
    record = games.game_record(store, clock, ann, duel["duel_id"])
    assert record["record"]["winner"] == game.winner and len(record["turns"]) == 0, "no turn was resolved"
    with pytest.raises(Conflict):
        duels.abandon(store, clock, bob, duel["duel_id"])
    assert credit_problems(store) == []


def test_nobody_sending_orders_for_two_turns_cancels_the_duel(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="1d", stake=25)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    for _ in range(2):
        clock.advance(86_400)
        duels.sweep(store, clock)
    final = duels.read_duel(store, clock, bob, duel["duel_id"])
    assert (final["status"], final["ending"], final["turns_passed"]) == ("cancelled", "no-orders", 2)
    game = store.games.get(duel["duel_id"])
    assert game.status == "over"
    assert (game.stopped.reason, game.stopped.by) == ("forfeit", "rules"), "the game's stop, by the duel's rules"
    assert games.game_record(store, clock, bob, duel["duel_id"])["record"]["winner"] is None
    assert balance(store, ann) == balance(store, bob) == 100 and credit_problems(store) == []


def test_a_duel_is_proposed_to_a_member_not_to_a_name_nobody_has(store, clock, ann):
    join(store, clock, ann)
    with pytest.raises(NotFound) as unknown:
        duels.propose_duel(store, clock, ann, opponent="nobody-sub", pace="1d", stake=10)
    assert unknown.value.field == "opponent" and balance(store, ann) == 100
