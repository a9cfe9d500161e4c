"""The examples in the solo package's and the position's docstrings run as written."""

from __future__ import annotations

import doctest

import pytest
from rules.front1901 import position, solo
from rules.front1901.solo import draws, game


@pytest.mark.parametrize("module", [solo, position, game, draws])
def test_docstring_examples(module: object) -> None:
    failures, _ = doctest.testmod(module)  # type: ignore[arg-type]
    assert failures == 0


def test_following_the_suggestion_is_recognised() -> None:
    start = solo.new_game(3, "AUSTRIA", "normal")
    suggested = [s.order for s in solo.suggest(start)]
    assert solo.matches_suggestion(start, list(reversed(suggested)))
    assert not solo.matches_suggestion(start, suggested[:-1])
