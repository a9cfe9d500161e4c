"""What stands on the board: units, centre owners, the phase, and after a movement phase the dislodged units.

A ``Position`` is a plain frozen value; every phase function takes one and returns a new one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from .board import (
    COASTS,
    HOME_CENTRES,
    POWERS,
    STARTING_UNITS,
    UNIT_TEXT,
    Location,
    Power,
    Province,
    UnitKind,
    can_stand,
    province_of,
)
from .notation import OrderSyntaxError, parse_location


class PositionError(ValueError):
    """A position that cannot be on the board (unknown power, a unit where it cannot stand ...)."""


@dataclass(frozen=True, slots=True)
class Unit:
    """A power's army or fleet at a location (a fleet on a split coast names its coast)."""

    power: Power
    kind: UnitKind
    location: Location
    province: Province = field(init=False, repr=False, compare=False)
    """The province of the location, kept for the hot paths."""
    text: str = field(init=False, repr=False, compare=False)
    """``"A PAR"``: the unit as the notation writes it (what ``str`` gives), kept for the hot paths."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))
        object.__setattr__(self, "text", UNIT_TEXT[(self.kind, self.location)])

    def __str__(self) -> str:
        return self.text


_UNITS: dict[tuple[Power, UnitKind, Location], Unit] = {}


def unit_at(power: Power, kind: UnitKind, location: Location) -> Unit:
    """The Unit value for a power, kind and location; units are immutable, so equal ones are shared."""
    key = (power, kind, location)
    unit = _UNITS.get(key)
    if unit is None:
        unit = _UNITS[key] = Unit(power, kind, location)
    return unit


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class Step(StrEnum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


_PHASE = re.compile(r"^([SF])(\d{4})([MR])$|^(W)(\d{4})(A)$")


@dataclass(frozen=True, slots=True, order=True)
class Phase:
    """``S1901M``, ``F1901R``, ``W1901A``: spring and fall have movement and retreats, winter adjustments."""

    year: int
    season: Season
    step: Step

    @classmethod
    def parse(cls, text: str) -> Phase:
        match = _PHASE.match(text.strip().upper()) if isinstance(text, str) else None
        if not match:
            raise PositionError(f"invalid phase {text!r}: expected S/F + year + M/R, or W + year + A")
        groups = [g for g in match.groups() if g is not None]
        return cls(int(groups[1]), Season(groups[0]), Step(groups[2]))

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}{self.step.value}"

    def following(self) -> Phase:
        """The phase after this one when every phase is played (retreats and winter included)."""
        if self.season is Season.WINTER:
            return Phase(self.year + 1, Season.SPRING, Step.MOVEMENT)
        if self.step is Step.MOVEMENT:
            return Phase(self.year, self.season, Step.RETREAT)
        if self.season is Season.SPRING:
            return Phase(self.year, Season.FALL, Step.MOVEMENT)
        return Phase(self.year, Season.WINTER, Step.ADJUSTMENT)


@dataclass(frozen=True, slots=True)
class Dislodgement:
    """A unit driven out in a movement phase: who attacked it from where (None: by convoy), where it may go."""

    unit: Unit
    attacker_from: Province | None
    retreats: tuple[Location, ...] = ()


def _frozen(mapping: Mapping) -> Mapping:
    """A read-only view of a private copy (a view made here is already one)."""
    return mapping if type(mapping) is MappingProxyType else MappingProxyType(dict(mapping))


_EMPTY: Mapping = MappingProxyType({})


@dataclass(frozen=True)
class Position:
    """The board at the start of a phase.

    ``units`` is keyed by province (one unit per province); ``centres`` maps each owned centre to its owner;
    in a retreat phase ``dislodged`` (keyed by the province the unit was driven from) and ``contested``
    (provinces left empty by a standoff) say what the retreats must respect.
    """

    phase: Phase
    units: Mapping[Province, Unit]
    centres: Mapping[Province, Power] = field(default_factory=dict)
    dislodged: Mapping[Province, Dislodgement] = field(default_factory=dict)
    contested: frozenset[Province] = frozenset()

    def __init__(
        self,
        phase: Phase,
        units: Mapping[Province, Unit],
        centres: Mapping[Province, Power] = _EMPTY,
        dislodged: Mapping[Province, Dislodgement] = _EMPTY,
        contested: frozenset[Province] = frozenset(),
    ) -> None:
        # Written by hand (one write of the instance dict, not one frozen setattr per field): every phase
        # played makes a Position.
        self.__dict__.update(
            phase=phase,
            units=_frozen(units),
            centres=_frozen(centres),
            dislodged=_frozen(dislodged),
            contested=contested if type(contested) is frozenset else frozenset(contested),
        )

    def centre_count(self, power: Power) -> int:
        return sum(1 for owner in self.centres.values() if owner == power)


def parse_unit(power: Power, text: str) -> Unit:
    """``"F STP/SC"`` for a power -> a Unit; raises PositionError when it cannot stand there."""
    parts = text.split()
    if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
        raise PositionError(f"invalid unit {text!r}: expected 'A PAR' or 'F STP/SC'")
    kind = UnitKind(parts[0].upper())
    try:
        location = parse_location(parts[1])
    except OrderSyntaxError as error:
        raise PositionError(f"invalid unit {text!r}: {error.reason}") from None
    if not can_stand(kind, location):
        where = "a split coast needs its coast" if location in COASTS else "it cannot stand there"
        raise PositionError(f"invalid unit {text!r}: {where}")
    return Unit(power, kind, location)


def parse_power(text: str) -> Power:
    power = text.strip().upper()
    if power not in POWERS:
        raise PositionError(f"unknown power {text!r}")
    return power


def units_from_json(data: Mapping[str, list[str]]) -> dict[Province, Unit]:
    """``{"FRANCE": ["A PAR"]}`` -> units keyed by province; two units in one province is an error."""
    units: dict[Province, Unit] = {}
    for power_name, texts in data.items():
        power = parse_power(power_name)
        for text in texts:
            unit = parse_unit(power, text)
            if unit.province in units:
                raise PositionError(f"two units in {unit.province}")
            units[unit.province] = unit
    return units


def units_to_json(units: Mapping[Province, Unit]) -> dict[str, list[str]]:
    """Units per power, sorted; powers with no unit left out."""
    out: dict[str, list[str]] = {}
    for unit in units.values():
        out.setdefault(unit.power, []).append(str(unit))
    return {power: sorted(out[power]) for power in sorted(out)}


def centres_to_json(centres: Mapping[Province, Power]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for centre, owner in centres.items():
        out.setdefault(owner, []).append(centre)
    return {power: sorted(out[power]) for power in sorted(out)}


def starting_position() -> Position:
    """Spring 1901: the 22 starting units, each power owning its home centres."""
    units = units_from_json({p: list(us) for p, us in STARTING_UNITS.items()})
    centres = {c: p for p, cs in HOME_CENTRES.items() for c in cs}
    return Position(Phase(1901, Season.SPRING, Step.MOVEMENT), units, centres)
