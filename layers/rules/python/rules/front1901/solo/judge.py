"""After each movement phase: which agreements were kept, which broken, and by which order.

"After each movement phase every agreement in force is judged on the orders as written (void and failed
orders included); 'the other's unit or centre' means at the start of that phase; a convoy counts as a
support; retreats and builds never break anything ... A break ends that agreement; the member is told with
the breaking order ('France broke the pact: A MAR - BUR').  Both sides breaking in one phase are both named;
the order reported is the first in canonical order.  A lasting agreement in force through both movement
phases of a year counts once as kept, after the fall."  A support promise is kept when the promised order
was given (its unit's last order, in canonical form), whatever its result.  A demand is kept when no unit of
the member is left in a named province after the moves, else ignored: war.  An alliance whose target is
eliminated ends, kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..board import Power, Province
from ..game import alive
from ..legality import ConvoyGeometry, IllegalOrderError, check_movement_order
from ..notation import OrderSyntaxError, parse_order
from ..orders import Order
from ..position import Position, Season
from .agreements import Agreement, capital
from .policy import UnitOrder, move_target
from .proposals import Alliance, Demand, SupportRequest


class VerdictKind(StrEnum):
    KEPT = "kept"
    BROKEN = "broken"
    IGNORED = "ignored"
    """A demand ignored: war."""
    ENDED = "ended"
    """An alliance whose target was eliminated: kept, and over."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one agreement: who broke it (powers' order) and the first breaking order."""

    agreement: Agreement
    outcome: VerdictKind
    breakers: tuple[Power, ...] = ()
    order: str | None = None

    @property
    def ends(self) -> bool:
        """Whether the agreement is over after this verdict."""
        return self.outcome is not VerdictKind.KEPT or not self.agreement.lasting

    def sentence(self) -> str:
        """"France broke the pact: A MAR - BUR"."""
        kind = self.agreement.kind
        if self.outcome is VerdictKind.BROKEN:
            who = " and ".join(p.title() for p in self.breakers)
            return f"{who} broke the {kind}: {self.order}"
        if self.outcome is VerdictKind.IGNORED:
            return f"{self.agreement.recipient.title()} ignored the demand of {self.agreement.proposer.title()}: war"
        if self.outcome is VerdictKind.ENDED:
            return f"{capital(self.agreement.describe())} ended, kept: its target is eliminated"
        return f"{capital(self.agreement.describe())} was kept"


def _written(position: Position, orders: Mapping[Power, Sequence[str | Order]]) -> dict[Power, dict[Province, UnitOrder]]:
    """Each power's orders as written and readable, in canonical form where legal; per unit the last one."""
    geometry = ConvoyGeometry.of(position.units)
    found: dict[Power, dict[Province, UnitOrder]] = {}
    for power, items in orders.items():
        mine = found.setdefault(power, {})
        for item in items:
            try:
                order = parse_order(item) if isinstance(item, str) else item
            except OrderSyntaxError:
                continue
            if not isinstance(order, UnitOrder):
                continue
            mine[order.unit.province] = _canonical(position, power, order, geometry)
    return found


def _canonical(position: Position, power: Power, order: UnitOrder, geometry: ConvoyGeometry) -> UnitOrder:
    """The order in canonical form when it is legal; as written when it is not (it is judged as written)."""
    try:
        legal = check_movement_order(position, power, order, geometry)
    except IllegalOrderError:
        return order
    assert isinstance(legal, UnitOrder)
    return legal


def judge(
    start: Position,
    after: Position,
    orders: Mapping[Power, Sequence[str | Order]],
    agreements: Sequence[Agreement],
) -> list[Verdict]:
    """The verdicts of one movement phase played from ``start`` to ``after`` with ``orders`` (every power's,
    as written), for the agreements in force during it; agreements still running and not yet due a
    "kept" get no verdict."""
    written = _written(start, orders)
    living = set(alive(after))
    fall = start.phase.season is Season.FALL
    verdicts = []
    for agreement in agreements:
        terms = agreement.terms
        if isinstance(terms, Demand):
            member = agreement.recipient
            stayed = [p for p in terms.leave if (u := after.units.get(p)) is not None and u.power == member]
            verdicts.append(Verdict(agreement, VerdictKind.IGNORED if stayed else VerdictKind.KEPT))
            continue
        if isinstance(terms, SupportRequest):
            promised = agreement.bounds(agreement.recipient, start).promised[0]
            given = written.get(agreement.recipient, {}).get(promised.unit.province)
            if given is not None and str(given) == str(promised):
                verdicts.append(Verdict(agreement, VerdictKind.KEPT))
            else:
                text = str(given) if given is not None else f"{promised.unit} H"
                verdicts.append(Verdict(agreement, VerdictKind.BROKEN, (agreement.recipient,), text))
            continue
        breaking: list[tuple[Power, str]] = []
        for party in agreement.parties:
            forbidden = agreement.bounds(party, start).forbidden
            for order in written.get(party, {}).values():
                target = move_target(order)
                if target is not None and target in forbidden:
                    breaking.append((party, str(order)))
        if breaking:
            breakers = tuple(sorted({party for party, _ in breaking}))
            verdicts.append(Verdict(agreement, VerdictKind.BROKEN, breakers, min(text for _, text in breaking)))
        elif isinstance(terms, Alliance) and terms.against not in living:
            verdicts.append(Verdict(agreement, VerdictKind.ENDED))
        elif fall and (agreement.since.year < start.phase.year or agreement.since.season is Season.SPRING):
            verdicts.append(Verdict(agreement, VerdictKind.KEPT))
    return verdicts

