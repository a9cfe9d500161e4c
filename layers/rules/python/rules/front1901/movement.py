"""A spring or fall movement phase: orders in, the board after the moves and every order's result out.

"Everyone writes orders in secret, then all orders are revealed and carried out at the same time."
Orders are checked (an illegal one becomes a hold, reported void), convoy intent is settled, the decisions
are resolved by :class:`~rules.front1901.resolver.Resolver`, and the dislodged units get their retreat options.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .board import ARMY, ARMY_MOVES, FLEET_MOVES, FLEET_REACH, Power, Province
from .legality import ConvoyGeometry, unit_order_or_rule
from .notation import OrderSyntaxError, known_order, parse_order, unit_ref
from .orders import Convoy, Hold, Move, Order, SupportHold, SupportMove, UnitRef, Waive
from .position import Dislodgement, Position, Unit, retreat_options, unit_at
from .resolver import CONVOY, MOVE, SUPPORT, Resolver, sea_chain

_ORDER_TYPES = frozenset((Hold, Move, SupportHold, SupportMove, Convoy, Waive))
"""The order classes a movement phase reads as they are (anything else is checked as a string first)."""


class VoidOrder:
    """An order that names no unit of the ordering power (or cannot be read), or a waived build: ``power``,
    ``order`` (as given, as text) and ``reason``.  For an order naming a unit the power does not have, the
    text and the reason are written when first read (a search adjudicates many such orders, and reads none)."""

    __slots__ = ("power", "_order", "_reason", "_given", "_ref", "_unit")

    def __init__(self, power: Power, order: str, reason: str) -> None:
        self.power = power
        self._order: str | None = order
        self._reason: str | None = reason
        self._given: object = None
        self._ref: UnitRef | None = None
        self._unit: Unit | None = None

    @classmethod
    def not_yours(cls, power: Power, given: object, ref: UnitRef, unit: Unit | None) -> VoidOrder:
        """The order ``given`` (text or order) for the unit ``ref``, which is not the power's (``unit``: what
        stands there, if anything)."""
        void = cls.__new__(cls)  # each field set once, here (a search makes many such orders)
        void.power, void._order, void._reason = power, None, None
        void._given, void._ref, void._unit = given, ref, unit
        return void

    @property
    def order(self) -> str:
        if self._order is None:
            self._order = str(self._given)
        return self._order

    @property
    def reason(self) -> str:
        if self._reason is None:
            self._reason = _not_yours(self._ref, self._unit, self.power)
        return self._reason

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, VoidOrder):
            return NotImplemented
        return (self.power, self.order, self.reason) == (other.power, other.order, other.reason)

    def __hash__(self) -> int:
        return hash((self.power, self.order, self.reason))

    def __repr__(self) -> str:
        return f"VoidOrder(power={self.power!r}, order={self.order!r}, reason={self.reason!r})"


class Battle(NamedTuple):
    """The strengths in one province: each attack and prevent by attacker province, the hold strength of
    the unit there, and, when it is moving into the province of one of the attackers (a head-to-head
    battle), its defend strength against that attacker.  A named tuple: the command line makes one per
    province entered in every phase, and a tuple is made in one step where a frozen dataclass sets each
    field in turn."""

    province: Province
    attacks: dict[Province, int]
    prevents: dict[Province, int]
    hold: int
    defend: int | None
    head_to_head: Province | None
    winner: Province | None

    def resistance(self, attacker: Province) -> int:
        """What an attack from ``attacker`` had to beat in the province itself (before any prevent)."""
        return self.defend if attacker == self.head_to_head and self.defend is not None else self.hold


class MovementOutcome:
    """What a movement phase did.  ``results`` (and ``reasons``, ``orders``) are keyed by the province each
    unit stood in.  ``results``, ``contested``, ``battles`` and ``reasons`` are worked out the first time they
    are read (a search reads the units after the phase and the dislodged ones, nothing else)."""

    __slots__ = (
        "units", "dislodged", "void_orders", "convoyed", "_why", "_contested", "_results", "_battles",
        "_reasons", "_orders",
    )  # fmt: skip

    def __init__(
        self,
        units: dict[Province, Unit],
        dislodged: dict[Province, Dislodgement],
        contested: frozenset[Province] | None,
        void_orders: list[VoidOrder],
        convoyed: frozenset[Province],
        why: _Explainer,
    ) -> None:
        self.units = units
        self.dislodged = dislodged
        self._contested = contested
        self.void_orders = void_orders
        self.convoyed = convoyed
        """The provinces of the armies whose move went by convoy."""
        self._why = why
        self._results: dict[Province, str] | None = None
        self._battles: dict[Province, Battle] | None = None
        self._reasons: dict[Province, str] | None = None
        self._orders: dict[Province, Order] | None = None

    @property
    def contested(self) -> frozenset[Province]:
        """The provinces left empty by a standoff."""
        if self._contested is None:
            why = self._why
            self._contested = _contested(why.resolver, why.moved_in, self.units)
        return self._contested

    @property
    def results(self) -> dict[Province, str]:
        """Each unit's result word: moves, bounced, dislodged, supports, cut, convoys, holds, void ..."""
        if self._results is None:
            self._results = _results(self._why)
        return self._results

    @property
    def orders(self) -> dict[Province, Order]:
        """The order each unit carried out, in canonical form: a void order or no order is a hold."""
        if self._orders is None:
            given = self._why.given
            self._orders = {
                p: given.get(p) or Hold(unit_ref(u.kind, u.location)) for p, u in self._why.units.items()
            }
        return self._orders

    @property
    def battles(self) -> dict[Province, Battle]:
        """The strengths in every province some unit tried to enter."""
        if self._battles is None:
            self._battles = _battles(self._why.resolver, self._why.units)
        return self._battles

    @property
    def reasons(self) -> dict[Province, str]:
        """A sentence per unit saying why its order had its result."""
        if self._reasons is None:
            self._reasons = _reasons(self._why, self.results, self.battles)
        return self._reasons


