"""What every router of the API shares: the caller as a dependency, the idempotent answer, the error responses.

The routers import from here, never from each other, so the app can include them without an import cycle.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from typing import Annotated, Any

from fastapi import Depends, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from gameserver.api import idempotency
from gameserver.clock import get_clock
from gameserver.domain import fairplay, limits, members
from gameserver.domain.moderation import require_moderator
from gameserver.errors import DomainError, ErrorCode
from gameserver.identity import Caller, Client, Unauthenticated, caller_from_event
from gameserver.services import storage

GameId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}(-m[0-9]{1,2})?$",
                             description="a game id (a tournament match's game: the match's id, {tournament}-m{slot})")]
InvitationId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="an invitation id")]

IdempotencyKey = Annotated[
    str | None,
    Header(alias="Idempotency-Key", min_length=1, max_length=idempotency.MAX_KEY_LENGTH,
           description="repeat a call safely: same key and body, same answer, for 24 hours"),
]
Cursor = Annotated[str | None, Query(max_length=1024, description="from the previous page; none for the first")]
Limit = Annotated[int, Query(ge=1, le=50)]


ANSWERS: dict[str, type] = {}
"""The answers the routes name by their declaration (``ok(CreditsOut)``), by name: api.openapi writes their
schemas into the document."""


def ok(answer: type, status: int = 200) -> dict[int | str, dict[str, Any]]:
    """The route's answer: the ``TypedDict`` its domain builds it as (declared once, where it is built, so mypy
    checks it there). The route sends the domain's JSON as it is (``reply``); api.openapi writes its schema into
    the document and the API tests validate every answer against it, so a cold start builds no response
    model."""
    name = answer.__name__
    if ANSWERS.setdefault(name, answer) is not answer:
        raise LookupError(f"two answers are named {name}")
    schema = {"$ref": f"#/components/schemas/{name}"}
    return {status: {"description": name, "content": {"application/json": {"schema": schema}}}}


def reply(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """An answer as it is: JSON, without FastAPI's encoder (the domain's answers are JSON already)."""
    return JSONResponse(body, status, headers)


def errors(*codes: ErrorCode) -> dict[int | str, dict[str, Any]]:
    """The errors a route answers beyond those of every route (``api.openapi`` adds those: no token, a bad
    device id, a parameter or body breaking its schema, busy): grouped by their status, each response naming
    its codes. Error responses point at one schema rather than naming a model on every route: a model per
    route and status would cost the cold start a pydantic field each, for documentation only."""
    by_status: dict[int, list[ErrorCode]] = {}
    for code in codes:
        by_status.setdefault(code.status, []).append(code)
    return {status: {"description": "", "x-error-codes": [str(code) for code in found]}
            for status, found in sorted(by_status.items())}


def claims_of(request: Request) -> Caller:
    """The caller the authorizer verified (401 without its claims)."""
    event = request.scope.get("aws.event")
    if not isinstance(event, dict):
        raise Unauthenticated("no verified token claims in the request")
    return caller_from_event(event)


async def current_caller(request: Request) -> Caller:
    """The verified caller (async, like every route here: FastAPI runs sync dependencies in a thread pool,
    which a Lambda serving one request at a time does not need, and a cold start should not start)."""
    caller = claims_of(request)
    limits.count_request(caller.sub, get_clock().now())
    _seen(caller, client_of(request))
    return caller


def limited(limit: limits.Limit) -> dict[str, Any]:
    """A route's arguments that count ``limit`` for the caller (one DynamoDB request; 429 ``rate_limited`` with
    ``Retry-After`` once the member reached it in this window, ``domain.limits``) and declare it in the document
    (``x-rate-limit``, which api.openapi writes into the route's 429): ``@router.post(..., **limited(...))``."""

    async def count(caller: Known) -> None:
        limits.count(storage(), caller.sub, limit, get_clock().now())

    return {"dependencies": [Depends(count)],
            "openapi_extra": {"x-rate-limit": {"limit": str(limit), "per_minute": limits.PER_MINUTE[limit]}}}


class ModeratorsOnly(APIRoute):
    """A route for moderators alone: anyone else gets 403 ``moderators_only`` whatever they send. Authorization
    comes before validation, and FastAPI reads and checks the body before any dependency runs, so the check
    wraps the route's whole handler (``APIRouter(route_class=ModeratorsOnly)``)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        what = f"may {' '.join(sorted(self.methods or ()))} {self.path_format}"

        async def moderators_only(request: Request) -> Response:
            require_moderator(claims_of(request), what)
            return await handler(request)

        return moderators_only


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
    outside ``DEVICE_ID`` is a 400 naming the header. Made once per request: the caller's dependency makes it
    for the sighting, the route that stores it with a submission is given the same."""
    made = request.scope.get(_CLIENT)
    if made is None:
        made = request.scope[_CLIENT] = _client(request)
    return made


_CLIENT = "gameserver.client"
"""Where a request's ``Client`` is kept in its ASGI scope (a key of the app's own, beside the server's)."""


def _client(request: Request) -> Client:
    event = request.scope.get("aws.event") or {}
    address = ((event.get("requestContext") or {}).get("http") or {}).get("sourceIp")
    device = request.headers.get("x-device-id")
    if device is not None and not DEVICE_ID.fullmatch(device):
        raise DomainError("X-Device-Id is 1 to 64 letters, digits or . _ : -", field="X-Device-Id",
                          rule="device-id-format", code=ErrorCode.INVALID_DEVICE_ID)
    return Client(device=device, address=address)


def _scope(request: Request, caller: Caller) -> list[str]:
    return [caller.sub, request.method, request.url.path]


def answer(key: str | None, request: Request, caller: Caller, body: Any, work: idempotency.Work,
           status: int = 200) -> Response:
    """The call's answer, run once per Idempotency-Key (a replay is the first answer again); a call with no key
    is run as it is, without entering the idempotency layer."""
    if key is None:
        return reply(work(), status)
    return reply(idempotency.once(key, _scope(request, caller), body, work, request.scope.get("aws.context")),
                 status)
