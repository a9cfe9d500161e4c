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
from .state import GameState, initial_observations

_AFTER_KEYS = frozenset({"flags", "units", "decoys", "points", "income", "reports", "winner", "error"})


class CaseError(ValueError):
    """A case file or case that does not follow the format."""


def state_from_case(case: Mapping) -> GameState:
    """The state a case describes before its turn resolves (missing flags neutral, missing counts 0)."""
    layout = Layout(str(case.get("layout", "case")), "case", tuple(tuple(p) for p in case["paths"]))
    check_layout(layout)
    before = case.get("before", {})
    unknown = set(before) - {"points", "flags", "units", "decoys", "income", "prediction_right"}
    if unknown:
        raise CaseError(f"unknown key(s) in before: {', '.join(sorted(unknown))}")

    def counts(key: str) -> dict:
        raw = before.get(key, {})
        return {s: {p: int(n) for p, n in raw.get(s, {}).items() if int(n) > 0} for s in SIDES}

    units, decoys = counts("units"), counts("decoys")
    for side_counts in (*units.values(), *decoys.values()):
        for p in side_counts:
            if p not in POSITIONS:
                raise CaseError(f"unknown position {p!r} in before")
    raw_flags = before.get("flags", {})
    for p, flag in raw_flags.items():
        if p not in POSITIONS or flag not in (*SIDES, None):
            raise CaseError(f"flag {p!r}: {flag!r} is not a side's flag on a position of the map")
    flags = {p: raw_flags.get(p) for p in POSITIONS}
    return GameState(
        layout=layout,
        seed=None,
        turn=int(case["turn"]),
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
        state = state_from_case(case)
    except (KeyError, TypeError, ValueError, LayoutError) as error:
        return [f"malformed case: {error}"]
    orders = case.get("orders", {})
    after = case.get("after", {})
    unknown = set(after) - _AFTER_KEYS
    if unknown:
        return [f"malformed case: unknown key(s) in after: {', '.join(sorted(unknown))}"]
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
                print(f"FAIL {case.get('id', '?')} ({name}): {'; '.join(differences)}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
