"""The map: "Seven positions linked by paths ... The map changes every game (ten layouts), always symmetrical"."""

from __future__ import annotations

import pytest
from rules.feinthold import (
    LAYOUTS,
    MIRROR,
    POSITIONS,
    SHAPES,
    Layout,
    LayoutError,
    check_layout,
    layout_by_id,
    new_game,
)
from rules.feinthold.layouts import draw_layout


def test_ten_layouts_with_unique_ids_and_shared_shapes():
    assert len(LAYOUTS) == 10
    assert len({layout.id for layout in LAYOUTS}) == 10
    assert len(SHAPES) < len(LAYOUTS), "several layouts share a shape"
    assert len({layout.paths for layout in LAYOUTS}) == 10, "no two layouts are the same map"


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.id)
def test_every_layout_is_valid(layout: Layout):
    paths = set(layout.paths)
    assert {tuple(sorted((MIRROR[a], MIRROR[b]))) for a, b in paths} == paths
    assert not layout.adjacent("hq-s", "hq-n")
    assert len(layout.neighbours("hq-s")) >= 2 and len(layout.neighbours("hq-n")) >= 2
    reached, frontier = {"hq-s"}, ["hq-s"]
    while frontier:
        for n in layout.neighbours(frontier.pop()):
            if n not in reached:
                reached.add(n)
                frontier.append(n)
    assert reached == set(POSITIONS)
    check_layout(layout)


@pytest.mark.parametrize(
    "paths, complaint",
    [
        ((("hq-s", "r-s"), ("hq-s", "p-w"), ("r-s", "c"), ("p-w", "c"), ("hq-n", "r-n"), ("r-n", "c")), "symmetric"),
        ((("hq-s", "hq-n"), ("hq-s", "r-s"), ("hq-n", "r-n"), ("r-s", "c"), ("r-n", "c"), ("p-w", "p-e"),
          ("hq-s", "p-w"), ("hq-n", "p-e")), "joins the two HQs"),
        ((("hq-s", "r-s"), ("hq-n", "r-n"), ("r-s", "c"), ("r-n", "c"), ("c", "p-w"), ("c", "p-e")), "fewer than two"),
        ((("hq-s", "r-s"), ("hq-s", "c"), ("hq-n", "r-n"), ("hq-n", "c"), ("r-s", "c"), ("r-n", "c"),
          ("p-w", "p-e")), "not connected"),
    ],
)
def test_invalid_layouts_are_refused(paths, complaint):
    with pytest.raises(LayoutError, match=complaint):
        check_layout(Layout("bad", "bad", paths))


def test_neighbours_are_symmetric_and_mirror_images():
    for layout in LAYOUTS:
        for p in POSITIONS:
            for n in layout.neighbours(p):
                assert p in layout.neighbours(n)
            assert {MIRROR[n] for n in layout.neighbours(p)} == set(layout.neighbours(MIRROR[p]))


def test_layout_is_drawn_from_the_seed():
    drawn = {draw_layout(seed).id for seed in range(200)}
    assert drawn == {layout.id for layout in LAYOUTS}
    assert all(new_game(seed).layout == draw_layout(seed) for seed in range(20))
    assert new_game(3, "ring-2").layout.id == "ring-2"


def test_unknown_layout_id():
    with pytest.raises(LayoutError, match="unknown layout"):
        layout_by_id("nowhere")


def test_layout_json_round_trip_keeps_known_layouts():
    for layout in LAYOUTS:
        assert Layout.from_json(layout.to_json()) is layout
