"""The AI powers' orders for the open phase, from the position, the agreements, trust and their memory.

"When the member submits a phase, the AI powers decide then (after this phase's negotiation), from the
position, the agreements, trust and their memory of past play, never from the member's orders of this
phase: by construction the AI is not given them."  Nothing here takes the member's orders: ``decide`` reads
the position, the memory and the game's seed.

Per AI power in a movement phase:

- ``random``: each unit picks uniformly among its legal orders.
- ``easy``: the policy (:mod:`.policy`) on the power's values (:mod:`.values`), its partners spared and its
  alliances' targets sought, its agreements as bounds.  "An AI honours or breaks its agreements in its orders
  according to its character, level and the gain of a break": the policy is also run as if the power had
  no agreements; when those free orders break some and are worth more than the kept ones by the level's
  ``break_margin`` (in neutral-centre units), each promise they break is *costly*, and the power keeps it
  with the chance of its honesty (a draw per promise); the orders are then made again within the promises
  it keeps.
- ``normal`` and ``hard``: the level's candidates (its policy's draws; hard adds attack and defend
  postures; with agreements, the first draw of each also without them) are scored against the level's
  number of likely sets of the others (:mod:`.search`); the best candidate wins unless it breaks a promise:
  then, if it beats the best candidate keeping every promise by more than the break margin, each promise it
  breaks is costly and drawn for, and the best candidate breaking only the promises drawn to be broken is
  played.
- ``normal`` and ``hard`` coordinate with their allies: a unit left holding supports an ally's move or an
  ally's threatened unit (allies: an alliance between AI powers, or the coalition), within its own bounds.

Retreats and adjustments come from the policy's retreat and build rules (or uniformly, for ``random``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..board import ARMY, ARMY_MOVES, FLEET_MOVES, POWERS, Power, Province
from ..notation import parse_order, unit_ref
from ..orders import Hold, Move, Order, SupportHold, SupportMove
from ..position import Position, Step
from .agreements import Agreement, combined_bounds
from .answers import partners
from .characters import honesty
from .draws import GAME, draw
from .levels import STYLES, Level, Style
from .memory import Memory
from .policy import Bounds, UnitOrder, adjustment_orders, move_target, movement_orders, retreat_orders
from .proposals import Alliance, SupportRequest
from .random_play import random_adjustment_orders, random_movement_orders, random_retreat_orders
from .search import Model, Opponents, climb, likely_sets
from .trust import DISTRUST
from .values import ATTACK, BALANCED, DEFEND, Outlook, Posture, Values, reach, values

MEMBER_NOISE = 0.3
"""The member's likely orders are drawn with the normal level's noise."""


@dataclass(frozen=True, slots=True)
class Promise:
    """One agreement binding an AI power in a movement phase: whether breaking it tempted the power (a
    costly promise), and whether the power chose to keep it."""

    agreement: Agreement
    power: Power
    costly: bool
    keeps: bool


@dataclass(frozen=True, slots=True)
class Decisions:
    orders: dict[Power, Sequence[Order | str]]
    promises: tuple[Promise, ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    """What the AI powers decide from: never the member's orders of the phase."""

    seed: int
    position: Position
    memory: Memory
    levels: Mapping[Power, Level]
    against: Power | None
    """The power the coalition stands against (the solo game: its member; a table: whoever leads)."""
    coalition: tuple[Power, ...]

    def deciding(self) -> list[Power]:
        """The AI powers with something to order in this phase."""
        p = self.position
        if p.phase.step is Step.MOVEMENT:
            having = {u.power for u in p.units.values()}
        elif p.phase.step is Step.RETREAT:
            having = {d.unit.power for d in p.dislodged.values()}
        else:
            having = set(POWERS)
        return [q for q in POWERS if q in self.levels and q in having]

    def binding(self, power: Power) -> list[Agreement]:
        """The agreements that bind the power in this phase.  A demand binds an AI power that accepted it
        (at a table) as a promise; a member's is judged on its orders, not foreseen in its model."""
        return [a for a in self.memory.agreements if a.binds(power) and (a.kind != "demand" or power in self.levels)]

    def intent(self, power: Power) -> tuple[UnitOrder, ...]:
        """Moves the power asked another power to support (and was promised): it makes them."""
        moves = []
        for a in self.memory.agreements:
            if isinstance(a.terms, SupportRequest) and a.proposer == power:
                support = parse_order(a.terms.order)
                assert isinstance(support, SupportMove)
                unit = self.position.units.get(support.supported.province)
                if unit is not None and unit.power == power:
                    moves.append(Move(unit_ref(unit.kind, unit.location), support.to))
        return tuple(moves)

    def moves_out(self, power: Power, bounds: Bounds) -> tuple[UnitOrder, ...]:
        """For a demand it keeps: each of the power's units in a province to leave (and promised no other
        order) moves out, to an empty place if it has one (a bounce would leave it there), the best by its
        values, never into a forbidden province nor where another of its units is bound."""
        position = self.position
        bound = {o.unit.province for o in bounds.promised}
        leaving = sorted(
            p for p in bounds.leave - bound if (u := position.units.get(p)) is not None and u.power == power
        )
        if not leaving:
            return ()
        seen = values(position, power, BALANCED, self.outlook(power))
        taken = {o.to[:3] for o in bounds.promised if isinstance(o, Move)}
        moves: list[UnitOrder] = []
        for province in leaving:
            unit = position.units[province]
            steps = ARMY_MOVES[unit.location] if unit.kind is ARMY else FLEET_MOVES[unit.location]
            free = [
                to for to in steps
                if to[:3] not in bounds.forbidden | taken
                and ((there := position.units.get(to[:3])) is None or there.power != power)
            ]
            if free:
                to = max(free, key=lambda loc: (position.units.get(loc[:3]) is None, seen.at(unit, loc), loc))
                moves.append(Move(unit_ref(unit.kind, unit.location), to))
                taken.add(to[:3])
        return tuple(moves)

    def outlook(self, power: Power, spared: Sequence[Agreement] | None = None) -> Outlook:
        """Partners (trusted at least ``DISTRUST``) and alliance targets; the coalition's allies are
        partners against the power it stands against.  ``spared``: only these agreements make partners (default: all)."""
        agreements = self.memory.agreements if spared is None else spared
        friends = {
            a.other(power) for a in agreements if a.kind in ("pact", "alliance") and power in a.parties
        }
        friends = {f for f in friends if self.memory.trust.of(power, f) >= DISTRUST}
        targets = {a.terms.against for a in agreements if isinstance(a.terms, Alliance) and power in a.parties}
        if power in self.coalition and self.against is not None:
            friends |= set(self.coalition) - {power}
            targets.add(self.against)
        return Outlook(frozenset(friends), frozenset(targets))

    def draw(self, power: Power, *purpose: object) -> random.Random:
        return draw(self.seed, GAME, self.position.phase, power, *purpose)


