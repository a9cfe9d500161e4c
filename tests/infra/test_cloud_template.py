"""The SAM template against the code it deploys: handlers, settings, tables, layer, policies, alarms.

The template is read as CloudFormation reads it (cfn-lint's loader), and each fact it states is held to
its source of truth in the code: the handler modules, ``gameserver.config``, ``gameserver.storage.dynamodb.tables``,
``gameserver.identity``, pyproject's runtime dependencies, the ASL file.
"""

from __future__ import annotations

import importlib
import json
import re
import tomllib
from collections.abc import Mapping
from typing import Any

import pytest
from cloud_support import REPO_ROOT, load_template
from gameserver import config, identity, observability
from gameserver.storage.dynamodb import tables

FUNCTIONS = {
    "ApiFunction": "gameserver.handlers.api.handler",
    "ResolveFunction": "gameserver.handlers.resolve.handler",
    "SweepFunction": "gameserver.handlers.sweep.handler",
    "RotateFunction": "gameserver.handlers.rotate.handler",
    "SeasonFunction": "gameserver.handlers.season.handler",
    "ChannelAuthorizerFunction": "gameserver.handlers.channel.authorizer",
    "ChannelConnectFunction": "gameserver.handlers.channel.connect",
    "ChannelDisconnectFunction": "gameserver.handlers.channel.disconnect",
    "ChannelMessageFunction": "gameserver.handlers.channel.message",
    "FanoutFunction": "gameserver.handlers.channel.fanout",
    "ChannelCloserFunction": "gameserver.handlers.channel.closer",
}
TURN_OPENERS = {"ApiFunction", "ResolveFunction", "SweepFunction"}
"""Functions that may open a turn; the rotation only draws the day's Front."""
TIMER_NAME = {"Fn::Sub": "${AWS::StackName}-turn-timer"}


def _of_type(resources: Mapping[str, Any], kind: str) -> dict[str, Any]:
    return {name: r for name, r in resources.items() if r["Type"] == kind}


def _policies(resource: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """SAM policies of a function or state machine (other resources have none: a user pool's are not IAM)."""
    if resource["Type"] not in {"AWS::Serverless::Function", "AWS::Serverless::StateMachine"}:
        return []
    return list(resource["Properties"].get("Policies", []))


def _named_policies(resource: Mapping[str, Any], policy: str) -> list[Mapping[str, Any]]:
    return [p[policy] for p in _policies(resource) if policy in p]


def test_template_is_a_sam_template():
    template = load_template()
    assert template["Transform"] == "AWS::Serverless-2016-10-31"
    assert {"Stage", "AlarmEmail", "LogRetentionDays"} <= set(template["Parameters"])
    assert template["Parameters"]["AlarmEmail"]["Default"] == ""


def test_functions_are_the_documented_entry_points(resources):
    assert {
        name: r["Properties"]["Handler"]
        for name, r in _of_type(resources, "AWS::Serverless::Function").items()
    } == (FUNCTIONS)


@pytest.mark.parametrize("function", sorted(FUNCTIONS))
def test_handler_module_exists_under_the_code_uri_and_is_callable(function, resources, function_globals):
    handler = resources[function]["Properties"]["Handler"]
    module_name, _, attribute = handler.rpartition(".")
    code_uri = resources[function]["Properties"].get("CodeUri", function_globals["CodeUri"])
    assert (REPO_ROOT / code_uri / (module_name.replace(".", "/") + ".py")).is_file()
    module = importlib.import_module(module_name)
    assert callable(getattr(module, attribute))


def test_runtime_and_rules_layer_build_the_same_python(resources, function_globals):
    layer = resources["RulesLayer"]
    assert function_globals["Runtime"] == layer["Metadata"]["BuildMethod"] == "python3.12"
    assert layer["Properties"]["CompatibleRuntimes"] == [function_globals["Runtime"]]
    assert layer["Properties"]["CompatibleArchitectures"] == function_globals["Architectures"]
    assert function_globals["Layers"] == [{"Ref": "RulesLayer"}]


def test_rules_layer_content_is_the_folder_that_holds_the_rules_package(resources):
    """sam build puts ContentUri's content under python/: so ContentUri must hold rules/ itself."""
    content = REPO_ROOT / resources["RulesLayer"]["Properties"]["ContentUri"]
    assert (content / "rules" / "__init__.py").is_file()
    assert not (content / "python").exists()


def test_function_requirements_mirror_the_runtime_dependencies():
    pyproject = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())
    lines = (REPO_ROOT / "functions" / "requirements.txt").read_text().splitlines()
    requirements = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert sorted(requirements) == sorted(pyproject["project"]["dependencies"])


