"""The JSON-lines interface, through a subprocess as a client would use it."""

from __future__ import annotations

import json
import subprocess
import sys

from rules.front1901 import datc


def _run(*lines: object) -> list[dict]:
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "rules.front1901", "adjudicate"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


SPEC_EXAMPLE = {
    "phase": "F1901M",
    "units": {"FRANCE": ["A PAR", "F BRE"], "RUSSIA": ["F STP/SC"]},
    "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "RUSSIA": ["STP"]},
    "orders": {"FRANCE": ["A PAR - BUR", "F BRE - MAO"], "RUSSIA": ["F STP/SC - BOT"]},
}


def test_the_spec_example() -> None:
    [out] = _run(SPEC_EXAMPLE)
    assert {
        k: out[k]
        for k in ("units", "dislodged", "contested", "centers", "next_phase", "results", "void_orders")
    } == {
        "units": {"FRANCE": ["A BUR", "F MAO"], "RUSSIA": ["F BOT"]},
        "dislodged": {},
        "contested": [],
        "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "RUSSIA": ["STP"]},
        "next_phase": "W1901A",
        "results": {"A PAR": "moves", "F BRE": "moves", "F STP/SC": "moves"},
        "void_orders": [],
    }
    assert out["battles"]["BUR"]["attacks"] == {"A PAR": 1}
    assert out["reasons"]["A PAR"].startswith("moves to BUR")


def test_error_lines_do_not_stop_the_stream() -> None:
    out = _run(
        "not json",
        {"phase": "X1901M", "units": {}},
        {"phase": "S1901M", "units": {"PRUSSIA": ["A BER"]}},
        {"phase": "S1901M", "units": {"FRANCE": ["A MAO"]}},
        {"phase": "S1901M", "units": {"FRANCE": ["F STP"]}},
        {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}},
        SPEC_EXAMPLE,
    )
    assert [sorted(o) == ["error"] for o in out] == [True] * 6 + [False]
    assert "invalid JSON" in out[0]["error"]
    assert "phase" in out[1]["error"]
    assert "PRUSSIA" in out[2]["error"]
    assert "A MAO" in out[3]["error"] and "coast" in out[4]["error"]
    assert "centers" in out[5]["error"]
    assert out[6]["next_phase"] == "W1901A"


def test_void_orders_and_results_precedence() -> None:
    [out] = _run(
        {
            "phase": "S1901M",
            "units": {"FRANCE": ["A PAR", "A BUR"], "GERMANY": ["A MUN", "A RUH"]},
            "orders": {
                "FRANCE": ["A PAR - BUR", "A BUR - MUN", "A XYZ - PAR", "A MUN H", "A PAR - MAO"],
                "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
            },
        }
    )
    assert out["results"] == {"A BUR": "dislodged", "A MUN": "moves", "A PAR": "void", "A RUH": "supports"}
    assert [v["order"] for v in out["void_orders"]] == ["A XYZ - PAR", "A MUN H"]
    assert out["dislodged"] == {
        "FRANCE": {"A BUR": {"from": "MUN", "retreats": ["BEL", "GAS", "MAR", "PIC"]}}
    }
    assert out["next_phase"] == "S1901R"


def test_retreat_phase_then_centres_change_hands_after_the_fall() -> None:
    [out] = _run(
        {
            "phase": "F1901R",
            "units": {"GERMANY": ["A BUR", "A RUH"], "FRANCE": ["A PAR"]},
            "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"]},
            "dislodged": {"FRANCE": {"A MUN": {"from": "BUR"}}},
            "contested": ["BOH"],
            "orders": {"FRANCE": ["A MUN - BOH"]},
        }
    )
    # Every unit gets a word: the ones the retreat phase left alone hold.
    assert out["results"] == {"A MUN": "void", "A BUR": "holds", "A RUH": "holds", "A PAR": "holds"}
    assert out["units"] == {"FRANCE": ["A PAR"], "GERMANY": ["A BUR", "A RUH"]}
    assert out["dislodged"] == {} and out["contested"] == []
    assert out["centers"]["GERMANY"] == ["BER", "KIE", "MUN"]
    assert out["next_phase"] == "W1901A"


def test_adjustment_phase() -> None:
    [out] = _run(
        {
            "phase": "W1901A",
            "units": {"RUSSIA": ["A MOS"], "FRANCE": ["A PAR", "A BUR", "A PIC"]},
            "centers": {"RUSSIA": ["MOS", "STP", "SEV"], "FRANCE": ["PAR"]},
            "orders": {"RUSSIA": ["F STP/NC B", "WAIVE", "A SEV B"], "FRANCE": ["A PIC D"]},
        }
    )
    assert out["results"] == {
        "F STP/NC": "built", "A PIC": "removed", "A BUR": "removed", "A MOS": "holds", "A PAR": "holds",
    }  # fmt: skip
    assert [v["order"] for v in out["void_orders"]] == ["WAIVE", "A SEV B"]
    assert out["next_phase"] == "S1902M"


def test_retreat_phase_by_convoy_and_a_name_shared_by_attacker_and_dislodged() -> None:
    [out] = _run(
        {
            "phase": "S1902R",
            "units": {"ENGLAND": ["A YOR", "F NTH"], "FRANCE": ["A WAL"]},
            "dislodged": {"FRANCE": {"A YOR": {"from": None}}},
            "orders": {"FRANCE": ["A YOR R EDI"], "ENGLAND": ["F NTH - NWG"]},
        }
    )
    # Dislodged by an army carried from Edinburgh: Edinburgh stays open; the French unit's word wins.
    assert out["results"] == {"A YOR": "retreats", "F NTH": "holds", "A WAL": "holds"}
    assert out["units"] == {"ENGLAND": ["A YOR", "F NTH"], "FRANCE": ["A EDI", "A WAL"]}
    assert [v["order"] for v in out["void_orders"]] == ["F NTH - NWG"]
    assert out["next_phase"] == "F1902M"


