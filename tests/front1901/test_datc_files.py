"""Every case of the three DATC-format files passes, one test per case (read from the shared folder)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from rules.front1901.datc import Case, load_cases, run_case

FILES = ("datc_v2.4_06.txt", "real.txt", "dipai.txt")
COUNTS = {"datc_v2.4_06.txt": 167, "real.txt": 4, "dipai.txt": 9}


def _shared() -> Path:
    import os

    root = Path(__file__).resolve().parents[2]
    return Path(os.environ.get("SHARED_DIR", root.parent / "shared")) / "datc"


def _cases() -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    seen: set[str] = set()
    for name in FILES:
        path = _shared() / name
        if not path.exists():
            continue
        for case in load_cases(path):
            case_id = f"{name}:{case.name}"
            if case_id in seen:  # 6.F.14 appears twice
                case_id = f"{case_id}@line{case.line}"
            seen.add(case_id)
            found.append((case_id, case))
    return found


_ALL = _cases()


@pytest.mark.parametrize("case", [c for _, c in _ALL], ids=[i for i, _ in _ALL])
def test_datc_case(case: Case, shared_dir: Path) -> None:
    assert run_case(case) is None


def test_every_case_is_read(shared_dir: Path) -> None:
    for name, count in COUNTS.items():
        assert len(load_cases(shared_dir / "datc" / name)) == count


def test_runner_prints_one_line_per_failure_and_a_total(shared_dir: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text(
        "CASE passes\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n\tEngland: F nth\nORDERS\n"
        "\tEngland: F nth-pic\nPOSTSTATE_SAME\nEND\n"
        "CASE fails on purpose\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n\tEngland: F nth\nORDERS\n"
        "\tEngland: F nth-nwg\nPOSTSTATE_SAME\nEND\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "rules.front1901.datc", str(broken)], capture_output=True, text=True, check=False
    )
    lines = run.stdout.strip().splitlines()
    assert run.returncode == 1
    assert len(lines) == 2 and "fails on purpose" in lines[0]
    assert lines[-1] == "1 passed, 1 failed"
    whole = subprocess.run(
        [sys.executable, "-m", "rules.front1901.datc", *(str(shared_dir / "datc" / n) for n in FILES)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert whole.returncode == 0, whole.stdout
    assert whole.stdout.strip().splitlines()[-1] == "180 passed, 0 failed"
