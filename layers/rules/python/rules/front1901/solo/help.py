"""Help for the member's own power: strength estimates, the threat map, phase summaries, suggested orders.

"To help you: a strength estimate under each order, a threat map, a summary after each turn, the full game
history and a button that suggests orders."  The spec: help draws from a separate random stream and never
changes the game; every function here reads a game (or a phase record) and returns values.

- **Strength estimate** of a draft order: its *strength* (1 plus the supports the draft orders or an
  agreement promises), the *strongest opposition* it can meet (every unit of another power standing in its
  target or able to move or support into it: all of them together is the most the others can put against
  it), and the *chance of success* against ``SAMPLES`` likely order sets of the AI powers (each power's
  policy at its level, within its agreements, drawn from the help stream), each adjudicated with the draft.
- **Threat map**: per province, the powers and the number of their units that can move or support into it
  next phase (the member's own units left out); the member's centres under threat first.
- **Summary**: sentences on centres won and lost, who attacked whom, broken and kept promises, and the
  member's orders that failed and why.
- **Suggested orders**: what the ``normal`` level would order for the member's power now, within its
  agreements, each with its reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..board import CENTRES, POWERS, Power, Province
from ..legality import ConvoyGeometry, IllegalOrderError, check_movement_order
from ..movement import adjudicate_movement
from ..notation import OrderSyntaxError, parse_order
from ..orders import Convoy, Hold, Move, SupportHold, SupportMove
from ..position import Position, Step
from .decisions import Table, bounds_for, model_of
from .draws import HELP, draw
from .errors import SoloError
from .game import PhaseRecord, SoloGame, table
from .levels import STYLES, Level
from .policy import UnitOrder, movement_orders
from .proposals import SupportRequest
from .values import BALANCED, reach, values

SAMPLES = 8
"""Likely AI order sets a chance of success is estimated against."""
SUCCESS = frozenset({"moves", "holds", "supports", "convoys"})
"""The result words of an order that did what it said."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """The strength estimate under one draft order."""

    order: str
    strength: int
    opposition: int
    chance: float

    def to_json(self) -> dict[str, Any]:
        return {"order": self.order, "strength": self.strength, "opposition": self.opposition, "chance": self.chance}


@dataclass(frozen=True, slots=True)
class Threat:
    """Who can move or support into a province next phase, and how many units each."""

    province: Province
    powers: dict[Power, int]
    member_centre: bool

    def to_json(self) -> dict[str, Any]:
        return {"province": self.province, "powers": self.powers, "member_centre": self.member_centre}


@dataclass(frozen=True, slots=True)
class Suggestion:
    order: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"order": self.order, "reason": self.reason}


def _member(game: SoloGame, power: Power | None = None) -> Power:
    """The power help is for: the solo game's member, or at a table the member's ``power``."""
    member = power if power is not None else game.member
    if member is None or member not in game.members:
        raise SoloError("game", "no-member", "help is for a member's power")
    if game.position.phase.step is not Step.MOVEMENT:
        raise SoloError("phase", "not-movement-phase", "help reads movement phases")
    return member


def _read(position: Position, member: Power, draft: Sequence[str]) -> list[tuple[str, UnitOrder | None]]:
    """Each draft order as written, and in canonical form when it is legal (else None)."""
    geometry = ConvoyGeometry.of(position.units)
    read: list[tuple[str, UnitOrder | None]] = []
    for text in draft:
        try:
            order = check_movement_order(position, member, parse_order(text), geometry)
        except (OrderSyntaxError, IllegalOrderError):
            read.append((text, None))
            continue
        assert isinstance(order, UnitOrder)
        read.append((text, order))
    return read


def _target(order: UnitOrder) -> Province:
    """The province an order's strength is measured in: a move's destination, else the unit's place."""
    return order.to[:3] if isinstance(order, Move) else order.unit.province


def _opposition(position: Position, member: Power, province: Province) -> int:
    return sum(1 for p, u in position.units.items() if u.power != member and (p == province or province in reach(u)))


def _likely(game: SoloGame, seen: Table) -> list[dict[Power, list[UnitOrder]]]:
    """``SAMPLES`` order sets of the AI powers, from the help stream."""
    sets: list[dict[Power, list[UnitOrder]]] = [{} for _ in range(SAMPLES)]
    position = game.position
    for power in sorted(game.levels):
        if not any(u.power == power for u in position.units.values()):
            continue
        model = model_of(seen, power)
        for k in range(SAMPLES):
            rng = draw(game.seed, HELP, position.phase, power, "likely", k)
            sets[k][power] = movement_orders(
                position, power, model.values, rng, model.bounds, model.noise, model.cautious, model.coordinated
            )
    return sets


def estimate(game: SoloGame, draft: Sequence[str], power: Power | None = None) -> list[Estimate]:
    """The strength estimate under each draft order (the module's rules); an order that cannot be read or
    is illegal gets strength 0 and chance 0."""
    member = _member(game, power)
    position = game.position
    read = _read(position, member, draft)
    orders = [o for _, o in read if o is not None]
    promised = [
        a.terms.support
        for a in game.memory.agreements
        if isinstance(a.terms, SupportRequest) and a.proposer == member
    ]
    outcomes = [adjudicate_movement(position, {**sample, member: orders}) for sample in _likely(game, table(game))]
    found = []
    for text, order in read:
        if order is None:
            found.append(Estimate(text, 0, 0, 0.0))
            continue
        province = order.unit.province
        helpers = [*orders, *promised]
        if isinstance(order, Move):
            backing = sum(1 for s in helpers if isinstance(s, SupportMove) and s.supported.province == province and s.to[:3] == order.to[:3])
        else:
            backing = sum(1 for s in helpers if isinstance(s, SupportHold) and s.supported.province == province)
        wins = sum(1 for outcome in outcomes if outcome.results.get(province) in SUCCESS)
        found.append(Estimate(str(order), 1 + backing, _opposition(position, member, _target(order)), round(wins / SAMPLES, 3)))
    return found