@dataclass(slots=True)
class _Explainer:
    """What the explanations are worked out from (kept by the outcome, never changed)."""

    units: Mapping[Province, Unit]
    given: Mapping[Province, Order]
    resolver: Resolver
    illegal: Mapping[Province, str]
    unmatched: Mapping[Province, Order]
    dislodged_by: Mapping[Province, Province]
    moved_in: Mapping[Province, Province]
    """Per province entered: the province of the unit that moved in."""


def read_orders(
    position: Position, orders: Mapping[Power, Sequence[Order | str]], void: list[VoidOrder]
) -> list[tuple[Power, Order, Order | str]]:
    """Parse each order; return (power, order, the order as given) in input order.  Orders that cannot be
    read go to ``void``."""
    read: list[tuple[Power, Order, Order | str]] = []
    for power, items in orders.items():
        for item in items:
            if isinstance(item, str):
                try:
                    read.append((power, parse_order(item), item))
                except OrderSyntaxError as error:
                    void.append(VoidOrder(power, item, error.reason))
            else:
                read.append((power, item, item))
    return read


@dataclass(slots=True)
class CheckedOrders:
    """Orders checked against a position, not yet resolved: the order each unit carries out (canonical),
    the rule each illegal order breaks (by the unit's province), the orders that name no unit of their power."""

    given: dict[Province, Order]
    illegal: dict[Province, str]
    void: list[VoidOrder]


def adjudicate_movement(position: Position, orders: Mapping[Power, Sequence[Order | str]]) -> MovementOutcome:
    """Adjudicate a movement phase.  ``orders`` maps each power to its orders, as text or Order objects;
    units with no order hold."""
    checked = check_orders(position, orders)
    return _resolve(position, checked.given, checked.illegal, checked.void)


def adjudicate_checked(position: Position, first: CheckedOrders, then: CheckedOrders) -> MovementOutcome:
    """Adjudicate a movement phase from the orders of two sets of powers (no power in both) checked apart,
    as ``adjudicate_movement`` does with ``first``'s powers' orders given before ``then``'s: a search
    that tries many order sets of its own against the same orders of the others checks theirs once."""
    return _resolve(position, first.given | then.given, first.illegal | then.illegal, first.void + then.void)


