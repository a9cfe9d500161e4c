"""The command line's answers, byte for byte, on recorded lines: results, void orders, reasons and battles
are what a client shows (explained adjudication), so a change to the way they are worked out or written
must not change a character of them.

``tests/cases/front1901/cli_lines.jsonl`` holds 52 input lines: sixteen movement phases of seeded random
games (bench/front1901_games.py, 20 to 34 units), half of them void-heavy (bench/front1901_void_speed.py:
a third of the orders for units that do not exist, moves to provinces not next door, supports of moves
that do not happen), four retreat and four adjustment phases, every 18th DATC case (their looser notation)
and eighteen lines the interface refuses or reads leniently.  ``cli_answers.jsonl`` is what the command
line wrote for them (recorded at 6bbfa8c, before its answers were written faster).  A change meant to alter
the answers rewrites it: ``python -m rules.front1901 adjudicate < cli_lines.jsonl > cli_answers.jsonl``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from rules.front1901.cli import answer_text, run

CASES = Path(__file__).resolve().parents[1] / "cases" / "front1901"


def test_the_answers_are_as_recorded() -> None:
    expected = (CASES / "cli_answers.jsonl").read_text().splitlines()
    out = io.StringIO()
    run(io.StringIO((CASES / "cli_lines.jsonl").read_text()), out)
    got = out.getvalue().splitlines()
    assert len(got) == len(expected) == 52
    for number, (line, want) in enumerate(zip(got, expected, strict=True), start=1):
        assert line == want, f"answer to line {number} differs"


@settings(max_examples=200, deadline=None)
@given(text=st.text(min_size=1, max_size=12))
def test_an_order_as_given_is_written_as_json_writes_it(text: str) -> None:
    """Void orders and reasons quote the orders as given, which may hold anything: quotes, backslashes,
    control characters, any script. The answer, written part by part, is still exactly what ``json.dumps``
    writes for the same values."""
    line = json.dumps({
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR"]},
        "centers": {"FRANCE": ["PAR"]},
        "orders": {"FRANCE": [f"A PAR - {text}", f"A MAR{text} H"]},
    })
    written = answer_text(line)
    assert written == json.dumps(json.loads(written))
