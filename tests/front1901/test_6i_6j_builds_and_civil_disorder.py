"""DATC 6.I (building) and 6.J (civil disorder and disbands), on the winter adjudication itself.

"Builds only in free, still-controlled home centres"; "if a power fails to disband, units are removed
furthest first from any of its home centres (owned or not), fleets before armies at equal distance, then
alphabetically" (spec: missing orders).
"""

from __future__ import annotations

from rules.front1901 import adjudicate_adjustments
from rules.front1901.adjustments import AdjustmentOutcome

from .helpers import position


def winter(units: dict[str, list[str]], centres: dict[str, list[str]], orders: dict[str, list[str]]) -> AdjustmentOutcome:
    return adjudicate_adjustments(position(units, "W1901A", centres), orders)


def after(outcome: AdjustmentOutcome) -> set[str]:
    return {f"{u.power} {u}" for u in outcome.units.values()}


def test_6i01_too_many_build_orders() -> None:
    out = winter(
        {"RUSSIA": ["A WAR"], "GERMANY": ["A PAR"]},
        {"RUSSIA": ["WAR"], "GERMANY": ["KIE", "MUN"]},
        {"GERMANY": ["A WAR B", "A KIE B", "A MUN B"]},
    )
    assert after(out) == {"RUSSIA A WAR", "GERMANY A PAR", "GERMANY A KIE"}
    assert out.results == {"KIE": "built"}
    assert [v.order for v in out.void_orders] == ["A WAR B", "A MUN B"]


def test_6i02_fleets_can_not_be_build_in_land_areas() -> None:
    out = winter({"RUSSIA": ["A STP"]}, {"RUSSIA": ["STP", "MOS"]}, {"RUSSIA": ["F MOS B"]})
    assert after(out) == {"RUSSIA A STP"}
    assert out.results == {}


def test_6i03_supply_center_must_be_empty_for_building() -> None:
    out = winter({"GERMANY": ["A BER"]}, {"GERMANY": ["BER", "MUN"]}, {"GERMANY": ["F BER B"]})
    assert after(out) == {"GERMANY A BER"}


def test_6i04_both_coasts_must_be_empty_for_building() -> None:
    out = winter({"RUSSIA": ["F STP/SC"]}, {"RUSSIA": ["STP", "MOS"]}, {"RUSSIA": ["F STP/NC B"]})
    assert after(out) == {"RUSSIA F STP/SC"}


def test_6i05_building_in_home_supply_center_that_is_not_owned() -> None:
    out = winter({"RUSSIA": ["A MOS"]}, {"RUSSIA": ["BER"], "GERMANY": ["MUN"]}, {"GERMANY": ["A BER B"]})
    assert after(out) == {"RUSSIA A MOS"}


def test_6i06_building_in_owned_supply_center_that_is_not_a_home_supply_center() -> None:
    out = winter({"GERMANY": ["A BER"]}, {"GERMANY": ["BER", "WAR"]}, {"GERMANY": ["A WAR B"]})
    assert after(out) == {"GERMANY A BER"}


def test_6i07_only_one_build_in_a_home_supply_center() -> None:
    out = winter({"RUSSIA": ["A WAR"]}, {"RUSSIA": ["MOS", "STP", "WAR"]}, {"RUSSIA": ["A MOS B", "A MOS B"]})
    assert after(out) == {"RUSSIA A WAR", "RUSSIA A MOS"}


def test_6j01_too_many_remove_orders() -> None:
    out = winter({"FRANCE": ["A PIC", "A PAR"]}, {"FRANCE": ["PAR"]}, {"FRANCE": ["Remove gol", "Remove pic", "Remove par"]})
    assert after(out) == {"FRANCE A PAR"}
    assert out.results == {"PIC": "removed"}


def test_6j02_removing_the_same_unit_twice() -> None:
    out = winter({"FRANCE": ["A PIC", "A PAR", "F LYO"]}, {"FRANCE": ["PAR"]}, {"FRANCE": ["A PAR D", "A PAR D"]})
    assert after(out) == {"FRANCE A PIC"}  # civil disorder removes the fleet for the missing disband


RUSSIA = {"RUSSIA": ["MOS", "STP", "WAR"]}


def test_6j03_civil_disorder_two_armies_with_different_distance() -> None:
    out = winter({"RUSSIA": ["A MOS", "A STP", "A LVN", "A SWE"]}, RUSSIA, {})
    assert after(out) == {"RUSSIA A MOS", "RUSSIA A STP", "RUSSIA A LVN"}


def test_6j04_civil_disorder_two_armies_with_equal_distance() -> None:
    out = winter({"RUSSIA": ["A MOS", "A STP", "A LVN", "A UKR"]}, RUSSIA, {})
    assert after(out) == {"RUSSIA A MOS", "RUSSIA A STP", "RUSSIA A UKR"}  # alphabetical: LVN goes


def test_6j05_civil_disorder_two_fleets_with_different_distance() -> None:
    out = winter({"RUSSIA": ["A MOS", "A STP", "F SKA", "F BER"]}, RUSSIA, {})
    assert after(out) == {"RUSSIA A MOS", "RUSSIA A STP", "RUSSIA F SKA"}


def test_6j06_civil_disorder_two_fleets_with_equal_distance() -> None:
    out = winter({"RUSSIA": ["A MOS", "A STP", "F SKA", "F BAL"]}, RUSSIA, {})
    assert after(out) == {"RUSSIA A MOS", "RUSSIA A STP", "RUSSIA F SKA"}


def test_6j07_civil_disorder_two_fleets_and_army_with_equal_distance() -> None:
    out = winter({"RUSSIA": ["A BOH", "F SKA", "F NTH"]}, {"RUSSIA": ["STP", "WAR"]}, {})
    assert after(out) == {"RUSSIA A BOH", "RUSSIA F SKA"}  # fleets first, then alphabetical


def test_6j08_civil_disorder_a_fleet_with_shorter_distance_then_the_army() -> None:
    out = winter({"RUSSIA": ["A MOS", "A STP", "A TYR", "F BAL"]}, RUSSIA, {})
    assert after(out) == {"RUSSIA A MOS", "RUSSIA A STP", "RUSSIA F BAL"}


def test_6j09_civil_disorder_must_be_counted_from_both_coasts() -> None:
    part1 = winter({"RUSSIA": ["A TYR", "F BAL"]}, {"RUSSIA": ["STP"]}, {})
    part2 = winter({"RUSSIA": ["A TYR", "F SKA"]}, {"RUSSIA": ["STP"]}, {})
    assert after(part1) == {"RUSSIA F BAL"}
    assert after(part2) == {"RUSSIA F SKA"}


def test_6j10_civil_disorder_counting_convoying_distance() -> None:
    out = winter({"ITALY": ["A VEN", "F ION", "A GRE", "A SIL"]}, {"ITALY": ["VEN", "ROM", "NAP"]}, {})
    assert after(out) == {"ITALY A VEN", "ITALY F ION", "ITALY A GRE"}


def test_6j11_distance_to_owned_supply_center() -> None:
    out = winter({"ITALY": ["A VEN", "A ROM", "A GRE", "A SIL"]}, {"ITALY": ["VEN", "ROM", "NAP"]}, {})
    assert after(out) == {"ITALY A VEN", "ITALY A ROM", "ITALY A GRE"}
