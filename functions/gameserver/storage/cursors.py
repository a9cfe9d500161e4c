"""Pagination cursors: the start key of a query's next page, handed to clients as opaque text and checked when
it comes back, so that a cursor can only continue the query that made it.

Three forms: a JSON value (``encode_json`` / ``decode_json``), a whole key (``encode_key`` / ``decode_key``: every key attribute of the table or index, with the
query's fixed parts checked), and a sort key alone for queries within one member's partition
(``encode_sort_key`` / ``decode_sort_key``: the prefix of the query checked).
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from gameserver.errors import DomainError, ErrorCode

Item = dict[str, Any]

TABLE_KEY = ("pk", "sk")
GSI1_KEY = ("pk", "sk", "gsi1pk", "gsi1sk")
GSI2_KEY = ("pk", "sk", "gsi2pk", "gsi2sk")


class InvalidCursor(DomainError):
    """A pagination cursor this service did not hand out: a 400 naming ``cursor``."""

    def __init__(self) -> None:
        super().__init__("cursor is not one this service handed out", field="cursor", code=ErrorCode.INVALID_CURSOR)


def _text(cursor: str) -> str:
    try:
        return base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError) as error:
        raise InvalidCursor() from error


def _code(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def encode_json(plain: Any) -> str:
    """Any JSON value as a cursor (a page whose position is more than a key, such as a board's ranks)."""
    return _code(json.dumps(plain, sort_keys=True, separators=(",", ":")))


def decode_json(cursor: str) -> Any:
    """The JSON value of a cursor; its shape is for the caller to check."""
    try:
        return json.loads(_text(cursor))
    except ValueError as error:
        raise InvalidCursor() from error


def encode_key(key: Item) -> str:
    """A page's ``LastEvaluatedKey`` (string attributes) as a cursor."""
    return encode_json({name: value["S"] for name, value in key.items()})


def decode_key(cursor: str, expect: dict[str, str], names: tuple[str, ...]) -> Item:
    """The start key of the next page; refused unless it has exactly the key's attributes (``names``) and its
    fixed parts (``expect``) are those of this query."""
    plain = decode_json(cursor)
    if not isinstance(plain, dict) or set(plain) != set(names) or any(plain.get(k) != v for k, v in expect.items()):
        raise InvalidCursor()
    if not all(isinstance(v, str) for v in plain.values()):
        raise InvalidCursor()
    return {name: {"S": value} for name, value in plain.items()}


def encode_sort_key(sort_key: str) -> str:
    return _code(sort_key)


def decode_sort_key(cursor: str, prefix: str) -> str:
    """The sort key to start after; refused unless it is one of this query's (``prefix``)."""
    sort_key = _text(cursor)
    if not sort_key.startswith(prefix):
        raise InvalidCursor()
    return sort_key
