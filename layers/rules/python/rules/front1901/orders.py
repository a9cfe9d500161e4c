"""The orders, as structured values.

"The four orders": hold, move, support and convoy in the spring and fall; retreat or disband after a
dislodgement; build, disband or waive in the winter.  An order object only says what was written; whether it
is legal for the position is decided by :mod:`rules.front1901.legality`.  ``str(order)`` gives the compact
notation with canonical codes (``"A PAR S A MAR - BUR"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import UNIT_TEXT, Location, UnitKind, province_of


@dataclass(frozen=True, slots=True)
class UnitRef:
    """A unit as an order names it: its kind (None when the order left the letter out) and location."""

    kind: UnitKind | None
    location: Location
    province: str = field(init=False, repr=False, compare=False)
    """The province of the location (``"STP"`` for ``"STP/SC"``), kept for the hot paths."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def __str__(self) -> str:
        return UNIT_TEXT.get((self.kind, self.location)) or f"{self.kind} {self.location}"


@dataclass(frozen=True, slots=True)
class Hold:
    unit: UnitRef

    def __str__(self) -> str:
        return f"{self.unit} H"


@dataclass(frozen=True, slots=True)
class Move:
    """``A LON - BEL``; ``via`` when the order asks for a convoy (``A LON - BEL VIA``)."""

    unit: UnitRef
    to: Location
    via: bool = False

    def __str__(self) -> str:
        return f"{self.unit} - {self.to}" + (" VIA" if self.via else "")


@dataclass(frozen=True, slots=True)
class SupportHold:
    """``A PAR S F BRE``: support for a unit that stays where it is."""

    unit: UnitRef
    supported: UnitRef

    def __str__(self) -> str:
        return f"{self.unit} S {self.supported}"


@dataclass(frozen=True, slots=True)
class SupportMove:
    """``A PAR S A MAR - BUR``: support for a move; ``to`` may name a coast or not."""

    unit: UnitRef
    supported: UnitRef
    to: Location

    def __str__(self) -> str:
        return f"{self.unit} S {self.supported} - {self.to}"


@dataclass(frozen=True, slots=True)
class Convoy:
    """``F NTH C A LON - BEL``: a fleet at sea carries an army."""

    unit: UnitRef
    army: UnitRef
    to: Location

    def __str__(self) -> str:
        return f"{self.unit} C {self.army} - {self.to}"


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: UnitRef
    to: Location

    def __str__(self) -> str:
        return f"{self.unit} R {self.to}"


@dataclass(frozen=True, slots=True)
class Disband:
    """A retreat-phase disband, or a winter removal."""

    unit: UnitRef

    def __str__(self) -> str:
        return f"{self.unit} D"


@dataclass(frozen=True, slots=True)
class Build:
    unit: UnitRef

    def __str__(self) -> str:
        return f"{self.unit} B"


@dataclass(frozen=True, slots=True)
class Waive:
    """A build given up on purpose."""

    def __str__(self) -> str:
        return "WAIVE"


Order = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Waive