def _errors(*lines: object) -> list[str]:
    """The error of each line, the spec example appended last to show the stream survived them all."""
    *out, last = _run(*lines, SPEC_EXAMPLE)
    assert last["next_phase"] == "W1901A"
    assert all(sorted(o) == ["error"] for o in out), out
    return [o["error"] for o in out]


def test_a_value_of_the_wrong_shape_is_a_line_error_not_a_crash() -> None:
    errors = _errors(
        {"phase": "S1901M", "units": {"FRANCE": [1]}},
        {"phase": "S1901M", "units": {"FRANCE": 5}},
        {"phase": "S1901M", "units": {"FRANCE": None}},
        {"phase": "S1901M", "units": {}, "centers": {"FRANCE": 5}},
        {"phase": "F1901R", "units": {}, "contested": 5},
        {"phase": "S1901M", "units": {"FRANCE": "A PAR"}},
        "[" * 100_000,
    )
    assert errors[:4] == ["units of FRANCE must be a list of strings"] * 3 + [
        "centers of FRANCE must be a list of strings"
    ]
    assert "'contested' must be a list" in errors[4]
    # A string where a list belongs is refused as such, not read letter by letter ("invalid unit 'A'").
    assert errors[5] == "units of FRANCE must be a list of strings"
    assert errors[6] == "invalid JSON: nested too deeply"


def test_centres_are_supply_centres_with_one_owner() -> None:
    # "The map has 34 supply centres": Picardy, Burgundy and Gascony are none, and would count as builds.
    france = {"FRANCE": ["PAR", "PIC", "BUR", "GAS", "MAR", "BRE"]}
    errors = _errors(
        {
            "phase": "W1901A",
            "units": {"FRANCE": ["A PAR"]},
            "centers": france,
            "orders": {"FRANCE": ["A MAR B"]},
        },
        {"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["PAR"], "germany": ["BER", "par"]}},
        {"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["PAR", "PAR"]}},
    )
    assert errors == [
        "PIC is not a supply centre",
        "PAR is listed twice in 'centers' (FRANCE, GERMANY)",
        "PAR is listed twice in 'centers' (FRANCE, FRANCE)",
    ]


def _retreat(dislodged: dict, units: dict | None = None) -> dict:
    return {"phase": "F1901R", "units": units or {}, "dislodged": dislodged}


def test_a_dislodged_unit_names_where_its_attacker_came_from() -> None:
    errors = _errors(
        _retreat({"FRANCE": {"A PAR": 5}}),
        _retreat({"FRANCE": {"A PAR": {}}}),
        _retreat({"FRANCE": {"A PAR": {"from": "MOS"}}}),
        _retreat({"FRANCE": {"A PAR": {"from": "PAR"}}}),
        _retreat({"FRANCE": {"A PAR": {"from": None}}}),
        _retreat({"FRANCE": {"A PAR": {"from": 7}}}),
    )
    # Before, the first two were read as "from": null and reopened the attacker's origin.
    assert all(e.startswith("dislodged A PAR needs {") for e in errors[:2])
    assert errors[2:5] == [
        "A PAR cannot have been dislodged from MOS: not next to PAR",
        "A PAR cannot have been dislodged from PAR: not next to PAR",
        "A PAR cannot have been dislodged by a convoy: PAR has no coast",
    ]
    assert errors[5] == "invalid province 7"


def test_the_attacker_may_be_of_either_kind() -> None:
    # A fleet in Brest driven out by an army from Paris, an army in Brest by a fleet from the Channel, a
    # fleet on St Petersburg's south coast by a fleet from the Barents Sea (next to the north coast).
    for power, unit, came_from, order, after in (
        ("FRANCE", "F BRE", "PAR", "F BRE R PIC", "F PIC"),
        ("FRANCE", "A BRE", "ENG", "A BRE R PAR", "A PAR"),
        ("RUSSIA", "F STP/SC", "BAR", "F STP/SC R BOT", "F BOT"),
    ):
        line = _retreat({power: {unit: {"from": came_from}}}) | {"orders": {power: [order]}}
        [out] = _run(line)
        assert out["results"] == {unit: "retreats"} and out["units"] == {power: [after]}


def test_dislodged_units_have_unambiguous_results_keys() -> None:
    errors = _errors(
        _retreat({"FRANCE": {"F BRE": {"from": "ENG"}}, "GERMANY": {"A BRE": {"from": "PAR"}}}),
        # "You can never dislodge your own unit": the French army in Paris cannot be what drove one out.
        _retreat({"FRANCE": {"A PAR": {"from": "BUR"}}}, units={"FRANCE": ["A PAR"]}),
    )
    assert errors == [
        "two dislodged units in BRE: F BRE, A BRE",
        "A PAR of FRANCE cannot have been dislodged by A PAR, a unit of its own power",
    ]


def test_the_datc_runner_names_a_file_it_cannot_read(tmp_path, capsys) -> None:
    missing = tmp_path / "missing.txt"
    assert datc.main([str(missing), str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # nothing counted
    assert err.splitlines() == [
        f"error: {missing}: No such file or directory",
        f"error: {tmp_path}: Is a directory",
    ]
