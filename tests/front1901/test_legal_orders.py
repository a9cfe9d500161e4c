"""Every legal order of every unit: all listed orders are legal, and every legal order is listed."""

from __future__ import annotations

import random

import pytest
from rules.front1901 import (
    IllegalOrderError,
    Move,
    OrderSyntaxError,
    UnitKind,
    check_movement_order,
    legal_adjustment_orders,
    legal_movement_orders,
    legal_retreat_orders,
    parse_order,
    starting_position,
)
from rules.front1901.board import LOCATIONS, PROVINCES
from rules.front1901.legality import ConvoyGeometry
from rules.front1901.position import Dislodgement, Phase, Position, Unit

from .positions import random_position


def _every_legal_order(start: Position, province: str) -> set[str]:
    """Brute force: try every order the notation can write for the unit and keep those that pass."""
    geometry = ConvoyGeometry.of(start.units)
    unit = start.units[province]
    me = str(unit)
    places = sorted(PROVINCES | LOCATIONS)
    others = [str(u) for u in start.units.values()]
    armies = [str(u) for u in start.units.values() if u.kind is UnitKind.ARMY]
    texts = [f"{me} H"] + [f"{me} - {to}{via}" for to in places for via in ("", " VIA")]
    texts += [f"{me} S {o}" for o in others]
    texts += [f"{me} S {o} - {to}" for o in others for to in places]
    texts += [f"{me} C {a} - {to}" for a in armies for to in places]
    legal = set()
    for text in texts:
        try:
            order = check_movement_order(start, unit.power, parse_order(text), geometry)
        except (IllegalOrderError, OrderSyntaxError):
            continue
        if isinstance(order, Move) and order.via and order.to not in _land(unit):
            order = Move(order.unit, order.to)  # VIA on a move that can only go by convoy says nothing
        elif isinstance(order, Move) and order.via and not geometry.can_carry(province, order.to):
            order = Move(order.unit, order.to)  # VIA with no fleets to carry it is the land move (6.G.8)
        legal.add(str(order))
    return legal


def _land(unit: Unit) -> frozenset[str]:
    from rules.front1901.board import ARMY_MOVES

    return ARMY_MOVES.get(unit.location, frozenset())


@pytest.mark.parametrize("seed", [3, 11])
def test_listed_orders_are_exactly_the_legal_ones(seed: int) -> None:
    start = random_position(random.Random(seed), count=24)
    listed = legal_movement_orders(start)
    for province in start.units:
        assert set(listed[province]) == _every_legal_order(start, province), province
        assert len(listed[province]) == len(set(listed[province]))


def test_starting_position_orders() -> None:
    listed = legal_movement_orders(starting_position())
    assert set(listed["PAR"]) >= {"A PAR H", "A PAR - BUR", "A PAR S A MAR - BUR", "A PAR S F BRE"}
    assert "F LON C A LVP - BEL" not in {o for os in listed.values() for o in os}  # no fleet at sea yet
    # A fleet cannot support into Moscow (it could not go there), but can support a move to Livonia.
    assert set(listed["STP"]) == {"F STP/SC H", "F STP/SC - BOT", "F STP/SC - FIN", "F STP/SC - LVN",
                                  "F STP/SC S A MOS - LVN", "F STP/SC S A WAR - LVN"}  # fmt: skip


def test_convoy_orders_and_moves_appear_with_fleets_at_sea() -> None:
    start = Position(
        Phase.parse("S1901M"),
        {"LON": Unit("ENGLAND", UnitKind.ARMY, "LON"), "NTH": Unit("ENGLAND", UnitKind.FLEET, "NTH"),
         "YOR": Unit("ENGLAND", UnitKind.ARMY, "YOR")},
    )  # fmt: skip
    listed = legal_movement_orders(start)
    assert "A LON - NWY" in listed["LON"] and "A LON - YOR VIA" in listed["LON"]
    assert "F NTH C A LON - NWY" in listed["NTH"]
    assert "A YOR S A LON - EDI" in listed["YOR"]


def test_retreat_and_adjustment_orders() -> None:
    unit = Unit("FRANCE", UnitKind.FLEET, "MAO")
    start = Position(Phase.parse("S1901R"), {}, {}, {"MAO": Dislodgement(unit, "ENG", ("SPA/NC", "WES"))})
    assert legal_retreat_orders(start) == {"MAO": ["F MAO R SPA/NC", "F MAO R WES", "F MAO D"]}
    winter = Position(
        Phase.parse("W1901A"),
        {"MOS": Unit("RUSSIA", UnitKind.ARMY, "MOS"), "PAR": Unit("FRANCE", UnitKind.ARMY, "PAR"),
         "BUR": Unit("FRANCE", UnitKind.ARMY, "BUR")},
        {"MOS": "RUSSIA", "STP": "RUSSIA", "PAR": "FRANCE"},
    )  # fmt: skip
    assert legal_adjustment_orders(winter) == {
        "FRANCE": ["A BUR D", "A PAR D"],
        "RUSSIA": ["A STP B", "F STP/NC B", "F STP/SC B", "WAIVE"],
    }
