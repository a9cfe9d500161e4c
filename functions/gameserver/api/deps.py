"""What every router of the API shares: the caller as a dependency, the idempotent answer, the error responses.

The routers import from here, never from each other, so the app can include them without an import cycle.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import Depends, Header, Path, Query, Request

from gameserver.api import idempotency
from gameserver.clock import get_clock
from gameserver.domain import fairplay, members
from gameserver.errors import DomainError, ErrorCode
from gameserver.identity import Caller, Client, Unauthenticated, caller_from_event
from gameserver.services import storage

GameId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}(-m[0-9]{1,2})?$",
                             description="a game id (a tournament match's game: the match's id, {tournament}-m{slot})")]
InvitationId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="an invitation id")]
IdempotencyKey = Annotated[
    str | None,
    Header(alias="Idempotency-Key", description="repeat a call safely: same key, same answer, for 24 hours"),
]
Cursor = Annotated[str | None, Query(max_length=1024, description="from the previous page; none for the first")]
Limit = Annotated[int, Query(ge=1, le=50)]

# Error responses point at one schema rather than naming a model on every route: a model per route and
# status would cost the cold start a pydantic field each, for documentation only.
_ERROR_REF = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
_ERROR_TEXT = {
    400: "malformed request",
    401: "no verified token",
    403: "not yours to do",
    404: "no such thing of yours",
    409: "not now (turn closed, game over or in play, already answered, key in flight)",
    422: "well-formed but refused (illegal orders name the order and the rule)",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error responses a route can answer (401 always: every route needs a verified token)."""
    return {status: {"description": _ERROR_TEXT[status], "content": _ERROR_REF}
            for status in sorted({401, *statuses})}


ERRORS = errors(400, 403, 404, 409, 422)


async def current_caller(request: Request) -> Caller:
    """The verified caller (async, like every route here: FastAPI runs sync dependencies in a thread pool,
    which a Lambda serving one request at a time does not need, and a cold start should not start)."""
    event = request.scope.get("aws.event")
    if not isinstance(event, dict):
        raise Unauthenticated("no verified token claims in the request")
    caller = caller_from_event(event)
    _seen(caller, client_of(request))
    return caller


def _seen(caller: Caller, client: Client) -> None:
    """Record where the caller is seen (linked accounts): at most one write a day per member, device and
    address in a warm process (``domain.fairplay``). A failed write never fails the request: it is logged and
    counted (metric ``SightingNotRecorded``), and the member's next request tries again."""
    try:
        fairplay.record(storage(), get_clock().now(), caller.sub, client.device, client.address)
    except Exception:
        from aws_lambda_powertools.metrics import MetricUnit

        from gameserver.observability import logger, metrics

        logger.exception("sighting of %s not recorded", caller.sub)
        metrics.add_metric(name="SightingNotRecorded", unit=MetricUnit.Count, value=1)


async def member(request: Request, caller: Annotated[Caller, Depends(current_caller)]) -> Caller:
    """The caller, with their profile made on their first call (a warm process checks once per member)."""
    members.ensure_profile(storage(), get_clock(), caller)
    return caller


Known = Annotated[Caller, Depends(current_caller)]
"""The verified caller. Routes on a game the caller plays need no profile check: playing made one."""
Me = Annotated[Caller, Depends(member)]
"""The verified caller, whose profile exists once this resolves."""


DEVICE_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
"""What an ``X-Device-Id`` may be: an opaque id the client keeps (a UUID fits), not free text. Bounded, because
each new value a member sends is stored for 30 days (linked accounts)."""


def client_of(request: Request) -> Client:
    """Where the request comes from: its ``X-Device-Id`` (None when absent) and its source address. A device id
    outside ``DEVICE_ID`` is a 400 naming the header."""
    event = request.scope.get("aws.event") or {}
    address = ((event.get("requestContext") or {}).get("http") or {}).get("sourceIp")
    device = request.headers.get("x-device-id")
    if device is not None and not DEVICE_ID.fullmatch(device):
        raise DomainError("X-Device-Id is 1 to 64 letters, digits or . _ : -", field="X-Device-Id",
                          rule="device-id-format", code=ErrorCode.INVALID_DEVICE_ID)
    return Client(device=device, address=address)


def _scope(request: Request, caller: Caller) -> list[str]:
    return [caller.sub, request.method, request.url.path]


def answer(key: str | None, request: Request, caller: Caller, body: Any, work: idempotency.Work) -> Any:
    """The call's answer, run once per Idempotency-Key; the route's response model shapes it either way."""
    return idempotency.once(key, _scope(request, caller), body, work, request.scope.get("aws.context"))
