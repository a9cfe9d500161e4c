"""Setup: "You deploy six of them face-down behind your edge — strengths 0, 1, 2, 2, 3, 4"."""

from __future__ import annotations

import json
import random

import pytest
from rules.feint import (
    STRENGTHS,
    Charge,
    Deploy,
    IllegalCommandError,
    Phase,
    SetupError,
    Step,
    apply,
    expire,
    home_cells,
    new_game,
    random_deployment,
    state_from_json,
    state_to_json,
    view,
)

from .helpers import FAR_2, position, tok


def deploy_all(state, placements):
    for seat, cells in placements.items():
        state = apply(state, Deploy(seat, tuple(cells)))
    return state


def test_two_to_six_seats():
    for players in range(2, 7):
        assert new_game(players).players == players
    for players in (1, 7):
        with pytest.raises(SetupError):
            new_game(players)


def test_radius_with_fewer_than_six_home_cells_is_refused():
    with pytest.raises(SetupError, match="six"):
        new_game(2, radius=4)
    assert new_game(2, radius=6).radius == 6


def test_each_seat_starts_with_one_move():
    assert new_game(4).banks == (1, 1, 1, 1)


def test_turn_one_starts_when_all_have_deployed():
    state = new_game(2)
    state = apply(state, Deploy(1, home_cells(0)[:6]))
    assert state.phase is Phase.DEPLOYMENT and state.to_move is None
    with pytest.raises(IllegalCommandError) as refused:
        apply(state, Step(1, "1a", (0, 0)))
    assert refused.value.rule == "deployment"
    state = apply(state, Deploy(2, home_cells(3)[1:]))
    assert state.phase is Phase.PLAY and state.to_move == 1 and state.turn == 1
    assert len(state.tokens) == 12
    assert sorted(t.strength for t in state.alive(1)) == list(STRENGTHS)
    assert all(not t.revealed for t in state.tokens.values())


def test_deployments_are_secret_and_independent():
    state = apply(new_game(3), Deploy(2, home_cells(2)[:6]))
    for seat in (1, 3):
        seen = view(state, seat)
        assert seen.tokens == {} and seen.my_deployment is None
        assert seen.deployed == (False, True, False)
    assert view(state, 2).my_deployment == home_cells(2)[:6]


def test_deploy_in_any_arrangement_on_six_of_seven_cells():
    home = home_cells(0)
    state = deploy_all(new_game(2), {1: home[1:], 2: home_cells(3)[:6]})
    placed = {t.cell: t.strength for t in state.alive(1)}
    assert set(placed) == set(home[1:])
    assert [placed[c] for c in home[1:]] == list(STRENGTHS)


@pytest.mark.parametrize(
    ("cells", "rule"),
    [
        (home_cells(0)[:5], "six-tokens"),
        (home_cells(0)[:5] + home_cells(0)[:1], "one-per-cell"),
        (home_cells(0)[:5] + ((0, 0),), "home"),
        (home_cells(3)[:6], "home"),
    ],
)
def test_deployment_outside_the_rules_is_refused(cells, rule):
    with pytest.raises(IllegalCommandError) as refused:
        apply(new_game(2), Deploy(1, tuple(cells)))
    assert refused.value.rule == rule and refused.value.command == "deploy"


def test_a_seat_deploys_once():
    state = apply(new_game(2), Deploy(1, home_cells(0)[:6]))
    with pytest.raises(IllegalCommandError, match="already"):
        apply(state, Deploy(1, home_cells(0)[1:]))


def test_public_ids_do_not_tell_strengths():
    """Ids follow the cells, never the strengths: two arrangements of the same cells give the same ids."""
    cells = home_cells(0)[:6]
    a = deploy_all(new_game(2), {1: cells, 2: home_cells(3)[:6]})
    b = deploy_all(new_game(2), {1: tuple(reversed(cells)), 2: home_cells(3)[:6]})
    assert {t.id: t.cell for t in a.alive(1)} == {t.id: t.cell for t in b.alive(1)}
    assert [t.strength for t in a.alive(1)] != [t.strength for t in b.alive(1)]


def test_a_finished_game_takes_no_commands():
    state = position([tok("a4", 1, (1, 0), 4), tok("b3", 2, (0, 0), 3)], banks={1: 1, 2: 0})
    state = apply(state, Charge(1, ("a4",), "b3"))
    assert state.phase is Phase.OVER and state.outcome is not None and state.outcome.winner == 1
    with pytest.raises(IllegalCommandError) as refused:
        apply(state, Step(2, FAR_2.id, (3, -4)))
    assert refused.value.rule == "game-over"


def test_a_state_in_deployment_round_trips_through_json():
    state = apply(new_game(3), Deploy(2, home_cells(2)[:6]))
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


def test_random_deployment_is_a_legal_deal():
    state = new_game(2)
    for seat in (1, 2):
        deal = random_deployment(state, seat, random.Random(seat))
        assert set(deal.cells) <= set(home_cells(state.faces[seat - 1])) and len(set(deal.cells)) == 6
        state = apply(state, deal)
    assert state.phase is Phase.PLAY


def test_nothing_expires_during_deployment():
    with pytest.raises(IllegalCommandError) as refused:
        expire(new_game(2))
    assert refused.value.rule == "no-deadline"


def test_no_such_seat():
    with pytest.raises(IllegalCommandError) as refused:
        apply(new_game(2), Deploy(3, home_cells(0)[:6]))
    assert refused.value.rule == "no-such-seat"
