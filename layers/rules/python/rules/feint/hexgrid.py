"""The board: a hexagon of axial hex cells, its rings, its six faces and each seat's home.

"Built on the same board and seating as Hexagonal Checkers: a radius-5 hexagon, six faces,
the two rows in front of your face as your home."

Cells are axial coordinates ``(q, r)`` with ``s = -q - r``; the board is every cell with
``max(|q|, |r|, |s|) <= radius`` and the centre is ``(0, 0)``.
"""

from __future__ import annotations

from functools import cache

Cell = tuple[int, int]

CENTRE: Cell = (0, 0)
DEFAULT_RADIUS = 5

DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbour offsets, in order around a cell: consecutive entries are neighbouring edges."""

FACES: tuple[tuple[str, int], ...] = (("r", 1), ("q", -1), ("s", 1), ("r", -1), ("q", 1), ("s", -1))
"""The six sides of the hexagon as (coordinate, sign): face ``f`` is where that coordinate equals ``sign * radius``.

Face 0 is ``r = +radius`` (the bottom edge with pointy-top hexes and y down), then in cyclic order
``q = -radius``, ``s = +radius``, ``r = -radius``, ``q = +radius``, ``s = -radius``; each face shares a
corner with the next, and faces 0 and 3, 1 and 4, 2 and 5 face each other.
"""

SEAT_FACES: dict[int, tuple[int, ...]] = {
    2: (0, 3),
    3: (0, 2, 4),
    4: (0, 1, 3, 4),
    5: (0, 1, 2, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
}


def coordinate(cell: Cell, axis: str) -> int:
    """The cell's ``q``, ``r`` or ``s`` coordinate."""
    q, r = cell
    if axis == "q":
        return q
    if axis == "r":
        return r
    return -q - r


def distance(a: Cell, b: Cell = CENTRE) -> int:
    """Hex distance between two cells (to the centre by default): the ring a cell lies on."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def on_board(cell: Cell, radius: int = DEFAULT_RADIUS) -> bool:
    return distance(cell) <= radius


def ring(k: int) -> tuple[Cell, ...]:
    """The cells at distance exactly ``k`` from the centre (6k cells; the centre alone for k = 0)."""
    if k == 0:
        return (CENTRE,)
    cells = []
    q, r = DIRECTIONS[4][0] * k, DIRECTIONS[4][1] * k
    for dq, dr in DIRECTIONS:
        for _ in range(k):
            cells.append((q, r))
            q, r = q + dq, r + dr
    return tuple(cells)


@cache
def board_cells(radius: int = DEFAULT_RADIUS) -> tuple[Cell, ...]:
    """Every cell of a board of this radius: 1 + 3 * radius * (radius + 1) cells (91 at radius 5)."""
    return tuple(cell for k in range(radius + 1) for cell in ring(k))


@cache
def _neighbour_table(radius: int) -> dict[Cell, tuple[Cell, ...]]:
    return {
        cell: tuple(
            n for n in ((cell[0] + dq, cell[1] + dr) for dq, dr in DIRECTIONS) if distance(n) <= radius
        )
        for cell in board_cells(radius)
    }


@cache
def ring_table(radius: int = DEFAULT_RADIUS) -> dict[Cell, int]:
    """Every cell's ring (its distance to the centre), for the hot paths that ask it often."""
    return {cell: distance(cell) for cell in board_cells(radius)}


def neighbours(cell: Cell, radius: int = DEFAULT_RADIUS) -> tuple[Cell, ...]:
    """The on-board cells adjacent to ``cell`` (six, fewer at the rim)."""
    return _neighbour_table(radius)[cell]


def adjacent(a: Cell, b: Cell) -> bool:
    return distance(a, b) == 1


def direction(frm: Cell, to: Cell) -> int:
    """Index in DIRECTIONS of the edge of ``frm`` that ``to`` lies across (they must be adjacent)."""
    return DIRECTIONS.index((to[0] - frm[0], to[1] - frm[1]))


def edges_apart(centre: Cell, a: Cell, b: Cell) -> int:
    """How many of ``centre``'s six edges lie between its neighbours ``a`` and ``b`` going around: 1, 2 or 3."""
    d = abs(direction(centre, a) - direction(centre, b)) % 6
    return min(d, 6 - d)


def on_face(cell: Cell, face: int, k: int) -> bool:
    """Whether a cell of ring ``k`` lies on face ``face``'s side of that ring."""
    axis, sign = FACES[face]
    return coordinate(cell, axis) == sign * k


def corner_cells(k: int) -> tuple[Cell, ...]:
    """The six corners of ring ``k``: the cells that lie on two faces at once."""
    return tuple((dq * k, dr * k) for dq, dr in DIRECTIONS)


def face_cells(face: int, k: int) -> tuple[Cell, ...]:
    """The cells of ring ``k`` on face ``face``'s side, corners included (k + 1 cells)."""
    return tuple(cell for cell in ring(k) if on_face(cell, face, k))


@cache
def home_cells(face: int, radius: int = DEFAULT_RADIUS) -> tuple[Cell, ...]:
    """A seat's home: the two rows in front of its face, minus the corner cells two seats claim equally.

    The cells of the outermost ring and of the ring inside it on ``face``'s side, without those rings'
    corners: 4 + 3 = 7 cells at radius 5, 3 + 2 = 5 at radius 4. Sorted, so the order is public.
    """
    if not 0 <= face < 6:
        raise ValueError(f"face {face}: faces are numbered 0 to 5")
    if radius < 2:
        raise ValueError(f"radius {radius}: a board needs radius 2 or more to have two rows")
    cells: list[Cell] = []
    for k in (radius, radius - 1):
        corners = set(corner_cells(k))
        cells.extend(cell for cell in face_cells(face, k) if cell not in corners)
    return tuple(sorted(cells))


def seat_faces(players: int) -> list[int]:
    """The faces the seats sit at, seat 1 first: 2 -> 0, 3; 3 -> 0, 2, 4; 4 -> 0, 1, 3, 4; 5 -> 0..4; 6 -> all."""
    try:
        return list(SEAT_FACES[players])
    except KeyError:
        raise ValueError(f"{players} players: Feint seats 2 to 6") from None