def decide(table: Table) -> Decisions:
    """Every AI power's orders for the open phase (the module's rules)."""
    step = table.position.phase.step
    if step is not Step.MOVEMENT:
        return Decisions({p: _other_phase(table, p) for p in table.deciding()})
    orders: dict[Power, list[Order | str]] = {}
    promises: list[Promise] = []
    searchers = []
    for power in table.deciding():
        level = table.levels[power]
        if level is Level.RANDOM:
            orders[power] = list(random_movement_orders(table.position, power, table.draw(power, "random")))
        elif STYLES[level].scenarios:
            searchers.append(power)
        else:
            chosen, made = _policy_decision(table, power, level)
            orders[power], promises = list(chosen), promises + made
    if searchers:
        for power, (chosen, made) in _search_decisions(table, searchers).items():
            orders[power], promises = list(chosen), promises + made
    _coordinate(table, orders)
    return Decisions({p: orders[p] for p in sorted(orders)}, tuple(promises))


def _other_phase(table: Table, power: Power) -> list[Order | str]:
    level = table.levels[power]
    position = table.position
    rng = table.draw(power, "random")
    if position.phase.step is Step.RETREAT:
        if level is Level.RANDOM:
            return list(random_retreat_orders(position, power, rng))
        return list(retreat_orders(position, power, values(position, power, BALANCED, table.outlook(power))))
    if level is Level.RANDOM:
        return list(random_adjustment_orders(position, power, rng))
    return list(adjustment_orders(position, power, values(position, power, BALANCED, table.outlook(power))))


