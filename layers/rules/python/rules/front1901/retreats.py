"""The retreat phase after a movement phase.

"A dislodged unit must withdraw to a free neighbouring province ... If two units retreat to the same place,
or if no retreat is possible, the unit is disbanded."  A dislodged unit with no order is disbanded too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .board import Power, Province, province_of
from .legality import IllegalOrderError, check_retreat_order
from .movement import VoidOrder, read_orders
from .orders import Order, Retreat, Waive
from .position import Position, Unit, unit_at


@dataclass
class RetreatOutcome:
    """The board after the retreats; ``results``/``reasons`` are keyed by the province each dislodged unit
    was driven from."""

    units: dict[Province, Unit]
    results: dict[Province, str]
    reasons: dict[Province, str]
    void_orders: list[VoidOrder] = field(default_factory=list)


def adjudicate_retreats(position: Position, orders: Mapping[Power, Sequence[Order | str]]) -> RetreatOutcome:
    void: list[VoidOrder] = []
    chosen: dict[Province, Order] = {}
    illegal: dict[Province, str] = {}
    for power, order, given_as in read_orders(position, orders, void):
        dislodgement = None if isinstance(order, Waive) else position.dislodged.get(order.unit.province)
        if isinstance(order, Waive) or dislodgement is None or dislodgement.unit.power != power:
            void.append(VoidOrder(power, str(given_as), "names no dislodged unit of this power"))
            continue
        province = order.unit.province
        try:
            chosen[province] = check_retreat_order(position, power, order)
            illegal.pop(province, None)
        except IllegalOrderError as error:
            chosen.pop(province, None)
            illegal[province] = error.rule
    targets: dict[Province, list[Province]] = {}
    for p, order in chosen.items():
        if isinstance(order, Retreat):
            targets.setdefault(province_of(order.to), []).append(p)
    units = dict(position.units)
    results: dict[Province, str] = {}
    reasons: dict[Province, str] = {}
    for p, dislodgement in position.dislodged.items():
        chosen_order = chosen.get(p)
        if p in illegal:
            results[p], reasons[p] = "void", f"{illegal[p]}; disbanded"
        elif chosen_order is None:
            if dislodgement.retreats:
                results[p], reasons[p] = "disbanded", "no retreat ordered"
            else:
                results[p], reasons[p] = "disbanded", "no retreat possible"
        elif not isinstance(chosen_order, Retreat):
            results[p], reasons[p] = "disbanded", "disbanded as ordered"
        elif len(targets[province_of(chosen_order.to)]) > 1:
            results[p], reasons[p] = "bounced", f"two units retreated to {province_of(chosen_order.to)}: both disbanded"
        else:
            unit = dislodgement.unit
            units[province_of(chosen_order.to)] = unit_at(unit.power, unit.kind, chosen_order.to)
            results[p], reasons[p] = "retreats", f"retreats to {chosen_order.to}"
    return RetreatOutcome(units, results, reasons, void)
