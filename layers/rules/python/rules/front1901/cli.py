"""The command lines: ``python -m rules.front1901 adjudicate`` (JSON lines) and ``... selfplay`` (the AI
powers playing a game among themselves: :mod:`rules.front1901.solo.selfplay`).

The JSON-lines adjudication interface: ``python -m rules.front1901 adjudicate``.

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
from collections.abc import Mapping
from typing import Any, TextIO

from .board import Power, Province
from .game import play
from .movement import Battle
from .position import (
    Position,
    PositionError,
    Step,
    Unit,
    centres_to_json,
    json_mapping,
    json_strings,
    parse_power,
    units_to_json,
)


class LineError(ValueError):
    """A line the interface answers with ``{"error": ...}``."""


def _orders(data: dict) -> dict[Power, list[str]]:
    orders: dict[Power, list[str]] = {}
    for power_name, texts in json_mapping(data, "orders").items():
        orders.setdefault(parse_power(power_name), []).extend(json_strings(texts, f"orders of {power_name}"))
    return orders


def position_from_json(data: Any) -> tuple[Position, dict[str, list[str]]]:
    """The position and the orders of one input line; raises LineError or PositionError."""
    if not isinstance(data, dict):
        raise LineError("a line must be a JSON object")
    return Position.from_json(data), _orders(data)


def answer(data: Any) -> str:
    """The output line (JSON, without its newline) for one parsed input line."""
    position, orders = position_from_json(data)
    played = play(position, orders)
    after = played.position
    movement = position.phase.step is Step.MOVEMENT
    dislodged: dict[str, dict[str, Any]] = {}
    for d in after.dislodged.values() if movement else ():
        dislodged.setdefault(d.unit.power, {})[str(d.unit)] = {
            "from": d.attacker_from,
            "retreats": list(d.retreats),
        }
    # The units' names sorted once for their results and their reasons, which name the same units (the
    # names alone: sorting the items would compare them as pairs).
    results, reasons = played.results, played.reasons
    names = sorted(results)
    reason_names = names if reasons.keys() == results.keys() else sorted(reasons)
    head = _ENCODE(
        {
            "units": units_to_json(after.units),
            "dislodged": {p: dislodged[p] for p in sorted(dislodged)},
            "contested": sorted(after.contested) if movement else [],
            "centers": centres_to_json(after.centres),
            "next_phase": str(after.phase),
            "results": {unit: results[unit] for unit in names},
            "void_orders": [{"power": v.power, "order": v.order, "reason": v.reason} for v in played.void_orders],
            "reasons": {unit: reasons[unit] for unit in reason_names},
        }
    )
    return f'{head[:-1]}, "battles": {_battles_json(played.battles, position.units)}}}'


def _battles_json(battles: Mapping[Province, Battle], units: Mapping[Province, Unit]) -> str:
    """The battles, per province entered (sorted), as ``json.dumps`` writes them: the attacks and prevents
    by the attacker's unit, the hold and defend strengths, the unit in a head-to-head battle and the winner.

    Written here, not by the encoder: they are most of an answer's objects (three per province entered),
    and hold nothing to escape (province codes, units' texts, numbers), so a format per province is quicker
    than the encoder's walk through dicts made for it."""
    parts = []
    for p in sorted(battles):
        b = battles[p]
        if len(b.attacks) == 1 == len(b.prevents):  # one unit tried to enter (most provinces): nothing to join
            [(attacker, attack)] = b.attacks.items()
            [(preventer, prevent)] = b.prevents.items()
            attacks = f'"{units[attacker].text}": {attack}'
            prevents = f'"{units[preventer].text}": {prevent}'
        else:
            attacks = ", ".join([f'"{units[q].text}": {s}' for q, s in b.attacks.items()])
            prevents = ", ".join([f'"{units[q].text}": {s}' for q, s in b.prevents.items()])
        defend = "null" if b.defend is None else b.defend
        head_to_head = f'"{units[b.head_to_head].text}"' if b.head_to_head else "null"
        winner = f'"{units[b.winner].text}"' if b.winner else "null"
        parts.append(
            f'"{p}": {{"attacks": {{{attacks}}}, "prevents": {{{prevents}}}, "hold": {b.hold}, '
            f'"defend": {defend}, "head_to_head": {head_to_head}, "winner": {winner}}}'
        )
    return f"{{{', '.join(parts)}}}"


_ENCODE = json.JSONEncoder(check_circular=False).encode
"""``json.dumps`` with its defaults, less the check for cycles: an answer is a fresh tree of dicts, lists,
strings and numbers (the text is the same; the check costs a look-up per dict and list)."""


def answer_text(line: str) -> str:
    """The output line (JSON, without its newline) for one input line: the answer, or ``{"error": ...}``."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        return _ENCODE({"error": f"invalid JSON: {error.msg} at column {error.colno}"})
    except RecursionError:
        return _ENCODE({"error": "invalid JSON: nested too deeply"})
    try:
        return answer(data)
    except (LineError, PositionError) as error:
        return _ENCODE({"error": str(error)})


def run(stdin: TextIO, stdout: TextIO) -> int:
    for line in stdin:
        if line.strip():
            stdout.write(answer_text(line) + "\n")
            stdout.flush()
    return 0


USAGE = """usage: python -m rules.front1901 adjudicate < lines.jsonl
       python -m rules.front1901 selfplay --seed N [--until YEAR] [--level LEVEL | --powers FRANCE=hard,...]"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["selfplay"]:
        from .solo.selfplay import main as selfplay  # the AI powers are loaded only for self-play

        return selfplay(args[1:], sys.stdout)
    if args != ["adjudicate"]:
        print(USAGE, file=sys.stderr)
        return 2
    return run(sys.stdin, sys.stdout)
