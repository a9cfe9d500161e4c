"""Scenarios quoted from the rules text and the spec, one rule each."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rules.feint import (
    Charge,
    EndTurn,
    IllegalCommandError,
    Phase,
    Reason,
    Retreat,
    Stand,
    Step,
    TwoStep,
    apply,
    defence_bonus,
    expire,
    flanking_bonus,
    legal_commands,
)

from .helpers import FAR_1, FAR_2, position, tok


def fight(tokens, attackers, target, banks=None):
    """Charges and, if the defender is asked, stands."""
    state = position(tokens, banks=banks or {1: 2, 2: 0})
    state = apply(state, Charge(1, tuple(attackers), target))
    if state.pending is not None:
        state = apply(state, Stand(2))
    return state


class TestFlankingBonus:
    """ "Flanking bonus (two attackers only), by how many of the defender's six edges lie between the two
    attackers: neighbours of each other +0, two edges apart +1, opposite +2." """

    def test_values(self):
        assert flanking_bonus((0, 0), [(1, 0), (1, -1)]) == 0
        assert flanking_bonus((0, 0), [(1, 0), (0, -1)]) == 1
        assert flanking_bonus((0, 0), [(1, 0), (-1, 0)]) == 2
        assert flanking_bonus((0, 0), [(1, 0)]) == 0

    @pytest.mark.parametrize(
        ("second", "wins"),
        [((1, -1), False), ((0, -1), True), ((-1, 0), True)],
        ids=["one-edge-ties", "two-edges-wins", "opposite-wins"],
    )
    def test_two_ones_against_a_two(self, second, wins):
        tokens = [tok("a1", 1, (1, 0), 1), tok("a1x", 1, second, 1), tok("b2", 2, (0, 0), 2), FAR_1, FAR_2]
        state = fight(tokens, ["a1", "a1x"], "b2")
        assert (state.tokens["b2"].cell is None) is wins
        assert (state.tokens["a1"].cell is None) is not wins

    def test_opposite_attackers_beat_a_three_with_two_ones(self):
        tokens = [tok("a1", 1, (1, 0), 1), tok("a1x", 1, (-1, 0), 1), tok("b3", 2, (0, 0), 3), FAR_2]
        report = fight(tokens, ["a1", "a1x"], "b3").last_report
        assert report is not None and (report.attack, report.defence, report.flanking_bonus) == (4, 3, 2)


class TestDefenceBonus:
    """ "Defence bonus: +1 when at least one friendly token of the defender stands next to it." """

    def test_friend_next_to_the_defender(self):
        state = position([tok("a3", 1, (1, 0), 3), tok("b2", 2, (0, 0), 2), tok("b1", 2, (-1, 0), 1)])
        assert defence_bonus(state.tokens["b2"], state.tokens, state.cells, 5) == 1

    def test_one_bonus_however_many_friends(self):
        tokens = [tok("a3", 1, (1, 0), 3), tok("b2", 2, (0, 0), 2), tok("b1", 2, (-1, 0), 1), tok("b0", 2, (0, 1), 0)]
        state = position(tokens)
        assert defence_bonus(state.tokens["b2"], state.tokens, state.cells, 5) == 1

    def test_bonus_turns_a_win_into_a_tie(self):
        alone = fight([tok("a3", 1, (1, 0), 3), tok("b2", 2, (0, 0), 2), FAR_2], ["a3"], "b2")
        backed = fight(
            [tok("a3", 1, (1, 0), 3), tok("b2", 2, (0, 0), 2), tok("b1", 2, (-1, 0), 1), FAR_1], ["a3"], "b2"
        )
        assert alone.tokens["b2"].cell is None
        assert backed.tokens["a3"].cell is None and backed.tokens["b2"].cell == (0, 0)


def test_ties_go_to_the_defender():
    state = fight([tok("a2", 1, (1, 0), 2), tok("b2", 2, (0, 0), 2), FAR_1, FAR_2], ["a2"], "b2")
    assert state.tokens["a2"].cell is None and state.tokens["b2"].cell == (0, 0)
    assert state.tokens["a2"].revealed and state.tokens["b2"].revealed


