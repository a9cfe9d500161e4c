"""The JSON-lines adjudication interface: ``python -m rules.front1901 adjudicate``.

Reads one JSON object per line (phase, units, centers, orders, and in a retreat phase dislodged and
contested) and writes one JSON object per line, in the same order.  A line that cannot be adjudicated
(invalid JSON, invalid phase, unknown power, a unit where it cannot stand, a value of the wrong shape, a
centre that is none or listed twice, a dislodged unit without a possible "from") gets ``{"error": ...}``;
the next line is read as usual.  Beside the keys the interface fixes, the answer carries ``reasons`` (a sentence per
unit) and, for movement phases, ``battles`` (the attack, hold, defend and prevent strengths per province).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from .board import ARMY_MOVES, CENTRES, COASTAL, COASTS, FLEET_REACH, INLAND, SEAS, Power, Province
from .game import play
from .legality import retreat_options
from .notation import OrderSyntaxError, parse_location
from .position import (
    Dislodgement,
    Phase,
    Position,
    PositionError,
    Step,
    Unit,
    centres_to_json,
    parse_power,
    parse_unit,
    units_from_json,
    units_to_json,
)


class LineError(ValueError):
    """A line the interface answers with ``{"error": ...}``."""


def _neighbours(province: Province) -> frozenset[Province]:
    """The provinces a unit of either kind could have attacked this one from (by land or along a coast)."""
    by_sea = (FLEET_REACH[loc] for loc in COASTS.get(province, (province,)) if loc in FLEET_REACH)
    return ARMY_MOVES.get(province, frozenset()).union(*by_sea)


NEIGHBOURS: dict[Province, frozenset[Province]] = {p: _neighbours(p) for p in INLAND | COASTAL | SEAS}
"""Where the attacker of a dislodged unit may have come from (by move, not by convoy)."""


def _mapping(data: Any, key: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise LineError(f"{key!r} must be an object")
    return value


def _strings(value: Any, what: str) -> list[str]:
    """A JSON list of strings; a bare string is refused rather than read letter by letter."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LineError(f"{what} must be a list of strings")
    return value


def _province(text: Any) -> Province:
    if not isinstance(text, str):
        raise LineError(f"invalid province {text!r}")
    try:
        location = parse_location(text)
    except OrderSyntaxError as error:
        raise LineError(error.reason) from None
    return location[:3]


def _units(data: dict) -> dict[Province, Unit]:
    units = _mapping(data, "units")
    for power_name, texts in units.items():
        _strings(texts, f"units of {power_name}")
    return units_from_json(units)


def _centres(data: dict) -> dict[Province, Power]:
    """Ownership of supply centres: "The map has 34 supply centres"; each has at most one owner."""
    centres: dict[Province, Power] = {}
    for power_name, texts in _mapping(data, "centers").items():
        power = parse_power(power_name)
        for text in _strings(texts, f"centers of {power_name}"):
            province = _province(text)
            if province not in CENTRES:
                raise LineError(f"{province} is not a supply centre")
            if province in centres:
                raise LineError(f"{province} is listed twice in 'centers' ({centres[province]}, {power})")
            centres[province] = power
    return centres


def _orders(data: dict) -> dict[Power, list[str]]:
    orders: dict[Power, list[str]] = {}
    for power_name, texts in _mapping(data, "orders").items():
        orders.setdefault(parse_power(power_name), []).extend(_strings(texts, f"orders of {power_name}"))
    return orders


def _attacker_origin(unit: Unit, info: Any) -> Province | None:
    """The ``"from"`` of a dislodged unit: a province next to it, or an explicit null for a convoy."""
    if not isinstance(info, dict) or "from" not in info:
        raise LineError(f'dislodged {unit} needs {{"from": province}} (or {{"from": null}} after a convoy)')
    came_from = info["from"]
    if came_from is None:
        if unit.province not in COASTAL:
            raise LineError(f"{unit} cannot have been dislodged by a convoy: {unit.province} has no coast")
        return None
    origin = _province(came_from)
    if origin not in NEIGHBOURS[unit.province]:
        raise LineError(f"{unit} cannot have been dislodged from {origin}: not next to {unit.province}")
    return origin


