"""Sides and positions: "Seven positions linked by paths: your HQ (at the bottom), the enemy HQ (at the top),
three relays (the center and a forward relay on each side) and two posts."

A position is named by a short string (`Position`); the board's 180-degree turn (`MIRROR`) swaps the two HQs,
the two forward relays and the two posts, and keeps the centre.
"""

from __future__ import annotations

from typing import Literal

Side = Literal["south", "north"]
"""One of the two players. South's HQ is at the bottom; south comes first in every listing."""

SIDES: tuple[Side, Side] = ("south", "north")

Position = str
"""One of `POSITIONS`: "hq-s", "hq-n", "c", "r-s", "r-n", "p-w", "p-e"."""

HQ_S, HQ_N, CENTRE, RELAY_S, RELAY_N, POST_W, POST_E = "hq-s", "hq-n", "c", "r-s", "r-n", "p-w", "p-e"

POSITIONS: tuple[Position, ...] = (HQ_S, HQ_N, CENTRE, RELAY_S, RELAY_N, POST_W, POST_E)
HQS: tuple[Position, Position] = (HQ_S, HQ_N)
RELAYS: tuple[Position, ...] = (CENTRE, RELAY_S, RELAY_N)
""""Relays bring income": the centre and the two forward relays."""
POSTS: tuple[Position, ...] = (POST_W, POST_E)
""""Posts open paths": they bring no income and never take reinforcements."""

HQ: dict[Side, Position] = {"south": HQ_S, "north": HQ_N}
"""Each side's own HQ."""
HQ_OWNER: dict[Position, Side] = {HQ_S: "south", HQ_N: "north"}

MIRROR: dict[Position, Position] = {
    HQ_S: HQ_N, HQ_N: HQ_S, RELAY_S: RELAY_N, RELAY_N: RELAY_S, POST_W: POST_E, POST_E: POST_W, CENTRE: CENTRE,
}
"""The board turned by 180 degrees: every layout maps onto itself under it."""

_OTHER: dict[Side, Side] = {"south": "north", "north": "south"}


def other(side: Side) -> Side:
    """The opponent of `side`."""
    return _OTHER[side]


PositionKind = Literal["hq", "relay", "post"]

KIND: dict[Position, PositionKind] = {
    HQ_S: "hq", HQ_N: "hq", CENTRE: "relay", RELAY_S: "relay", RELAY_N: "relay", POST_W: "post", POST_E: "post",
}
"""What each position is: "your HQ [...], the enemy HQ [...], three relays [...] and two posts"."""

HALF: dict[Position, Side | None] = {
    HQ_S: "south", RELAY_S: "south", HQ_N: "north", RELAY_N: "north", CENTRE: None, POST_W: None, POST_E: None,
}
"""Whose side of the board a position stands on: each HQ, and "a forward relay on each side"; the centre and
the two posts are on neither."""
