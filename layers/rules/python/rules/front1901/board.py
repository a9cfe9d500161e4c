"""The map of Europe, 1901, as data.

"Europe is divided into 75 territories: 56 land provinces (inland or coastal) and 19 seas.
Switzerland is impassable."  Provinces are named by MILA's three-letter codes (upper case); a fleet on a
split coast stands on a *location* such as ``SPA/NC``.  Every table here is built once at import time and
keyed by location, so the adjudicator only ever does dictionary and set look-ups.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

Province = str
"""A canonical province code, upper case: ``"PAR"``, ``"STP"``, ``"MAO"``."""

Location = str
"""Where a unit stands: a province, or a province and a coast for a fleet on a split coast (``"STP/SC"``)."""

Power = str
"""A Great Power, upper case: ``"FRANCE"``."""

POWERS: Final = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


class UnitKind(StrEnum):
    """The two kinds of unit: "An army moves across land provinces. A fleet moves across seas and coastal
    provinces, following the coast." """

    ARMY = "A"
    FLEET = "F"


ARMY: Final = UnitKind.ARMY
FLEET: Final = UnitKind.FLEET
"""The two kinds as plain module constants: on Python 3.11 ``UnitKind.ARMY`` costs a descriptor call on
every use, which the adjudicator's inner loops cannot afford."""


INLAND: Final = frozenset(["BOH", "BUD", "BUR", "GAL", "MOS", "MUN", "PAR", "RUH", "SER", "SIL", "TYR", "UKR", "VIE", "WAR"])
COASTAL: Final = frozenset(
    ["ALB", "ANK", "APU", "ARM", "BEL", "BER", "BRE", "BUL", "CLY", "CON", "DEN", "EDI", "FIN", "GAS", "GRE", "HOL", "KIE", "LON", "LVN", "LVP", "MAR", "NAF", "NAP", "NWY", "PIC", "PIE", "POR", "PRU", "ROM", "RUM", "SEV", "SMY", "SPA", "STP", "SWE", "SYR", "TRI", "TUN", "TUS", "VEN", "WAL", "YOR"]
)
SEAS: Final = frozenset(["ADR", "AEG", "BAL", "BAR", "BLA", "BOT", "EAS", "ENG", "HEL", "ION", "IRI", "LYO", "MAO", "NAO", "NTH", "NWG", "SKA", "TYS", "WES"])
PROVINCES: Final = INLAND | COASTAL | SEAS
IMPASSABLE: Final = frozenset({"SWI"})
"""Switzerland: on the map, but no unit may enter it."""

COASTS: Final[dict[Province, tuple[Location, ...]]] = {
    "SPA": ("SPA/NC", "SPA/SC"),
    "STP": ("STP/NC", "STP/SC"),
    "BUL": ("BUL/EC", "BUL/SC"),
}
"""Split coasts: "a fleet is always on one of them and can only move along that one"."""

CENTRES: Final = frozenset(
    ["ANK", "BEL", "BER", "BRE", "BUD", "BUL", "CON", "DEN", "EDI", "GRE", "HOL", "KIE", "LON", "LVP", "MAR", "MOS", "MUN", "NAP", "NWY", "PAR", "POR", "ROM", "RUM", "SER", "SEV", "SMY", "SPA", "STP", "SWE", "TRI", "TUN", "VEN", "VIE", "WAR"]
)
HOME_CENTRES: Final[dict[Power, tuple[Province, ...]]] = {
    "AUSTRIA": ("BUD", "TRI", "VIE"),
    "ENGLAND": ("EDI", "LON", "LVP"),
    "FRANCE": ("BRE", "MAR", "PAR"),
    "GERMANY": ("BER", "KIE", "MUN"),
    "ITALY": ("NAP", "ROM", "VEN"),
    "RUSSIA": ("MOS", "SEV", "STP", "WAR"),
    "TURKEY": ("ANK", "CON", "SMY"),
}
STARTING_UNITS: Final[dict[Power, tuple[str, ...]]] = {
    "AUSTRIA": ("A BUD", "A VIE", "F TRI"),
    "ENGLAND": ("F EDI", "F LON", "A LVP"),
    "FRANCE": ("F BRE", "A MAR", "A PAR"),
    "GERMANY": ("A BER", "F KIE", "A MUN"),
    "ITALY": ("F NAP", "A ROM", "A VEN"),
    "RUSSIA": ("A MOS", "F SEV", "F STP/SC", "A WAR"),
    "TURKEY": ("F ANK", "A CON", "A SMY"),
}
VICTORY_CENTRES: Final = 18
""""The first power to control 18 wins the game." """

ALIASES: Final[dict[str, Province]] = {
    "MID": "MAO",
    "NAT": "NAO",
    "NRG": "NWG",
    "GOL": "LYO",
    "GOB": "BOT",
    "ECH": "ENG",
    "TYN": "TYS",
    "EMS": "EAS",
}
"""Codes in common use (the DATC files use godip's) for MILA's canonical ones."""

# Land borders, each written once: who an army can walk to.
_LAND_BORDERS = """
ALB:GRE,SER,TRI ANK:ARM,CON,SMY APU:NAP,ROM,VEN ARM:SEV,SMY,SYR BEL:BUR,HOL,PIC,RUH BER:KIE,MUN,PRU,SIL
BOH:GAL,MUN,SIL,TYR,VIE BRE:GAS,PAR,PIC BUD:GAL,RUM,SER,TRI,VIE BUL:CON,GRE,RUM,SER
BUR:GAS,MAR,MUN,PAR,PIC,RUH CLY:EDI,LVP CON:SMY DEN:KIE,SWE EDI:LVP,YOR FIN:NWY,STP,SWE
GAL:RUM,SIL,UKR,VIE,WAR GAS:MAR,PAR,SPA GRE:SER HOL:KIE,RUH KIE:MUN,RUH LON:WAL,YOR
LVN:MOS,PRU,STP,WAR LVP:WAL,YOR MAR:PIE,SPA MOS:SEV,STP,UKR,WAR MUN:RUH,SIL,TYR NAF:TUN NAP:ROM
NWY:STP,SWE PAR:PIC PIE:TUS,TYR,VEN POR:SPA PRU:SIL,WAR ROM:TUS,VEN RUM:SER,SEV,UKR SER:TRI SEV:UKR
SIL:WAR SMY:SYR TRI:TYR,VEN,VIE TUS:VEN TYR:VEN,VIE UKR:WAR WAL:YOR
"""

