"""The FastAPI app: the routers of the HTTP API (v1), one per feature, their models beside them.

Every route needs the caller's verified claims, which API Gateway's JWT authorizer (or the local runner,
playing it) puts in the Lambda event; the app reads nothing else about identity. Routes stay thin: parse,
call the domain, answer.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.routing import APIRoute

from gameserver.api import errors
from gameserver.api.body_limit import BodyLimit
from gameserver.api.cursor_binding import CursorBinding

DESCRIPTION = """Three games of hidden information and the platform around them: Feinthold (house AIs, friendly
games, duels with stakes, the Daily Front, doctrines and their challenges), Feint and Front 1901.

Every call carries a bearer token (an ID token of the user pool). A call that changes something takes an
`Idempotency-Key`: the same key and body within 24 hours get the first answer again. A view a client polls
answers an `ETag`; send it back in `If-None-Match` for a 304 while nothing changed. Every error answers
`{"error": {"code", "message", "field"?, "rule"?}}`: branch on `code`; `field` names what to fix."""


def operation_id(route: APIRoute) -> str:
    """A route's operationId: its function's name in camelCase (``send_orders`` -> ``sendOrders``), short and
    stable while the function keeps its name."""
    first, *rest = route.name.split("_")
    return first + "".join(word.capitalize() for word in rest)


def create_app(platform: bool = True) -> FastAPI:
    """The app with every router; ``platform=False`` includes only the profile's and the games' routers (the
    profile, Feinthold's games, invitations), for the Lambda handler's lighter app serving the game routes."""
    from gameserver.api import feinthold, invitations, members

    app = FastAPI(
        title="Feinthold API",
        version="1",
        description=DESCRIPTION,
        license_info={"name": "Proprietary", "identifier": "LicenseRef-Proprietary"},
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
        generate_unique_id_function=operation_id,
        # One schema per model, not one to send and one to receive: a client developer meets one Doctrine.
        separate_input_output_schemas=False,
    )
    errors.install(app)
    app.add_middleware(CursorBinding)
    app.add_middleware(BodyLimit)
    app.include_router(members.router)
    app.include_router(feinthold.router)
    app.include_router(invitations.router)
    if not platform:
        return app
    from gameserver.api import (
        challenges,
        credits,
        daily,
        doctrines,
        duels,
        feed,
        feint,
        front1901,
        front1901_online,
        moderation,
        seasons,
        tournaments,
    )

    for router in (credits.router, feed.router, duels.router, doctrines.router, daily.router, daily.moderators,
                   moderation.router, tournaments.router, feint.router, challenges.router, front1901.router,
                   front1901_online.router, front1901_online.moderators, seasons.router):
        app.include_router(router)
    return app
