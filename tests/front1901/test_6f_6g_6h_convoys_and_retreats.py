"""DATC 6.F (convoys), 6.G (convoying to adjacent places), 6.H (retreating), on positions of our own."""

from __future__ import annotations

from rules.front1901 import Dislodgement, Phase, Position, adjudicate_retreats
from rules.front1901.position import units_from_json

from .helpers import board, move, position


def test_6f01_no_convoy_from_a_coast() -> None:
    out = move(
        {"ITALY": ["A TUN", "F NAP", "F ROM"]},
        {"ITALY": ["A TUN - TUS", "F NAP C A TUN - TUS", "F ROM C A TUN - TUS"]},
    )
    assert out.results == {"TUN": "void", "NAP": "void", "ROM": "void"}


def test_6f02_a_convoyed_army_can_bounce() -> None:
    out = move(
        {"ENGLAND": ["A LON", "F ENG"], "FRANCE": ["A PAR"]},
        {"ENGLAND": ["A LON - PIC", "F ENG C A LON - PIC"], "FRANCE": ["A PAR - PIC"]},
    )
    assert out.results["LON"] == "bounced" and out.results["PAR"] == "bounced"
    assert out.contested == {"PIC"}


def test_6f03_a_convoyed_army_can_receive_support() -> None:
    out = move(
        {"ENGLAND": ["A LON", "F ENG", "F NTH"], "FRANCE": ["A BUR"]},
        {"ENGLAND": ["A LON - BEL", "F ENG C A LON - BEL", "F NTH S A LON - BEL"], "FRANCE": ["A BUR - BEL"]},
    )
    assert "ENGLAND A BEL" in board(out)


def test_6f04_an_attacked_convoy_is_not_disrupted() -> None:
    out = move(
        {"ITALY": ["A TUN", "F TYS"], "FRANCE": ["F LYO"]},
        {"ITALY": ["A TUN - ROM", "F TYS C A TUN - ROM"], "FRANCE": ["F LYO - TYS"]},
    )
    assert out.results == {"TUN": "moves", "TYS": "convoys", "LYO": "bounced"}


def test_6f06_a_dislodged_convoy_does_not_cut_support() -> None:
    out = move(
        {"ITALY": ["A TUN", "F TYS"], "FRANCE": ["F LYO", "F WES"], "AUSTRIA": ["A ROM", "A NAP"]},
        {
            "ITALY": ["A TUN - NAP", "F TYS C A TUN - NAP"],
            "FRANCE": ["F LYO - TYS", "F WES S F LYO - TYS"],
            "AUSTRIA": ["A ROM H", "A NAP S A ROM"],
        },
    )
    assert out.results["TYS"] == "dislodged"
    assert out.results["TUN"] == "no-convoy"
    assert out.results["NAP"] == "supports"


def test_6f07_a_dislodged_convoy_does_not_leave_a_contested_province() -> None:
    out = move(
        {"ITALY": ["A TUN", "F TYS"], "FRANCE": ["F LYO", "F WES"]},
        {"ITALY": ["A TUN - ROM", "F TYS C A TUN - ROM"], "FRANCE": ["F LYO - TYS", "F WES S F LYO - TYS"]},
    )
    assert "ROM" in out.dislodged["TYS"].retreats
    assert not out.contested


def test_6f09_dislodging_one_fleet_of_a_two_route_convoy_does_not_stop_it() -> None:
    out = move(
        {"ITALY": ["A TUN", "F TYS", "F ION"], "FRANCE": ["F LYO", "F WES"]},
        {
            "ITALY": ["A TUN - NAP", "F TYS C A TUN - NAP", "F ION C A TUN - NAP"],
            "FRANCE": ["F LYO - TYS", "F WES S F LYO - TYS"],
        },
    )
    assert out.results["TUN"] == "moves" and out.results["TYS"] == "dislodged"


