"""DumbBot, the reference opponent of the Front 1901 strength bench (bench only: never shipped).

Written from David Norman's published description of DumbBot (the "DumBot Algorithm" summary on the DAIDE
site, which is the comment at the head of its C++ source) and the constants of that source, not from its
code.  My reading of the algorithm:

Values, every phase, for the power ``me``:

- *Size* of every power, from its centre count ``x``: ``x^2 + 4x + 16``.  The unowned centres are counted as
  one more power of their own (12 centres in 1901: size 208), so the neutrals are the most attractive
  centres early on.
- Per province: its *attack value* is the size of the owner of a centre ``me`` does not own (the neutral
  "power" for an unowned one); its *defence value* is, for a centre of ``me``, the size of the largest other
  power with a unit that can move into it; other provinces are worth nothing.
- Per *coast* (a node of the unit's graph: a province for an army, a location for a fleet, each coast of a
  split province its own): ``proximity[0] = attack * attack_weight + defence * defence_weight``, weights
  700/300 in the spring, 600/400 in the fall; ``proximity[n]`` is the sum of ``proximity[n-1]`` over the
  coast and the coasts next to it (two coasts of one province next to it count once, the larger), divided
  by 5 (integer arithmetic), for n up to 9.
- Per province: the *strength* is the number of ``me``'s units that are in it or can move into it, the
  *competition* the largest such number of one other power.
- The *destination value* of a coast: ``sum(proximity[n] * weight[n])`` with the spring weights
  (100, 1000, 30, 10, 6, 5, 4, 3, 2, 1) or the fall ones (1000, 100, 30, ...), plus 1000 x strength minus
  1000 x competition.  In the winter the values are made with the spring attack and defence weights and
  ``sum(proximity[n] * weight[n]) + 1000 x defence`` with the weights (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1).

Choice among close alternatives: the options are ranked by value, best first; from the best, DumbBot steps
to the next while a draw below 100 is under 50 (``play_alternative``) and another is at least
``(this - next) * 500 / this`` (``alternative_difference_modifier``): a next option within a fifth of the
current one has a chance, a far worse one none.

Movement: the units are taken in a random order; each ranks its neighbouring coasts and its own place (its
place's value plus one: holding wins a tie) and chooses as above.

- Its own place: it holds.
- A coast of a province where another unit of ``me`` stands that has no order yet: the unit waits, and is
  decided again right after that one.
- Such a unit staying (not moving): the unit supports its hold if the competition there is above 1, else
  that option is struck off and it chooses again.
- A province another unit of ``me`` is already moving into: the unit supports that move if there is any
  competition there, else the option is struck off and it chooses again.
- Else it moves there (into another power's unit as well: that is an attack).

Then the wasted holds: each unit left holding supports, among the moves of ``me`` into its neighbours with
competition above 0 and the units of ``me`` staying in its neighbours with competition above 1, the one
whose coast has the highest destination value, if that value is above 0.

Retreats: each dislodged unit, in a random order, chooses among its retreats in the same way, never into a
province another of its retreats already goes to; with none left it disbands.  Builds: the coasts of the
free home centres ranked by value, chosen in the same way, one build per province, the rest waived.
Disbands: the units ranked by the value of their place, the lowest first, chosen in the same way.

What this port leaves out: no press (DumbBot sends none), no convoys (it orders none).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import front1901_games  # noqa: F401  (puts the rules layer on sys.path)
from rules.front1901 import (
    ARMY_MOVES,
    CENTRES,
    COASTS,
    FLEET_MOVES,
    HOME_CENTRES,
    POWERS,
    Position,
    Season,
    Step,
)
from rules.front1901.adjustments import adjustment_counts
from rules.front1901.board import ARMY, FLEET, Location, Power, Province, province_of
from rules.front1901.position import Unit

SIZE_SQUARE, SIZE_LINEAR, SIZE_CONSTANT = 1, 4, 16
SPRING_ATTACK, SPRING_DEFENCE = 700, 300
FALL_ATTACK, FALL_DEFENCE = 600, 400
SPRING_PROXIMITY = (100, 1000, 30, 10, 6, 5, 4, 3, 2, 1)
FALL_PROXIMITY = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)
WINTER_PROXIMITY = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)
"""The build and the remove weights (the same numbers in the source)."""
STRENGTH_WEIGHT = COMPETITION_WEIGHT = 1000
WINTER_DEFENCE_WEIGHT = 1000
PLAY_ALTERNATIVE = 50
ALTERNATIVE_DIFFERENCE_MODIFIER = 500
NEUTRAL = "NEUTRAL"

# The coasts: ("A", province) for armies, ("F", location) for fleets; their neighbours in their graph.
Coast = tuple[str, Location]
_NEXT: dict[Coast, tuple[Coast, ...]] = {
    **{(ARMY, p): tuple((ARMY, q) for q in sorted(moves)) for p, moves in ARMY_MOVES.items()},
    **{(FLEET, loc): tuple((FLEET, q) for q in sorted(moves)) for loc, moves in FLEET_MOVES.items()},
}
_COASTS: tuple[Coast, ...] = tuple(sorted(_NEXT))


def _size(centres: int) -> int:
    return SIZE_SQUARE * centres * centres + SIZE_LINEAR * centres + SIZE_CONSTANT


def _c_div(a: int, b: int) -> int:
    """Integer division truncated toward zero, as the source's arithmetic does it."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _reach(unit: Unit) -> set[Province]:
    """The provinces a unit can move into."""
    if unit.kind is ARMY:
        return set(ARMY_MOVES[unit.location])
    return {province_of(loc) for loc in FLEET_MOVES[unit.location]}


