"""Who is calling: the JWT claims API Gateway's authorizer verified (``requestContext.authorizer.jwt.claims``).

The app never verifies tokens itself and has no switch that turns authentication off: an event without
claims is refused. Array claims such as ``cognito:groups`` arrive flattened to a string like ``"[a b]"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MODERATORS_GROUP = "moderators"


class Unauthenticated(Exception):
    """The request carries no verified subject."""


@dataclass(frozen=True)
class Caller:
    sub: str
    groups: frozenset[str]
    username: str

    @property
    def is_moderator(self) -> bool:
        return MODERATORS_GROUP in self.groups


def parse_groups(raw: Any) -> frozenset[str]:
    """``cognito:groups`` as API Gateway hands it: ``"[a b]"``; a real list (some tests, other gateways) too."""
    if raw is None:
        return frozenset()
    if isinstance(raw, list | tuple):
        return frozenset(str(g) for g in raw if str(g))
    text = str(raw).strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    return frozenset(part for part in text.replace(",", " ").split() if part)


def claims_from_event(event: Mapping[str, Any]) -> Mapping[str, Any]:
    context = event.get("requestContext") or {}
    claims = ((context.get("authorizer") or {}).get("jwt") or {}).get("claims")
    if not isinstance(claims, Mapping):
        raise Unauthenticated("no verified token claims in the request")
    return claims


def caller_from_claims(claims: Mapping[str, Any]) -> Caller:
    sub = claims.get("sub")
    if not isinstance(sub, str) or not sub.strip():
        raise Unauthenticated("the token has no subject")
    username = claims.get("cognito:username") or claims.get("username") or claims.get("preferred_username") or sub
    return Caller(sub=sub, groups=parse_groups(claims.get("cognito:groups")), username=str(username))


def caller_from_event(event: Mapping[str, Any]) -> Caller:
    return caller_from_claims(claims_from_event(event))


@dataclass(frozen=True)
class Client:
    """Where a request came from: its ``X-Device-Id`` (None when absent) and its source address, kept with
    every submission and sighting for fair play."""

    device: str | None = None
    address: str | None = None