def test_6f14_simple_convoy_paradox_is_broken_by_the_szykman_rule() -> None:
    out = move(
        {"ITALY": ["F NAP", "F TYS"], "FRANCE": ["A TUN", "F ION"]},
        {"ITALY": ["F NAP S F TYS - ION", "F TYS - ION"], "FRANCE": ["A TUN - NAP", "F ION C A TUN - NAP"]},
    )
    # The convoy would cut the support that dislodges the convoying fleet: the convoy fails.
    assert out.results["TUN"] == "disrupted"
    assert out.results["ION"] == "dislodged"
    assert out.results["NAP"] == "supports" and out.results["TYS"] == "moves"


def test_6f16_pandins_paradox_leaves_everyone_in_place() -> None:
    out = move(
        {"ITALY": ["F NAP", "F TYS"], "FRANCE": ["A TUN", "F ION"], "TURKEY": ["F AEG", "F EAS"]},
        {
            "ITALY": ["F NAP S F TYS - ION", "F TYS - ION"],
            "FRANCE": ["A TUN - NAP", "F ION C A TUN - NAP"],
            "TURKEY": ["F EAS S F AEG - ION", "F AEG - ION"],
        },
    )
    assert not out.dislodged
    assert out.results["TYS"] == "bounced" and out.results["AEG"] == "bounced"
    assert out.results["TUN"] == "disrupted"


def test_6g01_two_units_swap_by_convoy_with_own_fleet() -> None:
    out = move(
        {"ENGLAND": ["A EDI", "F NTH"], "FRANCE": ["A YOR"]},
        {"ENGLAND": ["A EDI - YOR", "F NTH C A EDI - YOR"], "FRANCE": ["A YOR - EDI"]},
    )
    assert {"ENGLAND A YOR", "FRANCE A EDI"} <= board(out)
    assert out.convoyed == {"EDI"}


def test_6g02_a_foreign_convoy_does_not_kidnap_an_army() -> None:
    out = move(
        {"ENGLAND": ["A EDI"], "FRANCE": ["F YOR"], "GERMANY": ["F NTH"]},
        {"ENGLAND": ["A EDI - YOR"], "FRANCE": ["F YOR - EDI"], "GERMANY": ["F NTH C A EDI - YOR"]},
    )
    assert out.results["EDI"] == "bounced" and out.results["YOR"] == "bounced"
    assert out.results["NTH"] == "void"


def test_6g06_a_fleet_of_the_same_power_off_the_route_still_shows_intent() -> None:
    out = move(
        {"ENGLAND": ["A EDI", "F ENG"], "FRANCE": ["A YOR"], "GERMANY": ["F NTH"]},
        {
            "ENGLAND": ["A EDI - YOR", "F ENG C A EDI - YOR"],
            "FRANCE": ["A YOR - EDI"],
            "GERMANY": ["F NTH C A EDI - YOR"],
        },
    )
    assert {"ENGLAND A YOR", "FRANCE A EDI"} <= board(out)


def test_6g08_via_with_no_convoy_ordered_moves_by_land() -> None:
    out = move({"FRANCE": ["A PIC"], "ENGLAND": ["F ENG"]}, {"FRANCE": ["A PIC - BEL VIA"], "ENGLAND": ["F ENG H"]})
    assert board(out) == {"FRANCE A BEL", "ENGLAND F ENG"}
    assert not out.convoyed


def test_6g13_an_attack_by_convoy_from_the_supported_target_does_not_cut_the_support() -> None:
    out = move(
        {"TURKEY": ["F AEG", "A GRE"], "AUSTRIA": ["A BUL", "F ALB"]},
        {"TURKEY": ["F AEG C A GRE - BUL", "A GRE - BUL"], "AUSTRIA": ["A BUL S F ALB - GRE", "F ALB - GRE"]},
    )
    assert out.convoyed == {"GRE"}
    assert out.results == {"AEG": "convoys", "GRE": "dislodged", "BUL": "supports", "ALB": "moves"}