def check_orders(position: Position, orders: Mapping[Power, Sequence[Order | str]]) -> CheckedOrders:
    """Each order read (if text) and checked: an order naming no unit of its power is void, an illegal one
    is noted with the rule it breaks (the unit holds), the others are kept in canonical form."""
    units = position.units
    unit_in = units.get
    known = known_order
    void: list[VoidOrder] = []
    geometry = ConvoyGeometry.of(units)
    given: dict[Province, Order] = {}
    illegal: dict[Province, str] = {}
    for power, items in orders.items():
        for item in items:
            cls = type(item)
            if cls is str or (cls not in _ORDER_TYPES and isinstance(item, str)):
                try:
                    order = known(item) or parse_order(item)  # type: ignore[arg-type]
                except OrderSyntaxError as error:
                    void.append(VoidOrder(power, item, error.reason))  # type: ignore[arg-type]
                    continue
                cls = type(order)
            else:
                order = item  # type: ignore[assignment]
            if cls is Waive or (cls not in _ORDER_TYPES and isinstance(order, Waive)):
                void.append(VoidOrder(power, str(item), "not an order for a movement phase"))
                continue
            if TYPE_CHECKING:  # the dispatch by type above, which the type checker cannot follow
                assert not isinstance(order, Waive)
            ref = order.unit
            province = ref.province
            unit = unit_in(province)
            if unit is None or unit.power != power or (ref.kind is not None and ref.kind is not unit.kind):
                void.append(VoidOrder.not_yours(power, item, ref, unit))
                continue
            # "Two orders for one unit: the last one counts."
            if (
                ref.kind is unit.kind
                and ref.location == unit.location
                and (
                    cls is Hold
                    or (
                        cls is Move
                        and (
                            order.to in ARMY_MOVES[province]  # type: ignore[union-attr]
                            if unit.kind is ARMY
                            else not order.via and order.to in FLEET_MOVES[unit.location]  # type: ignore[union-attr]
                        )
                    )
                )
            ):
                # The common case, a hold or a move next door written as the unit stands, is legal as it
                # is (unit_order_or_rule's first test), and taken here without a call.
                given[province] = order
                if illegal:
                    illegal.pop(province, None)
                continue
            if (cls is SupportHold or cls is SupportMove) and ref.kind is unit.kind and ref.location == unit.location:
                # As common: a support of a unit next door, holding or moving into a province next door to
                # both, both written as they stand (again unit_order_or_rule's first test).
                supported = order.supported  # type: ignore[union-attr]
                target = unit_in(supported.province)
                if (
                    target is not None
                    and target is not unit
                    and supported.location == target.location
                    and supported.kind is target.kind
                ):
                    reach = (ARMY_MOVES if unit.kind is ARMY else FLEET_REACH)[unit.location]
                    if cls is SupportHold:
                        legal = target.province in reach
                    else:
                        to = order.to  # type: ignore[union-attr]
                        legal = (
                            to != province
                            and to in reach
                            and to in (ARMY_MOVES if target.kind is ARMY else FLEET_REACH)[target.location]
                        )
                    if legal:
                        given[province] = order
                        if illegal:
                            illegal.pop(province, None)
                        continue
            checked = unit_order_or_rule(position, unit, order, geometry)
            if isinstance(checked, str):
                given.pop(province, None)
                illegal[province] = checked
            else:
                given[province] = checked
                if illegal:
                    illegal.pop(province, None)
    return CheckedOrders(given, illegal, void)


def _not_yours(ref: UnitRef | None, unit: Unit | None, power: Power) -> str:
    if ref is None:
        return "not an order for a movement phase"
    if unit is None or (ref.kind is not None and ref.kind is not unit.kind):
        return f"no {'unit' if ref.kind is None else ('army' if ref.kind is ARMY else 'fleet')} in {ref.province}"
    return f"the unit in {ref.province} belongs to {unit.power}"


