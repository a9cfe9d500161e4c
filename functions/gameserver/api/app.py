"""The FastAPI app: the routers of the HTTP API (v1), one per feature, their models beside them.

Every route needs the caller's verified claims, which API Gateway's JWT authorizer (or the local runner,
playing it) puts in the Lambda event; the app reads nothing else about identity. Routes stay thin: parse,
call the domain, answer.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute

from gameserver.api import errors
from gameserver.api.models import ErrorBody


def operation_id(route: APIRoute) -> str:
    """A route's operationId: its function's name in camelCase (``send_orders`` -> ``sendOrders``), short and
    stable while the function keeps its name."""
    first, *rest = route.name.split("_")
    return first + "".join(word.capitalize() for word in rest)


def _document_errors(app: FastAPI) -> None:
    """Add the error body's schema to the OpenAPI document the routes' error responses refer to."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = build()
            schemas = spec.setdefault("components", {}).setdefault("schemas", {})
            body = ErrorBody.model_json_schema(ref_template="#/components/schemas/{model}")
            schemas.update(body.pop("$defs", {}))
            schemas["ErrorBody"] = body
            app.openapi_schema = spec
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def create_app(platform: bool = True) -> FastAPI:
    """The app with every router; ``platform=False`` includes only the profile's and the games' routers (the
    profile, Feinthold's games, invitations), for the Lambda handler's lighter app serving the game routes."""
    from gameserver.api import games, invitations, members

    app = FastAPI(
        title="Feinthold API",
        version="1",
        description="Games of Feinthold against the house AIs and between members.",
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
        generate_unique_id_function=operation_id,
    )
    errors.install(app)
    _document_errors(app)
    app.include_router(members.router)
    app.include_router(games.router)
    app.include_router(invitations.router)
    if not platform:
        return app
    from gameserver.api import credits, daily, doctrines, duels, feed, feint, moderation

    for router in (credits.router, feed.router, duels.router, doctrines.router, daily.router, moderation.router,
                   feint.router):
        app.include_router(router)
    return app
