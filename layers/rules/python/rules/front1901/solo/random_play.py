"""The ``random`` level, for measurement: "each unit picks uniformly among its legal orders; no press".

In a retreat phase each dislodged unit picks uniformly among its retreats and disbanding; in the winter a
power picks its builds one by one uniformly among its legal build orders and ``WAIVE`` (a site once used is
not offered again), or its disbands uniformly among its units.
"""

from __future__ import annotations

import random

from ..adjustments import adjustment_counts
from ..board import Power
from ..legal_orders import legal_adjustment_orders, legal_movement_orders, legal_retreat_orders
from ..position import Position


def random_movement_orders(position: Position, power: Power, rng: random.Random) -> list[str]:
    legal = legal_movement_orders(position)
    return [rng.choice(legal[p]) for p, unit in sorted(position.units.items()) if unit.power == power]


def random_retreat_orders(position: Position, power: Power, rng: random.Random) -> list[str]:
    legal = legal_retreat_orders(position)
    return [rng.choice(legal[p]) for p, d in sorted(position.dislodged.items()) if d.unit.power == power]


def random_adjustment_orders(position: Position, power: Power, rng: random.Random) -> list[str]:
    count = adjustment_counts(position).get(power, 0)
    options = legal_adjustment_orders(position).get(power, [])
    if count < 0:
        return sorted(rng.sample(options, -count))
    chosen: list[str] = []
    for _ in range(count):
        used = {text.split()[1][:3] for text in chosen if text != "WAIVE"}
        left = [o for o in options if o == "WAIVE" or o.split()[1][:3] not in used]
        chosen.append(rng.choice(left))
    return chosen