def _convoy_intent(
    units: Mapping[Province, Unit], moves: Mapping[Province, Move], convoys: Mapping[Province, Convoy]
) -> set[Province]:
    """Which army moves go by convoy (spec: "Convoy intent"; DATC 6.G.6 to 6.G.8).

    A move to a province that is not next door goes by convoy.  A move next door goes by convoy when the
    order says ``VIA`` and the convoys ordered for it form a chain from coast to coast, or when a fleet of
    the army's own power has a legal convoy order for it; otherwise it goes by land."""
    convoyers: dict[tuple[Province, Province], set[Province]] = {}
    for p, convoy in convoys.items():
        convoyers.setdefault((convoy.army.province, convoy.to), set()).add(p)
    convoyed = set()
    for p, move in moves.items():
        if units[p].kind is ARMY:
            if move.to not in ARMY_MOVES[p]:
                convoyed.add(p)
                continue
            fleets = convoyers.get((p, move.to))
            if not fleets:
                continue
            power = units[p].power
            if (move.via and sea_chain(p, move.to, fleets)) or any(units[f].power == power for f in fleets):
                convoyed.add(p)
    return convoyed


def _resolve(
    position: Position,
    given: dict[Province, Order],
    illegal: dict[Province, str],
    void: list[VoidOrder],
) -> MovementOutcome:
    units = position.units
    resolver = Resolver({p: u.power for p, u in units.items()})
    kind, dest, aim = resolver.kind, resolver.dest, resolver.aim
    moves_into, supports, hold_supports = resolver.moves_into, resolver.supports, resolver.hold_supports
    moves: dict[Province, Move] = {}
    others: list[tuple[Province, Order]] = []
    convoy_orders: dict[Province, Convoy] = {}
    for p, order in given.items():
        cls = type(order)
        if cls is Move:
            moves[p] = order  # type: ignore[assignment]
            kind[p] = MOVE
            d = order.to[:3]  # type: ignore[union-attr]
            dest[p] = d
            if d in moves_into:
                moves_into[d].append(p)
            else:
                moves_into[d] = [p]
        elif cls is not Hold:
            others.append((p, order))
            if cls is Convoy:
                convoy_orders[p] = order  # type: ignore[assignment]
    if convoy_orders:
        convoyed = _convoy_intent(units, moves, convoy_orders)
    else:
        # No convoy ordered: only the moves that cannot go by land try to go by sea (and will fail).
        convoyed = {
            p for p, order in moves.items() if units[p].kind is ARMY and order.to not in ARMY_MOVES[p]
        }
    resolver.convoyed = convoyed
    # Supports and convoys that match nothing are void; the reason is written only if someone asks.
    unmatched: dict[Province, Order] = {}
    result = resolver.result
    # Dispatch by type lookup, which the type checker cannot follow: each branch says what it knows in a
    # `TYPE_CHECKING` block: at run time a global read and a jump, no call and no isinstance per order.
    for p, order in others:
        cls = type(order)
        if cls is SupportMove:
            if TYPE_CHECKING:
                assert isinstance(order, SupportMove)
            q = order.supported.province
            move = moves.get(q)
            to = order.to
            if move is None or dest[q] != to[:3] or (to != dest[q] and to != move.to):
                unmatched[p] = order
                continue
            kind[p] = SUPPORT
            aim[p] = dest[q]
            supports.setdefault(q, []).append(p)
        elif cls is SupportHold:
            if TYPE_CHECKING:
                assert isinstance(order, SupportHold)
            q = order.supported.province
            if q in moves:
                unmatched[p] = order
                continue
            kind[p] = SUPPORT
            aim[p] = q
            hold_supports.setdefault(q, []).append(p)
        elif cls is Convoy:
            if TYPE_CHECKING:
                assert isinstance(order, Convoy)
            q = order.army.province
            if dest.get(q) != order.to or q not in convoyed:
                unmatched[p] = order
                continue
            kind[p] = CONVOY
            aim[p] = q
            resolver.convoys.setdefault(q, set()).add(p)
        if p not in moves_into:
            result[p] = True  # a support or convoy nobody moves against is given: settled before the search
    # The moves whose result no other decision can change are settled before the search.
    for d, movers in moves_into.items():
        there = kind.get(d)
        if there is None:
            if len(movers) == 1 and movers[0] not in convoyed:
                # Into an empty province that no other unit tries to enter, not by convoy: its attack (at
                # least 1) beats a hold of 0 and no prevent.
                result[movers[0]] = True
        elif there != MOVE:
            # Into a province whose unit stays: without support, an attack of at most 1 against a hold of
            # at least 1.
            for p in movers:
                if p not in supports:
                    result[p] = False
    resolve = resolver.resolve
    for p in moves:
        if p not in result:  # not settled already, on the way to another decision
            resolve(p)
    return _outcome(position, given, illegal, unmatched, void, resolver)


