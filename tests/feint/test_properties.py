"""Invariants over random games: hypothesis picks every deployment and every command among the legal ones."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules.feint import (
    STRENGTHS,
    Deploy,
    GameState,
    Phase,
    apply,
    legal_commands,
    new_game,
    state_from_json,
    state_to_json,
    view,
)
from rules.feint.players import seat_to_answer

GAME = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(data, players: int, commands: int) -> list[GameState]:
    """The states of a game whose deployments and commands hypothesis draws."""
    state = new_game(players)
    for seat in state.seats():
        home = data.draw(st.permutations(view(state, seat).home))
        state = apply(state, Deploy(seat, tuple(home[: len(STRENGTHS)])))
    states = [state]
    for _ in range(commands):
        if state.phase is not Phase.PLAY:
            break
        options = legal_commands(state, seat_to_answer(state))
        state = apply(state, data.draw(st.sampled_from(options)))
        states.append(state)
    return states


def shuffle_face_down(state: GameState, seat: int, order: list[int]) -> GameState:
    """The same position with ``seat``'s face-down strengths dealt to its face-down tokens in another order."""
    hidden = [t for t in state.tokens.values() if t.seat == seat and not t.revealed]
    strengths = [hidden[i].strength for i in order[: len(hidden)] if i < len(hidden)]
    if len(strengths) != len(hidden):
        return state
    tokens = dict(state.tokens)
    for t, s in zip(hidden, strengths, strict=True):
        tokens[t.id] = replace(t, strength=s)
    return replace(state, tokens=tokens)


@GAME
@given(data=st.data(), players=st.integers(2, 4))
def test_no_two_tokens_share_a_cell(data, players):
    for state in random_game(data, players, 150):
        alive = [t for t in state.tokens.values() if t.cell is not None]
        assert len({t.cell for t in alive}) == len(alive) == len(state.cells)
        assert all(state.cells[t.cell] == t.id for t in alive)


@GAME
@given(data=st.data(), players=st.integers(2, 4))
def test_revealed_stays_revealed_and_lost_stays_lost(data, players):
    states = random_game(data, players, 150)
    for before, after in zip(states, states[1:], strict=False):
        for tid, token in before.tokens.items():
            if token.revealed:
                assert after.tokens[tid].revealed
            if token.cell is None:
                assert after.tokens[tid].cell is None
            if after.tokens[tid].cell is None:
                assert after.tokens[tid].revealed, "every token that dies dies in a Battle, face-up"


@GAME
@given(data=st.data(), players=st.integers(2, 6))
def test_bank_stays_within_zero_and_two(data, players):
    for state in random_game(data, players, 150):
        assert all(0 <= b <= 2 for b in state.banks)
        assert 0 <= state.spent <= 2


@GAME
@given(data=st.data(), order=st.permutations(range(6)))
def test_view_unchanged_when_another_seat_shuffles_its_face_down_strengths(data, order):
    for state in random_game(data, 3, 80)[::10]:
        if state.phase is Phase.DEPLOYMENT:
            continue
        for seat in state.seats():
            for other in state.seats():
                if other != seat:
                    assert view(shuffle_face_down(state, other, order), seat) == view(state, seat)


@GAME
@given(data=st.data())
def test_a_view_never_shows_another_seats_face_down_strength(data):
    for state in random_game(data, 3, 100):
        for seat in state.seats():
            for t in view(state, seat).tokens.values():
                if t.seat != seat and not t.revealed:
                    assert t.strength is None
                else:
                    assert t.strength == state.tokens[t.id].strength


@GAME
@given(data=st.data())
def test_legal_commands_read_from_a_view_are_the_same(data):
    for state in random_game(data, 2, 100):
        if state.phase is Phase.PLAY:
            seat = seat_to_answer(state)
            assert legal_commands(view(state, seat), seat) == legal_commands(state, seat)


@GAME
@given(data=st.data())
def test_pools_are_what_face_down_tokens_can_still_be(data):
    """ "The strengths a player has been forced to show, subtracted from 0 1 2 2 3 4, are exactly what
    their face-down tokens can still be." """
    for state in random_game(data, 2, 150)[1:]:
        for seat in state.seats():
            hidden = sorted(t.strength for t in state.tokens.values() if t.seat == seat and not t.revealed)
            assert list(view(state, 3 - seat).pool(seat)) == hidden


@GAME
@given(data=st.data(), players=st.integers(2, 3))
def test_state_round_trips_through_json(data, players):
    for state in random_game(data, players, 120)[::7]:
        stored = json.loads(json.dumps(state_to_json(state)))
        assert state_from_json(stored) == state
