"""The cold start pays only for what a request uses: importing the API handler loads no engine, no house AI,
no boto3 and no X-Ray SDK (the routes that need the engines import them when called; see bench/spine_coldstart.py
for the timing against the naive stack)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

HEAVY = ["rules", "boto3", "aws_xray_sdk", "moto", "gameserver.api.duels", "gameserver.api.daily"]


def test_importing_the_api_handler_loads_no_engine_no_boto3_and_no_platform_router():
    probe = (
        "import json, sys; import gameserver.handlers.api; "
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    env = {**os.environ, "POWERTOOLS_METRICS_NAMESPACE": "Feinthold", "AWS_DEFAULT_REGION": "us-east-1"}
    env.pop("AWS_LAMBDA_FUNCTION_NAME", None)
    loaded = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert json.loads(loaded.stdout) == []


def test_the_platform_routes_are_served_by_the_full_app(aws, clock, alice):
    from gateway import call

    for path in ("/v1/credits", "/v1/feinthold/doctrines"):
        status, answer = call("GET", path, alice)
        assert status == 200, answer
    status, answer = call("GET", "/v1/nowhere", alice)
    assert status == 404 and answer["error"]["code"] == "not_found"