def breaks(orders: Sequence[UnitOrder], bounds: Bounds) -> bool:
    """Whether these orders leave the bounds: a move, support or convoy into a forbidden province, a
    promised order not given, or a province to leave not left."""
    if any((t := move_target(o)) is not None and t in bounds.forbidden for o in orders):
        return True
    if bounds.leave and not _leaves(orders, bounds.leave):
        return True
    given = {str(o) for o in orders}
    return any(str(p) not in given for p in bounds.promised)


def _leaves(orders: Sequence[UnitOrder], leave: frozenset[Province]) -> bool:
    """Whether every unit in a province to leave moves out, and not into a place its own side blocks
    (another of its moves there, or one of its units staying): a bounce it made itself would keep it in."""
    moving = [o for o in orders if isinstance(o, Move)]
    staying = {o.unit.province for o in orders if not isinstance(o, Move)}
    for order in orders:
        if order.unit.province not in leave:
            continue
        if not isinstance(order, Move):
            return False
        target = order.to[:3]
        if target in staying or any(m is not order and m.to[:3] == target for m in moving):
            return False
    return True


def plan_value(position: Position, orders: Sequence[UnitOrder], seen: Values) -> float:
    """What the orders would be worth if every one succeeded: each unit's destination value (its own
    place for a hold, support or convoy), in neutral-centre units."""
    total = 0.0
    for order in orders:
        unit = position.units[order.unit.province]
        total += seen.at(unit, order.to if isinstance(order, Move) else unit.location)
    return total / seen.unit_scale


def bounds_for(table: Table, power: Power, agreements: Sequence[Agreement]) -> Bounds:
    """What these agreements forbid or ask of the power, the moves it asked others to support, and its
    moves out of the provinces a demand it keeps names."""
    kept = combined_bounds(tuple(agreements), power, table.position)
    asked = Bounds(kept.forbidden, kept.promised + table.intent(power), kept.leave)
    return Bounds(kept.forbidden, asked.promised + table.moves_out(power, asked), kept.leave)


def _keeps(table: Table, power: Power, level: Level, broken: Sequence[Agreement]) -> dict[int, bool]:
    """The honesty draw for each costly promise: kept with the chance of the nation's honesty."""
    chance = honesty(power, level)
    return {a.id: table.draw(power, "honesty", a.id).random() < chance for a in broken}


def _policy_decision(table: Table, power: Power, level: Level) -> tuple[list[UnitOrder], list[Promise]]:
    style = STYLES[level]
    position = table.position
    binding = table.binding(power)

    def orders(seen: Values, agreements: Sequence[Agreement]) -> list[UnitOrder]:
        bounds = bounds_for(table, power, agreements)
        return movement_orders(
            position, power, seen, table.draw(power, "orders"), bounds, style.noise, style.cautious, style.coordinates
        )

    kept = orders(values(position, power, BALANCED, table.outlook(power)), binding)
    if not binding:
        return kept, []
    free_values = values(position, power, BALANCED, table.outlook(power, spared=()))
    free = orders(free_values, ())
    broken = [a for a in binding if breaks(free, a.bounds(power, position))]
    gain = plan_value(position, free, free_values) - plan_value(position, kept, free_values)
    if not broken or gain <= style.break_margin:
        return kept, [Promise(a, power, False, True) for a in binding]
    keeps = _keeps(table, power, level, broken)
    promises = [Promise(a, power, a.id in keeps, keeps.get(a.id, True)) for a in binding]
    if all(keeps.values()):
        return kept, promises
    rest = [a for a in binding if keeps.get(a.id, True)]
    return orders(values(position, power, BALANCED, table.outlook(power, spared=rest)), rest), promises


