"""The turn-timer state machine, run by moto's Step Functions interpreter from the very file the template deploys.

architecture.md: a Standard execution named ``{game}-{step}`` waits until the deadline (``TimestampPath``,
whole UTC seconds ending in Z), then invokes resolve for that game and step. moto runs Lambda tasks without
Docker by echoing the payload, so these tests prove the flow and the payload; resolve itself is tested directly.
Deadlines are in the past (or a few seconds ahead): moto sleeps through Wait states for real.
"""

from __future__ import annotations

import io
import json
import re
import time
import zipfile
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import boto3
import pytest
from cloud_support import REPO_ROOT, configure_moto, load_event
from gameserver import aws as client
from gameserver import (
    clock,
    config,
    services,  # noqa: F401  (the composition root: it installs the modes the timers ask after)
)
from gameserver.play import timers
from gameserver.storage.records import Game

pytestmark = pytest.mark.moto_server

REGION = "eu-west-1"


def _client(endpoint: str, service: str) -> Any:
    return boto3.client(
        service,
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )


def _deadline(seconds_from_now: int) -> str:
    """A deadline as the app writes it: whole UTC seconds ending in Z."""
    moment = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=seconds_from_now)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _definition(template: Mapping[str, Any], resolve_arn: str) -> str:
    """The ASL file with the template's DefinitionSubstitutions applied, as CloudFormation deploys it."""
    machine = template["Resources"]["TurnTimer"]["Properties"]
    text = (REPO_ROOT / machine["DefinitionUri"]).read_text()
    values = {"ResolveFunctionArn": resolve_arn}
    assert set(machine["DefinitionSubstitutions"]) == set(values)
    return re.sub(r"\$\{(\w+)\}", lambda m: values[m.group(1)], text)


def _resolve_function(endpoint: str, name: str, handler: str) -> str:
    iam = _client(endpoint, "iam")
    trust = {
        "Version": "2012-10-17",
        "Statement": [
            {"Effect": "Allow", "Principal": {"Service": "lambda.amazonaws.com"}, "Action": "sts:AssumeRole"}
        ],
    }
    role = iam.create_role(RoleName=f"{name}-role", AssumeRolePolicyDocument=json.dumps(trust))["Role"]["Arn"]
    package = io.BytesIO()
    with zipfile.ZipFile(package, "w") as archive:
        archive.writestr("gameserver/__init__.py", "")
    function = _client(endpoint, "lambda").create_function(
        FunctionName=name,
        Runtime="python3.12",
        Role=role,
        Handler=handler,
        Code={"ZipFile": package.getvalue()},
    )
    return function["FunctionArn"]


def _machine(endpoint: str, template: Mapping[str, Any], name: str, resolve_arn: str) -> str:
    sfn = _client(endpoint, "stepfunctions")
    return sfn.create_state_machine(
        name=name,
        definition=_definition(template, resolve_arn),
        roleArn="arn:aws:iam::123456789012:role/turn-timer",
        type=template["Resources"]["TurnTimer"]["Properties"]["Type"],
    )["stateMachineArn"]


def _start(endpoint: str, machine_arn: str, game_id: str, step: int, due: str, mode: str | None = "friendly"
           ) -> str:
    sfn = _client(endpoint, "stepfunctions")
    return sfn.start_execution(
        stateMachineArn=machine_arn,
        name=f"{game_id}-{step:06d}",
        input=json.dumps({"game_id": game_id, "step": step, "due": due, "mode": mode}),
    )["executionArn"]


def _finish(endpoint: str, execution_arn: str, timeout: float = 20.0) -> dict[str, Any]:
    sfn = _client(endpoint, "stepfunctions")
    limit = time.monotonic() + timeout
    while True:
        execution = sfn.describe_execution(executionArn=execution_arn)
        if execution["status"] != "RUNNING":
            return execution
        assert time.monotonic() < limit, f"execution still running after {timeout}s"
        time.sleep(0.1)


def _history(endpoint: str, execution_arn: str) -> list[dict[str, Any]]:
    return _client(endpoint, "stepfunctions").get_execution_history(executionArn=execution_arn)["events"]


@pytest.fixture(scope="module")
def resolve_arn(moto_endpoint: str, template: Mapping[str, Any]) -> str:
    handler = template["Resources"]["ResolveFunction"]["Properties"]["Handler"]
    return _resolve_function(moto_endpoint, "resolve", handler)


@pytest.fixture(scope="module")
def turn_timer(moto_endpoint: str, template: Mapping[str, Any], resolve_arn: str) -> str:
    return _machine(moto_endpoint, template, "turn-timer", resolve_arn)


def test_past_deadline_invokes_resolve_with_the_game_and_turn(moto_endpoint, turn_timer, resolve_arn):
    game_id, due = "3f9a1c2b7d4e5f60a1b2", _deadline(-30)
    arn = _start(moto_endpoint, turn_timer, game_id, 4, due, "duel")

    execution = _finish(moto_endpoint, arn)

    assert execution["status"] == "SUCCEEDED"
    output = json.loads(execution["output"])
    # moto's Lambda echoes the payload it was invoked with: exactly the resolve event, the execution's input.
    assert output["resolve"]["resolution"] == {"game_id": game_id, "step": 4, "due": due, "mode": "duel"}
    history = _history(moto_endpoint, arn)
    kinds = [event["type"] for event in history]
    assert kinds.index("WaitStateExited") < kinds.index("TaskScheduled") < kinds.index("TaskSucceeded")
    scheduled = next(e["taskScheduledEventDetails"] for e in history if e["type"] == "TaskScheduled")
    assert (scheduled["resourceType"], scheduled["resource"]) == ("lambda", "invoke")
    assert json.loads(scheduled["parameters"])["FunctionName"] == resolve_arn


