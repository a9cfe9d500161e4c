"""``ETag`` / ``If-None-Match`` on the views a client polls ("keeping up"): a 304 with no body while nothing
changed. The tag is a digest of the answer itself, so it changes exactly when what the member sees changes
(a turn resolved, the opponent's orders arriving, a duel's status), and never leaks anything the body does not.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from fastapi import Response

NOT_MODIFIED: dict[int | str, dict[str, Any]] = {304: {"description": "unchanged since the ETag sent in If-None-Match"}}


def etag_of(body: Any) -> str:
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return f'W/"{digest[:32]}"'


def matches(if_none_match: str | None, etag: str) -> bool:
    """RFC 9110: weak comparison; ``*`` matches any current representation."""
    if not if_none_match:
        return False
    tags = [tag.strip() for tag in if_none_match.split(",")]
    return "*" in tags or etag in tags or etag.removeprefix("W/") in tags


def conditional(body: Any, response: Response, if_none_match: str | None) -> Any:
    """The body with its ETag, or an empty 304 when the client already holds it."""
    etag = etag_of(body)
    if matches(if_none_match, etag):
        return Response(status_code=304, headers={"ETag": etag})
    response.headers["ETag"] = etag
    return body
