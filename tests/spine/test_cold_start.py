"""The cold start pays only for what a request uses: importing the API handler loads no engine, no house AI,
no boto3 or botocore session, no X-Ray SDK and no pydantic.v1 (the routes that need the engines import them when
called; see bench/spine_coldstart.py for the timing against the naive stack)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

HEAVY = ["rules", "boto3", "botocore.session", "aws_xray_sdk", "moto", "pydantic.v1", "gameserver.api.duels",
         "gameserver.api.daily", "gameserver.api.feint", "gameserver.domain.feint", "gameserver.api.challenges",
         "gameserver.domain.challenges", "gameserver.platform.challenges", "gameserver.storage.challenges"]
"""Nor another game's or the platform's routes and domain: a route names its answer (the domain's ``TypedDict``) for the
document and sends the domain's JSON as it is."""


def test_importing_the_api_handler_loads_no_engine_no_boto3_and_no_platform_router():
    probe = (
        "import json, sys; import gameserver.handlers.api; "
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    env = {**os.environ, "POWERTOOLS_METRICS_NAMESPACE": "Feinthold", "AWS_DEFAULT_REGION": "us-east-1"}
    env.pop("AWS_LAMBDA_FUNCTION_NAME", None)
    loaded = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert json.loads(loaded.stdout) == []


def test_the_handler_import_leaves_the_collector_on_with_its_objects_frozen():
    probe = "import gc, gameserver.handlers.api; print(gc.isenabled(), gc.get_freeze_count() > 10_000)"
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["True", "True"]


def test_fastapi_still_refuses_a_pydantic_v1_model_once_pydantic_v1_is_loaded():
    probe = (
        "import warnings; warnings.simplefilter('ignore')\n"
        "import gameserver.handlers.api\n"
        "from fastapi import FastAPI\n"
        "from fastapi.encoders import jsonable_encoder\n"
        "from pydantic import v1\n"
        "class Old(v1.BaseModel):\n"
        "    x: int\n"
        "refused = []\n"
        "try:\n"
        "    FastAPI().get('/old', response_model=Old)(lambda: None)\n"
        "except Exception as error:\n"
        "    refused.append(type(error).__name__)\n"
        "try:\n"
        "    jsonable_encoder(Old(x=1))\n"
        "except Exception as error:\n"
        "    refused.append(type(error).__name__)\n"
        "print(*refused)\n"
    )
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["PydanticV1NotSupportedError", "PydanticV1NotSupportedError"]


def test_the_platform_routes_are_served_by_the_full_app(aws, clock, alice):
    from gateway import call

    for path in ("/v1/credits", "/v1/feinthold/doctrines"):
        status, answer = call("GET", path, alice)
        assert status == 200, answer
    status, answer = call("GET", "/v1/nowhere", alice)
    assert status == 404 and answer["error"]["code"] == "not_found"
