"""The template carries what the duels need in the cloud: the EventBridge bus of the turn-open events, its name
in every function's settings, and the right to put events on it for each function that opens turns."""

from __future__ import annotations

from pathlib import Path

from cfnlint.decode import cfn_yaml

TEMPLATE = Path(__file__).resolve().parents[2] / "template.yaml"
TURN_OPENERS = ("ApiFunction", "ResolveFunction", "SweepFunction")


def test_the_duel_bus_is_named_in_the_settings_and_open_to_the_functions_that_open_turns():
    template = cfn_yaml.load(str(TEMPLATE))
    resources = template["Resources"]
    assert resources["DuelEventBus"]["Type"] == "AWS::Events::EventBus"
    variables = template["Globals"]["Function"]["Environment"]["Variables"]
    assert variables["EVENT_BUS_NAME"] == {"Ref": "DuelEventBus"}
    for name in TURN_OPENERS:
        policies = [p["EventBridgePutEventsPolicy"] for p in resources[name]["Properties"]["Policies"]
                    if "EventBridgePutEventsPolicy" in p]
        assert policies == [{"EventBusName": {"Ref": "DuelEventBus"}}], name