class Values:
    """DumbBot's destination value of every coast for ``me`` (the module's rules)."""

    def __init__(self, position: Position, me: Power) -> None:
        step, season = position.phase.step, position.phase.season
        winter = step is Step.ADJUSTMENT
        fall = season is Season.FALL and not winter
        attack_weight, defence_weight = (FALL_ATTACK, FALL_DEFENCE) if fall else (SPRING_ATTACK, SPRING_DEFENCE)
        counts = dict.fromkeys((*POWERS, NEUTRAL), 0)
        for centre in CENTRES:
            counts[position.centres.get(centre, NEUTRAL)] += 1
        size = {p: _size(n) for p, n in counts.items()}
        units = position.units.values()
        attack: dict[Province, int] = {}
        defence: dict[Province, int] = {}
        for centre in CENTRES:
            owner = position.centres.get(centre, NEUTRAL)
            if owner != me:
                attack[centre] = size[owner]
            else:
                defence[centre] = max((size[u.power] for u in units if u.power != me and centre in _reach(u)), default=0)
        proximity = [{c: attack.get(c[1][:3], 0) * attack_weight + defence.get(c[1][:3], 0) * defence_weight for c in _COASTS}]
        for _ in range(1, len(SPRING_PROXIMITY)):
            last = proximity[-1]
            level: dict[Coast, int] = {}
            for coast in _COASTS:
                best: dict[Province, int] = {}
                for other in _NEXT[coast]:
                    p = other[1][:3]
                    best[p] = max(best.get(p, 0), last[other]) if p in best else last[other]
                level[coast] = _c_div(sum(best.values()) + last[coast], 5)
            proximity.append(level)
        adjacent: dict[Province, dict[Power, int]] = {}
        for u in units:
            for p in {u.province} | _reach(u):
                per = adjacent.setdefault(p, {})
                per[u.power] = per.get(u.power, 0) + 1
        self.competition = {p: max((n for q, n in per.items() if q != me), default=0) for p, per in adjacent.items()}
        strength = {p: per.get(me, 0) for p, per in adjacent.items()}
        weights = WINTER_PROXIMITY if winter else FALL_PROXIMITY if fall else SPRING_PROXIMITY
        self.value: dict[Coast, int] = {}
        for coast in _COASTS:
            p = coast[1][:3]
            total = sum(level[coast] * w for level, w in zip(proximity, weights, strict=True))
            if winter:
                total += WINTER_DEFENCE_WEIGHT * defence.get(p, 0)
            else:
                total += STRENGTH_WEIGHT * strength.get(p, 0) - COMPETITION_WEIGHT * self.competition.get(p, 0)
            self.value[coast] = total

    def of(self, kind: str, location: Location) -> int:
        return self.value[(kind, location)]


def choose(options: Sequence[tuple[int, object]], rng: random.Random) -> int:
    """The index DumbBot settles on among options ranked best first (the module's choice)."""
    i = 0
    while i + 1 < len(options):
        here, following = options[i][0], options[i + 1][0]
        chance = 0 if here == 0 else _c_div((here - following) * ALTERNATIVE_DIFFERENCE_MODIFIER, here)
        if rng.randrange(100) < PLAY_ALTERNATIVE and rng.randrange(100) >= chance:
            i += 1
        else:
            break
    return i


def _ranked(options: list[tuple[int, Location]]) -> list[tuple[int, Location]]:
    return sorted(options, key=lambda o: (-o[0], o[1]))


