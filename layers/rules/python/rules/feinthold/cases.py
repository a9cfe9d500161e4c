"""The one-turn case runner: `python -m rules.feinthold.cases FILE...`.

Each file is a JSON list of cases (`id`, `paths`, `turn`, `before`, `orders`, `after`; other keys such as
`why` are ignored). Each case is resolved and only what its `after` names is checked. The runner prints one
line per failed case (its id and what differed) and a last line `N passed, M failed`; it exits 1 when any
case failed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from .layouts import Layout, LayoutError, check_layout
from .legality import check_side
from .orders import IllegalOrderError
from .positions import POSITIONS, SIDES
from .resolve import resolve
from .state import LAST_TURN, GameState, initial_observations

_AFTER_KEYS = frozenset({"flags", "units", "decoys", "points", "income", "reports", "winner", "error"})
_BEFORE_KEYS = frozenset({"points", "flags", "units", "decoys", "income", "prediction_right"})


class CaseError(ValueError):
    """A case file or case that does not follow the format."""


def _by_side(where: str, value: object) -> Mapping:
    """`value` as an object keyed by sides: a misspelt side is an error, never an expectation left unchecked."""
    if not isinstance(value, Mapping):
        raise CaseError(f"{where}: expected an object keyed by side ({', '.join(SIDES)})")
    unknown = [str(s) for s in value if s not in SIDES]
    if unknown:
        raise CaseError(f"{where}: unknown side(s) {', '.join(sorted(unknown))} (sides: {', '.join(SIDES)})")
    return value


def _by_position(where: str, value: object) -> Mapping:
    """`value` as an object keyed by positions of the map."""
    if not isinstance(value, Mapping):
        raise CaseError(f"{where}: expected an object keyed by position")
    unknown = [str(p) for p in value if p not in POSITIONS]
    if unknown:
        raise CaseError(f"{where}: unknown position(s) {', '.join(sorted(unknown))}")
    return value


def _check_after(after: Mapping) -> None:
    """Every side and position an expectation names exists, so that no expectation passes unread."""
    unknown = set(after) - _AFTER_KEYS
    if unknown:
        raise CaseError(f"unknown key(s) in after: {', '.join(sorted(unknown))}")
    _by_position("after.flags", after.get("flags", {}))
    for key in ("units", "decoys"):
        for s, counts in _by_side(f"after.{key}", after.get(key, {})).items():
            _by_position(f"after.{key}.{s}", counts)
    for key in ("points", "income"):
        _by_side(f"after.{key}", after.get(key, {}))
    for s, report in _by_side("after.reports", after.get("reports", {})).items():
        if isinstance(report, Mapping) and "scout" in report:
            _by_position(f"after.reports.{s}.scout", report["scout"])
    if after.get("error", None) not in (*SIDES, None):
        raise CaseError(f"after.error: {after['error']!r} is not a side")


def state_from_case(case: Mapping) -> GameState:
    """The state a case describes before its turn resolves (missing flags neutral, missing counts 0)."""
    if "paths" not in case:
        raise CaseError("a case needs its paths: the layout as a list of [position, position] pairs")
    layout = Layout(str(case.get("layout", "case")), "case", tuple(tuple(p) for p in case["paths"]))
    check_layout(layout)
    turn = case.get("turn")
    if type(turn) is not int or not 1 <= turn <= LAST_TURN:
        raise CaseError(f"turn {turn!r}: the turn being resolved is a whole number from 1 to {LAST_TURN}")
    before = case.get("before", {})
    if not isinstance(before, Mapping):
        raise CaseError("before: expected an object")
    unknown = set(before) - _BEFORE_KEYS
    if unknown:
        raise CaseError(f"unknown key(s) in before: {', '.join(sorted(unknown))}")
    for key in ("points", "income", "prediction_right"):
        _by_side(f"before.{key}", before.get(key, {}))

    def counts(key: str) -> dict:
        raw = _by_side(f"before.{key}", before.get(key, {}))
        out = {}
        for s in SIDES:
            by_position = _by_position(f"before.{key}.{s}", raw.get(s, {}))
            for p, n in by_position.items():
                if type(n) is not int or n < 0:
                    raise CaseError(f"before.{key}.{s}.{p}: {n!r} is not a count (a whole number, 0 or more)")
            out[s] = {p: n for p, n in by_position.items() if n > 0}
        return out

    units, decoys = counts("units"), counts("decoys")
    raw_flags = _by_position("before.flags", before.get("flags", {}))
    for p, flag in raw_flags.items():
        if p not in POSITIONS or flag not in (*SIDES, None):
            raise CaseError(f"flag {p!r}: {flag!r} is not a side's flag on a position of the map")
    flags = {p: raw_flags.get(p) for p in POSITIONS}
    return GameState(
        layout=layout,
        seed=None,
        turn=turn,
        reserve={s: int(before.get("points", {}).get(s, 0)) for s in SIDES},
        income_total={s: int(before.get("income", {}).get(s, 0)) for s in SIDES},
        prediction_right={s: bool(before.get("prediction_right", {}).get(s, False)) for s in SIDES},
        flags=flags,
        units=units,
        decoys=decoys,
        observations=initial_observations(layout, units, decoys),
    )


def _compare_counts(name: str, expected: Mapping, actual: Mapping, out: list[str]) -> None:
    for side, by_position in expected.items():
        for p, n in by_position.items():
            got = actual[side].get(p, 0)
            if got != n:
                out.append(f"{name} {side} {p}: expected {n}, got {got}")


def run_case(case: Mapping) -> list[str]:
    """The differences between a case's expectations and the engine's result (empty: the case passes)."""
    try:
        if not isinstance(case, Mapping):
            raise CaseError("a case is a JSON object")
        state = state_from_case(case)
        orders = _by_side("orders", case.get("orders", {}))
        after = case.get("after", {})
        if not isinstance(after, Mapping):
            raise CaseError("after: expected an object")
        _check_after(after)
    except (KeyError, TypeError, ValueError, LayoutError) as error:
        return [f"malformed case: {error}"]
    if "error" in after:
        refused = []
        for s in SIDES:
            points = state.reserve[s] + state.income(s)
            try:
                check_side(s, state.layout, state.flags, state.units[s], state.decoys[s], points, orders.get(s, []))
            except IllegalOrderError:
                refused.append(s)
        expected = [after["error"]] if after["error"] else []
        if refused != expected:
            return [f"error: expected refused {expected or 'none'}, got refused {refused or 'none'}"]
        return []
    try:
        result = resolve(state, {s: orders.get(s, []) for s in SIDES})
    except IllegalOrderError as error:
        return [f"unexpected refusal: {error}"]
    out: list[str] = []
    for p, flag in after.get("flags", {}).items():
        if result.flags.get(p) != flag:
            out.append(f"flag {p}: expected {flag}, got {result.flags.get(p)}")
    _compare_counts("units", after.get("units", {}), result.units, out)
    _compare_counts("decoys", after.get("decoys", {}), result.decoys, out)
    for s, n in after.get("points", {}).items():
        if result.reserve[s] != n:
            out.append(f"points {s}: expected {n}, got {result.reserve[s]}")
    for s, n in after.get("income", {}).items():
        if result.income_total[s] != n:
            out.append(f"income {s}: expected {n}, got {result.income_total[s]}")
    reports = result.history[-1].reports
    for s, expected_report in after.get("reports", {}).items():
        for key, value in expected_report.items():
            got = reports[s].get(key)
            if isinstance(value, Mapping) and isinstance(got, Mapping):
                for p, v in value.items():
                    if got.get(p) != v:
                        out.append(f"report {s} {key} {p}: expected {v}, got {got.get(p)}")
            elif got != value:
                out.append(f"report {s} {key}: expected {value}, got {got}")
    if "winner" in after and result.winner != after["winner"]:
        out.append(f"winner: expected {after['winner']}, got {result.winner}")
    return out


def load_cases(path: Path) -> list[Mapping]:
    data = json.loads(path.read_text())
    if not isinstance(data, list):
        raise CaseError(f"{path}: a case file is a JSON list of cases")
    return data


def main(argv: Sequence[str] | None = None) -> int:
    files = list(sys.argv[1:] if argv is None else argv)
    if not files:
        print("usage: python -m rules.feinthold.cases FILE...", file=sys.stderr)
        return 2
    passed = failed = 0
    for name in files:
        try:
            cases = load_cases(Path(name))
        except (OSError, ValueError) as error:
            print(f"{name}: cannot read cases: {error}")
            failed += 1
            continue
        for case in cases:
            differences = run_case(case)
            if differences:
                failed += 1
                case_id = case.get("id", "?") if isinstance(case, Mapping) else "?"
                print(f"FAIL {case_id} ({name}): {'; '.join(differences)}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
