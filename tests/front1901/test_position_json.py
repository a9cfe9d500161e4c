"""``Position.to_json`` / ``Position.from_json``: the compact form the game pipeline stores."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.front1901 import Position, PositionError, Step, starting_position

from .positions import random_game_positions


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_every_position_of_a_random_game_reads_back_equal(seed: int) -> None:
    for position in random_game_positions(random.Random(seed), 24):
        data = json.loads(json.dumps(position.to_json()))
        assert Position.from_json(data) == position
        assert data == position.to_json()


def test_a_retreat_phase_keeps_its_dislodged_units_and_standoffs() -> None:
    positions = [p for seed in range(30) for p in random_game_positions(random.Random(seed), 12)]
    retreat = next(p for p in positions if p.phase.step is Step.RETREAT and p.contested)
    data = retreat.to_json()
    assert data["contested"] == sorted(retreat.contested)
    assert sum(len(units) for units in data["dislodged"].values()) == len(retreat.dislodged)
    again = Position.from_json(data)
    assert again.dislodged == retreat.dislodged and again.contested == retreat.contested


def test_the_form_is_compact_units_and_centres_as_text() -> None:
    data = starting_position().to_json()
    assert data == {
        "phase": "S1901M",
        "units": {
            "AUSTRIA": ["A BUD", "A VIE", "F TRI"],
            "ENGLAND": ["A LVP", "F EDI", "F LON"],
            "FRANCE": ["A MAR", "A PAR", "F BRE"],
            "GERMANY": ["A BER", "A MUN", "F KIE"],
            "ITALY": ["A ROM", "A VEN", "F NAP"],
            "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC"],
            "TURKEY": ["A CON", "A SMY", "F ANK"],
        },
        "centers": {
            "AUSTRIA": ["BUD", "TRI", "VIE"],
            "ENGLAND": ["EDI", "LON", "LVP"],
            "FRANCE": ["BRE", "MAR", "PAR"],
            "GERMANY": ["BER", "KIE", "MUN"],
            "ITALY": ["NAP", "ROM", "VEN"],
            "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
            "TURKEY": ["ANK", "CON", "SMY"],
        },
        "dislodged": {},
        "contested": [],
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a position must be a JSON object"),
        ({"phase": "S1901X", "units": {}}, "invalid phase"),
        ({"phase": "S1901M", "units": {"FRANCE": ["A MAO"]}}, "cannot stand there"),
        ({"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["PIC"]}}, "PIC is not a supply centre"),
        ({"phase": "F1901R", "units": {}, "dislodged": {"FRANCE": {"A PAR": {}}}}, 'needs {"from": province}'),
    ],
)
def test_a_malformed_position_is_a_position_error(data: object, message: str) -> None:
    with pytest.raises(PositionError, match=message.replace("(", r"\(").replace("{", r"\{")):
        Position.from_json(data)
