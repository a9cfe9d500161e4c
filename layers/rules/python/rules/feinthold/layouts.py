"""The map: "The map changes every game (ten layouts), always symmetrical: neither side has an advantage."

A layout is a set of paths (undirected edges) between the seven positions, with a stable id and a shape name;
several layouts share a shape. Every layout is valid (see `check_layout`): symmetric under the board's
180-degree turn, connected, no path from one HQ straight to the other, at least two paths from each HQ.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .positions import HALF, HQ_N, HQ_S, KIND, MIRROR, POSITIONS, Position


class LayoutError(ValueError):
    """A set of paths that breaks a rule of the map."""


@dataclass(frozen=True)
class Layout:
    """One map: `paths` are unordered pairs of positions, stored sorted; `id` is stable across releases."""

    id: str
    shape: str
    paths: tuple[tuple[Position, Position], ...]
    _neighbours: dict[Position, tuple[Position, ...]] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        paths = tuple(sorted({tuple(sorted(p)) for p in self.paths}))
        object.__setattr__(self, "paths", paths)
        found: dict[Position, list[Position]] = {p: [] for p in POSITIONS}
        for a, b in paths:
            if a not in found or b not in found or a == b:
                raise LayoutError(f"path {a}-{b}: a path joins two different positions of the map")
            found[a].append(b)
            found[b].append(a)
        object.__setattr__(self, "_neighbours", {p: tuple(sorted(n)) for p, n in found.items()})

    def neighbours(self, position: Position) -> tuple[Position, ...]:
        """The positions one path away from `position`, sorted."""
        return self._neighbours[position]

    def adjacent(self, a: Position, b: Position) -> bool:
        return b in self._neighbours[a]

    def to_json(self) -> dict:
        return {"id": self.id, "shape": self.shape, "paths": [list(p) for p in self.paths]}

    def map_json(self) -> dict:
        """The layout as a player reads it: its paths, and what each position is and on whose side it stands
        (data, so that a client never reads it from a position's name)."""
        positions = [{"id": p, "kind": KIND[p], "side": HALF[p]} for p in POSITIONS]
        return {**self.to_json(), "positions": positions}

    @classmethod
    def from_json(cls, data: dict) -> Layout:
        """A known layout by its id when the paths match it; otherwise a custom layout (one-turn cases)."""
        paths = tuple(tuple(p) for p in data["paths"])
        known = _BY_ID.get(data.get("id", ""))
        layout = cls(str(data.get("id", "custom")), str(data.get("shape", "custom")), paths)
        if known is not None and known.paths == layout.paths:
            return known
        check_layout(layout)
        return layout


def check_layout(layout: Layout) -> None:
    """Raise `LayoutError` unless the layout obeys the spec's map rules.

    "a layout is valid only if the swap hq-s<->hq-n, r-s<->r-n, p-w<->p-e, c<->c maps its path set onto itself
    ... It is connected, has no path from an HQ straight to the other HQ, and every HQ has at least two paths."
    """
    paths = set(layout.paths)
    mirrored = {tuple(sorted((MIRROR[a], MIRROR[b]))) for a, b in paths}
    if mirrored != paths:
        raise LayoutError(f"layout {layout.id}: not symmetric under the board's half turn")
    if (HQ_N, HQ_S) in paths:
        raise LayoutError(f"layout {layout.id}: a path joins the two HQs")
    for hq in (HQ_S, HQ_N):
        if len(layout.neighbours(hq)) < 2:
            raise LayoutError(f"layout {layout.id}: {hq} has fewer than two paths")
    seen = {HQ_S}
    frontier = [HQ_S]
    while frontier:
        for n in layout.neighbours(frontier.pop()):
            if n not in seen:
                seen.add(n)
                frontier.append(n)
    if len(seen) != len(POSITIONS):
        raise LayoutError(f"layout {layout.id}: not connected ({', '.join(sorted(set(POSITIONS) - seen))} cut off)")


def _symmetric(*south_half: str) -> tuple[tuple[Position, Position], ...]:
    """Paths written "a/b", each completed by its mirror image."""
    out = []
    for text in south_half:
        a, b = text.split("/")
        out.append((a, b))
        out.append((MIRROR[a], MIRROR[b]))
    return tuple(out)


# Each layout lists one half of its paths; the other half is the mirror image (self-mirrored paths repeat).
LAYOUTS: tuple[Layout, ...] = (
    # Crown: each HQ reaches its relay and both posts; everything meets at the centre.
    Layout("crown-1", "crown", _symmetric("hq-s/r-s", "hq-s/p-w", "hq-s/p-e", "r-s/c", "p-w/c")),
    Layout("crown-2", "crown", _symmetric("hq-s/r-s", "hq-s/p-w", "hq-s/p-e", "r-s/c", "p-w/c", "r-s/r-n")),
    # Ladder: two rails crossed by rungs through the centre.
    Layout("ladder-1", "ladder", _symmetric("hq-s/r-s", "hq-s/p-w", "r-s/c", "p-w/c", "r-s/p-e")),
    # Twin roads: a relay road through the centre and a post road along the side.
    Layout("twin-roads-1", "twin-roads", _symmetric("hq-s/r-s", "hq-s/p-w", "r-s/c", "p-w/p-e")),
    Layout("twin-roads-2", "twin-roads", _symmetric("hq-s/r-s", "hq-s/p-w", "r-s/c", "p-w/p-e", "r-s/p-w")),
    # Star: the centre is one step from both HQs.
    Layout("star-1", "star", _symmetric("hq-s/c", "hq-s/r-s", "r-s/c", "p-w/c", "r-s/p-w")),
    Layout("star-2", "star", _symmetric("hq-s/c", "hq-s/r-s", "r-s/c", "p-w/c", "hq-s/p-w")),
    # Ring: a six-position ring through both HQs, the centre a bridge between the relays (1) or the posts (2).
    Layout("ring-1", "ring", _symmetric("hq-s/r-s", "r-s/p-e", "p-w/hq-s", "c/r-s")),
    Layout("ring-2", "ring", _symmetric("hq-s/r-s", "r-s/p-e", "p-w/hq-s", "c/p-w")),
    # Hourglass: a triangle per side, joined at the centre.
    Layout("hourglass-1", "hourglass", _symmetric("hq-s/r-s", "hq-s/p-w", "r-s/p-w", "r-s/c", "p-w/c")),
)

_BY_ID: dict[str, Layout] = {layout.id: layout for layout in LAYOUTS}

SHAPES: tuple[str, ...] = tuple(dict.fromkeys(layout.shape for layout in LAYOUTS))
"""The shape names, in layout order (the test bench plays one map of each)."""


def layout_by_id(layout_id: str) -> Layout:
    """The layout with this id; `LayoutError` if there is none."""
    try:
        return _BY_ID[layout_id]
    except KeyError:
        raise LayoutError(f"unknown layout {layout_id!r} (known: {', '.join(_BY_ID)})") from None


def draw_layout(seed: int) -> Layout:
    """"The layout of a game is drawn from a seeded random source when the game is created"."""
    return random.Random(seed).choice(LAYOUTS)