def _outcome(
    position: Position,
    given: dict[Province, Order],
    illegal: dict[Province, str],
    unmatched: dict[Province, Order],
    void: list[VoidOrder],
    r: Resolver,
) -> MovementOutcome:
    units = position.units
    kind, dest, result, convoyed = r.kind, r.dest, r.result, r.convoyed
    moved_in = {dest[p]: p for p in dest if result[p]}
    after: dict[Province, Unit] = {}
    dislodged_by: dict[Province, Province] = {}
    for p, unit in units.items():
        if kind[p] == MOVE and result[p]:
            after[dest[p]] = unit_at(unit.power, unit.kind, given[p].to)  # type: ignore[union-attr]
            continue
        attacker = moved_in.get(p)
        if attacker is not None:
            dislodged_by[p] = attacker
            continue
        after[p] = unit
    dislodged: dict[Province, Dislodgement] = {}
    contested = None
    if dislodged_by:
        contested = _contested(r, moved_in, after)
        for p, attacker in dislodged_by.items():
            unit = units[p]
            came_from = None if attacker in convoyed else attacker
            dislodged[p] = Dislodgement(unit, came_from, retreat_options(unit, came_from, after, contested))
    why = _Explainer(units, given, r, illegal, unmatched, dislodged_by, moved_in)
    return MovementOutcome(after, dislodged, contested, void, frozenset(convoyed), why)


def _contested(r: Resolver, moved_in: Mapping[Province, Province], after: Mapping[Province, Unit]) -> frozenset[Province]:
    """The provinces two or more units tried to enter (by land, or by a convoy that carried them) where none
    got in and none stays: left empty by a standoff."""
    convoyed = r.convoyed
    return frozenset(
        d
        for d, movers in r.moves_into.items()
        if len(movers) > 1
        and d not in moved_in
        and d not in after
        and sum(1 for q in movers if q not in convoyed or r.path(q)) >= 2
    )


def _results(why: _Explainer) -> dict[Province, str]:
    """Each unit's result word, from the settled decisions: the success word or the failure word."""
    r = why.resolver
    kind, result, convoyed, moved_in = r.kind, r.result, r.convoyed, why.moved_in
    illegal, unmatched = why.illegal, why.unmatched
    results: dict[Province, str] = {}
    for p in why.units:
        k = kind[p]
        if k == MOVE and result[p]:
            results[p] = "moves"
        elif p in moved_in:
            results[p] = "dislodged"
        elif k == MOVE:
            if p in convoyed and not r.path(p):
                results[p] = "disrupted" if r.convoys.get(p, set()) & r.paradox else "no-convoy"
            else:
                results[p] = "bounced"
        elif k == SUPPORT:
            given = result.get(p)  # most supports are settled already: read without a call
            results[p] = "supports" if (r.resolve(p) if given is None else given) else "cut"
        elif k == CONVOY:
            results[p] = "disrupted" if p in r.paradox else "convoys"
        else:
            results[p] = "void" if p in illegal or p in unmatched else "holds"
    return results


