"""Position cases: ``python -m rules.feint.cases FILE...``.

Each case file is a JSON list of cases: a mid-game position (deployment skipped), the commands to play
from it, and what must hold ``after`` (see docs/rules/feint.md and the spec's "Position cases"). The
runner prints one line per failure and a last line ``N passed, M failed``, exiting 1 when any failed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .commands import parse_command
from .errors import IllegalCommandError, SetupError
from .game import apply, start_position
from .hexgrid import DEFAULT_RADIUS
from .state import GameState
from .tokens import Token

AFTER_KEYS = {"cells", "revealed", "banks", "to_move", "winner", "error"}


class CaseFormatError(ValueError):
    """A case file that does not follow the format."""


def load_position(case: dict[str, Any]) -> GameState:
    """The case's position: the start of ``to_move``'s turn, nothing spent, win rules not checked."""
    try:
        tokens = [
            Token(
                id=str(t["id"]),
                seat=int(t["seat"]),
                strength=int(t["strength"]),
                cell=None if t.get("cell") is None else (int(t["cell"][0]), int(t["cell"][1])),
                revealed=bool(t.get("revealed", False)),
            )
            for t in case["tokens"]
        ]
        banks = {int(seat): int(b) for seat, b in case.get("banks", {}).items()}
        return start_position(
            players=int(case["players"]),
            tokens=tokens,
            banks=banks,
            to_move=int(case["to_move"]),
            radius=int(case.get("radius", DEFAULT_RADIUS)),
        )
    except SetupError:
        raise
    except (KeyError, TypeError, IndexError, ValueError) as problem:
        raise CaseFormatError(f"malformed position: {problem!r}") from None


def run_case(case: dict[str, Any]) -> list[str]:
    """Plays one case; returns what went wrong (nothing when it passed)."""
    try:
        state = load_position(case)
    except (CaseFormatError, SetupError) as problem:
        return [str(problem)]
    after = case.get("after", {})
    unknown = set(after) - AFTER_KEYS
    if unknown:
        return [f"unknown keys in after: {sorted(unknown)}"]
    expected_error = after.get("error")
    for index, raw in enumerate(case.get("commands", [])):
        try:
            state = apply(state, parse_command(raw))
        except IllegalCommandError as refused:
            if expected_error == index:
                break
            return [f"command {index} refused: {refused}"]
        if expected_error == index:
            return [f"command {index} was played, but the case expects it to be refused"]
    else:
        if expected_error is not None:
            return [f"no command was refused, expected command {expected_error} to be"]
    return check_after(state, after)


def check_after(state: GameState, after: dict[str, Any]) -> list[str]:
    """Compares what ``after`` names with the position reached."""
    problems: list[str] = []
    for tid, cell in after.get("cells", {}).items():
        token = state.tokens.get(tid)
        if token is None:
            problems.append(f"cells: no token {tid}")
            continue
        want = None if cell is None else (cell[0], cell[1])
        if token.cell != want:
            problems.append(f"cells: {tid} is at {_cell(token.cell)}, expected {_cell(want)}")
    if "revealed" in after:
        got = sorted(t.id for t in state.tokens.values() if t.revealed)
        want_ids = sorted(after["revealed"])
        if got != want_ids:
            problems.append(f"revealed: {got}, expected {want_ids}")
    for seat, bank in after.get("banks", {}).items():
        if not 1 <= int(seat) <= state.players:
            problems.append(f"banks: no seat {seat}")
        elif state.bank(int(seat)) != bank:
            problems.append(f"banks: seat {seat} has {state.bank(int(seat))}, expected {bank}")
    if "to_move" in after and state.to_move != after["to_move"]:
        problems.append(f"to_move: {state.to_move}, expected {after['to_move']}")
    if "winner" in after:
        winner = None if state.outcome is None else state.outcome.winner
        if winner != after["winner"]:
            problems.append(f"winner: {winner}, expected {after['winner']}")
    return problems


def _cell(cell: tuple[int, int] | None) -> str:
    return "null" if cell is None else f"[{cell[0]}, {cell[1]}]"


def run_files(paths: Sequence[str | Path]) -> tuple[int, list[str]]:
    """Runs every case of every file; returns the number passed and one line per failure."""
    passed = 0
    failures: list[str] = []
    for path in paths:
        try:
            cases = json.loads(Path(path).read_text())
        except (OSError, json.JSONDecodeError) as problem:
            failures.append(f"{path}: cannot read: {problem}")
            continue
        if not isinstance(cases, list):
            failures.append(f"{path}: a case file is a JSON list of cases")
            continue
        for number, case in enumerate(cases):
            name = case.get("id", f"#{number}") if isinstance(case, dict) else f"#{number}"
            try:
                problems = run_case(case) if isinstance(case, dict) else ["a case is a JSON object"]
            except Exception as crash:  # a crash is that case's failure, not the end of the run
                problems = [f"crashed: {crash!r}"]
            if problems:
                failures.append(f"{path}: {name}: {'; '.join(problems)}")
            else:
                passed += 1
    return passed, failures


def main(argv: Sequence[str] | None = None) -> int:
    paths = list(sys.argv[1:] if argv is None else argv)
    if not paths:
        print("usage: python -m rules.feint.cases FILE...", file=sys.stderr)
        return 2
    passed, failures = run_files(paths)
    for line in failures:
        print(line)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