# Fleet passages between locations, each written once: seas to seas and coasts, coasts along the coast.
_FLEET_PASSAGES = """
ADR:ALB,APU,ION,TRI,VEN AEG:BUL/SC,CON,EAS,GRE,ION,SMY BAL:BER,BOT,DEN,KIE,LVN,PRU,SWE
BAR:NWG,NWY,STP/NC BLA:ANK,ARM,BUL/EC,CON,RUM,SEV BOT:FIN,LVN,STP/SC,SWE EAS:ION,SMY,SYR
ENG:BEL,BRE,IRI,LON,MAO,NTH,PIC,WAL HEL:DEN,HOL,KIE,NTH ION:ALB,APU,GRE,NAP,TUN,TYS
IRI:LVP,MAO,NAO,WAL LYO:MAR,PIE,SPA/SC,TUS,TYS,WES MAO:BRE,GAS,NAF,NAO,POR,SPA/NC,SPA/SC,WES
NAO:CLY,LVP,NWG NTH:BEL,DEN,EDI,HEL,HOL,LON,NWG,NWY,SKA,YOR NWG:CLY,EDI,NWY SKA:DEN,NWY,SWE
TYS:NAP,ROM,TUN,TUS,WES WES:NAF,SPA/SC,TUN
ALB:GRE,TRI ANK:ARM,CON APU:NAP,VEN ARM:SEV BEL:HOL,PIC BER:KIE,PRU BRE:GAS,PIC BUL/EC:CON,RUM
BUL/SC:CON,GRE CLY:EDI,LVP CON:SMY DEN:KIE,SWE EDI:YOR FIN:STP/SC,SWE GAS:SPA/NC HOL:KIE LON:WAL,YOR
LVN:PRU,STP/SC LVP:WAL MAR:PIE,SPA/SC NAF:TUN NAP:ROM NWY:STP/NC,SWE PIE:TUS POR:SPA/NC,SPA/SC ROM:TUS
RUM:SEV SMY:SYR TRI:VEN
"""


def _pairs(text: str) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for entry in text.split():
        here, there = entry.split(":")
        pairs.extend((here, other) for other in there.split(","))
    return pairs


def province_of(location: Location) -> Province:
    """``"STP/SC"`` -> ``"STP"``; a province is its own province."""
    return location[:3]


def _build_tables() -> tuple[dict[Province, frozenset[Province]], dict[Location, frozenset[Location]]]:
    army: dict[Province, set[Province]] = {p: set() for p in INLAND | COASTAL}
    for a, b in _pairs(_LAND_BORDERS):
        army[a].add(b)
        army[b].add(a)
    fleet_locations = [p for p in COASTAL | SEAS if p not in COASTS] + [c for cs in COASTS.values() for c in cs]
    fleet: dict[Location, set[Location]] = {loc: set() for loc in fleet_locations}
    for a, b in _pairs(_FLEET_PASSAGES):
        fleet[a].add(b)
        fleet[b].add(a)
    return ({p: frozenset(n) for p, n in army.items()}, {loc: frozenset(n) for loc, n in fleet.items()})


ARMY_MOVES, FLEET_MOVES = _build_tables()
"""``ARMY_MOVES[province]``: the provinces an army there can move to; ``FLEET_MOVES[location]``: the
locations (coast included) a fleet there can move to."""

FLEET_REACH: Final[dict[Location, frozenset[Province]]] = {
    loc: frozenset(province_of(n) for n in ns) for loc, ns in FLEET_MOVES.items()
}
"""The provinces a fleet can move to, coasts dropped: what a fleet may support into."""

SEA_NEIGHBOURS: Final[dict[Province, frozenset[Province]]] = {
    p: frozenset(
        province_of(n) for loc in (COASTS.get(p) or (p,)) if loc in FLEET_MOVES for n in FLEET_MOVES[loc]
        if province_of(n) in SEAS
    )
    for p in PROVINCES
}
"""For convoys: the seas touching a province (any coast), and for a sea the seas next to it."""

LOCATIONS: Final = frozenset(ARMY_MOVES) | frozenset(FLEET_MOVES)

UNIT_TEXT: Final[dict[tuple[UnitKind | None, Location], str]] = {
    (kind, loc): (f"{kind.value} {loc}" if kind else loc)
    for kind in (None, ARMY, FLEET)
    for loc in PROVINCES | LOCATIONS
}
"""``"A PAR"``, ``"F STP/SC"``: the text of a unit, looked up rather than formatted in the hot paths."""


def can_stand(kind: UnitKind, location: Location) -> bool:
    """Whether a unit of this kind may occupy this location: armies on land provinces (never on a coast
    name), fleets on seas and coasts, on a split coast only with its coast named."""
    if kind is ARMY:
        return location in ARMY_MOVES
    return location in FLEET_MOVES


def canonical_province(code: str) -> Province | None:
    """An upper-case province code or alias -> its canonical code, or None when it names no province."""
    code = ALIASES.get(code, code)
    return code if code in PROVINCES else None
