"""Pagination cursors: the start key of a query's next page, handed to clients as opaque text and checked when
it comes back, so that a cursor can only continue the query that made it.

Three forms: a JSON value (``encode_json`` / ``decode_json``), a whole key (``encode_key`` / ``decode_key``: every
key attribute of the table or index, with the query's fixed parts checked), and a sort key within one partition
(``encode_sort_key`` / ``decode_sort_key``: bound to its partition, the prefix of the query checked).

Every cursor is bound to where it was handed out (``bound_to``: the API binds it to the member and the request's
path, so its route and the resource): opened anywhere else, it is refused as one made up. Every form is sealed
under the deployment's cursor key (``parameters.cursor_key``): encrypted, so a cursor shows
no table key, and authenticated, so a cursor changed by one bit, made up, or handed out by another deployment is
refused (400 ``invalid_cursor``) before anything reads it. The seal is a synthetic-IV construction on HMAC-SHA256
alone (the standard library has no AES, and the functions carry no cryptography package): the IV is the first
16 bytes of HMAC(mac key, binding || 0 || plaintext), the plaintext is XORed with the keystream HMAC(stream key, IV || counter),
and opening recomputes the IV from the plaintext it decrypted. Deterministic: the same page gives the same
cursor, which tells a client nothing it did not have.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from gameserver.errors import DomainError, ErrorCode

Item = dict[str, Any]

TABLE_KEY = ("pk", "sk")
GSI1_KEY = ("pk", "sk", "gsi1pk", "gsi1sk")
GSI2_KEY = ("pk", "sk", "gsi2pk", "gsi2sk")

IV_BYTES = 16
"""The synthetic IV, which is also the seal's tag: 128 bits, so a forged cursor passes once in 2**128 tries."""


_BINDING: ContextVar[str] = ContextVar("cursor_binding", default="")
"""Where the cursors made and opened now belong ("" outside a request: the stores' own tests, the tools)."""


def binding(member: str, path: str) -> str:
    """A member's cursors on one path (``/v1/feint/games/{id}/record``): its route and its resource."""
    return f"{member}\n{path}"


@contextmanager
def bound_to(where: str) -> Iterator[None]:
    """The cursors made and opened inside are bound to ``where`` (``binding``)."""
    token = _BINDING.set(where)
    try:
        yield
    finally:
        _BINDING.reset(token)


def rebind(cursor: str | None, where: str) -> str | None:
    """A cursor of the current binding, handed out for another (a page that goes on at another route)."""
    if cursor is None:
        return None
    text = _text(cursor)
    with bound_to(where):
        return _code(text)


def _iv(mac_key: bytes, plain: bytes) -> bytes:
    return hmac.new(mac_key, _BINDING.get().encode() + b"\0" + plain, hashlib.sha256).digest()[:IV_BYTES]


class InvalidCursor(DomainError):
    """A pagination cursor this service did not hand out: a 400 naming ``cursor``."""

    def __init__(self) -> None:
        super().__init__("cursor is not one this service handed out", field="cursor", code=ErrorCode.INVALID_CURSOR)


@lru_cache(maxsize=4)
def _keys(secret: bytes) -> tuple[bytes, bytes]:
    """The MAC key and the stream key, each derived from the deployment's one secret."""
    return (hmac.new(secret, b"feinthold cursor mac", hashlib.sha256).digest(),
            hmac.new(secret, b"feinthold cursor stream", hashlib.sha256).digest())


def _current_keys() -> tuple[bytes, bytes]:
    from gameserver.parameters import cursor_key

    return _keys(cursor_key())


def _stream(key: bytes, iv: bytes, length: int) -> bytes:
    blocks = (hmac.new(key, iv + n.to_bytes(4, "big"), hashlib.sha256).digest() for n in range(-(-length // 32)))
    return b"".join(blocks)[:length]


def _xor(data: bytes, stream: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(data, stream, strict=True))


def _code(text: str) -> str:
    """``text`` sealed: IV || ciphertext, in URL-safe base64 without padding."""
    plain = text.encode()
    mac_key, stream_key = _current_keys()
    iv = _iv(mac_key, plain)
    sealed = iv + _xor(plain, _stream(stream_key, iv, len(plain)))
    return base64.urlsafe_b64encode(sealed).decode().rstrip("=")


def _text(cursor: str) -> str:
    """The text a cursor was sealed from; ``InvalidCursor`` for anything this deployment did not seal."""
    try:
        sealed = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
    except (binascii.Error, ValueError) as error:
        raise InvalidCursor() from error
    if len(sealed) <= IV_BYTES:
        raise InvalidCursor()
    mac_key, stream_key = _current_keys()
    iv, body = sealed[:IV_BYTES], sealed[IV_BYTES:]
    plain = _xor(body, _stream(stream_key, iv, len(body)))
    if not hmac.compare_digest(_iv(mac_key, plain), iv):
        raise InvalidCursor()
    try:
        return plain.decode()
    except UnicodeDecodeError as error:
        raise InvalidCursor() from error


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


def encode_sort_key(partition: str, sort_key: str) -> str:
    """A page's last sort key in ``partition`` as a cursor: bound to that partition, so that one game's (one
    member's) cursor never pages another's."""
    return encode_json({"on": partition, "after": sort_key})


def decode_sort_key(cursor: str, partition: str, prefix: str) -> str:
    """The sort key to start after; refused unless it was handed out for ``partition`` and is one of this
    query's (``prefix``)."""
    plain = decode_json(cursor)
    if not isinstance(plain, dict) or set(plain) != {"on", "after"} or plain["on"] != partition:
        raise InvalidCursor()
    sort_key = plain["after"]
    if not isinstance(sort_key, str) or not sort_key.startswith(prefix):
        raise InvalidCursor()
    return sort_key
