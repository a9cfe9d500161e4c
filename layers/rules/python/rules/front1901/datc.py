"""Run DATC-format case files (jDip's CASE / PRESTATE / ORDERS / POSTSTATE / END text) against the engine.

``python -m rules.front1901.datc FILE...`` prints one line per failed case and a last line
``N passed, M failed``; the exit status is 1 when any case failed, 2 (nothing run, an error line per file)
when a file cannot be read.

The files' quirks are handled here: no ``PRESTATE_SETPHASE`` means spring movement (6.G.14-18); names may
repeat (6.F.14); a retreat phase takes its dislodged units, attackers and standoffs from
``PRESTATE_RESULTS`` as written (6.H.15, 6.H.16); power names carry typos ("Germnay"); lines may lack the
colon after the power; result lines carry ``SUCCESS:``/``FAILURE:``; a unit destroyed for want of a retreat
is only a comment under ``POSTSTATE_DISLODGED``, so a dislodged unit with no retreat may go unlisted.
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .adjustments import adjudicate_adjustments
from .board import ARMY, ARMY_MOVES, POWERS, Power, Province, province_of
from .movement import adjudicate_movement
from .notation import OrderSyntaxError, parse_order
from .orders import Move, Waive
from .position import Dislodgement, Phase, Position, Season, Step, Unit, parse_unit, retreat_options
from .retreats import adjudicate_retreats

_SECTIONS = {
    "PRESTATE", "PRESTATE_SUPPLYCENTER_OWNERS", "PRESTATE_DISLODGED", "PRESTATE_RESULTS", "ORDERS",
    "POSTSTATE", "POSTSTATE_DISLODGED",
}  # fmt: skip
_SETPHASE = re.compile(r"(spring|fall)\s+(\d{4})\s*,\s*(movement|retreat|adjustment)", re.IGNORECASE)


@dataclass
class Case:
    """One test case as written in the file."""

    name: str
    line: int
    phase: Phase = Phase(1901, Season.SPRING, Step.MOVEMENT)
    sections: dict[str, list[tuple[Power, str]]] = field(default_factory=dict)
    results: list[tuple[bool, Power, str]] = field(default_factory=list)
    same: bool = False

    def entries(self, section: str) -> list[tuple[Power, str]]:
        return self.sections.get(section, [])


def power_named(text: str) -> Power:
    """A power from a name as the files write it, typos included ("Germnay" -> GERMANY)."""
    word = text.strip().upper()
    if word in POWERS:
        return word
    close = difflib.get_close_matches(word, POWERS, n=1, cutoff=0.6)
    if not close:
        raise ValueError(f"unknown power {text!r}")
    return close[0]


def _split_power(text: str) -> tuple[Power, str]:
    head, colon, rest = text.partition(":")
    if not colon or " " in head.strip():
        head, _, rest = text.strip().partition(" ")
    return power_named(head), rest.strip()


def _phase(text: str) -> Phase:
    match = _SETPHASE.search(text)
    if not match:
        raise ValueError(f"unreadable phase {text!r}")
    season, year, step = match.group(1).lower(), int(match.group(2)), match.group(3).lower()
    if step == "adjustment":
        return Phase(year, Season.WINTER, Step.ADJUSTMENT)
    return Phase(year, Season.SPRING if season == "spring" else Season.FALL, Step(step[0].upper()))


def load_cases(path: Path | str) -> list[Case]:
    cases: list[Case] = []
    case: Case | None = None
    section = ""
    for number, raw in enumerate(Path(path).read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word = line.split()[0]
        if word == "CASE":
            case = Case(line[4:].strip(), number)
            section = ""
        elif case is None or word == "VARIANT_ALL":
            continue
        elif word == "END":
            cases.append(case)
            case = None
        elif word == "PRESTATE_SETPHASE":
            case.phase = _phase(line)
        elif word == "POSTSTATE_SAME":
            case.same = True
        elif word in _SECTIONS:
            section = word
            case.sections.setdefault(section, [])
        elif section == "PRESTATE_RESULTS":
            outcome, _, rest = line.partition(":")
            power, order = _split_power(rest)
            case.results.append((outcome.strip().upper() == "SUCCESS", power, order))
        else:
            case.sections[section].append(_split_power(line))
    return cases


def _units(entries: list[tuple[Power, str]]) -> dict[Province, Unit]:
    units = {}
    for power, text in entries:
        unit = parse_unit(power, text)
        units[unit.province] = unit
    return units


def _retreat_position(case: Case, units: dict[Province, Unit], centres: dict[Province, Power]) -> Position:
    """Dislodged units, their attackers' origins and the standoffs, from PRESTATE_RESULTS as written."""
    moves_in: dict[Province, list[tuple[bool, Province, bool]]] = {}
    failed_units: dict[Province, Unit] = {}
    for success, power, text in case.results:
        order = parse_order(text)
        if isinstance(order, Move):
            src = order.unit.province
            to = province_of(order.to)
            by_convoy = order.via or (order.unit.kind is ARMY and to not in ARMY_MOVES[src])
            moves_in.setdefault(to, []).append((success, src, by_convoy))
        if not success and not isinstance(order, Waive) and order.unit.kind is not None:
            failed_units[order.unit.province] = Unit(power, order.unit.kind, order.unit.location)
    listed = _units(case.entries("PRESTATE_DISLODGED"))
    if "PRESTATE_DISLODGED" not in case.sections:
        listed = {p: u for p, u in failed_units.items() if any(s for s, _, _ in moves_in.get(p, ()))}
    contested = frozenset(
        d
        for d, moves in moves_in.items()
        if d not in units and not any(s for s, _, _ in moves) and sum(1 for s, _, _ in moves if not s) >= 2
    )
    dislodged = {}
    for p, unit in listed.items():
        attacker = next(((src, via) for s, src, via in moves_in.get(p, ()) if s), (None, True))
        came_from = None if attacker[1] else attacker[0]
        dislodged[p] = Dislodgement(unit, came_from, retreat_options(unit, came_from, units, contested))
    return Position(case.phase, units, centres, dislodged, contested)


