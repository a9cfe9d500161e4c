"""The three Lambda entry points invoked as Lambda would, with the sample events in events/, against moto."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gameserver.domain import feinthold as games
from gameserver.domain.feinthold import house
from gateway import LambdaContext

EVENTS = Path(__file__).resolve().parents[2] / "events"


def _event(name: str) -> dict:
    return json.loads((EVENTS / name).read_text())


def _claims(event: dict) -> dict:
    return event["requestContext"]["authorizer"]["jwt"]["claims"]


def test_the_api_handler_serves_the_sample_profile_call(aws, clock):
    from gameserver.handlers.api import handler

    event = _event("api_get_me.json")
    answer = handler(event, LambdaContext())
    body = json.loads(answer["body"])
    # The sample token is a moderator's: "cognito:groups" arrives as "[moderators]".
    assert answer["statusCode"] == 200 and body["sub"] == _claims(event)["sub"] and body["moderator"] is True


def test_the_api_handler_takes_the_sample_orders(aws, clock, store):
    from gameserver.handlers.api import handler
    from gameserver.identity import Caller

    event = _event("api_put_orders.json")
    unknown = handler(event, LambdaContext())
    assert unknown["statusCode"] == 404 and json.loads(unknown["body"])["error"]["field"] == "game_id"

    player = Caller(sub=_claims(event)["sub"], groups=frozenset(), username="sample")
    game = house.create_house_game(store, clock, player, house_ai="sentinel", pace="1d", side="south",
                                   layout="star-1", seed=4)
    event["rawPath"] = event["rawPath"].replace("3f9a1c2b7d4e5f60a1b2", game["game_id"])
    event["requestContext"]["http"]["path"] = event["rawPath"]
    answer = handler(event, LambdaContext())
    body = json.loads(answer["body"])
    assert answer["statusCode"] == 200 and body["resolved"] and body["game"]["turn"] == 2
    stored = store.games.step_records(game["game_id"])[0].submissions["south"]
    assert (stored.device, stored.address) == (
        event["headers"]["x-device-id"], event["requestContext"]["http"]["sourceIp"]
    )


def test_the_resolve_handler_is_idempotent(aws, clock, store, alice, bob):
    from gameserver.handlers.resolve import BadResolveEvent, handler

    assert handler(_event("resolve.json"), LambdaContext())["outcome"] == "missing"
    game = games.open_game(store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly",
                            pace="1d", seed=6).game
    event = {"game_id": game.game_id, "step": 1}
    assert handler(event, LambdaContext())["outcome"] == "early"
    clock.advance(86_400)
    assert [handler(event, LambdaContext())["outcome"] for _ in range(2)] == ["resolved", "stale"]
    with pytest.raises(BadResolveEvent):
        handler({"game_id": game.game_id}, LambdaContext())
    with pytest.raises(BadResolveEvent, match="mode"):
        handler({"game_id": game.game_id, "step": 2, "mode": "blitz"}, LambdaContext())


def test_a_timers_resolve_reads_its_games_mode_companions_alone(aws, clock, store, alice, bob, monkeypatch):
    """The timer sends the game's mode: a friendly game's step reads no duel and no match with it, while an
    event without the mode (an execution started before it was sent) asks for every mode's that may apply."""
    from gameserver.handlers.resolve import handler
    from gameserver.storage.duels import DuelCompanion

    game = games.open_game(store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly",
                            pace="1d", seed=6).game
    from gameserver.storage.dynamodb.games import DynamoGames

    asked: list[list[object]] = []
    read_step = DynamoGames.read_step

    def recorded(self, game_id, sub=None, companions=()):
        asked.append(list(companions))
        return read_step(self, game_id, sub, companions)

    monkeypatch.setattr(DynamoGames, "read_step", recorded)  # the handler's store is the services' own
    clock.advance(86_400)
    timer = {"game_id": game.game_id, "step": 1, "due": game.deadline, "mode": "friendly"}
    assert handler(timer, LambdaContext())["outcome"] == "resolved"
    assert asked == [[]]

    clock.advance(86_400)
    assert handler({"game_id": game.game_id, "step": 2}, LambdaContext())["outcome"] == "resolved"
    assert asked[1] == [DuelCompanion(game.game_id)]

    clock.advance(86_400)
    told_wrong = {"game_id": game.game_id, "step": 3, "mode": "house"}
    assert handler(told_wrong, LambdaContext())["outcome"] == "resolved"  # read again with every mode's
    assert asked[2:] == [[], [DuelCompanion(game.game_id)]]