def test_two_token_flank_that_misreads_the_defender_costs_two_tokens():
    """ "The losing side loses everything it committed — so a two-token flank that misreads the defender
    costs two tokens, not one." """
    tokens = [tok("a0", 1, (1, 0), 0), tok("a1", 1, (-1, 0), 1), tok("b4", 2, (0, 0), 4), FAR_1, FAR_2]
    state = fight(tokens, ["a0", "a1"], "b4")
    assert state.tokens["a0"].cell is None and state.tokens["a1"].cell is None
    assert state.tokens["b4"].cell == (0, 0)
    assert {t.id for t in state.tokens.values() if t.revealed} == {"a0", "a1", "b4"}


def test_winner_walks_into_the_vacated_cell():
    state = fight([tok("a4", 1, (1, 0), 4), tok("b1", 2, (0, 0), 1), FAR_2], ["a4"], "b1")
    assert state.tokens["a4"].cell == (0, 0) and (1, 0) not in state.cells


class TestMoveBank:
    def test_cap_rule_must_spend_at_two(self):
        """ "Sitting on two Moves you must spend at least one." """
        state = position([tok("a2", 1, (0, 3), 2), FAR_2], banks={1: 2, 2: 1})
        with pytest.raises(IllegalCommandError) as refused:
            apply(state, EndTurn(1))
        assert refused.value.rule == "must-spend" and refused.value.command == "end_turn"
        assert EndTurn(1) not in legal_commands(state, 1)
        state = apply(state, Step(1, "a2", (0, 2)))
        assert state.bank(1) == 1 and state.to_move == 1
        state = apply(state, EndTurn(1))
        assert state.bank(1) == 2 and state.to_move == 2

    def test_bank_is_capped_at_two(self):
        """ "You bank +1 Move at the end of every turn, capped at 2": a turn let lapse at the cap adds nothing."""
        state = position([tok("a2", 1, (0, 3), 2), FAR_2], banks={1: 2, 2: 1})
        state = expire(state)
        assert state.bank(1) == 2 and state.to_move == 2

    def test_bank_one_may_pass(self):
        state = apply(position([tok("a2", 1, (0, 3), 2), FAR_2]), EndTurn(1))
        assert state.bank(1) == 2

    def test_empty_bank_passes_at_once(self):
        state = position([tok("a2", 1, (0, 3), 2), FAR_2], banks={1: 1, 2: 0})
        state = apply(state, Step(1, "a2", (0, 2)))
        assert state.to_move == 1 and state.bank(2) == 1 and state.bank(1) == 1


class TestStepThroughAFriend:
    """ "Friendly tokens can pass through each other — that is what the two-Move step through a friend is —
    but two tokens never share a cell." """

    def test_passes_through_a_friend(self):
        state = position([tok("a2", 1, (0, 2), 2), tok("a3", 1, (0, 1), 3), FAR_2], banks={1: 2, 2: 1})
        state = apply(state, TwoStep(1, "a2", (0, 1), (0, 0)))
        assert state.tokens["a2"].cell == (0, 0) and state.tokens["a3"].cell == (0, 1)
        assert state.bank(1) == 1 and state.to_move == 2

    def test_never_through_an_enemy(self):
        state = position([tok("a2", 1, (0, 2), 2), tok("b0", 2, (0, 1), 0), FAR_2], banks={1: 2, 2: 1})
        with pytest.raises(IllegalCommandError) as refused:
            apply(state, TwoStep(1, "a2", (0, 1), (0, 0)))
        assert refused.value.rule == "through-enemy"

    def test_never_onto_a_token(self):
        state = position(
            [tok("a2", 1, (0, 2), 2), tok("a3", 1, (0, 1), 3), tok("b0", 2, (0, 0), 0)], banks={1: 2, 2: 1}
        )
        with pytest.raises(IllegalCommandError) as refused:
            apply(state, TwoStep(1, "a2", (0, 1), (0, 0)))
        assert refused.value.rule == "occupied"

    def test_a_one_move_step_cannot_pass_a_friend(self):
        state = position([tok("a2", 1, (0, 2), 2), tok("a3", 1, (0, 1), 3), FAR_2])
        assert not any(isinstance(c, TwoStep) for c in legal_commands(state, 1))


