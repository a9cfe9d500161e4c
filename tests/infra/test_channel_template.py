"""The live channel in the template against the code: the events table's stream feeds the fan-out through the
filter the code applies locally, the fan-out may read the events table and nothing else, $connect goes through
the REQUEST authorizer on Sec-WebSocket-Protocol, and the distribution serves the channel at /ws."""

from __future__ import annotations

import json

from cloud_support import load_template
from gameserver.channel.fanout import FILTER_PATTERN
from gameserver.storage.dynamodb import tables


def _resources():
    return load_template()["Resources"]


def test_the_events_tables_stream_feeds_the_fanout_through_the_codes_filter():
    resources = _resources()
    stream = resources["EventsTable"]["Properties"]["StreamSpecification"]
    assert stream == {"StreamViewType": tables.EVENTS_TABLE["StreamSpecification"]["StreamViewType"]}
    (source,) = resources["FanoutFunction"]["Properties"]["Events"].values()
    properties = source["Properties"]
    assert source["Type"] == "DynamoDB" and properties["Stream"] == {"Fn::GetAtt": ["EventsTable", "StreamArn"]}
    (only,) = properties["FilterCriteria"]["Filters"]
    assert json.loads(only["Pattern"]) == FILTER_PATTERN
    assert properties["FunctionResponseTypes"] == ["ReportBatchItemFailures"]


def test_the_fanout_reads_the_events_table_and_nothing_else():
    policies = _resources()["FanoutFunction"]["Properties"]["Policies"]
    tables_named = [p[kind]["TableName"] for p in policies for kind in p if kind.startswith("DynamoDB")]
    assert tables_named == [{"Ref": "EventsTable"}]
    statements = [s for p in policies for s in p.get("Statement", [])]
    assert [s["Action"] for s in statements] == ["execute-api:ManageConnections"]


def test_connect_is_authorized_on_the_subprotocol_header_and_every_message_has_a_route():
    resources = _resources()
    authorizer = resources["ChannelAuthorizer"]["Properties"]
    assert authorizer["AuthorizerType"] == "REQUEST"
    assert authorizer["IdentitySource"] == ["route.request.header.Sec-WebSocket-Protocol"]
    routes = {r["Properties"]["RouteKey"]: r["Properties"] for r in resources.values()
              if r["Type"] == "AWS::ApiGatewayV2::Route"}
    assert set(routes) == {"$connect", "$disconnect", "$default"}
    assert routes["$connect"]["AuthorizationType"] == "CUSTOM"
    assert resources["ChannelApi"]["Properties"]["RouteSelectionExpression"] == "$request.body.action"


def test_the_distribution_serves_the_channel_at_ws():
    config = _resources()["WebDistribution"]["Properties"]["DistributionConfig"]
    (behaviour,) = [b for b in config["CacheBehaviors"] if b["PathPattern"] == "/ws"]
    origin = next(o for o in config["Origins"] if o["Id"] == behaviour["TargetOriginId"])
    assert origin["DomainName"]["Fn::Sub"].startswith("${ChannelApi}.execute-api.")


def test_the_sample_stream_record_passes_the_filter_and_reaches_its_member(monkeypatch):
    """events/fanout_stream.json, as the fan-out reads it: the filter passes it, its event is alice's."""
    from cloud_support import load_event
    from gameserver.channel.fanout import message_of
    from gameserver.storage.dynamodb.events import decode_event
    from localrun.channel import matches

    (record,) = load_event("fanout_stream.json")["Records"]
    assert matches(FILTER_PATTERN, record)
    event = decode_event(record["dynamodb"]["NewImage"])
    assert event.sub == "alice" and message_of(event)["event"]["etag"].startswith('W/"')


def test_the_closer_runs_every_minute_on_the_expiring_index_and_may_close_connections():
    resources = _resources()
    closer = resources["ChannelCloserFunction"]["Properties"]
    (schedule,) = closer["Events"].values()
    assert (schedule["Type"], schedule["Properties"]["Schedule"]) == ("Schedule", "rate(1 minute)")
    statements = [s for p in closer["Policies"] for s in p.get("Statement", [])]
    assert [s["Action"] for s in statements] == ["execute-api:ManageConnections"]
    (index,) = resources["EventsTable"]["Properties"]["GlobalSecondaryIndexes"]
    assert index["IndexName"] == tables.EXPIRING_INDEX
    assert [k["AttributeName"] for k in index["KeySchema"]] == ["conn_shard", "token_expires"]
