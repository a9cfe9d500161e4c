"""The live channel's Lambda functions (template.yaml's WebSocket API): the $connect REQUEST authorizer,
$connect, $disconnect, every message ($default: the ``action`` decides), the fan-out on the events
table's stream, and the closer of the connections whose token expired (every minute). Each is thin: the event's parts in, ``gameserver.channel`` does the rest.

The local runner calls these same functions (``localrun.channel``), having installed its own way to post and
its own token check (``install``); in Lambda they are API Gateway's management API (``WEBSOCKET_ENDPOINT``) and
the user pool's keys (``JWT_ISSUER``, ``JWT_AUDIENCE``).
"""

from __future__ import annotations

import os
import time
from typing import Any

from gameserver.channel.auth import JwksVerifier, Member, Refused, Verifier, authorize
from gameserver.channel.closer import close_expired
from gameserver.channel.fanout import handle_records
from gameserver.channel.poster import ManagementApi, Poster
from gameserver.channel.protocol import SUBPROTOCOL
from gameserver.channel.session import Session
from gameserver.clock import get_clock, iso
from gameserver.observability import logger
from gameserver.services import storage

_poster: Poster | None = None
_verifier: Verifier | None = None


def install(poster: Poster | None, verifier: Verifier | None) -> None:
    """The way to post and the token check of this process (None: Lambda's, from the environment)."""
    global _poster, _verifier
    _poster, _verifier = poster, verifier


def _wall() -> int:
    return int(time.time())


def poster() -> Poster:
    global _poster
    if _poster is None:
        _poster = ManagementApi(os.environ["WEBSOCKET_ENDPOINT"])
    return _poster


def verifier() -> Verifier:
    global _verifier
    if _verifier is None:
        _verifier = JwksVerifier(os.environ["JWT_ISSUER"], os.environ["JWT_AUDIENCE"])
    return _verifier


def session() -> Session:
    return Session(storage(), poster(), verifier(), _wall)


def _header(event: dict[str, Any], name: str) -> str | None:
    headers = event.get("headers") or {}
    return next((value for key, value in headers.items() if key.lower() == name), None)


def authorizer(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """$connect's REQUEST authorizer: an IAM policy allowing the connection, its member in the context; a
    refused token raises ``Unauthorized`` (API Gateway's 401, the connection never opens)."""
    try:
        member = authorize(verifier(), _header(event, "sec-websocket-protocol"))
    except Refused as refused:
        logger.info("channel connection refused", extra={"reason": str(refused)})
        raise Exception("Unauthorized") from None  # the exact text API Gateway maps to 401
    return {
        "principalId": member.sub,
        "policyDocument": {"Version": "2012-10-17", "Statement": [
            {"Action": "execute-api:Invoke", "Effect": "Allow", "Resource": event["methodArn"]}]},
        "context": {"sub": member.sub, "moderator": "true" if member.moderator else "false",
                    "expires": str(member.expires)},
    }


def connect(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """$connect, once the authorizer allowed it: the connection stored, the subprotocol answered."""
    given = event["requestContext"]["authorizer"]
    member = Member(sub=given["sub"], moderator=given["moderator"] == "true", expires=int(given["expires"]))
    session().connect(event["requestContext"]["connectionId"], member, iso(get_clock().now()))
    return {"statusCode": 200, "headers": {"Sec-WebSocket-Protocol": SUBPROTOCOL}}


def disconnect(event: dict[str, Any], context: Any) -> dict[str, Any]:
    session().disconnect(event["requestContext"]["connectionId"])
    return {"statusCode": 200}


def message(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """$default: every message, answered over the connection (never in the route's response)."""
    session().receive(event["requestContext"]["connectionId"], event.get("body"))
    return {"statusCode": 200}


def fanout(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """The events table's stream (event items only): each posted to its member's listening connections; the
    records a catch-up held come again (``ReportBatchItemFailures``)."""
    failed = handle_records(storage().events, poster(), event.get("Records") or [], _wall)
    return {"batchItemFailures": [{"itemIdentifier": seq} for seq in failed]}


def closer(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """The schedule's minute: every connection whose token expired closed, whether or not its client says
    anything (a fresh token, ``authorize``, moved its expiry)."""
    closed = close_expired(storage().events, poster, _wall())
    if closed:
        logger.info("channel connections closed at their token's expiry", extra={"closed": closed})
    return {"closed": closed}
