"""Draws Front 1901's map: the 75 provinces (and Switzerland) as polygons, written to ``map.json``.

The map is this project's own: each province is grown on a grid from seed points placed here by hand at
rough longitudes and latitudes, the growth held to the board (a cell may join a province only if every
province it then touches is one the board makes adjacent, so no border appears that the rules do not
have), then each border is traced along the grid, simplified and smoothed once for both its sides, so
neighbours share exactly the same points. Split coasts are grown as their own regions (``SPA/NC``,
``SPA/SC``), which makes each coast a clickable shape. Run from the repository root:

    .venv/bin/python web/src/games/front1901/map/draw_map.py

``tests/web/test_front1901_map.py`` holds the result to the board in ``rules.front1901.board``.
"""

from __future__ import annotations

import heapq
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[5] / "layers" / "rules" / "python"))

from rules.front1901 import board  # noqa: E402

CELL = 5  # px per grid cell
LON0, LON1, LAT0, LAT1 = -24.0, 46.0, 29.5, 73.5
X_PER_DEGREE, Y_PER_DEGREE = 14.0, 21.0  # about cos(50°) between them: Europe's middle latitude
WIDTH, HEIGHT = int((LON1 - LON0) * X_PER_DEGREE), int((LAT1 - LAT0) * Y_PER_DEGREE)
COLUMNS, ROWS = WIDTH // CELL, HEIGHT // CELL
WARP = 2.6  # cells: how far the borders wander from straight lines
OUT = Path(__file__).with_name("map.json")