def test_payload_is_the_resolve_sample_event(moto_endpoint, turn_timer):
    """The timer sends resolve the same event as events/resolve.json (which the handler tests replay)."""
    sample = load_event("resolve.json")
    arn = _start(moto_endpoint, turn_timer, sample["game_id"], sample["step"], sample["due"], sample["mode"])

    execution = _finish(moto_endpoint, arn)

    assert execution["status"] == "SUCCEEDED"
    assert json.loads(execution["output"])["resolve"]["resolution"] == sample


@pytest.fixture
def app_on_moto(moto_endpoint: str, turn_timer: str, monkeypatch: pytest.MonkeyPatch):
    """The application package's settings and clients pointed at the moto server and its turn timer."""
    for name, value in {
        "TURN_TIMER_ARN": turn_timer,
        # botocore names the variable after the service id, SFN (not "stepfunctions").
        "AWS_ENDPOINT_URL_SFN": moto_endpoint,
        "AWS_REGION": REGION,
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
    }.items():
        monkeypatch.setenv(name, value)
    config.get_settings.cache_clear()
    client.reset_clients()
    yield
    config.get_settings.cache_clear()
    client.reset_clients()


def test_the_turn_the_app_opens_is_resolved_by_the_timer_it_starts(moto_endpoint, turn_timer, app_on_moto):
    """The seam end to end: the app's own timer start (name, input, deadline text) drives this machine."""
    opened = datetime.now(UTC) - timedelta(days=1)
    game = Game(
        game_id="c2b7d4e5f60a1b23f9a1",
        kind="feinthold",
        mode="friendly",
        players={"south": "member-a", "north": "member-b"},
        pace="1d",
        status="open",
        step=3,
        label="3",
        epoch=2,
        version=5,
        created_at=clock.iso(opened - timedelta(days=2)),
        opened_at=clock.iso(opened),
        deadline=clock.iso(opened + timedelta(days=1) - timedelta(seconds=5)),
        submissions={},
    )

    assert timers.step_opened(game)
    arn = (
        turn_timer.replace(":stateMachine:", ":execution:")
        + f":{timers.execution_name(game.game_id, game.step)}"
    )
    execution = _finish(moto_endpoint, arn)

    assert execution["status"] == "SUCCEEDED"
    assert json.loads(execution["output"])["resolve"]["resolution"] == {
        "game_id": game.game_id, "step": 3, "due": game.deadline, "mode": "friendly"}
    # A second start of the same turn (a retried request) counts as started and starts nothing new.
    assert timers.step_opened(game)
    executions = _client(moto_endpoint, "stepfunctions").list_executions(stateMachineArn=turn_timer)[
        "executions"
    ]
    assert [e["name"] for e in executions].count(f"{game.game_id}-000003") == 1


def test_waits_until_a_future_deadline(moto_endpoint, turn_timer):
    # Six seconds ahead (five at least: whole seconds): a second in, the execution must still be waiting, with
    # a margin a loaded machine's slow calls cannot eat (two or three seconds ahead once failed under load).
    arn = _start(moto_endpoint, turn_timer, "b7d4e5f60a1b23f9a1c2", 2, _deadline(6))
    sfn = _client(moto_endpoint, "stepfunctions")

    time.sleep(1.0)
    assert sfn.describe_execution(executionArn=arn)["status"] == "RUNNING"
    assert "TaskScheduled" not in [event["type"] for event in _history(moto_endpoint, arn)]

    execution = _finish(moto_endpoint, arn)
    assert execution["status"] == "SUCCEEDED"
    # moto sleeps whole seconds (it truncates the remaining wait), so it may wake up to a second early.
    due = datetime.fromisoformat(json.loads(execution["input"])["due"])
    assert execution["stopDate"] > due - timedelta(seconds=1)


def test_a_failed_resolve_ends_in_the_fail_state(moto_endpoint, template):
    """No resolve function behind the ARN: not a transient error, so no retry; the execution fails visibly.

    moto's Docker-less Lambda echoes any call, even to a missing function; its Docker Lambda looks the
    function up first and answers ResourceNotFound, which is all this test needs of it.
    """
    missing = f"arn:aws:lambda:{REGION}:123456789012:function:no-such-resolve"
    machine = _machine(moto_endpoint, template, "turn-timer-without-resolve", missing)
    configure_moto(moto_endpoint, {"lambda": {"use_docker": True}})
    try:
        arn = _start(moto_endpoint, machine, "0a1b23f9a1c2b7d4e5f6", 1, _deadline(-5))
        execution = _finish(moto_endpoint, arn)
    finally:
        configure_moto(moto_endpoint, {"lambda": {"use_docker": False}})

    assert execution["status"] == "FAILED"
    assert execution["error"] == "TurnNotResolved"
    assert "ResourceNotFoundException" in execution["cause"] and "no-such-resolve" in execution["cause"]
    kinds = [event["type"] for event in _history(moto_endpoint, arn)]
    assert kinds.count("TaskScheduled") == 1
    assert kinds[-2:] == ["FailStateEntered", "ExecutionFailed"]
