"""Random positions and random legal orders for property tests (driven by a seed hypothesis draws)."""

from __future__ import annotations

import random

from rules.front1901 import (
    POWERS,
    Phase,
    Position,
    Step,
    Unit,
    UnitKind,
    legal_adjustment_orders,
    legal_movement_orders,
    legal_retreat_orders,
    parse_order,
    play,
    starting_position,
)
from rules.front1901.board import ARMY_MOVES, COASTS, FLEET_MOVES, PROVINCES
from rules.front1901.orders import Move, SupportHold, SupportMove


def random_position(rng: random.Random, count: int | None = None) -> Position:
    """Up to ``count`` units of random powers and kinds on random provinces."""
    provinces = sorted(PROVINCES)
    rng.shuffle(provinces)
    units = {}
    for province in provinces[: count if count is not None else rng.randint(6, 34)]:
        kinds = []
        if province in ARMY_MOVES:
            kinds.append((UnitKind.ARMY, province))
        kinds += [(UnitKind.FLEET, c) for c in COASTS.get(province, (province,)) if c in FLEET_MOVES]
        kind, location = rng.choice(kinds)
        units[province] = Unit(rng.choice(POWERS), kind, location)
    return Position(Phase.parse("S1901M"), units)


def random_orders(position: Position, rng: random.Random) -> dict[str, list[str]]:
    """A legal order for most units; supports lean towards moves and holds actually ordered."""
    legal = legal_movement_orders(position)
    chosen: dict[str, str] = {}
    provinces = list(legal)
    rng.shuffle(provinces)
    for p in provinces:
        options = legal[p]
        roll = rng.random()
        if roll < 0.08:
            continue  # no order: the unit holds
        if roll < 0.5:
            chosen[p] = rng.choice([o for o in options if " - " in o and " S " not in o and " C " not in o] or options)
            continue
        matching = []
        for text in options:
            order = parse_order(text)
            if isinstance(order, SupportMove):
                move = chosen.get(order.supported.province)
                if move and isinstance(parse_order(move), Move) and parse_order(move).to[:3] == order.to[:3]:
                    matching.append(text)
            elif isinstance(order, SupportHold) and order.supported.province in chosen:
                if not isinstance(parse_order(chosen[order.supported.province]), Move):
                    matching.append(text)
            elif " C " in text and rng.random() < 0.3:
                matching.append(text)
        chosen[p] = rng.choice(matching or options)
    orders: dict[str, list[str]] = {}
    for p, text in chosen.items():
        orders.setdefault(position.units[p].power, []).append(text)
    return orders


def random_game_positions(rng: random.Random, phases: int) -> list[Position]:
    """The positions of a game from 1901 played with random legal orders, retreats and adjustments."""
    position = starting_position()
    seen = [position]
    for _ in range(phases):
        step = position.phase.step
        if step is Step.MOVEMENT:
            orders = random_orders(position, rng)
        elif step is Step.RETREAT:
            orders = {}
            for p, options in legal_retreat_orders(position).items():
                orders.setdefault(position.dislodged[p].unit.power, []).append(rng.choice(options))
        else:
            orders = {power: rng.sample(options, min(len(options), 2)) for power, options in legal_adjustment_orders(position).items()}
        position = play(position, orders).position
        seen.append(position)
    return seen