# Seed points (longitude, latitude) per region: a split coast is its own region; "~" marks land beyond
# the board (no province, drawn neutral), which may touch anything.
SEEDS: dict[str, list[tuple[float, float]]] = {
    # seas
    "NAO": [(-20, 58), (-14, 60), (-21, 64), (-13, 55.5), (-21, 52), (-9, 56.3)],
    "NWG": [(0, 66), (6, 68.5), (-9, 67), (-3, 63), (12, 71.5), (15, 73.2), (-3, 60.8)],
    "BAR": [(36, 72.2), (27, 72.5), (44, 71.5), (38, 69.7), (23, 73.3)],
    "NTH": [(3, 56), (2, 54), (4, 58.5), (2, 58.5)],
    "SKA": [(9.7, 57.9), (11, 58)],
    "HEL": [(7.5, 54.4)],
    "BAL": [(17, 55.5), (19.5, 57.5), (14.5, 54.8), (20, 56), (12.5, 54.9)],
    "BOT": [(20, 62), (22.5, 64.8), (20.5, 60), (24, 59.8), (27.5, 60.1)],
    "ENG": [(-3, 49.9), (0, 50.3), (-6, 49.4), (1.5, 51)],
    "IRI": [(-6, 52.3), (-9.5, 51), (-5.2, 54)],
    "MAO": [(-15, 45), (-12, 40), (-18, 35), (-8, 45.2), (-12, 48.5), (-10, 36), (-20, 42), (-6.5, 35.8)],
    "WES": [(2, 38.5), (-1.5, 36.6), (5.5, 38.5), (-3.8, 36.1)],
    "LYO": [(4.5, 42.0), (8, 42.8), (3.5, 41.6)],
    "TYS": [(12, 40), (10.5, 38.8), (12.8, 38.9), (10.2, 41.5)],
    "ION": [(18, 37.5), (15, 35.5), (20, 35), (12, 35), (19.5, 39)],
    "ADR": [(16, 43), (18, 41.9), (14.5, 44.5)],
    "AEG": [(25, 38.5), (24.5, 36.5), (25, 40.2)],
    "EAS": [(30, 34.5), (33.5, 34.5), (27, 34.2)],
    "BLA": [(34, 43.5), (31, 43), (37, 43), (30.5, 44.5)],
    # Britain
    "CLY": [(-5, 57.6)],
    "EDI": [(-3, 57.0), (-2.6, 55.8), (-2.8, 58)],
    "LVP": [(-3.1, 53.9), (-4.2, 55.1), (-5.3, 55)],
    "YOR": [(-1, 54.1), (-0.9, 53.1)],
    "WAL": [(-3.8, 52.3), (-4.5, 51.7)],
    "LON": [(-0.5, 51.7), (-1.3, 51.1)],
    # Scandinavia and Russia
    "NWY": [(8, 60.5), (10.5, 62.7), (14, 65.5), (18, 68.5), (25, 69.5)],
    "SWE": [(15, 59.3), (17, 62), (20, 66.3), (13.5, 56.8), (16, 64)],
    "FIN": [(26, 62.2), (25.5, 65.3), (27, 68.3)],
    "STP/NC": [(36, 67.2), (32, 68.5), (42, 67.5)],
    "STP/SC": [(31, 60.3), (34, 61.5)],
    "LVN": [(24.5, 57.2), (25.5, 55.5)],
    "MOS": [(38, 55.5), (34.5, 57.5), (42, 52.5), (42, 58), (29, 53.5)],
    "WAR": [(21, 52.2), (20.5, 51.6), (24, 52.5)],
    "UKR": [(28, 48.8), (32, 49)],
    "SEV": [(36, 46.6), (40.5, 48.5), (44, 45.5), (39.5, 44.5), (32.5, 46.5)],
    # Germany, the Low Countries, the Alps
    "DEN": [(9.5, 56.2), (10, 55.4)],
    "KIE": [(9.7, 53.9), (9.5, 52.5), (11, 54.2)],
    "BER": [(13.8, 53.2), (13, 52.6)],
    "PRU": [(19, 54.2), (21.5, 54.6)],
    "SIL": [(16.5, 51.5), (18, 50.8)],
    "HOL": [(5.6, 52.4)],
    "BEL": [(4.2, 51)],
    "RUH": [(7.5, 51.0)],
    "MUN": [(11, 48.5), (10, 50.2), (12.5, 51)],
    "SWI": [(8, 46.9)],
    "BOH": [(14, 49.6), (16, 49.6)],
    "TYR": [(11.8, 46.9), (10.8, 46.5)],
    "VIE": [(16, 48.3)],
    "GAL": [(20.5, 49.8), (24.5, 48.8)],
    "BUD": [(20, 47.1), (22.5, 47.2)],
    # the Balkans and Turkey
    "TRI": [(14.2, 45.6), (18.5, 43)],
    "SER": [(21.3, 43.5), (21.5, 42.3)],
    "RUM": [(25, 45.2), (28.3, 46)],
    "BUL/EC": [(27.3, 42.9)],
    "BUL/SC": [(24.8, 41.8)],
    "ALB": [(19.9, 41.1), (19.5, 42.2)],
    "GRE": [(22, 39.6), (22.6, 37.7), (21.7, 40.7)],
    "CON": [(28, 41.3), (29.8, 40.9)],
    "ANK": [(33, 40.8), (36.5, 41)],
    "ARM": [(41, 40), (43.5, 41.5)],
    "SMY": [(28, 38.6), (32, 38.2), (35, 38.8)],
    "SYR": [(37, 35.3), (40, 37), (36.2, 36.8)],
    # France and Iberia
    "PIC": [(1.5, 50.2), (0, 49.6), (3, 49.8)],
    "BRE": [(-3, 48.3), (-1.3, 48.7)],
    "PAR": [(2.2, 48.3), (1.3, 47.4)],
    "BUR": [(4.8, 47.1), (4.5, 49.2)],
    "GAS": [(-0.5, 44.8), (0.2, 46.2)],
    "MAR": [(4.5, 43.9), (6.2, 44.5), (2.5, 43.3)],
    "PIE": [(7.6, 45.1), (9, 45.6)],
    "SPA/NC": [(-5, 42.6), (-2, 42.0)],
    "SPA/SC": [(-3, 38), (0, 40.3), (-4.5, 37.5), (1.5, 41.7)],
    "POR": [(-8.2, 39.5), (-8, 41.2)],
    # Italy
    "VEN": [(11.6, 45.5), (12.6, 44.0)],
    "TUS": [(11, 43.4)],
    "ROM": [(12.5, 42.2), (13.4, 41.4)],
    "APU": [(15.8, 41), (14.8, 42.3)],
    "NAP": [(15.6, 39.6), (16.3, 38.8)],
    # North Africa
    "NAF": [(-6, 33.5), (0, 34.5), (4, 35.5)],
    "TUN": [(9.5, 34.5), (10, 36.5)],
    # beyond the board
    "~IRL": [(-8, 52.6)],
    "~AFR": [(-2, 30), (10, 30.2), (19, 31), (26, 30.5), (33, 30)],
    "~ASI": [(45.5, 36), (45.5, 33)],
}

CROSSINGS: list[tuple[str, str]] = []
"""Adjacencies drawn as a line across the water rather than as a border (none needed so far)."""


def province_of(region: str) -> str:
    return region[:3]


def is_beyond(region: str) -> bool:
    return region.startswith("~")


def _touches_allowed() -> dict[str, set[str]]:
    """Which regions may share a border: land borders, fleet passages, and a province's own coasts."""
    regions = list(SEEDS)
    allowed: dict[str, set[str]] = {r: set() for r in regions}
    for a in regions:
        for b in regions:
            if a == b or is_beyond(a) or is_beyond(b):
                continue
            pa, pb = province_of(a), province_of(b)
            if pa == pb or pb in board.ARMY_MOVES.get(pa, ()) or b in board.FLEET_MOVES.get(a, ()):
                allowed[a].add(b)
            elif pa == "SWI" and pb in board.ARMY_MOVES or pb == "SWI" and pa in board.ARMY_MOVES:
                allowed[a].add(b)  # Switzerland: land, impassable, bordered by land only
    return allowed


