"""The HTTP API's Lambda: API Gateway (HTTP API, payload 2.0, JWT authorizer) -> Mangum -> the FastAPI app.

A cold start pays only for the routes its request uses: the game routes (profile, games, orders, records,
invitations) are served by an app built without the platform's routers, made at import; any other request
goes to the app with every route, made on first use. Which app serves a request is decided by the light
app's own routes, so a route is never missed: whatever it does not match, the full app answers.

Two more savings, measured with bench/spine_coldstart.py:
- the cyclic garbage collector is paused while the modules load and the app is built, and again during the
  first request (botocore's import and its client), then what was made (modules, classes, the apps, the
  client: they live as long as the process) is frozen out of its reach. A cold start makes some 120,000
  objects the collector tracks, next to none of them garbage; its passes over them (~190 collections, some
  full) cost ~80 ms of CPU before the first answer, and frozen they are not rescanned by later full passes.
- FastAPI's check that no parameter or response model is a pydantic.v1 model imports pydantic.v1 (~40 ms)
  to answer a question whose answer is known while pydantic.v1 is not loaded (see `_without_pydantic_v1`).
"""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
from typing import Any

gc.disable()

from mangum import Mangum  # noqa: E402  (imported with the collector paused, see above)
from starlette.routing import Match  # noqa: E402

from gameserver.api.app import create_app  # noqa: E402
from gameserver.observability import observed  # noqa: E402


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


_full: Mangum | None = None
_lock = threading.Lock()
_first_request = True


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


def _with_an_event_loop() -> None:
    """Give this thread a usable event loop if it has none.

    Mangum runs every request on the thread's current event loop, which it sets only once, when an adapter is
    made. Anything later in the process that runs ``asyncio.run()`` on this thread (a library, an embedding
    host, a test) closes that loop and unsets it, and every request after it would fail with "There is no
    current event loop". Checking costs a lookup; a fresh loop is made only when the old one is gone.
    """
    try:
        loop: asyncio.AbstractEventLoop | None = asyncio.get_event_loop()
    except RuntimeError:  # unset: "There is no current event loop"
        loop = None
    if loop is None or loop.is_closed():
        asyncio.set_event_loop(asyncio.new_event_loop())


def _serve(event: dict[str, Any], context: Any) -> Any:
    asgi = _games if _serves(event) else _full_app()
    _with_an_event_loop()
    return asgi(event, context)


try:
    _without_pydantic_v1()
    games_app = create_app(platform=False)
    _games = Mangum(games_app, lifespan="off")

    @observed  # with tracing on (in the cloud), this imports the X-Ray SDK: inside the collector's pause too
    def handler(event: dict[str, Any], context: Any) -> Any:
        global _first_request
        if not _first_request:
            return _serve(event, context)
        gc.disable()  # the first request imports botocore and makes its client (see the module's docstring)
        try:
            return _serve(event, context)
        finally:
            _first_request = False
            gc.freeze()
            gc.enable()
finally:
    gc.freeze()
    gc.enable()
