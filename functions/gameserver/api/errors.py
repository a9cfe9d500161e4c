"""One error shape for every failure: ``{"error": {"code", "message", "field"?, "rule"?}}``.

A client's mistake is a 4xx that names what to fix; only a fault of the service is a 500.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from gameserver.errors import DomainError, ErrorCode
from gameserver.identity import Unauthenticated
from gameserver.storage.errors import WriteConflict

log = logging.getLogger(__name__)

_HTTP_CODES = {404: ErrorCode.NOT_FOUND, 405: ErrorCode.METHOD_NOT_ALLOWED, 401: ErrorCode.UNAUTHENTICATED}


def error_response(
    status: int, code: ErrorCode, message: str, field: str | None = None, rule: str | None = None
) -> JSONResponse:
    detail: dict[str, Any] = {"code": str(code), "message": message}
    if field is not None:
        detail["field"] = field
    if rule is not None:
        detail["rule"] = rule
    return JSONResponse({"error": detail}, status_code=status)


def field_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("body", "orders", 2, "move")`` -> ``orders[2].move``: the field as a client developer writes it."""
    parts = list(loc[1:]) if loc and loc[0] in {"body", "query", "path", "header"} else list(loc)
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "body"


def _validation(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0]
    loc = tuple(first.get("loc", ()))
    field = field_path(loc)
    if first.get("type") == "json_invalid":
        return error_response(400, ErrorCode.MALFORMED_JSON, "the body is not valid JSON", field="body")
    # A path or query parameter of the wrong type is a malformed request; a body that breaks the schema is
    # well-formed JSON the service cannot process.
    status = 422 if loc and loc[0] == "body" else 400
    return error_response(status, ErrorCode.INVALID, f"{field}: {first.get('msg', 'invalid value')}", field=field)


def _domain(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, DomainError)
    return error_response(exc.status, exc.code, exc.message, exc.field, exc.rule)


def _unauthenticated(_: Request, exc: Exception) -> JSONResponse:
    return error_response(401, ErrorCode.UNAUTHENTICATED, str(exc))


def _http(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    return error_response(exc.status_code, _HTTP_CODES.get(exc.status_code, ErrorCode.HTTP_ERROR), str(exc.detail))


def _busy(_: Request, exc: Exception) -> JSONResponse:
    """A write that kept meeting others, or a read the store kept answering in part: nothing was written, and
    the same request can be sent again."""
    return error_response(409, ErrorCode.BUSY, "the service was busy with this item; send the request again")


def _internal(_: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error", exc_info=exc)
    return error_response(500, ErrorCode.INTERNAL, "the service failed; the request can be retried")


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(DomainError, _domain)
    app.add_exception_handler(Unauthenticated, _unauthenticated)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(WriteConflict, _busy)
    app.add_exception_handler(Exception, _internal)
