"""Who opens a connection: the same Cognito JWT as the HTTP API, checked by the $connect route's Lambda REQUEST
authorizer (a WebSocket API has no JWT authorizer, and a browser cannot set ``Authorization`` on the upgrade).

The token travels in ``Sec-WebSocket-Protocol``, beside the channel's subprotocol: ``feinthold.v1,
bearer.<JWT>``; never in the query string (where access logs and proxies keep it). The connection answers
``feinthold.v1`` alone. A connection holds until its token's ``exp``; past it, the next message to or from it
closes it, unless the client sent a fresh token (``authorize``) before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol

from gameserver.channel.protocol import SUBPROTOCOL, TOKEN_PREFIX

MODERATORS = "moderators"


class Refused(Exception):
    """The token is missing, forged or expired: the connection is refused (API Gateway answers 401)."""


class Member(NamedTuple):
    sub: str
    moderator: bool
    expires: int
    """The token's ``exp`` (epoch seconds)."""


class Verifier(Protocol):
    def __call__(self, token: str) -> Mapping[str, Any]:
        """The token's verified claims (signature, issuer, audience, expiry); ``Refused`` otherwise."""
        ...


def offered_token(protocols: str | None) -> str:
    """The token a client offered in ``Sec-WebSocket-Protocol``, beside the channel's subprotocol."""
    offered = [part.strip() for part in (protocols or "").split(",") if part.strip()]
    if SUBPROTOCOL not in offered:
        raise Refused(f"the connection must offer the subprotocol {SUBPROTOCOL}")
    tokens = [part.removeprefix(TOKEN_PREFIX) for part in offered if part.startswith(TOKEN_PREFIX)]
    if len(tokens) != 1 or not tokens[0]:
        raise Refused(f"the connection must offer one token as {TOKEN_PREFIX}<JWT> in Sec-WebSocket-Protocol")
    return tokens[0]


def member_of(claims: Mapping[str, Any]) -> Member:
    groups = claims.get("cognito:groups") or []
    return Member(sub=str(claims["sub"]), moderator=MODERATORS in groups, expires=int(claims["exp"]))


def authorize(verify: Verifier, protocols: str | None) -> Member:
    """The member a connection's offered token names (``Refused`` if none, or not one that verifies)."""
    return member_of(verify(offered_token(protocols)))


class JwksVerifier:
    """Cognito's ID tokens, checked against the user pool's published keys (fetched once per warm process)."""

    def __init__(self, issuer: str, audience: str) -> None:
        import jwt

        self._jwt = jwt
        self._issuer = issuer
        self._audience = audience
        self._keys = jwt.PyJWKClient(f"{issuer}/.well-known/jwks.json", cache_keys=True)

    def __call__(self, token: str) -> Mapping[str, Any]:
        jwt = self._jwt
        try:
            key = self._keys.get_signing_key_from_jwt(token).key
            claims: dict[str, Any] = jwt.decode(token, key, algorithms=["RS256"], audience=self._audience,
                                                issuer=self._issuer,
                                                options={"require": ["sub", "exp", "iat", "iss", "aud"]})
        except jwt.PyJWTError as error:
            raise Refused(f"the token is refused: {error}") from error
        if claims.get("token_use") != "id":
            raise Refused("the token is not an ID token")
        return claims
