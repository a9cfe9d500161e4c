"""The runner as a process: API Gateway's 401s, the token command, and turn timers that survive a restart."""

from __future__ import annotations

import subprocess
import sys

import httpx
import pytest
from localrun import tokens
from localrun_player import game_item
from localrun_process import start_runner, stop_runner

pytestmark = pytest.mark.http


def test_no_token_and_a_stranger_key_are_refused_before_the_app(runner):
    assert httpx.get(runner.api + "/v1/me").status_code == 401
    stranger = tokens.TokenAuthority(tokens.generate_key()).mint("alice")
    refused = httpx.get(runner.api + "/v1/me", headers={"Authorization": f"Bearer {stranger}"})
    assert refused.status_code == 401 and refused.json() == {"message": "Unauthorized"}


def test_the_token_command_mints_for_the_running_runner(runner):
    minted = subprocess.run([sys.executable, "-m", "localrun", "token", "--state-dir", str(runner.state_dir),
                             "--sub", "carol", "--moderator"], capture_output=True, text=True, check=True)
    answer = httpx.get(runner.api + "/v1/me", headers={"Authorization": f"Bearer {minted.stdout.strip()}"})
    assert answer.status_code == 200 and answer.json()["sub"] == "carol"


def test_the_token_command_needs_a_runner_state(tmp_path):
    minted = subprocess.run([sys.executable, "-m", "localrun", "token", "--state-dir", str(tmp_path),
                             "--sub", "carol"], capture_output=True, text=True)
    assert minted.returncode == 2 and "start the runner first" in minted.stderr


def test_a_deadline_set_by_a_runner_that_stopped_is_kept_by_the_next(runner, tmp_path):
    """Timers live in the due index, not in a runner process: a game made by a runner that has since stopped
    (on the same DynamoDB, through --dynamodb-endpoint) has its turn resolved by another runner's due loop
    once that runner's clock passes the deadline."""
    first, ready = start_runner(tmp_path, "--dynamodb-endpoint", runner.dynamodb)
    try:
        game = httpx.post(ready["admin"] + "/games", json={
            "seed": 11, "pace": "1d", "players": {"south": "dora", "north": "emil"}}).json()
    finally:
        assert stop_runner(first) == 0, "the runner stops cleanly on SIGINT"
    assert game_item(runner.dynamodb, game["game_id"]) == {"turn": 1, "status": "open", "due": True}

    if runner.now() < game["deadline"]:
        runner.admin_call("POST", "/clock/set", {"now": game["deadline"]})
    else:
        runner.advance(60)
    assert game_item(runner.dynamodb, game["game_id"]) == {"turn": 2, "status": "open", "due": True}


def test_the_moderators_group_reaches_the_app_in_api_gateways_string_form(runner):
    """The runner hands the app `cognito:groups` as API Gateway does ("[moderators]"); the app reads it."""
    moderator = runner.member("mona", moderator=True)
    member = runner.member("nils")
    assert moderator.get("/v1/me").json()["moderator"] is True
    assert member.get("/v1/me").json()["moderator"] is False


def test_the_memory_store_option_serves_the_game_table_from_memory_and_its_due_loop_reads_it(tmp_path):
    """``--store memory``: a game made and played through the API is in the process's in-memory store, not on
    the runner's moto (its main table never sees the game), and the runner's due loop resolves its deadline."""
    process, ready = start_runner(tmp_path, "--store", "memory")
    try:
        token = tokens.load(tmp_path).mint("mona")
        member = httpx.Client(base_url=ready["api"], headers={"Authorization": f"Bearer {token}"}, timeout=30)
        game = member.post("/v1/feinthold/games", json={"house_ai": "pivot", "pace": "5m"})
        assert game.status_code == 201, game.text
        game_id = game.json()["game_id"]
        with pytest.raises(KeyError):
            game_item(ready["dynamodb"], game_id)
        httpx.post(ready["admin"] + "/clock/advance", json={"seconds": 301})
        assert member.get(f"/v1/feinthold/games/{game_id}").json()["turn"] == 2
    finally:
        assert stop_runner(process) == 0
