"""Front 1901's drawn map (web/src/games/front1901/map/map.json) against the board the rules play on.

Every province and every split coast has a shape; every land border and fleet passage of the board is a
border the two shapes share (or a crossing drawn across the water); no two shapes share a border that the
board does not have; and the committed file is what the committed script draws.
"""

from __future__ import annotations

import importlib.util
import json
from itertools import pairwise
from pathlib import Path

import pytest
from rules.front1901 import board

MAP_DIR = Path(__file__).resolve().parents[2] / "web" / "src" / "games" / "front1901" / "map"
DRAWN = json.loads((MAP_DIR / "map.json").read_text())
REGIONS = DRAWN["regions"]
PROVINCES = DRAWN["provinces"]
CROSSINGS = {frozenset(pair) for pair in DRAWN["crossings"]}

Edge = frozenset[tuple[float, float]]


def _edges(region: str) -> set[Edge]:
    edges: set[Edge] = set()
    for ring in REGIONS[region]["rings"]:
        points = list(zip(ring[::2], ring[1::2], strict=True))
        edges.update(frozenset(pair) for pair in pairwise(points + points[:1]))
    return edges


EDGES = {region: _edges(region) for region in REGIONS}


def _regions_of(location: str) -> list[str]:
    """A split coast is its own region; a province is all its regions."""
    return [location] if location in REGIONS else PROVINCES[location]["regions"]


def _share_border(a: str, b: str) -> bool:
    return any(EDGES[x] & EDGES[y] for x in _regions_of(a) for y in _regions_of(b))


def _reachable(a: str, b: str) -> bool:
    return frozenset((a, b)) in CROSSINGS or frozenset((board.province_of(a), board.province_of(b))) in CROSSINGS


def test_every_province_and_every_coast_has_a_shape_of_its_kind() -> None:
    assert set(PROVINCES) == set(board.PROVINCES | board.IMPASSABLE)
    for province, drawn in PROVINCES.items():
        assert drawn["regions"], province
        assert all(REGIONS[r]["province"] == province and REGIONS[r]["rings"] for r in drawn["regions"]), province
        expected = "sea" if province in board.SEAS else "coast" if province in board.COASTAL else (
            "land" if province in board.INLAND else "impassable"
        )
        assert drawn["kind"] == expected, province
    for province, coasts in board.COASTS.items():
        assert sorted(PROVINCES[province]["regions"]) == sorted(coasts)
    for region in REGIONS.values():
        assert all(len(ring) >= 6 and len(ring) % 2 == 0 for ring in region["rings"])


@pytest.mark.parametrize("kind", ["army", "fleet"])
def test_every_adjacency_of_the_board_is_a_shared_border_or_a_crossing(kind: str) -> None:
    moves = board.ARMY_MOVES if kind == "army" else board.FLEET_MOVES
    missing = sorted(
        (a, b) for a, near in moves.items() for b in near if a < b and not (_share_border(a, b) or _reachable(a, b))
    )
    assert missing == []


def test_no_border_between_provinces_the_board_does_not_join() -> None:
    # land meets land where armies cross, at any of its coasts; water meets a coast where fleets pass
    joined = {frozenset((x, y)) for a, near in board.ARMY_MOVES.items() for b in near
              for x in _regions_of(a) for y in _regions_of(b)}
    joined |= {frozenset((x, y)) for a, near in board.FLEET_MOVES.items() for b in near
               for x in _regions_of(a) for y in _regions_of(b)}
    on_board = [r for r, drawn in REGIONS.items() if drawn["province"] and drawn["province"] != "SWI"]
    stray = sorted(
        (a, b)
        for a in on_board
        for b in on_board
        if a < b
        and REGIONS[a]["province"] != REGIONS[b]["province"]
        and EDGES[a] & EDGES[b]
        and frozenset((a, b)) not in joined
    )
    assert stray == []


def test_switzerland_borders_land_only() -> None:
    for region, drawn in REGIONS.items():
        if drawn["province"] in board.SEAS:
            assert not EDGES["SWI"] & EDGES[region], region


def test_the_committed_map_is_what_the_script_draws() -> None:
    spec = importlib.util.spec_from_file_location("draw_map", MAP_DIR / "draw_map.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.document() == DRAWN
