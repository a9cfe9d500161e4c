"""Commands on the wire: the case-file format, parsed into typed commands and back."""

from __future__ import annotations

import pytest
from rules.feint import (
    Charge,
    Deploy,
    EndTurn,
    IllegalCommandError,
    Retreat,
    Stand,
    Step,
    TwoStep,
    parse_command,
    to_json,
)

EXAMPLES = [
    {"seat": 1, "step": {"token": "1a", "to": [0, 4]}},
    {"seat": 2, "two_step": {"token": "2c", "via": [0, -3], "to": [0, -2]}},
    {"seat": 1, "charge": {"tokens": ["1a"], "target": "2b"}},
    {"seat": 1, "charge": {"tokens": ["1a", "1b"], "target": "2b", "walk_in": "1b"}},
    {"seat": 2, "retreat": {"to": [1, -1]}},
    {"seat": 2, "stand": {}},
    {"seat": 1, "end_turn": {}},
    {"seat": 1, "deploy": {"cells": [[-4, 5], [-3, 5], [-2, 5], [-1, 5], [-3, 4], [-2, 4]]}},
]


@pytest.mark.parametrize("raw", EXAMPLES, ids=lambda raw: next(k for k in raw if k != "seat"))
def test_round_trip(raw):
    assert to_json(parse_command(raw)) == raw


def test_types():
    assert parse_command(EXAMPLES[0]) == Step(1, "1a", (0, 4))
    assert parse_command(EXAMPLES[1]) == TwoStep(2, "2c", (0, -3), (0, -2))
    assert parse_command(EXAMPLES[3]) == Charge(1, ("1a", "1b"), "2b", "1b")
    assert parse_command(EXAMPLES[3]).walker == "1b" and parse_command(EXAMPLES[2]).walker == "1a"
    assert parse_command(EXAMPLES[4]) == Retreat(2, (1, -1))
    assert parse_command(EXAMPLES[5]) == Stand(2) and parse_command(EXAMPLES[6]) == EndTurn(1)
    assert isinstance(parse_command(EXAMPLES[7]), Deploy)


@pytest.mark.parametrize(
    "raw",
    [
        "step",
        {"seat": 1},
        {"seat": 1, "hop": {}},
        {"seat": 1, "step": {"token": "1a"}},
        {"seat": 1, "step": {"token": "1a", "to": [0]}},
        {"seat": 1, "step": {"token": 3, "to": [0, 1]}},
        {"seat": "1", "end_turn": {}},
        {"seat": 1, "charge": {"tokens": "1a", "target": "2b"}},
        {"seat": 1, "step": {"token": "1a", "to": [0, 1]}, "stand": {}},
    ],
)
def test_malformed_commands_are_refused_with_rule_format(raw):
    with pytest.raises(IllegalCommandError) as refused:
        parse_command(raw)
    assert refused.value.rule == "format"
    assert isinstance(refused.value, ValueError)
