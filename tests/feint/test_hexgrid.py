"""The board: "a radius-5 hexagon, six faces, the two rows in front of your face as your home"."""

from __future__ import annotations

import itertools

import pytest
from rules.feint import (
    CENTRE,
    FACES,
    board_cells,
    corner_cells,
    distance,
    home_cells,
    neighbours,
    ring,
    seat_faces,
)
from rules.feint.hexgrid import edges_apart, face_cells, on_face


def test_radius_5_board_has_91_cells():
    assert len(board_cells(5)) == 91
    assert len(set(board_cells(5))) == 91
    assert CENTRE in board_cells(5)


@pytest.mark.parametrize("radius", [2, 3, 4, 5, 6, 7])
def test_board_is_every_cell_within_the_radius(radius):
    cells = set(board_cells(radius))
    assert len(cells) == 1 + 3 * radius * (radius + 1)
    assert all(max(abs(q), abs(r), abs(q + r)) <= radius for q, r in cells)


def test_rings_are_six_k_cells_at_distance_k():
    for k in range(1, 6):
        cells = ring(k)
        assert len(cells) == len(set(cells)) == 6 * k
        assert all(distance(c) == k for c in cells)


def test_neighbours_are_adjacent_and_on_board():
    assert len(neighbours(CENTRE)) == 6
    assert sorted(neighbours((5, 0))) == sorted([(4, 0), (4, 1), (5, -1)])
    for cell in board_cells(5):
        for n in neighbours(cell):
            assert distance(cell, n) == 1 and distance(n) <= 5


def test_faces_in_cyclic_order_share_corners():
    """Each face shares a corner with the next; 0 and 3, 1 and 4, 2 and 5 face each other."""
    for f in range(6):
        shared = set(face_cells(f, 5)) & set(face_cells((f + 1) % 6, 5))
        assert len(shared) == 1 and shared <= set(corner_cells(5))
        assert not set(face_cells(f, 5)) & set(face_cells((f + 3) % 6, 5))
    assert FACES[0] == ("r", 1)
    assert all(on_face(c, 0, 5) for c in face_cells(0, 5)) and (0, 5) in face_cells(0, 5)


def test_corner_cells_lie_on_two_faces():
    for corner in corner_cells(5):
        assert sum(on_face(corner, f, 5) for f in range(6)) == 2


def test_home_is_seven_cells_at_radius_5_and_five_at_radius_4():
    for face in range(6):
        assert len(home_cells(face, 5)) == 7
        assert len(home_cells(face, 4)) == 5


def test_home_is_the_two_rows_minus_the_corners():
    home = home_cells(0)
    assert sorted(home) == sorted([(-4, 5), (-3, 5), (-2, 5), (-1, 5), (-3, 4), (-2, 4), (-1, 4)])
    corners = set(corner_cells(5)) | set(corner_cells(4))
    for face in range(6):
        assert all(distance(c) in (4, 5) for c in home_cells(face))
        assert not set(home_cells(face)) & corners


def test_home_cells_iterate_as_q_r_tuples():
    cells = list(home_cells(3, 5))
    assert all(isinstance(c, tuple) and len(c) == 2 for c in cells)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_homes_of_different_seats_never_overlap(players):
    homes = [set(home_cells(face, 5)) for face in seat_faces(players)]
    for a, b in itertools.combinations(homes, 2):
        assert not a & b


def test_seat_faces_by_number_of_players():
    assert seat_faces(2) == [0, 3]
    assert seat_faces(3) == [0, 2, 4]
    assert seat_faces(4) == [0, 1, 3, 4]
    assert seat_faces(5) == [0, 1, 2, 3, 4]
    assert seat_faces(6) == [0, 1, 2, 3, 4, 5]
    with pytest.raises(ValueError):
        seat_faces(7)


def test_edges_apart_around_a_cell():
    assert edges_apart(CENTRE, (1, 0), (1, -1)) == 1
    assert edges_apart(CENTRE, (1, 0), (0, -1)) == 2
    assert edges_apart(CENTRE, (1, 0), (-1, 0)) == 3
    assert edges_apart(CENTRE, (0, 1), (1, 0)) == 1
