"""Void orders keep their reasons when the engine writes them only on reading (the search reads none)."""

from __future__ import annotations

from rules.front1901 import VoidOrder, parse_order, play, starting_position


def test_orders_for_units_the_power_does_not_have_are_void_with_their_reason() -> None:
    given = {"FRANCE": ["A MUN - BUR", "F PAR H", "A PIC - BEL", parse_order("A SPA H")], "ENGLAND": ["F LON - NTH"]}
    played = play(starting_position(), given)
    assert played.void_orders == [
        VoidOrder("FRANCE", "A MUN - BUR", "the unit in MUN belongs to GERMANY"),
        VoidOrder("FRANCE", "F PAR H", "no fleet in PAR"),
        VoidOrder("FRANCE", "A PIC - BEL", "no army in PIC"),
        VoidOrder("FRANCE", "A SPA H", "no army in SPA"),
    ]
    assert [(v.power, v.order, v.reason) for v in played.void_orders][1] == ("FRANCE", "F PAR H", "no fleet in PAR")
    assert played.results["F LON"] == "moves"


def test_a_move_to_a_province_not_next_door_is_void_with_the_rule_it_breaks() -> None:
    played = play(starting_position(), {"FRANCE": ["A PAR - MOS"]})
    assert played.results["A PAR"] == "void"
    assert played.reasons["A PAR"] == "MOS is not next to PAR and no fleets could convoy"
