"""A player that sends random legal orders, from its view only: the opponent of the strength benches and the
source of random games for the property tests.
"""

from __future__ import annotations

import random

from .fog import SideView
from .legality import (
    DECOY_COST,
    ENTRENCH_COST,
    HQ_CAP,
    MAX_SCOUTS,
    RELAY_CAP,
    SCOUT_COST,
    UNIT_COST,
    linked_relays,
)
from .positions import HQ, POSITIONS


def random_orders(view: SideView, rng: random.Random) -> list[dict]:
    """A random order set that `check_orders(view, ...)` accepts (empty once the game is over)."""
    if view.over:
        return []
    side, layout = view.side, view.layout
    points = view.points
    orders: list[dict] = []
    placed_units: set[str] = set()

    # Reinforce on the HQ and on linked relays, within the caps and the points.
    spots = [HQ[side], *sorted(linked_relays(layout, view.flags, side))]
    for at in spots:
        if rng.random() < 0.5:
            continue
        cap = HQ_CAP if at == HQ[side] else RELAY_CAP
        units = rng.randint(0, min(cap, points // UNIT_COST))
        decoys = rng.randint(0, min(cap - units, (points - units * UNIT_COST) // DECOY_COST))
        if units + decoys:
            orders.append({"reinforce": {"at": at, "units": units, "decoys": decoys}})
            points -= units * UNIT_COST + decoys * DECOY_COST
            if units:
                placed_units.add(at)

    # Move part of what stood at each position at the start of the turn, split over up to two neighbours.
    for at in POSITIONS:
        units, decoys = view.units.get(at, 0), view.decoys.get(at, 0)
        targets = list(layout.neighbours(at))
        rng.shuffle(targets)
        for to in targets[: rng.randint(0, 2)]:
            mu = rng.randint(0, units)
            md = rng.randint(0, decoys)
            if mu + md:
                orders.append({"move": {"from": at, "to": to, "units": mu, "decoys": md}})
                units -= mu
                decoys -= md

    # Entrench where units stand or are placed.
    for at in sorted(set(p for p, n in view.units.items() if n) | placed_units):
        cost = 0 if at == HQ[side] else ENTRENCH_COST
        if points >= cost and rng.random() < 0.3:
            orders.append({"entrench": {"at": at}})
            points -= cost

    # Scout up to two positions that are not ours.
    others = [p for p in POSITIONS if view.flags.get(p) != side]
    rng.shuffle(others)
    for at in others[:MAX_SCOUTS]:
        if points >= SCOUT_COST and rng.random() < 0.3:
            orders.append({"scout": {"at": at}})
            points -= SCOUT_COST

    if rng.random() < 0.5:
        orders.append({"predict": {"at": rng.choice(POSITIONS)}})
    return orders