def _reasons(why: _Explainer, results: Mapping[Province, str], battles: Mapping[Province, Battle]) -> dict[Province, str]:
    """Why each order had its result, in a sentence a client can show (the command line writes one per unit
    of every phase: one loop, the common words first)."""
    r = why.resolver
    dest, kind, aim = r.dest, r.kind, r.aim
    reasons: dict[Province, str] = {}
    for p, word in results.items():
        if word == "moves" or word == "bounced":
            d = dest[p]
            battle = battles[d]
            if battle.head_to_head == p:
                against = f"defend {battle.defend}"
            elif d in kind:
                against = f"hold {battle.hold}"
            else:
                against = ""
            if len(battle.prevents) > 1:  # others tried to enter too
                for q, s in battle.prevents.items():
                    if q != p:
                        against = f"{against}, prevent {s} from {q}" if against else f"prevent {s} from {q}"
            verb = "moves to" if word == "moves" else "bounced from"
            reasons[p] = f"{verb} {d}: attack {battle.attacks[p]} against {against or 'nothing'}"
        elif word == "holds":
            reasons[p] = "holds"
        elif word == "supports":
            target = aim[p]
            if p in r.hold_supports.get(target, ()):
                reasons[p] = f"support given to the unit holding in {target}"
            else:
                reasons[p] = f"support given to the move into {target}"
        elif word == "void":
            reasons[p] = why.illegal.get(p) or _unmatched(why.unmatched[p], r)
        elif word == "dislodged":
            attacker = why.dislodged_by[p]
            battle = battles[p]
            how = " by convoy" if attacker in r.convoyed else ""
            reasons[p] = (
                f"dislodged by the unit from {attacker}{how}: "
                f"attack {battle.attacks[attacker]} against {battle.resistance(attacker)}"
            )
        elif word == "no-convoy":
            reasons[p] = f"no chain of convoying fleets carried it to {dest[p]}"
        elif word == "disrupted":
            reasons[p] = "the convoy was broken by a paradox (Szykman rule)"
        elif word == "cut":
            cutters = [q for q in r.moves_into.get(p, ()) if r.power[q] != r.power[p]]
            reasons[p] = f"support cut by the attack from {', '.join(sorted(cutters))}"
        elif word == "convoys":
            reasons[p] = f"convoys the army in {aim[p]}"
        else:
            reasons[p] = "holds"
    return reasons


def _unmatched(order: Order, r: Resolver) -> str:
    """Why a support or convoy matched nothing."""
    if isinstance(order, SupportHold):
        return f"{order.supported} was ordered to move, not to hold"
    if isinstance(order, SupportMove):
        return f"{order.supported} was not ordered to {order.to}"
    if isinstance(order, Convoy):
        if r.dest.get(order.army.province) == order.to:
            return f"{order.army} moves by land"
        return f"{order.army} was not ordered to {order.to}"
    return "matches no order"


def _battles(r: Resolver, units: Mapping[Province, Unit]) -> dict[Province, Battle]:
    """Every province some unit tried to enter, with the strengths of DATC 5.B read from the settled
    decisions: the resolver's rules (``attack_strength``, ``prevent_strength`` ...) inlined, each mover's
    head-to-head worked out once for its attack and its prevent (the command line asks this of every phase)."""
    battles = {}
    kind, dest, result, convoyed, supports = r.kind, r.dest, r.result, r.convoyed, r.supports
    attack, given, resolve, path = r.attack_into, r.given_count, r.resolve, r.path
    for d, movers in r.moves_into.items():
        there = kind.get(d)
        if there is None and len(movers) == 1 and movers[0] not in convoyed:
            # One unit moving by land or along the coast into an empty province (most battles): its
            # attack and its prevent are the same, 1 and its supports given, against nothing.
            q = movers[0]
            backing = supports.get(q)
            strength = 1 + given(backing) if backing else 1
            battles[d] = Battle(d, {q: strength}, {q: strength}, 0, None, None, q if result[q] else None)
            continue
        back = dest.get(d) if there == MOVE else None
        attacks: dict[Province, int] = {}
        prevents: dict[Province, int] = {}
        opponent = winner = None
        for q in movers:
            head_to_head = back == q and q not in convoyed and d not in convoyed
            if head_to_head and opponent is None:
                opponent = q
            attacks[q] = attack(q, d, there, head_to_head)
            if (q in convoyed and not path(q)) or (head_to_head and resolve(d)):
                prevents[q] = 0
            else:
                backing = supports.get(q)
                prevents[q] = 1 + given(backing) if backing else 1
            if winner is None and result[q]:
                winner = q
        defend = r.defend_strength(d) if opponent is not None else None
        hold = r.hold_strength(d) if d in units else 0
        battles[d] = Battle(d, attacks, prevents, hold, defend, opponent, winner)
    return battles
