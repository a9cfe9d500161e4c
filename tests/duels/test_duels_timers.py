"""The ready room's timer is the turns' machinery: one turn-timer execution named ``{duel}-0`` started on
acceptance, waking at the room's closing; the resolve handler sends turn 0 to the ready room, and a duplicate
or early delivery changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from duel_world import join
from gameserver.domain.duels import service as duels

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def turn_timer(aws, monkeypatch):
    from gameserver import services
    from gameserver.aws import stepfunctions_client
    from gameserver.config import get_settings

    definition = (REPO / "statemachines" / "turn_timer.asl.json").read_text().replace(
        "${ResolveFunctionArn}", "arn:aws:lambda:us-east-1:123456789012:function:resolve")
    arn = stepfunctions_client().create_state_machine(
        name="turn-timer", definition=definition, roleArn="arn:aws:iam::123456789012:role/timer")["stateMachineArn"]
    monkeypatch.setenv("TURN_TIMER_ARN", arn)
    get_settings.cache_clear()
    services.reset()
    return arn


def test_accepting_a_rapid_duel_starts_the_ready_rooms_timer_and_its_delivery_closes_the_room(
        turn_timer, clock, ann, bob):
    from gameserver import services
    from gameserver.aws import stepfunctions_client
    from gameserver.handlers.resolve import handler
    from localrun.events import LambdaContext

    store = services.storage()
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="5m", stake=5)
    room = duels.accept_duel(store, clock, bob, duel["duel_id"])
    executions = stepfunctions_client().list_executions(stateMachineArn=turn_timer)["executions"]
    assert [e["name"] for e in executions] == [f"{duel['duel_id']}-000000"]
    started = stepfunctions_client().describe_execution(executionArn=executions[0]["executionArn"])
    event = json.loads(started["input"])  # the timer invokes resolve with its input, whole
    assert event == {"game_id": duel["duel_id"], "step": 0, "due": room["ready_room_closes"], "mode": None}

    assert handler(event, LambdaContext("ResolveFunction"))["outcome"] == "early", "a timer that fires early changes nothing"
    clock.advance(30 * 60)
    assert [handler(event, LambdaContext("ResolveFunction"))["outcome"] for _ in range(2)] == ["cancelled", "stale"]
    assert store.members.get_profile(ann.sub).credits == store.members.get_profile(bob.sub).credits == 100