def test_settings_in_the_environment_are_the_ones_the_app_reads(function_globals):
    variables = function_globals["Environment"]["Variables"]
    assert variables["TABLE_NAME"] == {"Ref": "GameTable"}
    assert variables["IDEMPOTENCY_TABLE_NAME"] == {"Ref": "IdempotencyTable"}
    assert {"POWERTOOLS_SERVICE_NAME", "POWERTOOLS_METRICS_NAMESPACE", "POWERTOOLS_LOG_LEVEL"} <= set(
        variables
    )
    # Each of our own variables lands in the setting of the same name.
    ours = {name: f"value-of-{name}" for name in variables if not name.startswith("POWERTOOLS_")}
    settings = config.load_settings(ours)
    for name, value in ours.items():
        assert getattr(settings, name.lower()) == value
    assert config.load_settings({"POWERTOOLS_SERVICE_NAME": "x"}).service_name == "x"
    assert variables["POWERTOOLS_METRICS_NAMESPACE"] == observability.NAMESPACE


def test_turn_timer_arn_names_the_machine_the_template_creates(resources, function_globals):
    """TURN_TIMER_ARN is built from the machine's name (a !Ref would make a cycle through ResolveFunction)."""
    arn = function_globals["Environment"]["Variables"]["TURN_TIMER_ARN"]["Fn::Sub"]
    assert (
        arn
        == "arn:${AWS::Partition}:states:${AWS::Region}:${AWS::AccountId}:stateMachine:${AWS::StackName}-turn-timer"
    )
    assert resources["TurnTimer"]["Properties"]["Name"] == TIMER_NAME


def test_only_the_turn_opening_functions_may_start_timers_and_only_the_turn_timer(resources):
    for name, resource in resources.items():
        if resource["Type"] == "AWS::Serverless::Function":
            # Every function may open a turn: the API (all orders in), resolve (next turn), the sweep (resolves).
            assert _named_policies(resource, "StepFunctionsExecutionPolicy") == (
                [{"StateMachineName": TIMER_NAME}] if name in TURN_OPENERS else []
            )
        statements = [s for p in _policies(resource) for s in p.get("Statement", [])]
        actions = [
            a for s in statements for a in ([s["Action"]] if isinstance(s["Action"], str) else s["Action"])
        ]
        assert not [a for a in actions if a.startswith(("states:", "lambda:", "dynamodb:"))], name


def test_only_the_turn_timer_invokes_resolve(resources):
    invokers = {name: _named_policies(r, "LambdaInvokePolicy") for name, r in resources.items()}
    assert {name: p for name, p in invokers.items() if p} == {
        "TurnTimer": [{"FunctionName": {"Ref": "ResolveFunction"}}]
    }


def test_table_access_is_least_privilege(resources):
    access = {
        name: sorted(p["TableName"]["Ref"] for p in _named_policies(resources[name], "DynamoDBCrudPolicy"))
        for name in FUNCTIONS
    }
    assert access == {
        "ApiFunction": ["GameTable", "IdempotencyTable"],
        "ResolveFunction": ["GameTable"],
        "SweepFunction": ["GameTable"],
        "RotateFunction": ["GameTable"],
        "SeasonFunction": ["GameTable", "IdempotencyTable"],
        "ChannelAuthorizerFunction": [],
        "ChannelConnectFunction": ["EventsTable"],
        "ChannelDisconnectFunction": ["EventsTable"],
        "ChannelMessageFunction": ["EventsTable"],
        "FanoutFunction": ["EventsTable"],
        "ChannelCloserFunction": ["EventsTable"],
    }