def _retreat_phase(units: dict, dislodged: list[tuple[str, str, str | None]], contested=()) -> Position:
    on_board = units_from_json(units)
    from rules.front1901.position import parse_unit, retreat_options

    out = {}
    for power, text, came_from in dislodged:
        unit = parse_unit(power, text)
        out[unit.province] = Dislodgement(unit, came_from, retreat_options(unit, came_from, on_board, frozenset(contested)))
    return Position(Phase.parse("S1901R"), on_board, {}, out, frozenset(contested))


def test_6h01_no_supports_during_a_retreat_and_two_retreats_to_one_place_both_disband() -> None:
    start = _retreat_phase(
        {"GERMANY": ["A SIL"], "TURKEY": ["A RUM"], "ITALY": ["A TYR"]},
        [("AUSTRIA", "A GAL", "SIL"), ("RUSSIA", "A BUD", "RUM")],
    )
    out = adjudicate_retreats(start, {"AUSTRIA": ["A GAL - VIE"], "ITALY": ["A TYR S A GAL - VIE"], "RUSSIA": ["A BUD R VIE"]})
    assert out.results == {"GAL": "bounced", "BUD": "bounced"}
    assert [v.order for v in out.void_orders] == ["A TYR S A GAL - VIE"]
    assert set(out.units) == {"SIL", "RUM", "TYR"}


def test_6h05_a_unit_may_not_retreat_to_the_province_it_was_attacked_from() -> None:
    start = _retreat_phase({"FRANCE": ["A BUR"]}, [("GERMANY", "A MUN", "BUR")])
    assert "BUR" not in start.dislodged["MUN"].retreats
    out = adjudicate_retreats(start, {"GERMANY": ["A MUN - BUR"]})
    assert out.results == {"MUN": "void"} and set(out.units) == {"BUR"}


def test_6h06_a_unit_may_not_retreat_to_a_contested_province() -> None:
    start = _retreat_phase({"FRANCE": ["A BUR"]}, [("GERMANY", "A MUN", "BUR")], contested=["TYR"])
    assert "TYR" not in start.dislodged["MUN"].retreats
    assert "BOH" in start.dislodged["MUN"].retreats


def test_6h11_dislodged_by_an_army_from_next_door_by_convoy_may_retreat_there() -> None:
    start = _retreat_phase({"ENGLAND": ["A EDI"]}, [("FRANCE", "A YOR", None)])
    out = adjudicate_retreats(start, {"FRANCE": ["A YOR R LON"]})
    assert out.results == {"YOR": "retreats"}


def test_6h_movement_reports_retreat_options_and_standoffs() -> None:
    out = move(
        {"GERMANY": ["A MUN", "A BER"], "FRANCE": ["A BUR", "A MAR"], "ITALY": ["A TYR", "A BOH"]},
        {
            "GERMANY": ["A MUN - BUR", "A BER - SIL"],
            "FRANCE": ["A BUR H", "A MAR S A BUR"],
            "ITALY": ["A TYR - MUN", "A BOH S A TYR - MUN"],
        },
    )
    # MUN bounces off BUR and is dislodged from TYR: not back to TYR, not to BOH, BUR or SIL (occupied),
    # but to BER (left empty by the German move), KIE or RUH.
    assert out.dislodged["MUN"].attacker_from == "TYR"
    assert out.dislodged["MUN"].retreats == ("BER", "KIE", "RUH")


def test_6h13_a_retreat_cannot_be_convoyed() -> None:
    start = _retreat_phase({"ENGLAND": ["F ENG"], "FRANCE": ["A PIC"]}, [("ENGLAND", "A PIC", "PAR")])
    out = adjudicate_retreats(start, {"ENGLAND": ["A PIC - LON"]})
    assert out.results == {"PIC": "void"}


def test_6h16_a_fleet_retreat_needs_a_free_and_uncontested_province_whatever_the_coast() -> None:
    start = _retreat_phase({"ITALY": ["F WES"]}, [("FRANCE", "F MAO", "WES")], contested=["SPA"])
    assert not any(r.startswith("SPA") for r in start.dislodged["MAO"].retreats)
    assert position({"ITALY": ["F WES"]}).units["WES"].location == "WES"
