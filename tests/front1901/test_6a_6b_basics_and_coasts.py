"""DATC 6.A (basic checks) and 6.B (coastal issues), on positions of our own."""

from __future__ import annotations

from rules.front1901 import adjudicate_adjustments

from .helpers import board, move, position


def test_6a01_move_to_non_neighbour_fails() -> None:
    out = move({"ENGLAND": ["F IRI"]}, {"ENGLAND": ["F IRI - NTH"]})
    assert board(out) == {"ENGLAND F IRI"}
    assert out.results["IRI"] == "void"


def test_6a02_army_cannot_move_to_sea() -> None:
    out = move({"FRANCE": ["A BRE"]}, {"FRANCE": ["A BRE - MAO"]})
    assert out.results["BRE"] == "void" and "sea" in out.reasons["BRE"]


def test_6a03_fleet_cannot_move_to_land() -> None:
    out = move({"FRANCE": ["F MAR"]}, {"FRANCE": ["F MAR - BUR"]})
    assert board(out) == {"FRANCE F MAR"} and out.results["MAR"] == "void"


def test_6a04_move_to_own_province_is_illegal() -> None:
    out = move({"GERMANY": ["A MUN"]}, {"GERMANY": ["A MUN - MUN"]})
    assert out.results["MUN"] == "void"


def test_6a05_move_to_own_province_with_convoy_is_illegal_and_the_army_can_be_dislodged() -> None:
    out = move(
        {"FRANCE": ["A BRE", "F MAO", "A PAR"], "ENGLAND": ["F ENG", "A PIC"]},
        {
            "FRANCE": ["A BRE - BRE", "F MAO C A BRE - BRE", "A PAR S A BRE - BRE"],
            "ENGLAND": ["F ENG - BRE", "A PIC S F ENG - BRE"],
        },
    )
    assert {out.results[p] for p in ("BRE", "MAO", "PAR")} == {"dislodged", "void"}
    assert out.results["BRE"] == "dislodged"
    assert "ENGLAND F BRE" in board(out)


def test_6a06_ordering_a_unit_of_another_power_is_void() -> None:
    out = move({"ITALY": ["F NAP"]}, {"AUSTRIA": ["F NAP - ION"]})
    assert board(out) == {"ITALY F NAP"}
    assert [(v.power, v.order) for v in out.void_orders] == [("AUSTRIA", "F NAP - ION")]
    assert out.results["NAP"] == "holds"


def test_6a07_only_armies_can_be_convoyed() -> None:
    out = move({"ENGLAND": ["F LVP", "F IRI"]}, {"ENGLAND": ["F LVP - MAO", "F IRI C F LVP - MAO"]})
    assert out.results == {"LVP": "void", "IRI": "void"}


def test_6a08_a_unit_cannot_support_itself_to_hold() -> None:
    out = move(
        {"TURKEY": ["A BUL", "A SER"], "RUSSIA": ["F RUM"]},
        {"TURKEY": ["A BUL - RUM", "A SER S A BUL - RUM"], "RUSSIA": ["F RUM S F RUM"]},
    )
    assert out.results["RUM"] == "dislodged"
    assert "TURKEY A RUM" in board(out)


def test_6a09_fleets_must_follow_the_coast() -> None:
    out = move({"ITALY": ["F APU"]}, {"ITALY": ["F APU - ROM"]})
    assert out.results["APU"] == "void"


def test_6a10_support_on_an_unreachable_destination_is_void() -> None:
    out = move(
        {"ITALY": ["F NAP", "A ROM"], "AUSTRIA": ["A VEN"]},
        {"ITALY": ["F NAP S A ROM - VEN", "A ROM - VEN"], "AUSTRIA": ["A VEN H"]},
    )
    assert out.results["NAP"] == "void" and out.results["ROM"] == "bounced"


