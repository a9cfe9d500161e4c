"""Playing the phases in turn: spring and fall movement, their retreats, the winter adjustments.

"At the end of the fall, any power occupying a centre takes control of it (and keeps it until another power
occupies it in a later fall)."  Centres change hands when the fall turn is complete: after the fall movement
when no retreat follows, else after the fall retreats.  The next phase is the next one in which anyone has
something to do: a retreat phase only when a unit was dislodged, an adjustment phase only when some power
can build or must disband.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .adjustments import adjudicate_adjustments
from .board import CENTRES, HOME_CENTRES, POWERS, VICTORY_CENTRES, Power, Province
from .movement import Battle, MovementOutcome, VoidOrder, adjudicate_movement
from .orders import Order
from .position import Dislodgement, Phase, Position, Season, Step, Unit
from .retreats import adjudicate_retreats

SHORT_GAME_LAST_YEAR = 1910
""""In a short game, play stops at the end of 1910 and the power with the most centres wins." """


class PhaseResult:
    """One phase played: the position of the next phase, and what happened, keyed by the unit as it stood
    (``"A PAR"``).  ``reasons`` and ``battles`` are worked out when first read."""

    __slots__ = ("position", "results", "void_orders", "_names", "_movement", "_reasons")

    def __init__(
        self,
        position: Position,
        results: dict[str, str],
        void_orders: list[VoidOrder],
        reasons: dict[str, str] | None = None,
        movement: MovementOutcome | None = None,
        names: Mapping[Province, Unit] | None = None,
    ) -> None:
        self.position = position
        self.results = results
        self.void_orders = void_orders
        self._reasons = reasons
        self._movement = movement
        self._names = names

    @property
    def reasons(self) -> dict[str, str]:
        if self._reasons is None:
            units = self._names or {}
            movement = self._movement
            self._reasons = {units[p].text: w for p, w in movement.reasons.items()} if movement else {}
        return self._reasons

    @property
    def battles(self) -> dict[Province, Battle]:
        return self._movement.battles if self._movement else {}

    @property
    def dislodged(self) -> Mapping[Province, Dislodgement]:
        return self.position.dislodged

    @property
    def contested(self) -> frozenset[Province]:
        return self.position.contested


def take_centres(centres: Mapping[Province, Power], units: Mapping[Province, Unit]) -> dict[Province, Power]:
    """Each centre with a unit on it passes to that unit's power; the others keep their owner."""
    # A Position's centres are a read-only view, which ``dict()`` copies item by item: ask for its copy.
    owners = centres.copy() if type(centres) is MappingProxyType else dict(centres)
    for province, unit in units.items():
        if province in CENTRES:
            owners[province] = unit.power
    return owners


def _has_adjustments(units: Mapping[Province, Unit], centres: Mapping[Province, Power]) -> bool:
    """Whether some power must disband, or may build in a free home centre it still owns."""
    counts: dict[Power, int] = {}
    for owner in centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    for unit in units.values():
        counts[unit.power] = counts.get(unit.power, 0) - 1
    for power, count in counts.items():
        if count < 0:
            return True
        if count > 0:
            for c in HOME_CENTRES.get(power, ()):  # a loop, not any() over a generator: every fall asks
                if centres.get(c) == power and c not in units:
                    return True
    return False


# The phases a game moves into, made once per year: a phase played makes one, and a frozen dataclass is
# slow to build.
_SPRING, _FALL, _WINTER = Season.SPRING, Season.FALL, Season.WINTER
_MOVEMENT, _RETREAT, _ADJUSTMENT = Step.MOVEMENT, Step.RETREAT, Step.ADJUSTMENT
# Per season and step: its phase of each year so far.
_SPRING_MOVEMENT: dict[int, Phase] = {}
_SPRING_RETREAT: dict[int, Phase] = {}
_FALL_MOVEMENT: dict[int, Phase] = {}
_FALL_RETREAT: dict[int, Phase] = {}
_WINTER_ADJUSTMENT: dict[int, Phase] = {}