def movement_orders(position: Position, me: Power, rng: random.Random) -> list[str]:
    values = Values(position, me)
    competition = values.competition
    own = {p: u for p, u in sorted(position.units.items()) if u.power == me}
    queue = list(own)
    rng.shuffle(queue)
    orders: dict[Province, str] = {}
    moving: dict[Province, Province] = {}
    """Destination province -> the own unit moving there."""
    staying: set[Province] = set()
    waited: set[Province] = set()
    while queue:
        p = queue.pop(0)
        unit = own[p]
        here = unit.location
        options = _ranked(
            [(values.of(unit.kind, to), to) for to in (ARMY_MOVES[here] if unit.kind is ARMY else FLEET_MOVES[here])]
            + [(values.of(unit.kind, here) + 1, here)]
        )
        while True:
            to = options[choose(options, rng)][1]
            target = to[:3]
            if target == p:
                orders[p], _ = f"{unit} H", staying.add(p)
                break
            occupier = own.get(target)
            if occupier is not None and target not in orders:
                if p not in waited:  # decided again once the occupier is (once: two units may wait on each other)
                    waited.add(p)
                    queue.insert(queue.index(target) + 1, p)
                    break
                options = [o for o in options if o[1] != to]
                continue
            if occupier is not None and target in staying:
                if competition.get(target, 0) > 1:
                    orders[p], _ = f"{unit} S {occupier}", staying.add(p)
                    break
                options = [o for o in options if o[1] != to]
                continue
            if target in moving:
                if competition.get(target, 0) > 0:
                    orders[p], _ = f"{unit} S {own[moving[target]]} - {target}", staying.add(p)
                    break
                options = [o for o in options if o[1] != to]
                continue
            orders[p] = f"{unit} - {to}"
            moving[target] = p
            break
    for p, order in sorted(orders.items()):
        if not order.endswith(" H"):
            continue
        unit = own[p]
        best: tuple[int, str] | None = None
        for to in sorted(ARMY_MOVES[unit.location] if unit.kind is ARMY else FLEET_MOVES[unit.location]):
            target = to[:3]
            worth = values.of(unit.kind, to)
            if target in moving:
                if competition.get(target, 0) > 0 and (best is None or worth > best[0]):
                    best = (worth, f"{unit} S {own[moving[target]]} - {target}")
            elif target in own and target in staying and competition.get(target, 0) > 1 and (best is None or worth > best[0]):
                best = (worth, f"{unit} S {own[target]}")
        if best is not None and best[0] > 0:
            orders[p] = best[1]
    return [orders[p] for p in sorted(orders)]


def retreat_orders(position: Position, me: Power, rng: random.Random) -> list[str]:
    values = Values(position, me)
    mine = [d for _, d in sorted(position.dislodged.items()) if d.unit.power == me]
    rng.shuffle(mine)
    taken: set[Province] = set()
    orders = []
    for dislodgement in mine:
        unit = dislodgement.unit
        options = _ranked([(values.of(unit.kind, to), to) for to in dislodgement.retreats if to[:3] not in taken])
        if not options:
            orders.append(f"{unit} D")
            continue
        to = options[choose(options, rng)][1]
        taken.add(to[:3])
        orders.append(f"{unit} R {to}")
    return orders


def adjustment_orders(position: Position, me: Power, rng: random.Random) -> list[str]:
    count = adjustment_counts(position).get(me, 0)
    if count == 0:
        return []
    values = Values(position, me)
    if count < 0:
        units = sorted((u for u in position.units.values() if u.power == me), key=lambda u: (values.of(u.kind, u.location), u.location))
        options = [(values.of(u.kind, u.location), str(u)) for u in units]
        removed = []
        for _ in range(-count):
            i = choose(options, rng)
            removed.append(f"{options.pop(i)[1]} D")
        return removed
    sites = [c for c in HOME_CENTRES[me] if position.centres.get(c) == me and c not in position.units]
    options = []
    for site in sites:
        if site in ARMY_MOVES:
            options.append((values.of(ARMY, site), f"A {site}"))
        for loc in COASTS.get(site, (site,)):
            if loc in FLEET_MOVES:
                options.append((values.of(FLEET, loc), f"F {loc}"))
    options.sort(key=lambda o: (-o[0], o[1]))
    builds = []
    while options and len(builds) < count:
        chosen = options[choose(options, rng)][1]
        builds.append(f"{chosen} B")
        province = chosen.split()[1][:3]
        options = [o for o in options if o[1].split()[1][:3] != province]
    return builds + ["WAIVE"] * (count - len(builds))


ORDERS: dict[Step, Callable[[Position, Power, random.Random], list[str]]] = {
    Step.MOVEMENT: movement_orders, Step.RETREAT: retreat_orders, Step.ADJUSTMENT: adjustment_orders,
}


def dumbbot_orders(position: Position, me: Power, rng: random.Random) -> list[str]:
    """DumbBot's orders for ``me`` in the open phase."""
    return ORDERS[position.phase.step](position, me, rng)
