"""What stands on the board: units, centre owners, the phase, and after a movement phase the dislodged units.

A ``Position`` is a plain frozen value; every phase function takes one and returns a new one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from .board import (
    ARMY,
    ARMY_MOVES,
    CENTRES,
    COASTAL,
    COASTS,
    FLEET_MOVES,
    FLEET_REACH,
    HOME_CENTRES,
    INLAND,
    POWERS,
    SEAS,
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
        return _parse_phase(text) if isinstance(text, str) else cls._parse(text)

    @classmethod
    def _parse(cls, text: str) -> Phase:
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


@functools.lru_cache(maxsize=256)
def _parse_phase(text: str) -> Phase:
    """A phase's text read once: phases are values, and a stream of positions names a few of them."""
    return Phase._parse(text)


@dataclass(frozen=True, slots=True)
class Dislodgement:
    """A unit driven out in a movement phase: who attacked it from where (None: by convoy), where it may go."""

    unit: Unit
    attacker_from: Province | None
    retreats: tuple[Location, ...] = ()


def retreat_options(
    unit: Unit, attacker_from: Province | None, after: Mapping[Province, Unit], contested: frozenset[Province]
) -> tuple[Location, ...]:
    """"A dislodged unit must withdraw to a free neighbouring province, other than the one the attacker came
    from and other than a province left empty by a bounce." (An attacker carried by convoy does not close
    its origin: DATC 6.H.11, 6.H.12.)"""
    options = ARMY_MOVES[unit.location] if unit.kind is ARMY else FLEET_MOVES[unit.location]
    return tuple(
        sorted(
            loc
            for loc in options
            if (q := loc[:3]) not in after and q not in contested and q != attacker_from  # province_of, inlined
        )
    )


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

    def to_json(self) -> dict[str, Any]:
        """The position as the JSON adjudication interface writes its input: ``phase``, ``units`` and
        ``centers`` per power (sorted), and ``dislodged`` (``{power: {unit: {"from": province or null}}}``)
        and ``contested`` (sorted).  Retreat options are not written: they follow from the rest.

        >>> start = starting_position().to_json()
        >>> start["phase"], start["units"]["FRANCE"], start["dislodged"], start["contested"]
        ('S1901M', ['A MAR', 'A PAR', 'F BRE'], {}, [])
        """
        dislodged: dict[str, dict[str, dict[str, Province | None]]] = {}
        for d in self.dislodged.values():
            dislodged.setdefault(d.unit.power, {})[d.unit.text] = {"from": d.attacker_from}
        return {
            "phase": str(self.phase),
            "units": units_to_json(self.units),
            "centers": centres_to_json(self.centres),
            "dislodged": {p: dict(sorted(dislodged[p].items())) for p in sorted(dislodged)},
            "contested": sorted(self.contested),
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """The position :meth:`to_json` wrote (or an adjudication input line, orders aside), checked as the
        JSON interface checks its input; raises PositionError naming what is wrong.

        >>> Position.from_json(starting_position().to_json()) == starting_position()
        True
        """
        return position_from_json(data)


_STANDING: dict[str, tuple[UnitKind, Location]] = {
    text: (kind, location)
    for (kind, location), text in UNIT_TEXT.items()
    if kind is not None and can_stand(kind, location)
}
"""Every unit as the notation writes it (``"F STP/SC"``), read by a look-up: a position's JSON writes its
units so."""


_STANDING_UNITS: dict[Power, dict[str, Unit]] = {
    power: {text: Unit(power, kind, location) for text, (kind, location) in _STANDING.items()} for power in POWERS
}
"""Every power's every unit, by the unit's text: a position's JSON is read by look-up."""
_UNITS.update(((u.power, u.kind, u.location), u) for units in _STANDING_UNITS.values() for u in units.values())


def parse_unit(power: Power, text: str) -> Unit:
    """``"F STP/SC"`` for a power -> a Unit; raises PositionError when it cannot stand there."""
    standing = _STANDING_UNITS[power].get(text)
    if standing is not None:
        return standing
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


_POWER_NAMES = frozenset(POWERS)


def parse_power(text: str) -> Power:
    if text in _POWER_NAMES:  # as the positions write it
        return text
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
        out.setdefault(unit.power, []).append(unit.text)
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


# Reading a position from JSON: the adjudication interface's input checks, shared with ``Position.from_json``.


def _neighbours(province: Province) -> frozenset[Province]:
    """The provinces a unit of either kind could have attacked this one from (by land or along a coast)."""
    by_sea = (FLEET_REACH[loc] for loc in COASTS.get(province, (province,)) if loc in FLEET_REACH)
    return ARMY_MOVES.get(province, frozenset()).union(*by_sea)


NEIGHBOURS: dict[Province, frozenset[Province]] = {p: _neighbours(p) for p in INLAND | COASTAL | SEAS}
"""Where the attacker of a dislodged unit may have come from (by move, not by convoy)."""


def json_mapping(data: Mapping[str, Any], key: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise PositionError(f"{key!r} must be an object")
    return value


def json_strings(value: Any, what: str) -> list[str]:
    """A JSON list of strings; a bare string is refused rather than read letter by letter."""
    if not isinstance(value, list):
        raise PositionError(f"{what} must be a list of strings")
    for v in value:  # a loop, not all() over a generator: every line of the interface reads a few dozen
        if not isinstance(v, str):
            raise PositionError(f"{what} must be a list of strings")
    return value


def _province(text: Any) -> Province:
    if not isinstance(text, str):
        raise PositionError(f"invalid province {text!r}")
    try:
        location = parse_location(text)
    except OrderSyntaxError as error:
        raise PositionError(error.reason) from None
    return location[:3]


def _units(data: Mapping[str, Any]) -> dict[Province, Unit]:
    units = json_mapping(data, "units")
    # Units written as the positions write them (every power's name and unit text canonical) are read by
    # look-up alone; anything else, an error included, by the checks below, which name what is wrong.
    read: dict[Province, Unit] = {}
    count = 0
    try:
        for power_name, texts in units.items():
            standing = _STANDING_UNITS[power_name]
            if type(texts) is not list:
                break
            for text in texts:
                unit = standing[text]
                read[unit.province] = unit
            count += len(texts)
        else:
            if len(read) == count:  # no two units in one province
                return read
    except (KeyError, TypeError):  # not as written, or not a string: read with the checks
        pass
    for power_name, texts in units.items():
        json_strings(texts, f"units of {power_name}")
    return units_from_json(units)


def _centres(data: Mapping[str, Any]) -> dict[Province, Power]:
    """Ownership of supply centres: "The map has 34 supply centres"; each has at most one owner."""
    centres: dict[Province, Power] = {}
    given = json_mapping(data, "centers")
    # As for the units: centres written as the positions write them are read by look-up alone.
    count = 0
    try:
        for power_name, texts in given.items():
            if power_name not in _POWER_NAMES or type(texts) is not list:
                break
            for text in texts:
                if text not in CENTRES:
                    raise KeyError(text)
                centres[text] = power_name
            count += len(texts)
        else:
            if len(centres) == count:  # no centre listed twice
                return centres
    except (KeyError, TypeError):
        pass
    centres = {}
    for power_name, texts in given.items():
        power = parse_power(power_name)
        for text in json_strings(texts, f"centers of {power_name}"):
            # A centre written as the positions write it is its own province; anything else is read.
            province = text if text in CENTRES else _province(text)
            if province not in CENTRES:
                raise PositionError(f"{province} is not a supply centre")
            if province in centres:
                raise PositionError(f"{province} is listed twice in 'centers' ({centres[province]}, {power})")
            centres[province] = power
    return centres


def _attacker_origin(unit: Unit, info: Any) -> Province | None:
    """The ``"from"`` of a dislodged unit: a province next to it, or an explicit null for a convoy."""
    if not isinstance(info, dict) or "from" not in info:
        raise PositionError(f'dislodged {unit} needs {{"from": province}} (or {{"from": null}} after a convoy)')
    came_from = info["from"]
    if came_from is None:
        if unit.province not in COASTAL:
            raise PositionError(f"{unit} cannot have been dislodged by a convoy: {unit.province} has no coast")
        return None
    origin = _province(came_from)
    if origin not in NEIGHBOURS[unit.province]:
        raise PositionError(f"{unit} cannot have been dislodged from {origin}: not next to {unit.province}")
    return origin


def _dislodged(
    data: Mapping[str, Any], units: dict[Province, Unit], contested: frozenset[Province]
) -> dict[Province, Dislodgement]:
    """Each dislodged unit with its attacker's origin; the results key them by their own name, so two
    dislodged units in one province, or one on the province of a unit of its own power ("You can never
    dislodge your own unit"), are refused."""
    dislodged: dict[Province, Dislodgement] = {}
    for power_name, entries in json_mapping(data, "dislodged").items():
        power = parse_power(power_name)
        if not isinstance(entries, dict):
            raise PositionError("'dislodged' maps each power to {unit: {\"from\": province or null}}")
        for text, info in entries.items():
            unit = parse_unit(power, text)
            origin = _attacker_origin(unit, info)
            if unit.province in dislodged:
                raise PositionError(
                    f"two dislodged units in {unit.province}: {dislodged[unit.province].unit}, {unit}"
                )
            occupant = units.get(unit.province)
            if occupant is not None and occupant.power == power:
                raise PositionError(
                    f"{unit} of {power} cannot have been dislodged by {occupant}, a unit of its own power"
                )
            dislodged[unit.province] = Dislodgement(
                unit, origin, retreat_options(unit, origin, units, contested)
            )
    return dislodged


def position_from_json(data: Any) -> Position:
    """A position from ``{"phase", "units", "centers", "dislodged", "contested"}``; raises PositionError."""
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object")
    phase = Phase.parse(data.get("phase", ""))
    units = _units(data)
    if phase.step is Step.ADJUSTMENT and "centers" not in data:
        raise PositionError("an adjustment phase needs 'centers'")
    centres = _centres(data)
    contested_texts = data.get("contested")
    contested = frozenset(
        _province(p) for p in json_strings([] if contested_texts is None else contested_texts, "'contested'")
    )
    dislodged = _dislodged(data, units, contested) if phase.step is Step.RETREAT else {}
    # The mappings are this function's own: given as read-only views, the position keeps them uncopied.
    return Position(phase, MappingProxyType(units), MappingProxyType(centres), dislodged, contested)
