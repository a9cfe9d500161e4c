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
from starlette.routing import Match

from gameserver.errors import DomainError, ErrorCode
from gameserver.identity import Unauthenticated
from gameserver.storage.errors import WriteConflict

log = logging.getLogger(__name__)

_HTTP_CODES = {404: ErrorCode.NOT_FOUND, 405: ErrorCode.METHOD_NOT_ALLOWED, 401: ErrorCode.UNAUTHENTICATED}


def error_response(
    code: ErrorCode, message: str, field: str | None = None, rule: str | None = None, status: int | None = None
) -> JSONResponse:
    """The error body, with the code's status unless the framework chose another (``status``)."""
    detail: dict[str, Any] = {"code": str(code), "message": message}
    if field is not None:
        detail["field"] = field
    if rule is not None:
        detail["rule"] = rule
    return JSONResponse({"error": detail}, status_code=code.status if status is None else status)


def field_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("body", "orders", 2, "move", "move", "units")`` -> ``orders[2].move.units``: the field as a client
    developer writes it (a tagged union names its variant before the variant's own key: said once)."""
    parts = list(loc[1:]) if loc and loc[0] in {"body", "query", "path", "header"} else list(loc)
    text = ""
    for index, part in enumerate(parts):
        if index and part == parts[index - 1] and isinstance(part, str):
            continue
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "body"


def _validation(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0]
    loc = tuple(first.get("loc", ()))
    field = field_path(loc)
    if first.get("type") == "json_invalid":
        return error_response(ErrorCode.MALFORMED_JSON, "the body is not valid JSON", field="body")
    # Read, but a value (of the path, the query, a header or the body) breaks its schema: the field says which,
    # and the rule the schema's (pydantic's error type: ``missing``, ``enum``, ``union_tag_invalid``, ...).
    return error_response(ErrorCode.INVALID, f"{field}: {first.get('msg', 'invalid value')}", field=field,
                          rule=first.get("type"))


def _domain(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, DomainError)
    answer = error_response(exc.code, exc.message, exc.field, exc.rule)
    retry_after = getattr(exc, "retry_after", None)  # a limit reached (domain.limits.RateLimited)
    if retry_after is not None:
        answer.headers["Retry-After"] = str(retry_after)
    return answer


def _unauthenticated(_: Request, exc: Exception) -> JSONResponse:
    return error_response(ErrorCode.UNAUTHENTICATED, str(exc))


def _http(request: Request, exc: Exception) -> JSONResponse:
    """The framework's own errors in the one error shape, with their headers; a 405's ``Allow`` names every
    method of the path (the router names only those of the first route that matched the path)."""
    assert isinstance(exc, HTTPException)
    code = _HTTP_CODES.get(exc.status_code, ErrorCode.HTTP_ERROR)
    answer = error_response(code, str(exc.detail), status=exc.status_code)
    answer.headers.update(exc.headers or {})
    if exc.status_code == 405:
        answer.headers["Allow"] = ", ".join(_methods_of(request))
    return answer


_METHODS = ("DELETE", "GET", "PATCH", "POST", "PUT")
"""The methods a route of the API can take (HEAD and OPTIONS are no route's)."""


def _methods_of(request: Request) -> list[str]:
    """The methods the request's path takes: those under which a route of the app matches it fully."""
    routes = request.app.router.routes
    return [method for method in _METHODS
            if any(route.matches({**request.scope, "method": method})[0] is Match.FULL for route in routes)]


def _busy(_: Request, exc: Exception) -> JSONResponse:
    """A write that kept meeting others, or a read the store kept answering in part: nothing was written, and
    the same request can be sent again."""
    return error_response(ErrorCode.BUSY, "the service was busy with this item; send the request again")


def _internal(_: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error", exc_info=exc)
    return error_response(ErrorCode.INTERNAL, "the service failed; the request can be retried")


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(DomainError, _domain)
    app.add_exception_handler(Unauthenticated, _unauthenticated)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(WriteConflict, _busy)
    app.add_exception_handler(Exception, _internal)
