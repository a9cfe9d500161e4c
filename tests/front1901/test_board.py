"""The map as data: counts, and the adjacencies people get wrong."""

from __future__ import annotations

import pytest
from rules.front1901 import board
from rules.front1901.board import (
    ARMY_MOVES,
    CENTRES,
    COASTAL,
    COASTS,
    FLEET_MOVES,
    HOME_CENTRES,
    INLAND,
    PROVINCES,
    SEAS,
    STARTING_UNITS,
    UnitKind,
    can_stand,
    canonical_province,
)


def test_75_provinces_56_land_and_19_seas() -> None:
    assert len(PROVINCES) == 75
    assert len(INLAND) + len(COASTAL) == 56
    assert len(INLAND) == 14 and len(COASTAL) == 42
    assert len(SEAS) == 19


def test_switzerland_is_impassable() -> None:
    assert "SWI" not in PROVINCES
    assert all("SWI" not in ns for ns in ARMY_MOVES.values())
    assert canonical_province("SWI") is None


def test_34_centres_three_homes_each_four_for_russia_twelve_neutral() -> None:
    assert len(CENTRES) == 34
    assert {p: len(cs) for p, cs in HOME_CENTRES.items()} == {
        "AUSTRIA": 3, "ENGLAND": 3, "FRANCE": 3, "GERMANY": 3, "ITALY": 3, "RUSSIA": 4, "TURKEY": 3,
    }  # fmt: skip
    homes = {c for cs in HOME_CENTRES.values() for c in cs}
    assert CENTRES - homes == set(["NWY", "SWE", "DEN", "HOL", "BEL", "SPA", "POR", "TUN", "SER", "GRE", "BUL", "RUM"])


def test_starting_units_stand_on_home_centres() -> None:
    assert sum(len(us) for us in STARTING_UNITS.values()) == 22
    for power, units in STARTING_UNITS.items():
        for text in units:
            kind, location = text.split()
            assert location[:3] in HOME_CENTRES[power]
            assert can_stand(UnitKind(kind), location)
    assert "F STP/SC" in STARTING_UNITS["RUSSIA"]


def test_split_coasts_are_spain_st_petersburg_and_bulgaria() -> None:
    assert COASTS == {"SPA": ("SPA/NC", "SPA/SC"), "STP": ("STP/NC", "STP/SC"), "BUL": ("BUL/EC", "BUL/SC")}
    for province in COASTS:
        assert province not in FLEET_MOVES  # a fleet always stands on one of the coasts


def test_skagerrak_and_baltic_do_not_touch() -> None:
    assert "BAL" not in FLEET_MOVES["SKA"]
    assert "SKA" not in FLEET_MOVES["BAL"]


def test_denmark_and_sweden_are_neighbours_for_armies_and_fleets() -> None:
    assert "SWE" in ARMY_MOVES["DEN"] and "DEN" in ARMY_MOVES["SWE"]
    assert "SWE" in FLEET_MOVES["DEN"] and "DEN" in FLEET_MOVES["SWE"]
    assert {"SKA", "BAL"} <= FLEET_MOVES["DEN"] and {"SKA", "BAL"} <= FLEET_MOVES["SWE"]


def test_black_sea_and_aegean_join_only_through_constantinople() -> None:
    assert "AEG" not in FLEET_MOVES["BLA"]
    assert "BLA" in FLEET_MOVES["CON"] and "AEG" in FLEET_MOVES["CON"]


def test_kiel_canal_touches_heligoland_and_baltic() -> None:
    assert {"HEL", "BAL"} <= FLEET_MOVES["KIE"]
    assert "KIE" in FLEET_MOVES["HEL"] and "KIE" in FLEET_MOVES["BAL"]


@pytest.mark.parametrize(
    ("coast", "reachable", "unreachable"),
    [
        ("SPA/NC", {"MAO", "GAS", "POR"}, {"LYO", "WES", "MAR"}),
        ("SPA/SC", {"MAO", "POR", "MAR", "LYO", "WES"}, {"GAS"}),
        ("STP/NC", {"BAR", "NWY"}, {"BOT", "FIN", "LVN"}),
        ("STP/SC", {"BOT", "FIN", "LVN"}, {"BAR", "NWY"}),
        ("BUL/EC", {"BLA", "CON", "RUM"}, {"AEG", "GRE"}),
        ("BUL/SC", {"AEG", "CON", "GRE"}, {"BLA", "RUM"}),
    ],
)
def test_coast_to_coast_moves_follow_the_right_coast(coast: str, reachable: set[str], unreachable: set[str]) -> None:
    assert FLEET_MOVES[coast] == reachable
    assert not FLEET_MOVES[coast] & unreachable


def test_fleets_follow_the_coast_between_coastal_provinces() -> None:
    assert "VEN" not in FLEET_MOVES["ROM"]  # DATC 6.A.9: Rome and Venice touch by land only
    assert "APU" in FLEET_MOVES["VEN"] and "TRI" in FLEET_MOVES["VEN"]
    assert "SYR" in FLEET_MOVES["SMY"] and "ARM" not in FLEET_MOVES["SMY"]


def test_adjacency_is_symmetric_and_kind_correct() -> None:
    for here, there in ARMY_MOVES.items():
        assert here not in SEAS
        for other in there:
            assert here in ARMY_MOVES[other]
    for here, there in FLEET_MOVES.items():
        assert here[:3] not in INLAND
        for other in there:
            assert here in FLEET_MOVES[other]


def test_aliases_name_the_canonical_seas() -> None:
    assert {canonical_province(a) for a in ("MID", "NAT", "NRG", "GOL", "GOB", "ECH", "TYN", "EMS")} == {
        "MAO", "NAO", "NWG", "LYO", "BOT", "ENG", "TYS", "EAS",
    }  # fmt: skip
    assert board.ALIASES["MID"] == "MAO"
