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
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

from .board import Power, Province
from .game import play
from .movement import Battle, VoidOrder
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
    """The output line (JSON, without its newline) for one parsed input line, as ``json.dumps`` writes it."""
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
    # Written part by part: the board's names (powers, units, provinces, centres, phases) and the result
    # words hold nothing to escape; the reasons and the void orders (which quote the orders as given) are
    # written as they are only when they hold nothing to escape either, else by the encoder.
    reasons_json = (
        _pairs_json(reason_names, reasons)
        if _plain(reasons.values())
        else _ENCODE({unit: reasons[unit] for unit in reason_names})
    )
    parts = (
        ("units", _groups_json(units_to_json(after.units))),
        ("dislodged", _ENCODE({p: dislodged[p] for p in sorted(dislodged)}) if dislodged else "{}"),
        ("contested", _names_json(sorted(after.contested)) if movement else "[]"),
        ("centers", _groups_json(centres_to_json(after.centres))),
        ("next_phase", f'"{after.phase}"'),
        ("results", _pairs_json(names, results)),
        ("void_orders", _void_json(played.void_orders)),
        ("reasons", reasons_json),
        ("battles", _battles_json(played.battles, position.units)),
    )
    return "{" + ", ".join([f'"{key}": {value}' for key, value in parts]) + "}"


def _plain(texts: Iterable[str]) -> bool:
    """Whether ``json.dumps`` writes each of these strings as it is between quotes: printable ASCII with no
    quote or backslash (the encoder escapes anything else)."""
    joined = "".join(texts)
    # As bytes, deleting the characters written as they are leaves nothing: a table look-up per byte, where
    # ``str.isprintable`` takes a few times longer over an answer's reasons.
    return joined.isascii() and not joined.encode("ascii").translate(None, _WRITTEN_AS_THEY_ARE)


_WRITTEN_AS_THEY_ARE = bytes(range(0x20, 0x7F)).replace(b'"', b"").replace(b"\\", b"")
"""The characters ``json.dumps`` writes as they are in a string: printable ASCII, less quote and backslash."""


def _names_json(names: list[str]) -> str:
    """A list of the board's names (nothing to escape), as ``json.dumps`` writes it."""
    return '["' + '", "'.join(names) + '"]' if names else "[]"


def _groups_json(groups: Mapping[str, list[str]]) -> str:
    """The board's names per power (units or centres), as ``json.dumps`` writes them."""
    return "{" + ", ".join([f'"{power}": {_names_json(names)}' for power, names in groups.items()]) + "}"


def _pairs_json(keys: list[str], values: Mapping[str, str]) -> str:
    """The values of these keys, in this order, as ``json.dumps`` writes them (nothing to escape in
    either)."""
    return "{" + ", ".join([f'"{key}": "{values[key]}"' for key in keys]) + "}"


def _void_json(void: list[VoidOrder]) -> str:
    """The void orders, as ``json.dumps`` writes them: by the encoder when one needs escaping (an order as
    given, and the reason that quotes it, may hold anything)."""
    fields = [(v.power, v.order, v.reason) for v in void]
    if not _plain([text for three in fields for text in three]):
        return _ENCODE([{"power": p, "order": o, "reason": r} for p, o, r in fields])
    written = [f'{{"power": "{p}", "order": "{o}", "reason": "{r}"}}' for p, o, r in fields]
    return "[" + ", ".join(written) + "]"


def _battles_json(battles: Mapping[Province, Battle], units: Mapping[Province, Unit]) -> str:
    """The battles, per province entered (sorted), as ``json.dumps`` writes them: the attacks and prevents
    by the attacker's unit, the hold and defend strengths, the unit in a head-to-head battle and the winner.

    Written here, not by the encoder: they are most of an answer's objects (three per province entered),
    and hold nothing to escape (province codes, units' texts, numbers), so a format per province is quicker
    than the encoder's walk through dicts made for it."""
    parts = []
    for p in sorted(battles):
        _, attacks, prevents, hold, defend, head_to_head, winner = battles[p]
        if len(attacks) == 1 and attacks == prevents:  # one unit tried to enter (most provinces): once
            [(q, strength)] = attacks.items()
            attacks_json = prevents_json = f'"{units[q].text}": {strength}'
        else:
            attacks_json = ", ".join([f'"{units[q].text}": {s}' for q, s in attacks.items()])
            prevents_json = ", ".join([f'"{units[q].text}": {s}' for q, s in prevents.items()])
        opponent = f'"{units[head_to_head].text}"' if head_to_head else "null"
        won = f'"{units[winner].text}"' if winner else "null"
        parts.append(
            f'"{p}": {{"attacks": {{{attacks_json}}}, "prevents": {{{prevents_json}}}, "hold": {hold}, '
            f'"defend": {"null" if defend is None else defend}, "head_to_head": {opponent}, "winner": {won}}}'
        )
    return "{" + ", ".join(parts) + "}"


_ENCODE = json.JSONEncoder(check_circular=False).encode
"""``json.dumps`` with its defaults, less the check for cycles, for the parts of an answer not written by hand
(errors, dislodged units, text to escape): fresh trees of dicts, lists, strings and numbers (the text is the
same; the check costs a look-up per dict and list)."""


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
