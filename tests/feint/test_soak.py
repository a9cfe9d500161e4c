"""Soak: bot-only games end, and nothing the bots do is refused (the long runs are in bench/ and CI)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from rules.feint.__main__ import main
from rules.feint.soak import soak


@pytest.mark.parametrize(("seats", "games"), [(2, 30), (3, 6), (6, 3)])
def test_bot_games_finish_without_errors(seats, games):
    report = soak(games, seats, seed=11)
    assert report.errors == 0, report.error_samples
    assert report.finished == games
    assert sum(report.wins.values()) + report.draws == games


def test_soak_prints_one_json_object(capsys):
    assert main(["soak", "--games", "4", "--seats", "2", "--seed", "5", "--strict"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and out["finished"] == 4 and out["errors"] == 0
    assert set(out["win_rate_by_seat"]) == {"1", "2"}
    for key in ("mean_turns", "max_turns", "battles_per_game", "retreats_per_game"):
        assert key in out


def test_soak_is_deterministic_given_a_seed():
    assert soak(5, 2, seed=3).to_json(2, 3) == soak(5, 2, seed=3).to_json(2, 3)


def test_soak_module_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "rules.feint", "soak", "--games", "2", "--seats", "3", "--seed", "1", "--strict"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["finished"] == 2