def test_6a11_simple_bounce() -> None:
    out = move({"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]})
    assert out.results == {"PAR": "bounced", "MUN": "bounced"}
    assert out.contested == {"BUR"}


def test_6a12_bounce_of_three_units() -> None:
    out = move(
        {"RUSSIA": ["A WAR"], "AUSTRIA": ["A BOH"], "GERMANY": ["A BER"]},
        {"RUSSIA": ["A WAR - SIL"], "AUSTRIA": ["A BOH - SIL"], "GERMANY": ["A BER - SIL"]},
    )
    assert set(out.results.values()) == {"bounced"}


def test_6b01_moving_without_a_coast_when_two_could_be_reached_fails() -> None:
    out = move({"FRANCE": ["F MAO"]}, {"FRANCE": ["F MAO - SPA"]})
    assert out.results["MAO"] == "void" and "two coasts" in out.reasons["MAO"]


def test_6b02_a_coast_left_out_is_filled_in_when_only_one_is_reachable() -> None:
    out = move({"FRANCE": ["F GAS"]}, {"FRANCE": ["F GAS - SPA"]})
    assert board(out) == {"FRANCE F SPA/NC"}


def test_6b03_moving_to_the_wrong_coast_fails() -> None:
    out = move({"FRANCE": ["F MAR"]}, {"FRANCE": ["F MAR - SPA/NC"]})
    assert out.results["MAR"] == "void"


def test_6b04_support_into_a_coast_the_supporter_cannot_reach_is_allowed() -> None:
    out = move(
        {"FRANCE": ["F MAO", "F LYO"], "ITALY": ["F WES"]},
        {"FRANCE": ["F MAO - SPA/NC", "F LYO S F MAO - SPA/NC"], "ITALY": ["F WES - SPA/SC"]},
    )
    assert "FRANCE F SPA/NC" in board(out)
    assert out.results["WES"] == "bounced"


def test_6b05_support_from_a_coast_that_cannot_reach_is_void() -> None:
    out = move(
        {"FRANCE": ["F SPA/NC", "F WES"], "ITALY": ["F LYO"]},
        {"FRANCE": ["F SPA/NC S F WES - LYO", "F WES - LYO"], "ITALY": ["F LYO H"]},
    )
    assert out.results["SPA"] == "void" and out.results["WES"] == "bounced"


def test_6b06_support_can_be_cut_from_the_other_coast() -> None:
    out = move(
        {"ENGLAND": ["F NAO", "F IRI"], "FRANCE": ["F SPA/NC", "F MAO"], "ITALY": ["F WES"]},
        {
            "ENGLAND": ["F NAO - MAO", "F IRI S F NAO - MAO"],
            "FRANCE": ["F SPA/NC S F MAO", "F MAO H"],
            "ITALY": ["F WES - SPA/SC"],
        },
    )
    assert out.results["SPA"] == "cut" and out.results["MAO"] == "dislodged"


def test_6b07_support_without_a_coast_matches_either_coast() -> None:
    out = move(
        {"FRANCE": ["F POR", "F MAO"], "ITALY": ["F LYO", "F WES"]},
        {"FRANCE": ["F POR S F MAO - SPA", "F MAO - SPA/SC"], "ITALY": ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"]},
    )
    assert out.results == {"POR": "supports", "MAO": "bounced", "LYO": "supports", "WES": "bounced"}


def test_6b09_support_naming_the_other_coast_is_void() -> None:
    out = move(
        {"FRANCE": ["F POR", "F MAO"], "ITALY": ["F LYO", "F WES"]},
        {
            "FRANCE": ["F POR S F MAO - SPA/NC", "F MAO - SPA/SC"],
            "ITALY": ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"],
        },
    )
    assert out.results["POR"] == "void"
    assert "ITALY F SPA/SC" in board(out)


def test_6b10_a_wrong_coast_on_the_ordered_unit_is_ignored() -> None:
    out = move({"RUSSIA": ["F STP/SC"]}, {"RUSSIA": ["F STP/NC - BOT"]})
    assert board(out) == {"RUSSIA F BOT"}


def test_6b11_a_fleet_cannot_change_coast_by_naming_it() -> None:
    out = move({"RUSSIA": ["F STP/NC"]}, {"RUSSIA": ["F STP/SC - BOT"]})
    assert board(out) == {"RUSSIA F STP/NC"} and out.results["STP"] == "void"


def test_6b12_an_army_moving_to_a_coast_goes_to_the_province() -> None:
    out = move({"TURKEY": ["A CON"]}, {"TURKEY": ["A CON - BUL/EC"]})
    assert board(out) == {"TURKEY A BUL"}


def test_6b13_coastal_crawl_is_a_head_to_head_battle() -> None:
    out = move({"FRANCE": ["F SPA/SC", "F POR"]}, {"FRANCE": ["F SPA/SC - POR", "F POR - SPA/NC"]})
    assert out.results == {"SPA": "bounced", "POR": "bounced"}


def test_6b14_building_a_fleet_in_st_petersburg_needs_a_coast() -> None:
    start = position({"RUSSIA": ["A MOS"]}, "W1901A", {"RUSSIA": ["MOS", "STP"]})
    out = adjudicate_adjustments(start, {"RUSSIA": ["Build F stp"]})
    assert set(out.units) == {"MOS"}
    assert "coast" in out.void_orders[0].reason
    built = adjudicate_adjustments(start, {"RUSSIA": ["F STP/NC B"]})
    assert str(built.units["STP"]) == "F STP/NC" and built.results == {"STP": "built"}