def test_rotation_runs_at_midnight_utc_and_only_it_and_the_api_read_the_salt(resources, function_globals):
    events = resources["RotateFunction"]["Properties"]["Events"]
    assert [(e["Type"], e["Properties"]["Schedule"]) for e in events.values()] == [
        ("Schedule", "cron(0 0 * * ? *)")
    ]
    parameter = function_globals["Environment"]["Variables"]["DAILY_SALT_PARAMETER"]["Fn::Sub"]
    readers = {name: [p for p in _named_policies(r, "SSMParameterReadPolicy")
                      if p["ParameterName"]["Fn::Sub"] == parameter.removeprefix("/")]
               for name, r in resources.items()}
    assert {name: p for name, p in readers.items() if p} == {
        name: [{"ParameterName": {"Fn::Sub": parameter.removeprefix("/")}}]
        for name in ("ApiFunction", "RotateFunction")
    }


def test_only_the_api_reads_the_cursor_key(resources, function_globals):
    parameter = function_globals["Environment"]["Variables"]["CURSOR_KEY_PARAMETER"]["Fn::Sub"]
    readers = {name: [p for p in _named_policies(r, "SSMParameterReadPolicy")
                      if p["ParameterName"]["Fn::Sub"] == parameter.removeprefix("/")]
               for name, r in resources.items()}
    assert [name for name, found in readers.items() if found] == ["ApiFunction"]


def _table_shape(properties: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "AttributeDefinitions": sorted(properties["AttributeDefinitions"], key=lambda a: a["AttributeName"]),
        "KeySchema": list(properties["KeySchema"]),
        "GlobalSecondaryIndexes": sorted(
            properties.get("GlobalSecondaryIndexes", []), key=lambda i: i["IndexName"]
        ),
        "BillingMode": properties["BillingMode"],
    }


@pytest.mark.parametrize(
    ("resource", "definition", "ttl"),
    [
        ("GameTable", tables.MAIN_TABLE, tables.MAIN_TTL_ATTRIBUTE),
        ("IdempotencyTable", tables.IDEMPOTENCY_TABLE, tables.IDEMPOTENCY_TTL_ATTRIBUTE),
        ("EventsTable", tables.EVENTS_TABLE, tables.EVENTS_TTL_ATTRIBUTE),
    ],
)
def test_tables_are_the_ones_tables_py_defines(resources, resource, definition, ttl):
    properties = resources[resource]["Properties"]
    assert _table_shape(properties) == _table_shape(definition)
    assert properties["TimeToLiveSpecification"] == {"AttributeName": ttl, "Enabled": True}
    assert properties["SSESpecification"] == {"SSEEnabled": True}


