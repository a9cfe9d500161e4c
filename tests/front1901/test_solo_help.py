"""Help on small crafted positions, figures checked by hand."""

from __future__ import annotations

import pytest
from rules.front1901 import legal_movement_orders
from rules.front1901.solo.errors import SoloError
from rules.front1901.solo.game import submit
from rules.front1901.solo.help import estimate, suggest, summary, threat_map
from rules.front1901.solo.proposals import SupportRequest

from .solo_helpers import agreement, game_at

CENTRES = {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN", "BER", "KIE", "HOL"], "ITALY": ["VEN", "ROM", "NAP"]}


def test_the_threat_map_counts_the_other_powers_units_that_reach_each_province_member_centres_first() -> None:
    # A MUN reaches BER BOH BUR KIE RUH SIL TYR; A RUH reaches BEL BUR HOL KIE MUN; A PIE reaches MAR TUS TYR VEN.
    game = game_at({"FRANCE": ["A BUR", "A PAR", "F BRE"], "GERMANY": ["A MUN", "A RUH"], "ITALY": ["A PIE"]},
                   "S1901M", CENTRES, member="FRANCE")
    threats = threat_map(game)
    first = threats[0]
    assert (first.province, first.powers, first.member_centre) == ("MAR", {"ITALY": 1}, True)
    table = {t.province: t.powers for t in threats}
    assert table["BUR"] == {"GERMANY": 2} and table["KIE"] == {"GERMANY": 2}
    assert table["TYR"] == {"GERMANY": 1, "ITALY": 1}
    assert table["MUN"] == {"GERMANY": 1} and table["BEL"] == {"GERMANY": 1}
    assert "PAR" not in table and "BRE" not in table  # nobody but France reaches them
    assert [t.province for t in threats[1:4]] == ["BUR", "KIE", "TYR"]  # two units each, then by name


def test_strength_counts_supports_drafted_and_promised_opposition_counts_every_unit_that_reaches() -> None:
    promise = agreement(1, "FRANCE", "GERMANY", SupportRequest("A RUH S A BUR - BEL"))
    game = game_at({"FRANCE": ["A BUR", "A PIC", "F BRE"], "GERMANY": ["A RUH", "A MUN", "A HOL"]},
                   "S1901M", CENTRES, [promise], member="FRANCE")
    draft = ["A BUR - BEL", "A PIC S A BUR - BEL", "F BRE - ENG", "A PIC - MUN"]
    move, support, fleet, illegal = estimate(game, draft)
    # 1, + the drafted support from PIC, + the promised one from RUH; RUH and HOL can move or support into BEL.
    assert (move.order, move.strength, move.opposition) == ("A BUR - BEL", 3, 2)
    # A support is measured where it stands: nobody else can reach Picardy, nor the Channel.
    assert (support.strength, support.opposition, support.chance) == (1, 0, 1.0)
    assert (fleet.strength, fleet.opposition, fleet.chance) == (1, 0, 1.0)
    assert (illegal.strength, illegal.chance) == (0, 0.0)
    assert 0.0 <= move.chance <= 1.0


def test_help_never_changes_the_game() -> None:
    game = game_at({"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A MUN"]}, "S1901M", CENTRES, member="FRANCE")
    before = game.to_json()
    estimate(game, ["A BUR - MUN"])
    suggest(game)
    threat_map(game)
    assert game.to_json() == before


def test_suggested_orders_are_legal_one_per_unit_each_with_a_reason() -> None:
    game = game_at({"FRANCE": ["A BUR", "A PAR", "F BRE"], "GERMANY": ["A MUN"]}, "S1901M", CENTRES, member="FRANCE")
    suggestions = suggest(game)
    legal = {o for os in legal_movement_orders(game.position).values() for o in os}
    assert sorted(s.order.split()[1] for s in suggestions) == ["BRE", "BUR", "PAR"]
    assert all(s.order in legal and s.reason for s in suggestions)


def test_the_summary_says_what_was_won_who_attacked_whom_and_what_failed() -> None:
    game = game_at({"FRANCE": ["A PIC", "A BUR"], "GERMANY": ["F BAL"]}, "F1901M", CENTRES, member="FRANCE")
    start = game.position
    _, records = submit(game, ["A PIC - BEL", "A BUR - KIE"])
    lines = summary(start, records[0], "FRANCE")
    assert "You took BEL." in lines
    assert "You attacked Germany (1 move)." in lines
    assert any(line.startswith("A BUR: void, KIE is not next to BUR") for line in lines)


def test_help_is_for_movement_phases_the_threat_map_too() -> None:
    # docs/front1901-api.md: on a retreat or an adjustment phase help is a 409 with the rule not-movement-phase.
    game = game_at({"FRANCE": ["A BUR", "A PAR", "F BRE"], "GERMANY": ["A MUN"]}, "W1901A", CENTRES, member="FRANCE")
    for ask in (threat_map, suggest, lambda g: estimate(g, [])):
        with pytest.raises(SoloError, match="help reads movement phases") as refused:
            ask(game)
        assert refused.value.rule == "not-movement-phase"
