"""The application modules one Feinthold order submission runs code in, from its route to the store.

    .venv/bin/python bench/feinthold_submission_modules.py [--all]

Drives the API's Lambda handler in-process on the in-memory store (moto answers anything else, as in the
authorization matrix): a house game is created, one submission is sent first so that every module is
imported and warm, then a second game's first submission is traced with ``sys.setprofile`` (and
``threading.setprofile``: FastAPI may run parts in its thread pool). Every Python call whose code lives in a
``gameserver.*`` module is noted once the route's own function (``send_orders``) is entered, until it
returns; the distinct modules are printed, then their count. ``--all`` counts the whole request (the
handler, identity, idempotency, observability) instead; ``--functions`` names, under each module, the
functions of it that ran (where to look when the count grows).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "infra"))

ROUTE = "send_orders"
"""The route's function in the API (Feinthold's orders)."""


def settings() -> None:
    os.environ.update({
        "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "us-east-1", "AWS_REGION": "us-east-1", "TABLE_NAME": "bench-main",
        "IDEMPOTENCY_TABLE_NAME": "bench-idempotency", "TURN_TIMER_ARN": "", "EVENT_BUS_NAME": "",
        "CURSOR_KEY": "bench-cursor-key-0123456789abcdef", "DAILY_SALT": "bench", "DAILY_SALT_PARAMETER": "",
        "POWERTOOLS_METRICS_NAMESPACE": "Feinthold",
    })
    for name in ("AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL", "AWS_LAMBDA_FUNCTION_NAME"):
        os.environ.pop(name, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="count the whole request, not the route down")
    parser.add_argument("--functions", action="store_true", help="name the functions that ran in each module")
    args = parser.parse_args()
    settings()

    from moto import mock_aws

    with mock_aws():
        modules = traced_submission(whole=args.all)
    for name in sorted(modules):
        print(name)
        if args.functions:
            for function in sorted(modules[name]):
                print(f"    {function}")
    where = "the whole request" if args.all else f"from the route ({ROUTE}) down"
    print(f"{len(modules)} gameserver modules ran code in one Feinthold order submission, {where}")


def traced_submission(*, whole: bool) -> dict[str, set[str]]:
    """Each ``gameserver.*`` module whose code ran in the traced submission, with the functions of it that ran."""
    from gameserver import services
    from gameserver.clock import get_clock
    from gameserver.handlers.api import handler
    from gameserver.identity import Caller
    from gameserver.storage.memory import MemoryStore
    from localrun.events import HttpRequest, LambdaContext, http_api_event

    services._storage = MemoryStore()
    caller = Caller(sub="bench-sub", groups=frozenset(), username="bench")

    def house_game(seed: int) -> str:
        try:
            from gameserver.domain.feinthold.house import create_house_game
        except ImportError:  # a tree from before domain/feinthold/
            from gameserver.domain.house import create_house_game  # type: ignore[no-redef]
        game = create_house_game(services.storage(), get_clock(), caller, house_ai="sentinel", pace="1d", seed=seed)
        return str(game["game_id"])

    def submit(game_id: str) -> dict[str, Any]:
        body = json.dumps({"orders": []}).encode()
        request = HttpRequest(method="PUT", path=f"/v1/feinthold/games/{game_id}/turns/1/orders", body=body,
                              headers=(("content-type", "application/json"), ("accept", "application/json")))
        answer = handler(http_api_event(request, {"sub": caller.sub, "username": "bench"}), LambdaContext("ApiFunction"))
        if answer["statusCode"] != 200:
            raise SystemExit(f"the submission was answered {answer['statusCode']}: {answer.get('body')}")
        return answer

    submit(house_game(1))  # imports and warms everything a submission needs
    game_id = house_game(2)

    modules: dict[str, set[str]] = {}
    depth = [0 if not whole else 1]

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            if frame.f_code.co_name == ROUTE and frame.f_globals.get("__name__", "").startswith("gameserver.api"):
                depth[0] += 1
            if depth[0] > 0:
                name = frame.f_globals.get("__name__", "")
                if name == "gameserver" or name.startswith("gameserver."):
                    modules.setdefault(name, set()).add(frame.f_code.co_qualname)
        elif event == "return" and frame.f_code.co_name == ROUTE \
                and frame.f_globals.get("__name__", "").startswith("gameserver.api") and not whole:
            depth[0] -= 1

    threading.setprofile(profile)
    sys.setprofile(profile)
    try:
        submit(game_id)
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]
    return modules


if __name__ == "__main__":
    main()