def model_of(table: Table, power: Power, neutral_power: bool = False) -> Model:
    """How the others expect ``power`` to play: an AI by its level's policy within its agreements; the
    member by the normal policy with the posture and targets of its past orders, within its agreements
    unless it has broken more promises than it kept.  ``neutral_power``: the unowned centres valued as
    DumbBot values them (the searching level's reading of the race for the neutrals)."""
    position = table.position
    bounds = bounds_for(table, power, table.binding(power))
    level = table.levels.get(power)
    if level is not None:
        style = STYLES[level]
        seen = values(position, power, BALANCED, table.outlook(power), neutral_power)
        return Model(seen, bounds, style.noise, style.cautious, style.coordinates)
    stats = table.memory.stats_of(power)
    posture = BALANCED
    targets: frozenset[Power] = frozenset()
    if stats is not None and stats.phases:
        posture = ATTACK if stats.aggression > 0.6 else DEFEND if stats.aggression < 0.3 else BALANCED
        mean = sum(stats.attacks.values()) / len(stats.attacks)
        targets = frozenset(p for p, n in stats.attacks.items() if n > mean and n > 0.5)
        if stats.keep_rate < 0.5:
            bounds = Bounds()
    outlook = Outlook(partners(table.memory, power), targets)
    return Model(values(position, power, posture, outlook, neutral_power), bounds, MEMBER_NOISE, coordinated=True)


def _search_decisions(table: Table, searchers: Sequence[Power]) -> dict[Power, tuple[list[UnitOrder], list[Promise]]]:
    position = table.position
    playing = sorted({u.power for u in position.units.values()})
    scenarios = max(STYLES[table.levels[p]].scenarios for p in searchers)
    # A power's likely sets are drawn only when another power searches against them (a lone searcher never
    # meets its own); each power's draws are its own, so the others' sets are the same either way.
    met = [p for p in playing if any(q != p for q in searchers)]
    draws = {p: [table.draw(p, "likely", k) for k in range(scenarios)] for p in met}
    # The models, and the likely sets drawn from them, per reading of the neutrals (most phases: one).
    readings = sorted({STYLES[table.levels[p]].neutral_power for p in searchers})
    all_models = {n: {p: model_of(table, p, n) for p in playing} for n in readings}
    all_likely = {n: likely_sets(position, {p: all_models[n][p] for p in met}, draws) for n in readings}
    decided = {}
    for power in searchers:
        level = table.levels[power]
        style = STYLES[level]
        neutral = style.neutral_power
        models, likely = all_models[neutral], all_likely[neutral]
        binding = table.binding(power)
        kept_values = models[power].values
        free_values = (
            values(position, power, BALANCED, table.outlook(power, spared=()), neutral) if binding else kept_values
        )
        kept_bounds = models[power].bounds
        free_bounds = bounds_for(table, power, ())
        postures: list[tuple[Posture, int]] = [(BALANCED, i) for i in range(style.candidates)]
        if style.postures:
            postures += [(ATTACK, 0), (DEFEND, 0)]
        candidates: dict[str, tuple[list[UnitOrder], frozenset[int]]] = {}
        for posture, i in postures:
            variants = [(kept_values, kept_bounds, posture)]
            if binding and i == 0:
                variants.append((free_values, free_bounds, posture))
            for seen, bounds, stance in variants:
                if stance is not BALANCED:
                    outlook = table.outlook(power) if bounds is kept_bounds else table.outlook(power, ())
                    seen = values(position, power, stance, outlook, neutral)
                made = movement_orders(
                    position, power, seen, table.draw(power, "candidate", stance.name, i, bounds is kept_bounds),
                    bounds, style.noise, style.cautious, style.coordinates,
                )
                broken = frozenset(a.id for a in binding if breaks(made, a.bounds(power, position)))
                candidates.setdefault(" ".join(map(str, made)), (made, broken))
        opponents = Opponents(position, power, likely, style.rivals)
        ranked = sorted(
            (
                (opponents.score(made, free_values, style.scenarios), key, made, broken)
                for key, (made, broken) in candidates.items()
            ),
            key=lambda c: (-c[0], c[1]),
        )
        chosen, promises = _honest_choice(table, power, level, binding, ranked)
        if style.climb_budget:
            share = style.climb_budget // sum(1 for p in searchers if table.levels[p] is level)
            chosen = _climbed(table, power, chosen, likely, free_values, style, share)
        decided[power] = chosen, promises
    return decided


