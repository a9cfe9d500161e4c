"""The local token authority: what Cognito and API Gateway's JWT authorizer do in the cloud.

The runner keeps one RS256 key in its state folder, so `python -m localrun token` can mint tokens for a
runner that is already serving. Tokens look like Cognito ID tokens (`sub`, `cognito:username`,
`cognito:groups`, `token_use`), and verification follows the authorizer: the signature with the key,
the issuer, the audience, `exp`/`nbf`/`iat` against wall time (never the manual game clock).
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

ISSUER = "https://localrun.invalid/user-pool"
"""The `iss` of every local token; API Gateway's authorizer is configured with exactly one issuer."""

AUDIENCE = "localrun-client"
"""The app client id: the authorizer's audience."""

MODERATORS_GROUP = "moderators"

KEY_FILE = "signing-key.pem"

DEFAULT_TTL_SECONDS = 12 * 3600
"""Longer than Cognito's hour: a developer mints once per working session."""


class TokenRejected(ValueError):
    """A bearer token API Gateway would refuse; the message is the authorizer's `error_description`."""


@dataclass(frozen=True)
class TokenAuthority:
    """Mints and verifies the runner's tokens with one RSA key."""

    private_key: rsa.RSAPrivateKey

    @property
    def key_id(self) -> str:
        """The `kid` header: a thumbprint of the public key, as a JWKS would list it."""
        der = self.private_key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        return hashlib.sha256(der).hexdigest()[:16]

    def mint(self, sub: str, *, moderator: bool = False, ttl_seconds: int = DEFAULT_TTL_SECONDS) -> str:
        """A signed token for member `sub`, in the moderators group if `moderator`."""
        if not sub:
            raise ValueError("a token needs a non-empty subject (sub)")
        now = int(time.time())
        claims: dict[str, Any] = {
            "sub": sub,
            "cognito:username": sub,
            "iss": ISSUER,
            "aud": AUDIENCE,
            "token_use": "id",
            "auth_time": now,
            "iat": now,
            "exp": now + ttl_seconds,
        }
        if moderator:
            claims["cognito:groups"] = [MODERATORS_GROUP]
        return jwt.encode(claims, self.private_key, algorithm="RS256", headers={"kid": self.key_id})

    def verify(self, token: str) -> dict[str, Any]:
        """The token's claims, or TokenRejected saying why the authorizer would answer 401."""
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as error:
            raise TokenRejected(f"the token is not a JWT: {error}") from error
        if header.get("kid") != self.key_id:
            raise TokenRejected("the token's kid is not a key of this issuer")
        try:
            claims = jwt.decode(
                token,
                self.private_key.public_key(),
                algorithms=["RS256"],
                audience=AUDIENCE,
                issuer=ISSUER,
                options={"require": ["sub", "exp", "iat", "iss", "aud"]},
            )
        except jwt.ExpiredSignatureError as error:
            raise TokenRejected("the token has expired") from error
        except jwt.PyJWTError as error:
            raise TokenRejected(f"the token is invalid: {error}") from error
        return claims


def generate_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def load_or_create(state_dir: Path) -> TokenAuthority:
    """The authority of the runner using `state_dir`: its key is created on the first start and kept."""
    path = state_dir / KEY_FILE
    if not path.exists():
        state_dir.mkdir(parents=True, exist_ok=True)
        pem = generate_key().private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        # Written under a temporary name then renamed: a concurrent `token` call never reads half a key.
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(pem)
        os.replace(partial, path)
    return load(state_dir)


def load(state_dir: Path) -> TokenAuthority:
    """The authority of an existing state folder (FileNotFoundError if no runner has used it)."""
    key = serialization.load_pem_private_key((state_dir / KEY_FILE).read_bytes(), password=None)
    if not isinstance(key, rsa.RSAPrivateKey):
        raise ValueError(f"{state_dir / KEY_FILE} does not hold an RSA private key")
    return TokenAuthority(key)
