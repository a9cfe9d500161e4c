"""The bot: plays from its seat's view only, and plays the line the rules text describes."""

from __future__ import annotations

import inspect
from dataclasses import replace

import pytest
from rules.feint import (
    Bot,
    Charge,
    EndTurn,
    Phase,
    Retreat,
    SeatView,
    Stand,
    Step,
    apply,
    legal_commands,
    new_game,
    view,
)
from rules.feint.players import RandomPlayer, play_game, seat_to_answer

from .helpers import FAR_2, position, tok


def charged(tokens, attackers, target, banks=None, players=2):
    state = position(tokens, banks=banks, players=players)
    return apply(state, Charge(1, tuple(attackers), target))


def test_every_bot_question_takes_a_view_and_nothing_else():
    for name in ("setup", "next", "defend", "pick"):
        params = list(inspect.signature(getattr(Bot, name)).parameters.values())[1:]
        assert len(params) == 1 and params[0].annotation in ("SeatView", SeatView)


def test_bot_decisions_do_not_depend_on_hidden_strengths():
    """It structurally cannot cheat: shuffling an enemy's face-down strengths changes nothing it does."""
    for seed in range(6):
        state = new_game(2)
        for seat in (1, 2):
            state = apply(state, Bot(seat, seed).setup(view(state, seat)))
        for _ in range(60):
            if state.phase is not Phase.PLAY:
                break
            seat = seat_to_answer(state)
            other = 3 - seat
            hidden = [t for t in state.tokens.values() if t.seat == other and not t.revealed]
            strengths = [t.strength for t in hidden][::-1]
            shuffled = dict(state.tokens)
            for t, s in zip(hidden, strengths, strict=True):
                shuffled[t.id] = replace(t, strength=s)
            twin = replace(state, tokens=shuffled)
            assert Bot(seat, seed).pick(view(state, seat)) == Bot(seat, seed).pick(view(twin, seat))
            state = apply(state, Bot(seat, seed).pick(view(state, seat)))


def test_setup_places_six_tokens_at_home():
    state = new_game(2)
    for seat in (1, 2):
        command = Bot(seat, 3).setup(view(state, seat))
        assert set(command.cells) <= set(view(state, seat).home) and len(set(command.cells)) == 6
        state = apply(state, command)
    assert state.phase is Phase.PLAY


def test_stands_against_a_likely_bluff():
    """Seat 1 has shown its 4, 3 and a 2: what charges now can only be a 0, 1 or 2, and a 2 with a friend holds."""
    tokens = [
        tok("a_", 1, (1, 0), 1),
        tok("a4", 1, (3, 2), 4, True),
        tok("a3", 1, (2, 2), 3, True),
        tok("a2", 1, (1, 3), 2, True),
        tok("b2", 2, (0, 0), 2),
        tok("b1", 2, (-1, 0), 1),
    ]
    state = charged(tokens, ["a_"], "b2")
    assert Bot(2).defend(view(state, 2)) == Stand(2)


def test_runs_from_a_likely_4():
    """A lone 1 charged by a full, unread pool: the charge is likely strong, so it Retreats."""
    tokens = [tok("a_", 1, (1, 0), 4), tok("b1", 2, (0, 0), 1), FAR_2]
    state = charged(tokens, ["a_"], "b1")
    answer = Bot(2).defend(view(state, 2))
    assert isinstance(answer, Retreat) and answer in legal_commands(state, 2)


def test_stands_when_it_is_the_4():
    tokens = [tok("a_", 1, (1, 0), 2), tok("b4", 2, (0, 0), 4), FAR_2]
    state = charged(tokens, ["a_"], "b4")
    assert Bot(2).defend(view(state, 2)) == Stand(2)


def test_attacks_the_seat_that_just_spent():
    """ "The strong line is therefore to attack the player who just spent": seat 2 has no Move to Retreat
    with, seat 3 has two; the bot's 4 touches one token of each and charges seat 2's."""
    tokens = [
        tok("a4", 1, (0, 0), 4),
        tok("b_", 2, (1, 0), 2),
        tok("c_", 3, (-1, 0), 2),
        tok("b_far", 2, (3, -5), 2),
        tok("c_far", 3, (-5, 3), 2),
    ]
    state = position(tokens, banks={1: 2, 2: 0, 3: 2}, players=3)
    assert Bot(1).next(view(state, 1)) == Charge(1, ("a4",), "b_")


def test_keeps_one_move_in_hand():
    """ "The sustainable rate is one action a turn with a Move always in hand." """
    tokens = [tok("a2", 1, (0, 3), 2), tok("a3", 1, (1, 3), 3), FAR_2]
    state = position(tokens, banks={1: 2, 2: 1})
    first = Bot(1).next(view(state, 1))
    assert isinstance(first, Step)
    state = apply(state, first)
    assert Bot(1).next(view(state, 1)) == EndTurn(1)


def test_on_one_move_it_banks_rather_than_spend_its_last():
    tokens = [tok("a2", 1, (0, 3), 2), tok("a3", 1, (1, 3), 3), FAR_2]
    state = position(tokens, banks={1: 1, 2: 1})
    assert Bot(1).next(view(state, 1)) == EndTurn(1)


def test_breaks_a_centre_hold():
    tokens = [
        tok("b4", 2, (0, 0), 4),
        tok("b1", 2, (1, -1), 1),
        tok("b2", 2, (0, -1), 2),
        tok("a0", 1, (2, -1), 0),
        tok("a3", 1, (0, 3), 3),
    ]
    state = position(tokens, banks={1: 1, 2: 2})
    assert Bot(1).next(view(state, 1)) == Charge(1, ("a0",), "b1")


def test_pick_answers_what_the_seat_owes():
    state = new_game(2)
    assert Bot(1).pick(view(state, 1)).kind == "deploy"
    tokens = [tok("a_", 1, (1, 0), 4), tok("b1", 2, (0, 0), 1), FAR_2]
    state = charged(tokens, ["a_"], "b1")
    assert isinstance(Bot(2).pick(view(state, 2)), Retreat | Stand)
    with pytest.raises(ValueError):
        Bot(1).pick(view(state, 1))


def test_bot_beats_a_random_player():
    won = 0
    for seed in range(10):
        bot_seat = 1 + seed % 2
        players = {bot_seat: Bot(bot_seat, seed), 3 - bot_seat: RandomPlayer(3 - bot_seat, seed)}
        final = play_game(players)
        assert final.outcome is not None
        won += final.outcome.winner == bot_seat
    assert won >= 9