def _dislodged(
    data: dict, units: dict[Province, Unit], contested: frozenset[Province]
) -> dict[Province, Dislodgement]:
    """Each dislodged unit with its attacker's origin; the results key them by their own name, so two
    dislodged units in one province, or one on the province of a unit of its own power ("You can never
    dislodge your own unit"), are refused."""
    dislodged: dict[Province, Dislodgement] = {}
    for power_name, entries in _mapping(data, "dislodged").items():
        power = parse_power(power_name)
        if not isinstance(entries, dict):
            raise LineError("'dislodged' maps each power to {unit: {\"from\": province or null}}")
        for text, info in entries.items():
            unit = parse_unit(power, text)
            origin = _attacker_origin(unit, info)
            if unit.province in dislodged:
                raise LineError(
                    f"two dislodged units in {unit.province}: {dislodged[unit.province].unit}, {unit}"
                )
            occupant = units.get(unit.province)
            if occupant is not None and occupant.power == power:
                raise LineError(
                    f"{unit} of {power} cannot have been dislodged by {occupant}, a unit of its own power"
                )
            dislodged[unit.province] = Dislodgement(
                unit, origin, retreat_options(unit, origin, units, contested)
            )
    return dislodged


def position_from_json(data: Any) -> tuple[Position, dict[str, list[str]]]:
    """The position and the orders of one input line; raises LineError or PositionError."""
    if not isinstance(data, dict):
        raise LineError("a line must be a JSON object")
    phase = Phase.parse(data.get("phase", ""))
    units = _units(data)
    if phase.step is Step.ADJUSTMENT and "centers" not in data:
        raise LineError("an adjustment phase needs 'centers'")
    centres = _centres(data)
    orders = _orders(data)
    contested_texts = data.get("contested")
    contested = frozenset(
        _province(p) for p in _strings([] if contested_texts is None else contested_texts, "'contested'")
    )
    dislodged = _dislodged(data, units, contested) if phase.step is Step.RETREAT else {}
    return Position(phase, units, centres, dislodged, contested), orders


def answer(data: Any) -> dict[str, Any]:
    """The output object for one parsed input line."""
    position, orders = position_from_json(data)
    played = play(position, orders)
    after = played.position
    units = position.units
    dislodged: dict[str, dict[str, Any]] = {}
    for d in after.dislodged.values() if position.phase.step is Step.MOVEMENT else ():
        dislodged.setdefault(d.unit.power, {})[str(d.unit)] = {
            "from": d.attacker_from,
            "retreats": list(d.retreats),
        }
    return {
        "units": units_to_json(after.units),
        "dislodged": {p: dislodged[p] for p in sorted(dislodged)},
        "contested": sorted(after.contested) if position.phase.step is Step.MOVEMENT else [],
        "centers": centres_to_json(after.centres),
        "next_phase": str(after.phase),
        "results": dict(sorted(played.results.items())),
        "void_orders": [{"power": v.power, "order": v.order, "reason": v.reason} for v in played.void_orders],
        "reasons": dict(sorted(played.reasons.items())),
        "battles": {
            p: {
                "attacks": {str(units[q]): s for q, s in b.attacks.items()},
                "prevents": {str(units[q]): s for q, s in b.prevents.items()},
                "hold": b.hold,
                "defend": b.defend,
                "head_to_head": str(units[b.head_to_head]) if b.head_to_head else None,
                "winner": str(units[b.winner]) if b.winner else None,
            }
            for p, b in sorted(played.battles.items())
        },
    }


def answer_line(line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        return {"error": f"invalid JSON: {error.msg} at column {error.colno}"}
    except RecursionError:
        return {"error": "invalid JSON: nested too deeply"}
    try:
        return answer(data)
    except (LineError, PositionError) as error:
        return {"error": str(error)}


def adjudicate_lines(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    for line in lines:
        if line.strip():
            yield answer_line(line)


def run(stdin: TextIO, stdout: TextIO) -> int:
    for result in adjudicate_lines(stdin):
        stdout.write(json.dumps(result) + "\n")
        stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["adjudicate"]:
        print("usage: python -m rules.front1901 adjudicate < lines.jsonl", file=sys.stderr)
        return 2
    return run(sys.stdin, sys.stdout)
