"""The checked crossing from stored strings to the engine's words covers exactly the engine's words."""

from __future__ import annotations

import json
import re
from typing import get_args

import pytest
from gameserver.play.engines import feinthold as words
from rules.feinthold import SIDES
from rules.feinthold.doctrine import HOUSE_NAMES
from rules.feinthold.doctrine.noise import Noise


@pytest.mark.parametrize(
    ("read", "engine"),
    [(words.as_side, set(SIDES)), (words.as_house_ai, set(HOUSE_NAMES)), (words.as_noise, set(get_args(Noise)))],
)
def test_every_engine_word_reads_back_and_nothing_else(read, engine):
    assert {read(word) for word in engine} == engine
    for stranger in ("", "South", "east", "hal", "loud"):
        if stranger not in engine:
            with pytest.raises(ValueError, match=re.escape(json.dumps(stranger))):  # as the wire writes it
                read(stranger)