def _noise(seed: int):
    """Smooth value noise in [-1, 1] on a lattice of 9 cells, interpolated: the borders' wander."""
    step = 9.0

    def lattice(i: int, j: int) -> float:
        h = (i * 374761393 + j * 668265263 + seed * 2147483647) & 0xFFFFFFFF
        h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
        return (h & 0xFFFF) / 32767.5 - 1.0

    def at(x: float, y: float) -> float:
        gx, gy = x / step, y / step
        i, j = math.floor(gx), math.floor(gy)
        fx, fy = gx - i, gy - j
        fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        top = lattice(i, j) * (1 - fx) + lattice(i + 1, j) * fx
        bottom = lattice(i, j + 1) * (1 - fx) + lattice(i + 1, j + 1) * fx
        return top * (1 - fy) + bottom * fy

    return at


def grid_point(lon: float, lat: float) -> tuple[float, float]:
    return ((lon - LON0) * X_PER_DEGREE / CELL, (LAT1 - lat) * Y_PER_DEGREE / CELL)


def grow() -> list[list[str | None]]:
    """Grows every region from its seeds at once, nearest seed first (a warped Voronoi), held to the board."""
    allowed = _touches_allowed()
    warp_x, warp_y = _noise(1), _noise(2)
    seeds = {r: [grid_point(lon, lat) for lon, lat in pts] for r, pts in SEEDS.items()}

    def key(region: str, c: int, r: int) -> float:
        x, y = c + WARP * warp_x(c, r), r + WARP * warp_y(c, r)
        return min(math.hypot(x - sx, y - sy) for sx, sy in seeds[region])

    owner: list[list[str | None]] = [[None] * COLUMNS for _ in range(ROWS)]
    heap: list[tuple[float, str, int, int]] = []
    for region, pts in seeds.items():
        for sx, sy in pts:
            c, r = min(COLUMNS - 1, int(sx)), min(ROWS - 1, int(sy))
            heapq.heappush(heap, (0.0, region, c, r))
    while heap:
        _, region, c, r = heapq.heappop(heap)
        if owner[r][c] is not None:
            continue
        neighbours = [(c + dc, r + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        inside = [(nc, nr) for nc, nr in neighbours if 0 <= nc < COLUMNS and 0 <= nr < ROWS]
        touching = {owner[nr][nc] for nc, nr in inside} - {None, region}
        if not is_beyond(region) and any(not is_beyond(t) and t not in allowed[region] for t in touching if t):
            continue
        owner[r][c] = region
        for nc, nr in inside:
            if owner[nr][nc] is None:
                heapq.heappush(heap, (key(region, nc, nr), region, nc, nr))
    return owner


# Tracing: every region's outline as rings of grid vertices, interior on the left.

Vertex = tuple[int, int]


def _owner_at(owner: list[list[str | None]], c: int, r: int) -> str | None:
    if 0 <= c < COLUMNS and 0 <= r < ROWS:
        return owner[r][c]
    return "#outside"


def trace(owner: list[list[str | None]]) -> dict[str, list[list[Vertex]]]:
    edges: dict[str, dict[Vertex, list[Vertex]]] = {}
    for r in range(ROWS):
        for c in range(COLUMNS):
            o = owner[r][c]
            if o is None:
                continue
            out = edges.setdefault(o, {})
            # clockwise on screen (y down): top edge left to right, right edge downwards, and so on
            if _owner_at(owner, c, r - 1) != o:
                out.setdefault((c, r), []).append((c + 1, r))
            if _owner_at(owner, c + 1, r) != o:
                out.setdefault((c + 1, r), []).append((c + 1, r + 1))
            if _owner_at(owner, c, r + 1) != o:
                out.setdefault((c + 1, r + 1), []).append((c, r + 1))
            if _owner_at(owner, c - 1, r) != o:
                out.setdefault((c, r + 1), []).append((c, r))
    rings: dict[str, list[list[Vertex]]] = {}
    for o, out in edges.items():
        rings[o] = []
        while out:
            start = min(out)
            ring = [start]
            here = start
            while True:
                nexts = out[here]
                there = nexts.pop()
                if not nexts:
                    del out[here]
                if there == start:
                    break
                ring.append(there)
                here = there
            rings[o].append(ring)
    return rings


def _is_junction(owner: list[list[str | None]], v: Vertex) -> bool:
    c, r = v
    tl, tr = _owner_at(owner, c - 1, r - 1), _owner_at(owner, c, r - 1)
    bl, br = _owner_at(owner, c - 1, r), _owner_at(owner, c, r)
    if len({tl, tr, bl, br}) >= 3:
        return True
    return tl == br and tr == bl and tl != tr


def _simplify(points: list[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Douglas-Peucker, the ends kept."""
    if len(points) < 3:
        return points
    (x0, y0), (x1, y1) = points[0], points[-1]
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    best, index = -1.0, 0
    for i in range(1, len(points) - 1):
        px, py = points[i]
        d = abs(dy * (px - x0) - dx * (py - y0)) / length if length else math.hypot(px - x0, py - y0)
        if d > best:
            best, index = d, i
    if best <= tolerance:
        return [points[0], points[-1]]
    return _simplify(points[: index + 1], tolerance)[:-1] + _simplify(points[index:], tolerance)


def _smooth(points: list[tuple[float, float]], rounds: int = 2) -> list[tuple[float, float]]:
    """Chaikin's corner cutting, the ends kept."""
    for _ in range(rounds):
        if len(points) < 3:
            return points
        cut = [points[0]]
        for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
            cut.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
            cut.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
        cut[1] = points[0]
        cut[-1] = points[-1]
        points = cut[:1] + cut[2:-1] + [points[-1]]
    return points


def outlines(owner: list[list[str | None]]) -> dict[str, list[list[float]]]:
    """Each region's rings as flat [x, y, x, y, ...] in px, every border drawn once for both sides."""
    done: dict[tuple[Vertex, ...], list[tuple[float, float]]] = {}

    def drawn(chain: list[Vertex]) -> list[tuple[float, float]]:
        forward = tuple(chain)
        backward = forward[::-1]
        canonical = min(forward, backward)
        if canonical not in done:
            pts = [(float(x), float(y)) for x, y in canonical]
            if len(pts) > 3:  # a two-step stair stays a stair: straightened, both its sides would meet
                pts = _smooth(_simplify(pts, 0.9))
            done[canonical] = [(round(x * CELL, 1), round(y * CELL, 1)) for x, y in pts]
        result = done[canonical]
        return result if canonical == forward else result[::-1]

    shapes: dict[str, list[list[float]]] = {}
    for region, rings in trace(owner).items():
        if region == "#outside":
            continue
        shapes[region] = []
        for ring in rings:
            cuts = [i for i, v in enumerate(ring) if _is_junction(owner, v)] or [ring.index(min(ring))]
            ring = ring[cuts[0]:] + ring[: cuts[0]]
            cuts = [i - cuts[0] for i in cuts] + [len(ring)]
            closed = ring + [ring[0]]
            flat: list[float] = []
            for a, b in zip(cuts, cuts[1:], strict=False):
                for x, y in drawn(closed[a: b + 1])[:-1]:
                    flat.extend((x, y))
            shapes[region].append(flat)
    return shapes


def inmost(owner: list[list[str | None]], members: set[str]) -> tuple[float, float]:
    """The cell of these regions farthest from any other region: where the name and the unit go."""
    far: dict[tuple[int, int], int] = {}
    frontier = []
    for r in range(ROWS):
        for c in range(COLUMNS):
            if owner[r][c] in members and any(
                _owner_at(owner, c + dc, r + dr) not in members for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            ):
                far[(c, r)] = 0
                frontier.append((c, r))
    while frontier:
        nxt = []
        for c, r in frontier:
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                n = (c + dc, r + dr)
                if n not in far and _owner_at(owner, *n) in members:
                    far[n] = far[(c, r)] + 1
                    nxt.append(n)
        frontier = nxt
    c, r = max(far, key=lambda cell: (far[cell], -cell[1], -cell[0]))
    return (round((c + 0.5) * CELL, 1), round((r + 0.5) * CELL, 1))


def kind_of(province: str) -> str:
    if province in board.SEAS:
        return "sea"
    if province in board.COASTAL:
        return "coast"
    if province in board.INLAND:
        return "land"
    return "impassable"


def document() -> dict:
    """The map as ``map.json`` holds it: every region's rings, every province's kind, parts and centre."""
    owner = grow()
    shapes = outlines(owner)
    regions = {}
    for region, rings in sorted(shapes.items()):
        regions[region] = {"province": None if is_beyond(region) else province_of(region), "rings": rings}
        if province_of(region) in board.COASTS:
            regions[region]["at"] = list(inmost(owner, {region}))
    provinces = {}
    for province in sorted(board.PROVINCES | board.IMPASSABLE):
        members = {r for r in SEEDS if not is_beyond(r) and province_of(r) == province}
        provinces[province] = {
            "kind": kind_of(province),
            "regions": sorted(members),
            "at": list(inmost(owner, members)),
        }
    return {
        "width": COLUMNS * CELL,
        "height": ROWS * CELL,
        "regions": regions,
        "provinces": provinces,
        "crossings": [list(pair) for pair in CROSSINGS],
    }


def main() -> None:
    OUT.write_text(json.dumps(document(), separators=(",", ":")) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
