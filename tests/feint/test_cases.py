"""The position cases in tests/cases/feint, and the runner that plays them."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rules.feint.cases import main, run_case, run_files

CASES_DIR = Path(__file__).resolve().parents[1] / "cases" / "feint"
CASE_FILES = sorted(CASES_DIR.glob("*.json"))
ALL_CASES = [(path.name, case) for path in CASE_FILES for case in json.loads(path.read_text())]


@pytest.mark.parametrize(("file", "case"), ALL_CASES, ids=[f"{f}:{c['id']}" for f, c in ALL_CASES])
def test_case(file, case):
    assert run_case(case) == []


def test_at_least_forty_cases_each_with_a_why_and_a_unique_id():
    assert len(ALL_CASES) >= 40
    ids = [case["id"] for _, case in ALL_CASES]
    assert len(ids) == len(set(ids))
    assert all(case.get("why") for _, case in ALL_CASES)


def test_the_specs_example_is_among_the_cases(shared_dir):
    spec = (shared_dir / "specs" / "feint.md").read_text()
    example = json.loads(re.search(r"```json\n(.*?)```", spec, re.S).group(1))
    mine = next(case for _, case in ALL_CASES if case["id"] == example["id"])
    assert {k: v for k, v in mine.items() if k != "why"} == example
    assert run_case(example) == []


def spec_like_case():
    return copy.deepcopy(next(case for _, case in ALL_CASES if case["id"] == "lone-4-beats-unbacked-3"))


@pytest.mark.parametrize(
    ("change", "reported"),
    [
        (lambda c: c["after"]["cells"].update(a4=[1, 0]), "cells: a4"),
        (lambda c: c["after"].update(revealed=["a4"]), "revealed"),
        (lambda c: c["after"]["banks"].update({"1": 2}), "banks: seat 1"),
        (lambda c: c["after"].update(to_move=1), "to_move"),
        (lambda c: c["after"].update(winner=1), "winner"),
        (lambda c: c["after"].update(error=1), "expects it to be refused"),
        (lambda c: c["commands"].insert(0, {"seat": 2, "end_turn": {}}), "command 0 refused"),
        (lambda c: c["after"].update(celsl={}), "unknown keys"),
        (lambda c: c["tokens"].append({"id": "x", "seat": 1, "cell": [1, 0], "strength": 2}), "already holds"),
        (lambda c: c.pop("to_move"), "malformed"),
    ],
    ids=["cell", "revealed", "bank", "to_move", "winner", "error", "refused", "typo", "position", "format"],
)
def test_runner_reports_a_wrong_expectation(change, reported):
    case = spec_like_case()
    change(case)
    problems = run_case(case)
    assert problems and reported in " ".join(problems)


def test_expected_refusal_that_never_comes_is_a_failure():
    case = spec_like_case()
    case["after"] = {"error": 5}
    assert "no command was refused" in run_case(case)[0]


def test_nothing_after_the_refused_command_is_played():
    case = spec_like_case()
    case["commands"].insert(0, {"seat": 1, "step": {"token": "a4", "to": [9, 9]}})
    case["after"] = {"error": 0, "cells": {"a4": [1, 0], "b3": [0, 0]}, "revealed": []}
    assert run_case(case) == []


def test_main_prints_failures_and_the_count(tmp_path, capsys):
    good = spec_like_case()
    bad = spec_like_case()
    bad["id"] = "wrong"
    bad["after"]["winner"] = 2
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps([good, bad]))
    assert main([str(path)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    assert lines[0].startswith(f"{path}: wrong: winner")


def test_runner_module_over_the_project_cases():
    done = subprocess.run(
        [sys.executable, "-m", "rules.feint.cases", *map(str, CASE_FILES)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout
    assert done.stdout.strip().splitlines()[-1] == f"{len(ALL_CASES)} passed, 0 failed"


def test_unreadable_file_is_a_failure(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    passed, failures = run_files([path])
    assert passed == 0 and "cannot read" in failures[0]
