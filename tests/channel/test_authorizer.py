"""$connect's REQUEST authorizer as API Gateway invokes it: the token offered in Sec-WebSocket-Protocol beside
the channel's subprotocol, verified as the HTTP API's JWT authorizer does (issuer, audience, expiry, an ID
token), an IAM policy allowing the connection with its member in the context; anything else ``Unauthorized``.
The user pool's keys are served as Cognito publishes them (a JWKS)."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from gameserver.channel.auth import JwksVerifier
from gameserver.handlers import channel

ARN = "arn:aws:execute-api:us-east-1:123456789012:abc/live/$connect"
KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="module")
def issuer():
    public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(KEY.public_key()))
    body = json.dumps({"keys": [{**public, "kid": "k1", "use": "sig", "alg": "RS256"}]}).encode()

    class Keys(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200 if self.path.endswith("/.well-known/jwks.json") else 404)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Keys)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/pool"
    server.shutdown()


def token(issuer: str, key: Any = KEY, **claims: Any) -> str:
    now = int(time.time())
    body = {"sub": "ann", "iss": issuer, "aud": "client", "token_use": "id", "iat": now, "exp": now + 600,
            "cognito:groups": ["moderators"], **claims}
    return jwt.encode(body, key, algorithm="RS256", headers={"kid": "k1"})


def ask(protocols: str | None) -> dict[str, Any]:
    headers = {} if protocols is None else {"Sec-WebSocket-Protocol": protocols}
    return channel.authorizer({"type": "REQUEST", "methodArn": ARN, "headers": headers}, None)


@pytest.fixture(autouse=True)
def verifier(issuer):
    channel.install(None, JwksVerifier(issuer, "client"))
    yield
    channel.install(None, None)


def test_a_valid_id_token_opens_the_connection_with_its_member(issuer):
    allowed = ask(f"feinthold.v1, bearer.{token(issuer)}")
    assert allowed["principalId"] == "ann"
    assert allowed["policyDocument"]["Statement"] == [
        {"Action": "execute-api:Invoke", "Effect": "Allow", "Resource": ARN}]
    assert allowed["context"]["sub"] == "ann" and allowed["context"]["moderator"] == "true"


@pytest.mark.parametrize("offered", [
    None, "feinthold.v1", "bearer.{good}", "feinthold.v1, bearer.{expired}", "feinthold.v1, bearer.{forged}",
    "feinthold.v1, bearer.{access}", "feinthold.v1, bearer.{other_audience}", "feinthold.v1, bearer.garbage",
])
def test_anything_else_is_unauthorized(issuer, offered):
    tokens = {"good": token(issuer), "expired": token(issuer, exp=int(time.time()) - 10),
              "forged": token(issuer, key=rsa.generate_private_key(public_exponent=65537, key_size=2048)),
              "access": token(issuer, token_use="access"), "other_audience": token(issuer, aud="another")}
    with pytest.raises(Exception, match="^Unauthorized$"):
        ask(None if offered is None else offered.format(**tokens))