def threat_map(game: SoloGame, power: Power | None = None) -> list[Threat]:
    """Per province, the other powers' units that can move or support into it next phase; the member's
    centres under threat first (most units first), then the rest (most units first). Like all help, it reads a
    movement phase: the units that move next."""
    member = _member(game, power)
    position = game.position
    counts: dict[Province, dict[Power, int]] = {}
    for unit in position.units.values():
        if unit.power == member:
            continue
        for province in reach(unit):
            per = counts.setdefault(province, {})
            per[unit.power] = per.get(unit.power, 0) + 1
    threats = [
        Threat(p, {q: per[q] for q in POWERS if q in per}, position.centres.get(p) == member) for p, per in counts.items()
    ]
    threats.sort(key=lambda t: (not t.member_centre, -sum(t.powers.values()), t.province))
    return threats


def summary(start: Position, record: PhaseRecord, member: Power) -> list[str]:
    """A few sentences on the phase just played (``start``: the position it was played from)."""
    lines: list[str] = []
    before = {c: o for c, o in start.centres.items()}
    after = {c: o for o, cs in record.centres.items() for c in cs}
    won = sorted(c for c, o in after.items() if o == member and before.get(c) != member)
    lost = sorted(c for c, o in before.items() if o == member and after.get(c) != member)
    if won:
        lines.append(f"You took {', '.join(won)}.")
    for centre in lost:
        lines.append(f"You lost {centre} to {after[centre].title()}.")
    attacks: dict[tuple[Power, Power], int] = {}
    for power, texts in record.orders.items():
        for text in texts:
            try:
                order = parse_order(text)
            except OrderSyntaxError:
                continue
            if isinstance(order, Move):
                target = order.to[:3]
                unit = start.units.get(target)
                victim = unit.power if unit is not None else start.centres.get(target)
                if victim is not None and victim != power:
                    attacks[(power, victim)] = attacks.get((power, victim), 0) + 1
    for (attacker, victim), n in sorted(attacks.items()):
        who = "you" if victim == member else victim.title()
        by = "You" if attacker == member else attacker.title()
        lines.append(f"{by} attacked {who} ({n} move{'s' if n > 1 else ''}).")
    lines += [f"{v.sentence()}." for v in record.verdicts if member in v.agreement.parties]
    for name in sorted(str(u) for u in start.units.values() if u.power == member):
        word = record.results.get(name)
        if word is not None and word not in SUCCESS:
            lines.append(f"{name}: {word}, {record.reasons.get(name, '')}.")
    return lines


def suggest(game: SoloGame, power: Power | None = None) -> list[Suggestion]:
    """What the ``normal`` level would order for the member's power now (within its agreements), with a
    reason for each order; drawn from the help stream."""
    member = _member(game, power)
    position = game.position
    seen = table(game)
    style = STYLES[Level.NORMAL]
    worth = values(position, member, BALANCED, seen.outlook(member))
    rng = draw(game.seed, HELP, position.phase, member, "suggest")
    bounds = bounds_for(seen, member, seen.binding(member))
    orders = movement_orders(position, member, worth, rng, bounds, style.noise, style.cautious, style.coordinates)
    return [Suggestion(str(o), _reason(position, member, o)) for o in orders]


def matches_suggestion(game: SoloGame, orders: Sequence[str]) -> bool:
    """Whether the member's orders are the phase's suggestion (the same set, in canonical form; the daily
    board counts these phases)."""
    read = _read(game.position, _member(game), orders)
    if any(order is None for _, order in read):
        return False
    return {str(order) for _, order in read} == {s.order for s in suggest(game)}


def _reason(position: Position, member: Power, order: UnitOrder) -> str:
    if isinstance(order, Move):
        target = order.to[:3]
        unit = position.units.get(target)
        owner = position.centres.get(target)
        if unit is not None and unit.power != member:
            return f"attacks the {unit.power.title()} unit in {target}"
        if target in CENTRES and owner is None:
            return f"takes {target}, a centre nobody owns yet"
        if target in CENTRES and owner != member:
            return f"takes {target} from {owner.title()}" if owner else f"takes {target}"
        return f"moves to {target}, closer to the centres worth taking"
    if isinstance(order, SupportMove):
        return f"supports {order.supported} into {order.to[:3]}: the move needs the extra strength"
    if isinstance(order, SupportHold):
        return f"supports {order.supported} holding: it is under threat"
    if isinstance(order, Convoy):
        return f"carries {order.army} to {order.to}"
    assert isinstance(order, Hold)
    rivals = _opposition(position, member, order.unit.province)
    if order.unit.province in CENTRES and rivals:
        return f"holds {order.unit.province}: {rivals} unit{'s' if rivals > 1 else ''} of other powers could move in"
    return "holds: nothing better within reach"
