"""BatchGetItem with its unprocessed keys read again, a bounded number of times.

DynamoDB may answer part of a batch and hand back the rest as ``UnprocessedKeys`` (throttling, the 16 MB
answer limit). Those are asked for again after a short, growing pause; a batch still unread after
``ATTEMPTS`` calls raises ``UnreadKeys``, which the API answers "busy, send it again" (409), never a 500.
"""

from __future__ import annotations

import time
from typing import Any

from gameserver.storage.errors import UnreadKeys

Item = dict[str, Any]

ATTEMPTS = 5
FIRST_PAUSE = 0.05
"""Seconds before the second call; doubled before each later one (0.05, 0.1, 0.2, 0.4)."""


def batch_get(client: Any, table: str, wanted: list[Item]) -> dict[tuple[str, str], Item]:
    """The items of ``wanted`` (keys, consistent reads) that exist, by ``(pk, sk)``; nothing asked, no request
    (BatchGetItem refuses an empty list of keys)."""
    found: dict[tuple[str, str], Item] = {}
    if not wanted:
        return found
    request: dict[str, Any] = {table: {"Keys": wanted, "ConsistentRead": True}}
    for attempt in range(ATTEMPTS):
        if attempt:
            time.sleep(FIRST_PAUSE * 2 ** (attempt - 1))
        answer = client.batch_get_item(RequestItems=request)
        for item in answer.get("Responses", {}).get(table, []):
            found[(item["pk"]["S"], item["sk"]["S"])] = item
        request = answer.get("UnprocessedKeys") or {}
        if not request:
            return found
    raise UnreadKeys(f"the table kept {len(request[table]['Keys'])} keys of a read unprocessed; send it again")


def unique(wanted: list[Item]) -> list[Item]:
    """``wanted`` without a key twice (BatchGetItem refuses duplicates), in order."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for key in wanted:
        pair = (key["pk"]["S"], key["sk"]["S"])
        if pair not in seen:
            seen.add(pair)
            kept.append(key)
    return kept
