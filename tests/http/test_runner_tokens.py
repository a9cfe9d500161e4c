"""The runner's token authority behaves like API Gateway's JWT authorizer in front of a Cognito pool."""

from __future__ import annotations

import stat
import time

import jwt
import pytest
from localrun import tokens
from localrun.tokens import AUDIENCE, ISSUER, TokenAuthority, TokenRejected


@pytest.fixture(scope="module")
def authority() -> TokenAuthority:
    return TokenAuthority(tokens.generate_key())


def test_a_minted_token_verifies_with_its_subject_and_groups(authority):
    claims = authority.verify(authority.mint("alice", moderator=True))
    assert claims["sub"] == "alice"
    assert claims["cognito:groups"] == ["moderators"]
    assert claims["iss"] == ISSUER and claims["aud"] == AUDIENCE


def test_a_member_token_has_no_groups(authority):
    assert "cognito:groups" not in authority.verify(authority.mint("bob"))


def test_a_token_signed_by_another_key_is_rejected(authority):
    stranger = TokenAuthority(tokens.generate_key())
    with pytest.raises(TokenRejected, match="kid"):
        authority.verify(stranger.mint("mallory"))


def test_a_forged_kid_does_not_help_another_key(authority):
    stranger = TokenAuthority(tokens.generate_key())
    now = int(time.time())
    claims = {"sub": "mallory", "iss": ISSUER, "aud": AUDIENCE, "iat": now, "exp": now + 60}
    forged = jwt.encode(claims, stranger.private_key, algorithm="RS256", headers={"kid": authority.key_id})
    with pytest.raises(TokenRejected, match="Signature"):
        authority.verify(forged)


def test_an_unsigned_token_is_rejected(authority):
    now = int(time.time())
    claims = {"sub": "mallory", "iss": ISSUER, "aud": AUDIENCE, "iat": now, "exp": now + 60}
    unsigned = jwt.encode(claims, None, algorithm="none", headers={"kid": authority.key_id})
    with pytest.raises(TokenRejected):
        authority.verify(unsigned)


def test_an_expired_token_is_rejected(authority):
    with pytest.raises(TokenRejected, match="expired"):
        authority.verify(authority.mint("alice", ttl_seconds=-5))


@pytest.mark.parametrize("claim, value", [("iss", "https://elsewhere.invalid/"), ("aud", "another-client")])
def test_issuer_and_audience_must_be_the_runners(authority, claim, value):
    now = int(time.time())
    claims = {"sub": "alice", "iss": ISSUER, "aud": AUDIENCE, "iat": now, "exp": now + 60, claim: value}
    token = jwt.encode(claims, authority.private_key, algorithm="RS256", headers={"kid": authority.key_id})
    with pytest.raises(TokenRejected):
        authority.verify(token)


def test_a_token_without_subject_is_rejected(authority):
    now = int(time.time())
    claims = {"iss": ISSUER, "aud": AUDIENCE, "iat": now, "exp": now + 60}
    token = jwt.encode(claims, authority.private_key, algorithm="RS256", headers={"kid": authority.key_id})
    with pytest.raises(TokenRejected, match="sub"):
        authority.verify(token)


def test_garbage_is_rejected(authority):
    with pytest.raises(TokenRejected, match="not a JWT"):
        authority.verify("not-a-token")


def test_the_key_is_created_once_private_and_reused(tmp_path):
    first = tokens.load_or_create(tmp_path)
    again = tokens.load_or_create(tmp_path)
    assert first.key_id == again.key_id
    assert stat.S_IMODE((tmp_path / tokens.KEY_FILE).stat().st_mode) == 0o600
    # What `python -m localrun token` mints for a running runner verifies there.
    assert first.verify(tokens.load(tmp_path).mint("carol"))["sub"] == "carol"
