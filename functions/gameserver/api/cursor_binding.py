"""Every cursor a request hands out or reads is bound to the caller and the request's path (its route and its
resource: ``/v1/feint/games/{id}/history``), so that another member's cursor, another route's or another game's
is a 400 ``invalid_cursor`` like one made up (``storage.cursors``)."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from gameserver.identity import Unauthenticated, caller_from_event
from gameserver.storage import cursors


class CursorBinding:
    """ASGI middleware: the request runs with its cursors bound to its caller and path."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with cursors.bound_to(cursors.binding(_member(scope), scope["path"])):
            await self.app(scope, receive, send)


def _member(scope: Scope) -> str:
    """The verified caller's subject; none without claims (the route answers 401 before it reads a cursor)."""
    event = scope.get("aws.event")
    try:
        return caller_from_event(event).sub if isinstance(event, dict) else ""
    except Unauthenticated:
        return ""