class TestRetreat:
    """ "Before any of that, the defender may spend a Move to slip out to an empty adjacent cell. No Moves,
    or nowhere to go, and they cannot." """

    def test_with_a_move(self):
        state = position([tok("a3", 1, (1, 0), 3), tok("b0", 2, (0, 0), 0), FAR_2])
        state = apply(state, Charge(1, ("a3",), "b0"))
        assert state.pending is not None and state.to_move == 1
        assert Retreat(2, (-1, 0)) in legal_commands(state, 2) and Stand(2) in legal_commands(state, 2)
        state = apply(state, Retreat(2, (-1, 0)))
        assert state.tokens["b0"].cell == (-1, 0) and state.tokens["a3"].cell == (0, 0)
        assert not any(t.revealed for t in state.tokens.values())
        assert state.retreats == 1 and state.battles == 0
        assert state.last_report is not None and state.last_report.retreated_to == (-1, 0)

    def test_without_moves_the_battle_is_fought_at_once(self):
        state = position([tok("a3", 1, (1, 0), 3), tok("b0", 2, (0, 0), 0), FAR_2], banks={1: 1, 2: 0})
        state = apply(state, Charge(1, ("a3",), "b0"))
        assert state.pending is None and state.battles == 1
        assert state.tokens["b0"].cell is None and state.tokens["b0"].revealed

    def test_nowhere_to_go(self):
        ring = [(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
        tokens = [tok("a4", 1, (1, 0), 4), tok("b1", 2, (0, 0), 1)]
        tokens += [tok(f"a{i}x", 1, c, 0 if i else 1) for i, c in enumerate(ring)]
        state = apply(position(tokens, banks={1: 1, 2: 2}), Charge(1, ("a4",), "b1"))
        assert state.pending is None and state.tokens["b1"].cell is None

    def test_deadline_on_a_retreat_decision_is_a_stand(self):
        state = position([tok("a3", 1, (1, 0), 3), tok("b4", 2, (0, 0), 4), FAR_1, FAR_2])
        state = expire(apply(state, Charge(1, ("a3",), "b4")))
        assert state.tokens["a3"].cell is None and state.tokens["b4"].revealed


class TestWinning:
    def test_centre_hold_one_round_later(self):
        """ "Hold the center hex and two of its six neighbours at the start of your turn — which gives the
        table exactly one round to break the hold." """
        tokens = [tok("a4", 1, (0, 0), 4), tok("a1", 1, (1, 0), 1), tok("a0", 1, (-1, 2), 0), FAR_2]
        state = apply(position(tokens), Step(1, "a0", (-1, 1)))
        assert state.outcome is None and state.to_move == 2
        state = apply(state, EndTurn(2))
        assert state.outcome is not None and state.outcome.reason is Reason.CENTRE_HOLD
        assert state.outcome.winner == 1 and state.phase is Phase.OVER

    def test_draw_after_300_rounds(self):
        state = position([tok("a2", 1, (0, 3), 2), FAR_2])
        state = replace(state, round=300, fought_this_round=True)
        state = apply(state, EndTurn(1))
        assert state.outcome is None
        state = apply(state, EndTurn(2))
        assert state.outcome is not None and state.outcome.reason is Reason.ROUND_LIMIT
        assert state.outcome.winner == "draw" and state.outcome.winners == (1, 2)

    def test_battle_resets_the_quiet_count(self):
        state = position([tok("a4", 1, (1, 0), 4), tok("b1", 2, (0, 0), 1), FAR_2], banks={1: 1, 2: 0})
        state = replace(state, quiet_rounds=39)
        state = apply(state, Charge(1, ("a4",), "b1"))  # seat 2's empty bank passes: the round is full
        assert state.outcome is None and state.quiet_rounds == 0 and state.round == 2 and state.to_move == 1

    def test_quiet_round_without_battle_counts(self):
        state = replace(position([tok("a2", 1, (0, 3), 2), FAR_2]), quiet_rounds=39)
        state = apply(apply(state, EndTurn(1)), EndTurn(2))
        assert state.outcome is not None and state.outcome.reason is Reason.QUIET_ROUNDS