def test_the_sweep_handler_resolves_what_is_due(aws, clock, store, alice):
    from gameserver.handlers.sweep import handler

    game = house.create_house_game(store, clock, alice, house_ai="pivot", pace="5m", seed=2)
    assert handler(_event("sweep_scheduled.json"), LambdaContext()) == {"outcomes": {}}
    clock.advance(301)
    assert handler(_event("sweep_scheduled.json"), LambdaContext()) == {"outcomes": {"resolved": 1}}
    assert store.games.get(game["game_id"]).step == 2


def test_a_failing_sweep_stage_does_not_stop_the_others(aws, clock, store, alice, monkeypatch, caplog):
    from gameserver.domain.daily import boards
    from gameserver.domain.duels import service as duels
    from gameserver.domain.tournaments import service as tournaments
    from gameserver.handlers.sweep import handler

    def broken(*_, **__):
        raise RuntimeError("throttled")

    monkeypatch.setattr(duels, "sweep", broken)
    monkeypatch.setattr(boards, "rebuild_summaries", broken)
    game = house.create_house_game(store, clock, alice, house_ai="pivot", pace="5m", seed=2)
    clock.advance(301)
    assert handler(_event("sweep_scheduled.json"), LambdaContext()) == {"outcomes": {"resolved": 1, "duel-duels-failed": 1}}
    assert store.games.get(game["game_id"]).step == 2, "the turns' stage ran before and despite the others"
    assert "sweep stage duels failed" in caplog.text and "sweep stage summaries failed" in caplog.text
    monkeypatch.setattr(tournaments, "sweep", broken)
    assert handler(_event("sweep_scheduled.json"), LambdaContext()) == {
        "outcomes": {"duel-duels-failed": 1, "tournament-tournaments-failed": 1}}
    assert "sweep stage tournaments failed" in caplog.text


@pytest.fixture
def turn_timer(aws, monkeypatch, repo_root):
    from gameserver import services
    from gameserver.aws import stepfunctions_client
    from gameserver.config import get_settings

    definition = (repo_root / "statemachines" / "turn_timer.asl.json").read_text().replace(
        "${ResolveFunctionArn}", "arn:aws:lambda:us-east-1:123456789012:function:resolve"
    )
    arn = stepfunctions_client().create_state_machine(
        name="turn-timer", definition=definition, roleArn="arn:aws:iam::123456789012:role/timer"
    )["stateMachineArn"]
    monkeypatch.setenv("TURN_TIMER_ARN", arn)
    get_settings.cache_clear()
    services.reset()
    return arn


def test_each_turn_between_members_starts_one_named_timer(turn_timer, clock, store, alice, bob):
    from gameserver.aws import stepfunctions_client
    from gameserver.play import steps, timers

    client = stepfunctions_client()
    game = games.open_game(store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly",
                            pace="1d", seed=6).game
    assert timers.step_opened(game)  # a second start: ExecutionAlreadyExists counts as started
    house.create_house_game(store, clock, alice, house_ai="ram", pace="1d", seed=1)  # no timer: nobody waits
    clock.advance(86_400)
    assert steps.resolve(store, clock, game.game_id, 1) == "resolved"
    executions = client.list_executions(stateMachineArn=turn_timer)["executions"]
    assert sorted(e["name"] for e in executions) == [f"{game.game_id}-000001", f"{game.game_id}-000002"]
    first = client.describe_execution(executionArn=next(e["executionArn"] for e in executions
                                                        if e["name"].endswith("-000001")))
    assert json.loads(first["input"]) == {"game_id": game.game_id, "step": 1, "due": game.deadline,
                                          "mode": "friendly"}


def test_metrics_go_to_the_stages_namespace():
    import os
    import subprocess
    import sys

    probe = "from gameserver.observability import metrics; print(metrics.namespace)"
    env = {**os.environ, "POWERTOOLS_METRICS_NAMESPACE": "Feinthold/prod"}
    shown = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "Feinthold/prod"


class _Left(LambdaContext):
    def __init__(self, left_ms: int) -> None:
        self.left_ms = left_ms

    def get_remaining_time_in_millis(self) -> int:
        return self.left_ms


def test_the_sweep_takes_page_after_page_of_due_steps_while_its_minute_has_time(aws, clock, store, alice,
                                                                                 monkeypatch):
    from gameserver.handlers import sweep

    monkeypatch.setattr(sweep, "BATCH", 3)
    made = [house.create_house_game(store, clock, alice, house_ai="pivot", pace="5m", seed=n)["game_id"]
            for n in range(7)]
    clock.advance(301)
    short = _Left(sweep.OTHER_STAGES_MS)  # nothing beyond the later stages' share: one page
    assert sweep.handler(_event("sweep_scheduled.json"), short) == {"outcomes": {"resolved": 3}}
    assert sweep.handler(_event("sweep_scheduled.json"), _Left(50_000)) == {"outcomes": {"resolved": 4}}
    assert {store.games.get(g).step for g in made} == {2}
