"""Seeded random Front 1901 games: positions and random legal orders, supports and convoys included.

Used by the speed benchmark (bench/front1901_speed.py) and the differential test against MILA's
``diplomacy`` package (bench/front1901_differential.py).  Everything follows from the seed.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "layers" / "rules" / "python"))

from rules.front1901 import (  # noqa: E402
    Build,
    Convoy,
    Disband,
    Move,
    Position,
    Step,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    adjustment_counts,
    legal_movement_orders,
    legal_retreat_orders,
    parse_order,
    play,
    starting_position,
)
from rules.front1901.adjustments import buildable_sites  # noqa: E402
from rules.front1901.board import ARMY_MOVES, COASTS, FLEET_MOVES  # noqa: E402


def random_movement_orders(position: Position, rng: random.Random) -> dict[str, list[str]]:
    """A random legal order for every unit, biased so that supports and convoys often match a move."""
    legal = {p: [parse_order(text) for text in texts] for p, texts in legal_movement_orders(position).items()}
    provinces = list(legal)
    rng.shuffle(provinces)
    chosen: dict[str, object] = {}
    for p in provinces:
        options = legal[p]
        roll = rng.random()
        if roll < 0.1:
            chosen[p] = options[0]
        elif roll < 0.55:
            moves = [o for o in options if isinstance(o, Move)]
            chosen[p] = rng.choice(moves) if moves else options[0]
        elif roll < 0.9:
            matching = [o for o in options if _supports_chosen(o, chosen)]
            supports = matching or [o for o in options if isinstance(o, SupportHold | SupportMove)]
            chosen[p] = rng.choice(supports) if supports else options[0]
        else:
            convoys = [o for o in options if isinstance(o, Convoy)]
            chosen[p] = rng.choice(convoys) if convoys else options[0]
    for p, order in list(chosen.items()):
        if isinstance(order, Move) and order.unit.kind is UnitKind.ARMY and (order.via or order.to not in ARMY_MOVES[p]):
            for q, options in legal.items():
                if q != p and rng.random() < 0.7:
                    for o in options:
                        if isinstance(o, Convoy) and o.army.province == p and o.to == order.to:
                            chosen[q] = o
                            break
    orders: dict[str, list[str]] = {}
    for p, order in chosen.items():
        orders.setdefault(position.units[p].power, []).append(str(order))
    return orders


def _supports_chosen(order: object, chosen: dict[str, object]) -> bool:
    if isinstance(order, SupportMove):
        move = chosen.get(order.supported.province)
        return isinstance(move, Move) and move.to[:3] == order.to
    if isinstance(order, SupportHold):
        return not isinstance(chosen.get(order.supported.province), Move)
    return False


def random_retreat_orders(position: Position, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for p, options in legal_retreat_orders(position).items():
        orders.setdefault(position.dislodged[p].unit.power, []).append(rng.choice(options))
    return orders


def random_adjustment_orders(position: Position, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, count in adjustment_counts(position).items():
        if count > 0:
            sites = buildable_sites(position, power)
            rng.shuffle(sites)
            for site in sites[:count]:
                kinds = [("A", site)] if site in ARMY_MOVES else []
                kinds += [("F", c) for c in COASTS.get(site, (site,)) if c in FLEET_MOVES]
                kind, location = rng.choice(kinds)
                orders.setdefault(power, []).append(str(Build(UnitRef(UnitKind(kind), location))))
        elif count < 0 and rng.random() < 0.7:
            units = [u for u in position.units.values() if u.power == power]
            for unit in rng.sample(units, -count):
                orders.setdefault(power, []).append(str(Disband(UnitRef(unit.kind, unit.location))))
    return orders


def random_game(seed: int, phases: int = 40) -> Iterator[tuple[Position, dict[str, list[str]]]]:
    """Each phase of a random game from the 1901 start: the position and the orders played in it."""
    rng = random.Random(seed)
    position = starting_position()
    for _ in range(phases):
        step = position.phase.step
        if step is Step.MOVEMENT:
            orders = random_movement_orders(position, rng)
        elif step is Step.RETREAT:
            orders = random_retreat_orders(position, rng)
        else:
            orders = random_adjustment_orders(position, rng)
        yield position, orders
        position = play(position, orders).position
        if not position.units:
            return


def movement_phases(seeds: range, phases: int = 40) -> list[tuple[Position, dict[str, list[str]]]]:
    return [(p, o) for seed in seeds for p, o in random_game(seed, phases) if p.phase.step is Step.MOVEMENT]

