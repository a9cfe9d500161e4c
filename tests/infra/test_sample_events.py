"""The sample events in events/ (for `sam local invoke -e` and the handler tests) are the events AWS sends.

Each is checked against Powertools' models of the AWS event (the same shapes AWS documents), against the
template (route, schedule) and against the turn timer, which must send resolve exactly the resolve event.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest
from aws_lambda_powertools.utilities.parser.models import APIGatewayProxyEventV2Model, EventBridgeModel
from cloud_support import REPO_ROOT, load_event
from gameserver import identity

EVENTS = {
    "ApiFunction": ["api_get_me.json", "api_put_orders.json"],
    "ResolveFunction": ["resolve.json"],
    "SweepFunction": ["sweep_scheduled.json"],
    "RotateFunction": ["rotate_scheduled.json"],
    "SeasonFunction": ["season_scheduled.json"],
    "ChannelAuthorizerFunction": ["channel_authorizer.json"],
    "ChannelConnectFunction": ["channel_connect.json"],
    "ChannelDisconnectFunction": ["channel_disconnect.json"],
    "ChannelMessageFunction": ["channel_message.json"],
    "FanoutFunction": ["fanout_stream.json"],
    "ChannelCloserFunction": ["channel_closer_scheduled.json"],
}
API_EVENTS = EVENTS["ApiFunction"]


def test_every_function_has_sample_events_and_every_sample_belongs_to_one(resources):
    functions = {name for name, r in resources.items() if r["Type"] == "AWS::Serverless::Function"}
    assert set(EVENTS) == functions
    on_disk = {path.name for path in (REPO_ROOT / "events").glob("*.json")}
    assert on_disk == {name for names in EVENTS.values() for name in names}


@pytest.mark.parametrize("name", API_EVENTS)
def test_api_event_is_an_http_api_payload_2_on_the_template_route(name, resources):
    event = load_event(name)
    parsed = APIGatewayProxyEventV2Model.model_validate(event)
    route = resources["ApiFunction"]["Properties"]["Events"]["Api"]["Properties"]
    assert parsed.version == "2.0"
    assert parsed.routeKey == parsed.requestContext.routeKey == f"{route['Method']} {route['Path']}"
    assert parsed.requestContext.stage == "$default"
    assert event["rawPath"] == parsed.requestContext.http.path == "/" + event["pathParameters"]["proxy"]
    assert parsed.rawPath.startswith("/v1/")
    # API Gateway lower-cases header names and counts the body in bytes.
    assert all(header == header.lower() for header in event["headers"])
    assert int(event["headers"]["content-length"]) == len((event.get("body") or "").encode())
    if event.get("body"):
        json.loads(event["body"])


@pytest.mark.parametrize("name", API_EVENTS)
def test_api_event_carries_verified_claims_as_api_gateway_flattens_them(name):
    claims = load_event(name)["requestContext"]["authorizer"]["jwt"]["claims"]
    # The JWT authorizer hands every claim over as a string, arrays included ("[a b]").
    assert all(isinstance(value, str) for value in claims.values())
    assert claims["iss"].startswith("https://cognito-idp.")
    caller = identity.caller_from_event(load_event(name))
    assert caller.sub == claims["sub"]


def test_a_moderator_sample_carries_the_groups_claim_in_its_string_form():
    claims = load_event("api_get_me.json")["requestContext"]["authorizer"]["jwt"]["claims"]
    assert claims["cognito:groups"] == "[moderators]"
    assert identity.caller_from_event(load_event("api_get_me.json")).is_moderator
    assert not identity.caller_from_event(load_event("api_put_orders.json")).is_moderator


def test_order_sample_is_an_idempotent_call_from_a_device():
    event = load_event("api_put_orders.json")
    assert event["requestContext"]["http"]["method"] == "PUT"
    assert re.fullmatch(r"/v1/feinthold/games/\w+/turns/\d+/orders", event["rawPath"])
    assert event["headers"]["idempotency-key"] and event["headers"]["x-device-id"]
    assert isinstance(json.loads(event["body"])["orders"], list)


def test_sweep_sample_is_the_eventbridge_scheduled_event(resources):
    event = load_event("sweep_scheduled.json")
    parsed = EventBridgeModel.model_validate(event)
    assert parsed.detail_type == "Scheduled Event"
    assert parsed.source == "aws.events"
    # A rate(1 minute) rule fires on whole minutes; its time is the scheduled time, in UTC.
    assert event["time"].endswith(":00Z")
    assert datetime.fromisoformat(event["time"]).second == 0


def test_resolve_sample_is_what_the_turn_timer_sends(resources):
    from gameserver.catalog import MODES

    event = load_event("resolve.json")
    assert isinstance(event["game_id"], str) and type(event["step"]) is int
    machine = json.loads((REPO_ROOT / resources["TurnTimer"]["Properties"]["DefinitionUri"]).read_text())
    # The timer passes its execution's input whole, as play.timers.start writes it.
    assert machine["States"]["ResolveTurn"]["Parameters"]["Payload.$"] == "$"
    assert set(event) == {"game_id", "step", "due", "mode"}
    assert event["mode"] in MODES
    # The timer's execution is named {game}-{step}: Step Functions allows 80 characters of [A-Za-z0-9_-].
    assert re.fullmatch(r"[A-Za-z0-9_-]{1,80}", f"{event['game_id']}-{event['step']:06d}")


def test_rotate_sample_is_the_midnight_scheduled_event_and_names_its_day():
    from gameserver.platform.daily import scheduled_day

    event = load_event("rotate_scheduled.json")
    parsed = EventBridgeModel.model_validate(event)
    assert (parsed.detail_type, parsed.source) == ("Scheduled Event", "aws.events")
    assert event["time"].endswith("T00:00:00Z")
    assert scheduled_day(event).isoformat() == event["time"][:10]



def test_season_sample_is_the_first_of_the_months_scheduled_event_and_names_the_month_before():
    from datetime import UTC, datetime

    from gameserver.platform.seasons import closed_month

    event = load_event("season_scheduled.json")
    parsed = EventBridgeModel.model_validate(event)
    assert (parsed.detail_type, parsed.source) == ("Scheduled Event", "aws.events")
    assert event["time"].endswith("-01T00:00:00Z")
    assert closed_month(datetime.fromisoformat(event["time"]).astimezone(UTC)) == "2026-11"