def test_game_table_is_kept_and_recoverable(resources):
    table = resources["GameTable"]
    assert table["DeletionPolicy"] == table["UpdateReplacePolicy"] == "Retain"
    assert table["Properties"]["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}


def test_every_route_goes_through_the_cognito_jwt_authorizer(resources):
    api = resources["HttpApi"]["Properties"]
    authorizer = api["Auth"]["Authorizers"][api["Auth"]["DefaultAuthorizer"]]
    jwt = authorizer["JwtConfiguration"]
    assert jwt["issuer"] == {"Fn::Sub": "https://cognito-idp.${AWS::Region}.amazonaws.com/${UserPool}"}
    assert jwt["audience"] == [{"Ref": "UserPoolClient"}]
    assert authorizer["IdentitySource"] == "$request.header.Authorization"
    routes = [
        event["Properties"]
        for r in _of_type(resources, "AWS::Serverless::Function").values()
        for event in r["Properties"].get("Events", {}).values()
        if event["Type"] == "HttpApi"
    ]
    assert routes == [{"ApiId": {"Ref": "HttpApi"}, "Path": "/{proxy+}", "Method": "ANY"}]
    # CORS lets a browser on another origin send every header the API reads and read every header it answers
    # (an ETag it cannot read is a conditional GET it cannot make), as the OpenAPI document declares them.
    sent, answered = _declared_headers()
    cors = api["CorsConfiguration"]
    assert {"authorization", "content-type", "x-device-id", *sent} <= {h.lower() for h in cors["AllowHeaders"]}
    assert answered <= {h.lower() for h in cors["ExposeHeaders"]}


def _declared_headers() -> tuple[set[str], set[str]]:
    """The request and the answer headers of the OpenAPI document, lower-cased."""
    document = json.loads((REPO_ROOT / "docs" / "api" / "openapi.json").read_text())
    sent: set[str] = set()
    answered: set[str] = set()
    for operations in document["paths"].values():
        for operation in operations.values():
            sent |= {p["name"].lower() for p in operation.get("parameters", []) if p["in"] == "header"}
            for response in operation.get("responses", {}).values():
                answered |= {name.lower() for name in response.get("headers", {})}
    assert {"if-none-match", "idempotency-key"} <= sent and "etag" in answered
    return sent, answered


def test_user_pool_signs_in_by_email_and_has_the_moderators_group(resources):
    assert resources["UserPool"]["Properties"]["UsernameAttributes"] == ["email"]
    groups = _of_type(resources, "AWS::Cognito::UserPoolGroup")
    assert [g["Properties"]["GroupName"] for g in groups.values()] == [identity.MODERATORS_GROUP]
    assert resources["UserPoolClient"]["Properties"]["GenerateSecret"] is False


def test_api_function_starts_from_a_snapshot(resources):
    api = resources["ApiFunction"]["Properties"]
    assert api["SnapStart"] == {"ApplyOn": "PublishedVersions"}
    assert api["AutoPublishAlias"]


def test_sweep_runs_every_minute(resources):
    events = resources["SweepFunction"]["Properties"]["Events"]
    assert [(e["Type"], e["Properties"]["Schedule"]) for e in events.values()] == [
        ("Schedule", "rate(1 minute)")
    ]


def test_turn_timer_deploys_the_asl_file_with_every_placeholder_filled(resources):
    machine = resources["TurnTimer"]["Properties"]
    assert machine["Type"] == "STANDARD"
    definition = (REPO_ROOT / machine["DefinitionUri"]).read_text()
    assert set(re.findall(r"\$\{(\w+)\}", definition)) == set(machine["DefinitionSubstitutions"])
    assert machine["DefinitionSubstitutions"]["ResolveFunctionArn"] == {
        "Fn::GetAtt": ["ResolveFunction", "Arn"]
    }
    destination = machine["Logging"]["Destinations"][0]["CloudWatchLogsLogGroup"]["LogGroupArn"]
    assert destination == {"Fn::GetAtt": ["TurnTimerLogs", "Arn"]}


def _alarms(resources: Mapping[str, Any]) -> set[tuple[str, str, str]]:
    found = set()
    for alarm in _of_type(resources, "AWS::CloudWatch::Alarm").values():
        props = alarm["Properties"]
        assert props["AlarmActions"] == [{"Ref": "AlarmTopic"}]
        for dimension in props["Dimensions"]:
            found.add((props["Namespace"], props["MetricName"], dimension["Value"]["Ref"]))
    return found


def test_alarms_watch_every_function_and_the_turn_timer(resources):
    expected = {("AWS/Lambda", metric, f) for f in FUNCTIONS for metric in ("Errors", "Throttles")}
    expected.add(("AWS/States", "ExecutionsFailed", "TurnTimer"))
    assert expected <= _alarms(resources)


def test_alarm_email_is_optional(resources):
    subscription = resources["AlarmEmailSubscription"]
    assert subscription["Condition"] == "HasAlarmEmail"
    assert subscription["Properties"]["Endpoint"] == {"Ref": "AlarmEmail"}


def test_every_log_group_keeps_logs_for_the_retention_parameter(resources, function_globals):
    groups = _of_type(resources, "AWS::Logs::LogGroup")
    assert all(g["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"} for g in groups.values())
    for function in FUNCTIONS:
        assert resources[function]["Properties"]["LoggingConfig"]["LogGroup"]["Ref"] in groups


def test_outputs_name_what_a_client_and_an_operator_need(template):
    assert {
        "ApiUrl",
        "UserPoolId",
        "UserPoolClientId",
        "GameTableName",
        "IdempotencyTableName",
        "TurnTimerArn",
    } <= set(template["Outputs"])


def test_the_season_close_runs_at_midnight_utc_on_the_first_and_retries_a_day(resources):
    """"the EventBridge schedule at 00:00 UTC on the 1st closes the month" (issue 16); a late delivery names its
    own month, so retries are kept a day."""
    (event,) = resources["SeasonFunction"]["Properties"]["Events"].values()
    assert event["Type"] == "Schedule"
    assert event["Properties"]["Schedule"] == "cron(0 0 1 * ? *)"
    assert event["Properties"]["RetryPolicy"]["MaximumEventAgeInSeconds"] == 86400
