"""The one-turn case runner: "prints one line per failure and a last line `N passed, M failed`, exiting
non-zero when any failed ... a case with a wrong expectation must be reported as a failure"."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from rules.feinthold.cases import load_cases, main, run_case

CASES = Path(__file__).resolve().parents[1] / "cases" / "feinthold"
FILES = sorted(CASES.glob("*.json"))
ALL = [case for f in FILES for case in load_cases(f)]


def spec_example() -> dict:
    return next(c for c in ALL if c["id"] == "entrenched-tie-turns-neutral")


def test_project_cases_pass(capsys):
    assert main([str(f) for f in FILES]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == f"{len(ALL)} passed, 0 failed"


def test_cases_are_many_unique_and_explained():
    assert len(ALL) >= 60 and len(FILES) >= 5
    ids = [c["id"] for c in ALL]
    assert len(ids) == len(set(ids))
    assert all(c.get("why") for c in ALL)


def test_spec_example_is_among_the_cases(shared_dir):
    spec = (shared_dir / "specs" / "feinthold.md").read_text()
    block = spec.split("```json", 1)[1].split("```", 1)[0]
    example = json.loads(block)
    mine = spec_example()
    for key in ("paths", "turn", "before", "orders", "after"):
        assert mine[key] == example[key]


@pytest.mark.parametrize(
    "path, wrong, complaint",
    [
        (("after", "points", "south"), 12, "points south: expected 12, got 11"),
        (("after", "flags", "c"), "north", "flag c: expected north, got None"),
        (("after", "units", "north", "c"), 1, "units north c: expected 1, got 0"),
    ],
)
def test_wrong_expectation_is_a_failure(tmp_path, capsys, path, wrong, complaint):
    case = copy.deepcopy(spec_example())
    target = case
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = wrong
    assert run_case(case) == [complaint]
    file = tmp_path / "wrong.json"
    file.write_text(json.dumps([spec_example(), case]))
    assert main([str(file)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    assert lines[0].startswith("FAIL entrenched-tie-turns-neutral") and complaint in lines[0]


def test_wrong_error_expectations_are_failures():
    case = copy.deepcopy(spec_example())
    case["after"] = {"error": "north"}
    assert run_case(case) == ["error: expected refused ['north'], got refused none"]
    illegal = copy.deepcopy(spec_example())
    illegal["orders"]["south"] = [{"move": {"from": "r-s", "to": "hq-n", "units": 3}}]
    assert run_case(illegal)[0].startswith("unexpected refusal: south: order 0 (move)")


def test_reports_and_winner_are_checked():
    case = copy.deepcopy(spec_example())
    case["orders"]["south"].append({"predict": {"at": "c"}})
    case["after"] = {"reports": {"south": {"prediction": True}}, "winner": "south"}
    assert run_case(case) == ["report south prediction: expected True, got False", "winner: expected south, got None"]


def test_cli_exit_codes(tmp_path):
    wrong = copy.deepcopy(spec_example())
    wrong["after"]["points"]["north"] = 0
    file = tmp_path / "one.json"
    file.write_text(json.dumps([wrong]))
    run = subprocess.run([sys.executable, "-m", "rules.feinthold.cases", str(file)], capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"


def test_a_misspelt_expectation_is_a_failure_not_silence():
    case = copy.deepcopy(spec_example())
    case["after"]["flag"] = case["after"].pop("flags")
    assert run_case(case) == ["malformed case: unknown key(s) in after: flag"]
    case = copy.deepcopy(spec_example())
    case["before"]["unit"] = {}
    assert run_case(case)[0].startswith("malformed case: unknown key(s) in before: unit")


@pytest.mark.parametrize(
    "where, value, complaint",
    [
        (("orders",), {"sotuh": [{"move": {"from": "r-s", "to": "c", "units": 3}}], "north": []},
         "malformed case: orders: unknown side(s) sotuh"),
        (("after", "units"), {"south": {"cc": 0}}, "malformed case: after.units.south: unknown position(s) cc"),
        (("after", "points"), {"nroth": 12}, "malformed case: after.points: unknown side(s) nroth"),
        (("after", "flags"), {"centre": None}, "malformed case: after.flags: unknown position(s) centre"),
        (("after", "reports"), {"south": {"scout": {"x": 1}}}, "malformed case: after.reports.south.scout: unknown"),
        (("after", "error"), "east", "malformed case: after.error: 'east' is not a side"),
        (("turn",), 9, "malformed case: turn 9: the turn being resolved is a whole number from 1 to 8"),
        (("turn",), "3", "malformed case: turn '3'"),
        (("before", "units", "south", "hq-s"), -2, "malformed case: before.units.south.hq-s: -2 is not a count"),
        (("before", "points"), {"South": 4}, "malformed case: before.points: unknown side(s) South"),
    ],
)
def test_a_misnamed_side_position_or_count_is_a_failure_not_an_unread_expectation(where, value, complaint):
    """A misspelt side in `orders` would otherwise drop that side's orders, and a misspelt position in `after`
    would check nothing: both are reported as malformed cases."""
    case = copy.deepcopy(spec_example())
    target = case
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    differences = run_case(case)
    assert len(differences) == 1 and differences[0].startswith(complaint), differences


def test_a_case_without_paths_or_not_an_object_is_malformed(tmp_path, capsys):
    case = copy.deepcopy(spec_example())
    del case["paths"]
    assert run_case(case) == [
        "malformed case: a case needs its paths: the layout as a list of [position, position] pairs"
    ]
    file = tmp_path / "odd.json"
    file.write_text(json.dumps(["not a case", spec_example()]))
    assert main([str(file)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines == [f"FAIL ? ({file}): malformed case: a case is a JSON object", "1 passed, 1 failed"]
