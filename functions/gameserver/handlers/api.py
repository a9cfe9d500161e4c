"""The HTTP API's Lambda: API Gateway (HTTP API, payload 2.0, JWT authorizer) -> Mangum -> the FastAPI app.

A cold start pays only for the routes its request uses: the game routes (profile, games, orders, records,
invitations) are served by an app built without the platform's routers, made at import; any other request
goes to the app with every route, made on first use. Which app serves a request is decided by the light
app's own routes, so a route is never missed: whatever it does not match, the full app answers.

Two more savings at import, measured with bench/spine_coldstart.py:
- the cyclic garbage collector is paused while the modules load and the app is built, then the objects made
  so far (modules, classes, the app: they live as long as the process) are frozen out of its reach. A cold
  start allocates some 130,000 objects and no cycle among them is garbage; the collector's full passes over
  them cost ~50 ms of CPU at import and would rescan them in every later full pass.
- FastAPI's check that no parameter or response model is a pydantic.v1 model imports pydantic.v1 (~40 ms)
  to answer a question whose answer is known while pydantic.v1 is not loaded (see `_without_pydantic_v1`).
"""

from __future__ import annotations

import gc
import sys
import threading
from typing import Any

gc.disable()

from mangum import Mangum  # noqa: E402  (imported with the collector paused, see above)
from starlette.routing import Match  # noqa: E402

from gameserver.api.app import create_app  # noqa: E402
from gameserver.handlers.observability import observed  # noqa: E402


def _without_pydantic_v1() -> None:
    """Let FastAPI tell pydantic.v1 models apart without importing pydantic.v1.

    FastAPI (0.120 on) refuses pydantic.v1 models: for every parameter and response model of every route it
    asks ``is_pydantic_v1_model_class``, which imports ``pydantic.v1`` to compare against its BaseModel; the
    encoder asks ``is_pydantic_v1_model_instance`` the same way. A class or an instance of pydantic.v1 can
    exist only once ``pydantic.v1`` is imported, so while it is not in ``sys.modules`` the answer is "no" and
    the import (~40 ms, a second pydantic) buys nothing; once it is, the comparison is FastAPI's own.
    Applied only where FastAPI has these two functions (a FastAPI without them keeps its own behaviour);
    tests/spine/test_cold_start.py holds the handler's import to loading no pydantic.v1.
    """
    from fastapi import encoders
    from fastapi._compat import shared

    if not (hasattr(shared, "is_pydantic_v1_model_class") and hasattr(encoders, "is_pydantic_v1_model_instance")):
        return

    def is_pydantic_v1_model_class(cls: Any) -> bool:
        v1 = sys.modules.get("pydantic.v1")
        return v1 is not None and shared.lenient_issubclass(cls, v1.BaseModel)

    def is_pydantic_v1_model_instance(obj: Any) -> bool:
        v1 = sys.modules.get("pydantic.v1")
        return v1 is not None and isinstance(obj, v1.BaseModel)

    shared.is_pydantic_v1_model_class = is_pydantic_v1_model_class  # looked up by annotation_is_pydantic_v1
    encoders.is_pydantic_v1_model_instance = is_pydantic_v1_model_instance  # bound by name at its import


try:
    _without_pydantic_v1()
    games_app = create_app(platform=False)
    _games = Mangum(games_app, lifespan="off")
finally:
    gc.freeze()
    gc.enable()
_full: Mangum | None = None
_lock = threading.Lock()


def _serves(event: dict[str, Any]) -> bool:
    """Whether the game routes' app has a route for this request's method and path."""
    http = (event.get("requestContext") or {}).get("http") or {}
    scope = {"type": "http", "path": event.get("rawPath") or http.get("path") or "/", "method": http.get("method", "")}
    return any(route.matches(scope)[0] is Match.FULL for route in games_app.router.routes)


def _full_app() -> Mangum:
    global _full
    with _lock:
        if _full is None:
            _full = Mangum(create_app(), lifespan="off")
        return _full


@observed
def handler(event: dict[str, Any], context: Any) -> Any:
    asgi = _games if _serves(event) else _full_app()
    return asgi(event, context)
