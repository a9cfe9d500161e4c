"""DATC 6.C (circular movement), 6.D (supports and dislodges), 6.E (head-to-head battles), our own positions."""

from __future__ import annotations

from .helpers import board, move


def test_6c01_three_army_circular_movement() -> None:
    out = move({"AUSTRIA": ["A VIE", "A BUD", "A GAL"]}, {"AUSTRIA": ["A VIE - BUD", "A BUD - GAL", "A GAL - VIE"]})
    assert board(out) == {"AUSTRIA A BUD", "AUSTRIA A GAL", "AUSTRIA A VIE"}
    assert set(out.results.values()) == {"moves"}


def test_6c02_three_army_circular_movement_with_support() -> None:
    out = move(
        {"AUSTRIA": ["A VIE", "A BUD", "A GAL", "A BOH"]},
        {"AUSTRIA": ["A VIE - BUD", "A BUD - GAL", "A GAL - VIE", "A BOH S A GAL - VIE"]},
    )
    assert out.results == {"VIE": "moves", "BUD": "moves", "GAL": "moves", "BOH": "supports"}


def test_6c03_a_disrupted_three_army_circular_movement() -> None:
    out = move(
        {"AUSTRIA": ["A VIE", "A BUD", "A GAL", "A TYR"]},
        {"AUSTRIA": ["A VIE - BUD", "A BUD - GAL", "A GAL - VIE", "A TYR - VIE"]},
    )
    assert set(out.results.values()) == {"bounced"}


def test_6c06_two_armies_swap_with_two_convoys() -> None:
    out = move(
        {"ENGLAND": ["A EDI", "F NTH"], "RUSSIA": ["A NWY", "F NWG"]},
        {"ENGLAND": ["A EDI - NWY", "F NTH C A EDI - NWY"], "RUSSIA": ["A NWY - EDI", "F NWG C A NWY - EDI"]},
    )
    assert {"ENGLAND A NWY", "RUSSIA A EDI"} <= board(out)


def test_6c07_a_swap_by_convoy_disrupted_by_a_third_army() -> None:
    out = move(
        {"ENGLAND": ["A EDI", "F NTH"], "RUSSIA": ["A NWY", "F NWG", "A SWE"]},
        {
            "ENGLAND": ["A EDI - NWY", "F NTH C A EDI - NWY"],
            "RUSSIA": ["A NWY - EDI", "F NWG C A NWY - EDI", "A SWE - NWY"],
        },
    )
    assert {"ENGLAND A EDI", "RUSSIA A NWY", "RUSSIA A SWE"} <= board(out)


