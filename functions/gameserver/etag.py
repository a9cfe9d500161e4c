"""The weak ETag of an answer: a digest of its JSON, so it changes exactly when the answer does. The API's
conditional GETs (``api.etags``) and the live events that tell a member their view changed (``play.events``)
compute it the same way: an event's tag is the one the member's next GET answers."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def etag_of(body: Any) -> str:
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return f'W/"{digest[:32]}"'
