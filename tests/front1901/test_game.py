"""Phases in turn, centres after the fall, builds and civil disorder, elimination, victory, the short game."""

from __future__ import annotations

from rules.front1901 import (
    Phase,
    Position,
    Unit,
    UnitKind,
    adjudicate_adjustments,
    alive,
    civil_disorder,
    outcome,
    play,
    starting_position,
)
from rules.front1901.board import CENTRES

from .helpers import position


def test_spring_without_dislodgement_goes_to_fall_and_centres_stay() -> None:
    result = play(starting_position(), {"FRANCE": ["A PAR - BUR", "F BRE - MAO"]})
    assert str(result.position.phase) == "F1901M"
    assert result.position.centres == starting_position().centres


def test_a_dislodgement_opens_a_retreat_phase_of_the_same_season() -> None:
    start = position({"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]}, "F1901M")
    result = play(start, {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]})
    assert str(result.position.phase) == "F1901R"
    assert set(result.position.dislodged) == {"BUR"}


def test_centres_change_hands_at_the_end_of_the_fall_then_winter_adjustments() -> None:
    start = position(
        {"FRANCE": ["A PAR"], "GERMANY": ["A MUN", "A RUH"]},
        "F1901M",
        {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN", "BER", "KIE"]},
    )
    result = play(start, {"GERMANY": ["A RUH - BEL"], "FRANCE": ["A PAR - BUR"]})
    assert result.position.centres["BEL"] == "GERMANY"
    assert str(result.position.phase) == "W1901A"


def test_spring_occupation_does_not_take_a_centre() -> None:
    start = position({"GERMANY": ["A RUH"]}, "S1901M")
    result = play(start, {"GERMANY": ["A RUH - BEL"]})
    assert "BEL" not in result.position.centres


def test_no_winter_when_nobody_can_build_or_must_disband() -> None:
    start = position({"FRANCE": ["A PAR", "A MAR", "F BRE"]}, "F1901M", {"FRANCE": ["PAR", "MAR", "BRE"]})
    assert str(play(start, {}).position.phase) == "S1902M"


def test_builds_only_in_free_still_owned_home_centres() -> None:
    start = position(
        {"GERMANY": ["A MUN"], "FRANCE": ["A KIE"]},
        "W1901A",
        {"GERMANY": ["MUN", "BER", "HOL", "DEN"], "FRANCE": ["KIE"]},
    )
    out = adjudicate_adjustments(start, {"GERMANY": ["A MUN B", "A HOL B", "A KIE B", "F BER B", "A BER B"]})
    assert out.results == {"BER": "built"}
    reasons = [v.reason for v in out.void_orders]
    assert any("not free" in r for r in reasons) and any("not a home centre" in r for r in reasons)


def test_civil_disorder_removes_the_furthest_unit_fleets_first() -> None:
    units = {
        "PAR": Unit("FRANCE", UnitKind.ARMY, "PAR"),
        "NAO": Unit("FRANCE", UnitKind.FLEET, "NAO"),
        "HOL": Unit("FRANCE", UnitKind.ARMY, "HOL"),
    }
    # NAO: MAO then BRE, 2 moves; HOL: BEL, PIC then PAR or BRE, 3 moves.
    assert [str(u) for u in civil_disorder(units, "FRANCE", 2)] == ["A HOL", "F NAO"]


def test_a_power_with_no_units_and_no_centres_is_eliminated() -> None:
    start = Position(Phase.parse("S1905M"), {"PAR": Unit("FRANCE", UnitKind.ARMY, "PAR")}, {"MUN": "GERMANY"})
    assert alive(start) == ["FRANCE", "GERMANY"]


def test_eighteen_centres_win_and_the_game_ends_when_no_enemy_centre_is_left() -> None:
    eighteen = sorted(CENTRES - {"MOS"})[:18]
    start = Position(Phase.parse("S1910M"), {}, {c: "FRANCE" for c in eighteen} | {"MOS": "RUSSIA"})
    assert outcome(start).winners == ("FRANCE",) and not outcome(start).over
    everything = Position(Phase.parse("S1915M"), {}, {c: "FRANCE" for c in CENTRES})
    assert outcome(everything).over


def test_the_short_game_stops_after_1910_and_equal_top_counts_share_the_win() -> None:
    centres = {"PAR": "FRANCE", "BRE": "FRANCE", "MUN": "GERMANY", "BER": "GERMANY", "ROM": "ITALY"}
    during = Position(Phase.parse("W1910A"), {}, centres)
    after = Position(Phase.parse("S1911M"), {}, centres)
    assert not outcome(during, short=True).over
    assert outcome(after, short=True).winners == ("FRANCE", "GERMANY") and outcome(after, short=True).over
    assert not outcome(after).over


def test_a_whole_year_from_the_start() -> None:
    spring = play(starting_position(), {"GERMANY": ["A MUN - BUR"], "ENGLAND": ["F LON - NTH"], "RUSSIA": ["A WAR - GAL"]})
    fall = play(spring.position, {"ENGLAND": ["F NTH - NWY"], "GERMANY": ["A BUR - BEL"]})
    assert fall.position.centres["NWY"] == "ENGLAND" and fall.position.centres["BEL"] == "GERMANY"
    assert str(fall.position.phase) == "W1901A"
    winter = play(fall.position, {"ENGLAND": ["F LON B"], "GERMANY": ["A MUN B"]})
    assert {u: w for u, w in winter.results.items() if w != "holds"} == {"F LON": "built", "A MUN": "built"}
    assert len(winter.results) == 22 + 2
    assert str(winter.position.phase) == "S1902M"