def test_6d01_supported_hold_can_prevent_dislodgement() -> None:
    out = move(
        {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN", "A RUH"]},
        {"FRANCE": ["A BUR H", "A PAR S A BUR"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]},
    )
    assert out.results == {"BUR": "holds", "PAR": "supports", "MUN": "bounced", "RUH": "supports"}


def test_6d02_a_move_cuts_support_on_hold() -> None:
    out = move(
        {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN", "A RUH"], "ENGLAND": ["A PIC"]},
        {
            "FRANCE": ["A BUR H", "A PAR S A BUR"],
            "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
            "ENGLAND": ["A PIC - PAR"],
        },
    )
    assert out.results["PAR"] == "cut" and out.results["BUR"] == "dislodged"


def test_6d03_a_move_cuts_support_on_move() -> None:
    out = move(
        {"GERMANY": ["A MUN", "A RUH"], "FRANCE": ["A BUR", "A BEL"]},
        {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"], "FRANCE": ["A BUR H", "A BEL - RUH"]},
    )
    assert out.results["RUH"] == "cut" and out.results["MUN"] == "bounced"


def test_6d04_support_to_hold_on_a_unit_supporting_a_hold_is_allowed() -> None:
    out = move(
        {"ITALY": ["A VEN", "A ROM"], "AUSTRIA": ["A TRI", "A TYR"]},
        {"ITALY": ["A VEN S A ROM", "A ROM S A VEN"], "AUSTRIA": ["A TRI - VEN", "A TYR S A TRI - VEN"]},
    )
    assert "ITALY A VEN" in board(out) and out.results["TRI"] == "bounced"


def test_6d07_support_to_hold_on_a_moving_unit_is_not_allowed() -> None:
    out = move(
        {"ITALY": ["A VEN", "A ROM"], "AUSTRIA": ["A TRI", "A TYR"], "FRANCE": ["A PIE"]},
        {
            "ITALY": ["A VEN - TUS", "A ROM S A VEN"],
            "AUSTRIA": ["A TRI - VEN", "A TYR S A TRI - VEN"],
            "FRANCE": ["A PIE - TUS"],
        },
    )
    assert out.results["ROM"] == "void" and out.results["VEN"] == "dislodged"


def test_6d08_a_failed_convoy_cannot_receive_hold_support() -> None:
    out = move(
        {"TURKEY": ["A SMY", "A CON", "F AEG"], "RUSSIA": ["A ARM", "A ANK"]},
        {"TURKEY": ["A SMY - GRE", "A CON S A SMY", "F AEG H"], "RUSSIA": ["A ARM - SMY", "A ANK S A ARM - SMY"]},
    )
    assert out.results["CON"] == "void" and out.results["SMY"] == "dislodged"
    assert "dislodged by the unit from ARM" in out.reasons["SMY"]


def test_6d10_self_dislodgement_is_prohibited() -> None:
    out = move(
        {"FRANCE": ["A PAR", "A BUR", "A GAS"]}, {"FRANCE": ["A PAR H", "A BUR - PAR", "A GAS S A BUR - PAR"]}
    )
    assert out.results["BUR"] == "bounced" and "FRANCE A PAR" in board(out)


def test_6d12_supporting_a_foreign_unit_to_dislodge_your_own_is_prohibited() -> None:
    out = move(
        {"FRANCE": ["A PAR", "A GAS"], "GERMANY": ["A BUR"]},
        {"FRANCE": ["A PAR H", "A GAS S A BUR - PAR"], "GERMANY": ["A BUR - PAR"]},
    )
    assert out.results["BUR"] == "bounced"
    assert out.battles["PAR"].attacks["BUR"] == 1


def test_6d14_supporting_a_foreign_unit_does_not_stop_a_stronger_attack() -> None:
    out = move(
        {"FRANCE": ["A PAR", "A GAS"], "GERMANY": ["A BUR", "A PIC"]},
        {"FRANCE": ["A PAR H", "A GAS S A BUR - PAR"], "GERMANY": ["A BUR - PAR", "A PIC S A BUR - PAR"]},
    )
    assert out.results["PAR"] == "dislodged"


def test_6d15_the_defender_cannot_cut_support_for_the_attack_on_itself() -> None:
    out = move(
        {"ENGLAND": ["F LON", "F NTH"], "FRANCE": ["F ENG"]},
        {"ENGLAND": ["F LON S F NTH - ENG", "F NTH - ENG"], "FRANCE": ["F ENG - LON"]},
    )
    assert out.results == {"LON": "supports", "NTH": "moves", "ENG": "dislodged"}


def test_6d17_dislodgement_cuts_support() -> None:
    out = move(
        {"ENGLAND": ["F LON", "F NTH"], "FRANCE": ["F ENG", "A WAL", "F BRE"]},
        {
            "ENGLAND": ["F LON S F NTH - ENG", "F NTH - ENG"],
            "FRANCE": ["F ENG - LON", "A WAL S F ENG - LON", "F BRE - ENG"],
        },
    )
    assert out.results["LON"] == "dislodged" and out.results["NTH"] == "bounced"


def test_6d20_a_unit_cannot_cut_support_of_its_own_power() -> None:
    out = move(
        {"ITALY": ["F NAP", "F TYS", "A ROM"], "FRANCE": ["F ION"]},
        {"ITALY": ["F NAP S F TYS - ION", "F TYS - ION", "A ROM - NAP"], "FRANCE": ["F ION H"]},
    )
    assert out.results["NAP"] == "supports" and out.results["ION"] == "dislodged"


def test_6d28_an_impossible_move_still_holds_and_can_be_supported() -> None:
    out = move(
        {"AUSTRIA": ["A SER"], "RUSSIA": ["F RUM"], "TURKEY": ["F BLA", "A BUL"]},
        {"AUSTRIA": ["A SER S F RUM"], "RUSSIA": ["F RUM - HOL"], "TURKEY": ["F BLA - RUM", "A BUL S F BLA - RUM"]},
    )
    assert out.results["RUM"] == "void" and out.results["BLA"] == "bounced"


def test_6d34_support_targeting_its_own_province_is_void() -> None:
    out = move(
        {"GERMANY": ["A BER", "A SIL", "F BAL"], "ITALY": ["A PRU"], "RUSSIA": ["A WAR", "A LVN"]},
        {
            "GERMANY": ["A BER - PRU", "A SIL S A BER - PRU", "F BAL S A BER - PRU"],
            "ITALY": ["A PRU S A LVN - PRU"],
            "RUSSIA": ["A WAR S A LVN - PRU", "A LVN - PRU"],
        },
    )
    assert out.results["PRU"] == "dislodged"
    assert out.results["LVN"] == "bounced" and "GERMANY A PRU" in board(out)


def test_6e01_a_dislodged_unit_has_no_effect_on_the_attackers_area() -> None:
    out = move(
        {"FRANCE": ["A PAR", "A BRE", "A GAS"], "GERMANY": ["A BUR"]},
        {"FRANCE": ["A PAR - BUR", "A BRE - PAR", "A GAS S A PAR - BUR"], "GERMANY": ["A BUR - PAR"]},
    )
    assert out.results == {"PAR": "moves", "BRE": "moves", "GAS": "supports", "BUR": "dislodged"}


def test_6e02_no_self_dislodgement_in_a_head_to_head_battle() -> None:
    out = move(
        {"FRANCE": ["A PAR", "A BUR", "A GAS"]}, {"FRANCE": ["A PAR - BUR", "A BUR - PAR", "A GAS S A PAR - BUR"]}
    )
    assert set(out.results.values()) == {"bounced", "supports"}


def test_6e03_no_help_in_dislodging_your_own_unit_head_to_head() -> None:
    out = move(
        {"FRANCE": ["A PAR", "A GAS"], "GERMANY": ["A BUR"]},
        {"FRANCE": ["A PAR - BUR", "A GAS S A BUR - PAR"], "GERMANY": ["A BUR - PAR"]},
    )
    assert out.results["PAR"] == "bounced" and out.results["BUR"] == "bounced"
    assert out.battles["PAR"].defend == 1


def test_6e04_a_non_dislodged_loser_still_has_effect() -> None:
    out = move(
        {"GERMANY": ["A MUN", "A RUH"], "FRANCE": ["A BUR", "A PAR"], "ITALY": ["A MAR", "A GAS"]},
        {
            "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
            "FRANCE": ["A BUR - MUN", "A PAR S A BUR - MUN"],
            "ITALY": ["A MAR - BUR", "A GAS S A MAR - BUR"],
        },
    )
    assert "FRANCE A BUR" in board(out)
    assert {out.results[p] for p in ("MUN", "BUR", "MAR")} == {"bounced"}


def test_6e15_the_friendly_head_to_head_battle() -> None:
    out = move(
        {"FRANCE": ["A BUR", "A RUH", "A TYR"], "GERMANY": ["A MUN", "A PAR", "A MAR"]},
        {
            "FRANCE": ["A BUR - MUN", "A RUH S A BUR - MUN", "A TYR S A BUR - MUN"],
            "GERMANY": ["A MUN - BUR", "A PAR S A MUN - BUR", "A MAR S A MUN - BUR"],
        },
    )
    assert out.results["BUR"] == "bounced" and out.results["MUN"] == "bounced"
    assert not out.dislodged


def test_no_self_dislodgement_even_with_foreign_support() -> None:
    """"You can never dislodge your own unit": a foreign support does not change it (6.D.10 with a Russian
    supporter, a case the DATC file leaves to the property test)."""
    out = move(
        {"GERMANY": ["A BER", "F KIE"], "RUSSIA": ["A PRU", "A SIL"]},
        {"GERMANY": ["A BER H", "F KIE - BER"], "RUSSIA": ["A PRU S F KIE - BER", "A SIL S F KIE - BER"]},
    )
    assert out.results["KIE"] == "bounced" and out.results["BER"] == "holds"
    assert not out.dislodged
    assert board(out) == {"GERMANY A BER", "GERMANY F KIE", "RUSSIA A PRU", "RUSSIA A SIL"}
