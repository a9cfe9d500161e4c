"""``ETag`` / ``If-None-Match`` on the views a client polls ("keeping up"): a 304 with no body while nothing
changed. The tag is a digest of the answer without its `now` (the server's clock, which moves on every read), so
it changes exactly when what the member sees changes (a turn resolved, the opponent's orders arriving, a duel's
status), and never leaks anything the body does not.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Header, Response
from fastapi.responses import JSONResponse

from gameserver.api.deps import ok
from gameserver.clock import get_clock, iso
from gameserver.play.events import etag_of

_ETAG = {"ETag": {"description": "a weak tag of this answer: send it back in If-None-Match",
                  "schema": {"type": "string", "examples": ['W/"1f3a9c0d2b7e4f6a8c1d3e5f7a9b0c2d"']}}}


def polled(answer: type) -> dict[int | str, dict[str, Any]]:
    """The answers of a GET a client polls: ``answer`` with its ETag, or a 304 (beside the route's errors)."""
    (status, response), = ok(answer).items()
    return {status: {**response, "headers": _ETAG},
            304: {"description": "unchanged since the ETag sent in If-None-Match (no body)", "headers": _ETAG}}

IfNoneMatch = Annotated[str | None, Header(alias="If-None-Match", max_length=1024,
                                           description="the ETag of the answer the client holds")]


def matches(if_none_match: str | None, etag: str) -> bool:
    """RFC 9110: weak comparison; ``*`` matches any current representation."""
    if not if_none_match:
        return False
    tags = [tag.strip() for tag in if_none_match.split(",")]
    return "*" in tags or etag in tags or etag.removeprefix("W/") in tags


def conditional(body: Any, if_none_match: str | None) -> Response:
    """The body with its ETag, or an empty 304 when the client already holds it. The body says the server's
    `now` (a deadline counts down from it), which the ETag leaves out: a view is unchanged while only the clock
    moved."""
    etag = etag_of(body)
    if matches(if_none_match, etag):
        return Response(status_code=304, headers={"ETag": etag})
    return JSONResponse({**body, "now": iso(get_clock().now())}, headers={"ETag": etag})
