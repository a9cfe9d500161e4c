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
from typing import Any, TextIO

from .board import Power
from .game import play
from .position import (
    Position,
    PositionError,
    Step,
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
                "attacks": {units[q].text: s for q, s in b.attacks.items()},
                "prevents": {units[q].text: s for q, s in b.prevents.items()},
                "hold": b.hold,
                "defend": b.defend,
                "head_to_head": units[b.head_to_head].text if b.head_to_head else None,
                "winner": units[b.winner].text if b.winner else None,
            }
            for p, b in sorted(played.battles.items())
        },
    }


def answer_line(line: str) -> dict[str, Any]:
    """The output object for one input line: the answer, or ``{"error": ...}``."""
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


_ENCODE = json.JSONEncoder(check_circular=False).encode
"""``json.dumps`` with its defaults, less the check for cycles: an answer is a fresh tree of dicts, lists,
strings and numbers (the text is the same; the check costs a look-up per dict and list, and an answer has
a few hundred)."""


def answer_text(line: str) -> str:
    """The output line (without its newline) for one input line: what ``run`` writes."""
    return _ENCODE(answer_line(line))


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