def _climbed(
    table: Table,
    power: Power,
    chosen: list[UnitOrder],
    likely: Mapping[Power, Sequence[Sequence[UnitOrder]]],
    seen: Values,
    style: Style,
    budget: int,
) -> list[UnitOrder]:
    """The chosen candidate improved by the climb, breaking exactly the promises it broke."""
    position = table.position
    binding = table.binding(power)
    if not binding:
        return climb(position, power, chosen, likely, seen, style.climb_scenarios, budget, bounds_for(table, power, binding), lambda _: True, style.rivals)
    def broken(orders: Sequence[UnitOrder]) -> frozenset[int]:
        return frozenset(a.id for a in binding if breaks(orders, a.bounds(power, position)))
    was = broken(chosen)
    return climb(position, power, chosen, likely, seen, style.climb_scenarios, budget, bounds_for(table, power, ()), lambda o: broken(o) == was, style.rivals)


def _honest_choice(
    table: Table,
    power: Power,
    level: Level,
    binding: Sequence[Agreement],
    ranked: Sequence[tuple[float, str, list[UnitOrder], frozenset[int]]],
) -> tuple[list[UnitOrder], list[Promise]]:
    """The best candidate, unless it breaks a costly promise the honesty draw keeps."""
    best_mean, _, best, best_breaks = ranked[0]
    keeping = [c for c in ranked if not c[3]]
    if not best_breaks:
        return best, [Promise(a, power, False, True) for a in binding]
    margin = STYLES[level].break_margin
    if keeping and best_mean - keeping[0][0] <= margin:
        return keeping[0][2], [Promise(a, power, False, True) for a in binding]
    broken = [a for a in binding if a.id in best_breaks]
    keeps = _keeps(table, power, level, broken)
    allowed = {i for i, keep in keeps.items() if not keep}
    promises = [Promise(a, power, a.id in keeps, keeps.get(a.id, True)) for a in binding]
    for _, _, made, breaks_ in ranked:
        if breaks_ <= allowed:
            return made, promises
    return best, promises


def _coordinate(table: Table, orders: dict[Power, list[Order | str]]) -> None:
    """"Allied AI powers support each other's attacks and defences": a unit left holding supports an
    ally's move into a province of neither, else an ally's unit that stays under threat."""
    position = table.position
    allies: dict[Power, set[Power]] = {}
    for a in table.memory.agreements:
        if isinstance(a.terms, Alliance) and all(p in table.levels for p in a.parties):
            allies.setdefault(a.proposer, set()).add(a.recipient)
            allies.setdefault(a.recipient, set()).add(a.proposer)
    for p in table.coalition:
        allies.setdefault(p, set()).update(q for q in table.coalition if q != p)
    for power in sorted(allies):
        level = table.levels.get(power)
        if level is None or not STYLES[level].coordinates or power not in orders:
            continue
        bounds = bounds_for(table, power, table.binding(power))
        friends = allies[power] | {power}
        theirs = [(q, o) for q in sorted(allies[power]) for o in orders.get(q, ()) if isinstance(o, UnitOrder)]
        moves = [(q, o) for q, o in theirs if isinstance(o, Move)]
        staying = {o.unit.province for _, o in theirs if not isinstance(o, Move)}
        mine = orders[power]
        for i, order in enumerate(mine):
            if not isinstance(order, Hold) or order in bounds.promised:
                continue
            unit = position.units[order.unit.province]
            ref = unit_ref(unit.kind, unit.location)
            reachable = reach(unit)
            support: UnitOrder | None = None
            for _, move in moves:
                target = move.to[:3]
                standing = position.units.get(target)
                if target in reachable and target not in bounds.forbidden and (standing is None or standing.power not in friends):
                    support = SupportMove(ref, move.unit, target)
                    break
            if support is None:
                for province in sorted(staying & reachable):
                    if _threatened(position, province, friends):
                        held = position.units[province]
                        support = SupportHold(ref, unit_ref(held.kind, held.location))
                        break
            if support is not None:
                mine[i] = support


def _threatened(position: Position, province: str, friends: set[Power]) -> bool:
    return any(province in reach(u) for u in position.units.values() if u.power not in friends)