def _phase(year: int, season: Season, step: Step, made: dict[int, Phase]) -> Phase:
    """The phase of this year, season and step, from ``made``: the phases of that season and step so far."""
    phase = made.get(year)
    if phase is None:
        phase = made[year] = Phase(year, season, step)
    return phase


def _after_turn(phase: Phase, units: dict[Province, Unit], centres: Mapping[Province, Power]) -> Position:
    """The position after a turn with no retreats pending (end of a season's movement or retreats)."""
    if phase.season is _SPRING:
        return Position(_phase(phase.year, _FALL, _MOVEMENT, _FALL_MOVEMENT), units, centres)
    owners = take_centres(centres, units)
    if _has_adjustments(units, owners):
        return Position(_phase(phase.year, _WINTER, _ADJUSTMENT, _WINTER_ADJUSTMENT), units, owners)
    return Position(_phase(phase.year + 1, _SPRING, _MOVEMENT, _SPRING_MOVEMENT), units, owners)


def play(position: Position, orders: Mapping[Power, Sequence[Order | str]]) -> PhaseResult:
    """Adjudicate the position's phase with these orders and move on to the next phase."""
    phase = position.phase
    if phase.step is _MOVEMENT:
        outcome = adjudicate_movement(position, orders)
        units = position.units
        results = {units[p].text: w for p, w in outcome.results.items()}
        if outcome.dislodged:
            after = Position(
                _phase(
                    phase.year,
                    phase.season,
                    _RETREAT,
                    _SPRING_RETREAT if phase.season is _SPRING else _FALL_RETREAT,
                ),
                outcome.units,
                position.centres,
                outcome.dislodged,
                outcome.contested,
            )
        else:
            after = _after_turn(phase, outcome.units, position.centres)
        return PhaseResult(after, results, outcome.void_orders, movement=outcome, names=units)
    # Retreats and adjustments: every unit on the board gets a word too ("holds" when the phase left it
    # alone); a dislodged unit's word wins over a unit of the same name that moved into its province.
    results = {str(u): "holds" for u in position.units.values()}
    reasons = dict.fromkeys(results, "stays where it is")
    if phase.step is _RETREAT:
        retreat = adjudicate_retreats(position, orders)
        dislodged = position.dislodged
        results.update((str(dislodged[p].unit), w) for p, w in retreat.results.items())
        reasons.update((str(dislodged[p].unit), w) for p, w in retreat.reasons.items())
        after = _after_turn(phase, retreat.units, position.centres)
        return PhaseResult(after, results, retreat.void_orders, reasons)
    adjust = adjudicate_adjustments(position, orders)
    gone = position.units
    results.update((str(adjust.units.get(p) or gone[p]), w) for p, w in adjust.results.items())
    reasons.update((str(adjust.units.get(p) or gone[p]), w) for p, w in adjust.reasons.items())
    after = Position(_phase(phase.year + 1, _SPRING, _MOVEMENT, _SPRING_MOVEMENT), adjust.units, position.centres)
    return PhaseResult(after, results, adjust.void_orders, reasons)


def alive(position: Position) -> list[Power]:
    """"If your power loses all its units and centres, it is eliminated." """
    owners = set(position.centres.values())
    return [p for p in POWERS if p in owners or any(u.power == p for u in position.units.values())]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who has won so far, and whether play has stopped."""

    winners: tuple[Power, ...]
    over: bool


def outcome(position: Position, short: bool = False) -> Outcome:
    """"The first power to control 18 wins the game. You may then keep playing; the game ends by itself when
    no enemy centre is left."  A short game stops at the end of 1910: most centres wins, equal top counts
    share the win."""
    counts = {p: position.centre_count(p) for p in POWERS}
    top = max(counts.values())
    if short and position.phase.year > SHORT_GAME_LAST_YEAR:
        return Outcome(tuple(p for p in POWERS if counts[p] == top), True)
    leaders = tuple(p for p in POWERS if counts[p] >= VICTORY_CENTRES and counts[p] == top)
    return Outcome(leaders, len(set(position.centres.values())) == 1)