def run_case(case: Case) -> str | None:
    """None when the engine gives the case's expected result, else a message saying how it differs."""
    units = _units(case.entries("PRESTATE"))
    centres = {
        province_of(parse_unit(p, t).location): p for p, t in case.entries("PRESTATE_SUPPLYCENTER_OWNERS")
    }
    orders: dict[Power, list[str]] = {}
    for power, text in case.entries("ORDERS"):
        orders.setdefault(power, []).append(text)
    got_dislodged: dict[Province, Dislodgement] = {}
    if case.phase.step is Step.MOVEMENT:
        outcome = adjudicate_movement(Position(case.phase, units, centres), orders)
        after, got_dislodged = outcome.units, outcome.dislodged
    elif case.phase.step is Step.RETREAT:
        after = adjudicate_retreats(_retreat_position(case, units, centres), orders).units
    else:
        after = adjudicate_adjustments(Position(case.phase, units, centres), orders).units
    expected = units if case.same else _units(case.entries("POSTSTATE"))
    problems = []
    want = {(u.power, str(u)) for u in expected.values()}
    have = {(u.power, str(u)) for u in after.values()}
    if want != have:
        problems.append(f"units: missing {sorted(want - have)}, unexpected {sorted(have - want)}")
    listed = {(u.power, str(u)) for u in _units(case.entries("POSTSTATE_DISLODGED")).values()}
    dislodged = {(d.unit.power, str(d.unit)): d for d in got_dislodged.values()}
    missing = listed - set(dislodged)
    extra = {k for k, d in dislodged.items() if k not in listed and d.retreats}
    if missing or extra:
        problems.append(f"dislodged: missing {sorted(missing)}, unexpected {sorted(extra)}")
    return "; ".join(problems) or None


def main(argv: list[str] | None = None) -> int:
    paths = sys.argv[1:] if argv is None else argv
    if not paths:
        print("usage: python -m rules.front1901.datc FILE...", file=sys.stderr)
        return 2
    loaded: list[tuple[str, list[Case]]] = []
    for path in paths:
        try:
            loaded.append((path, load_cases(path)))
        except (OSError, ValueError) as error:  # missing, unreadable, not text, or not DATC-format
            print(f"error: {path}: {getattr(error, 'strerror', None) or error}", file=sys.stderr)
    if len(loaded) < len(paths):
        return 2
    passed = failed = 0
    for path, cases in loaded:
        for case in cases:
            try:
                problem = run_case(case)
            except (ValueError, OrderSyntaxError) as error:
                problem = f"error: {error}"
            if problem:
                failed += 1
                print(f"FAILED {Path(path).name}:{case.line} {case.name}: {problem}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
