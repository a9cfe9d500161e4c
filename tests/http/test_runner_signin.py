"""The runner's sign-in (localrun.signin): the OAuth 2.0 code grant with PKCE the web client uses against
Cognito's Hosted UI in the cloud, and what it holds against a page in the developer's browser."""

from __future__ import annotations

import json
import secrets
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from localrun.events import HttpRequest
from localrun.signin import CLIENT_ID, SignIn, s256
from localrun.tokens import TokenAuthority, generate_key

ORIGIN = "http://127.0.0.1:8080"
FORM = "application/x-www-form-urlencoded"


@pytest.fixture
def authority() -> TokenAuthority:
    return TokenAuthority(generate_key())


def authorize_query(verifier: str, **changed: str) -> str:
    params = {"response_type": "code", "client_id": CLIENT_ID, "redirect_uri": ORIGIN + "/auth/callback",
              "state": "st8", "code_challenge": s256(verifier), "code_challenge_method": "S256", **changed}
    return urlencode({k: v for k, v in params.items() if v is not None})


def post(path: str, form: dict[str, str], cookie: str | None = None, origin: str | None = None) -> HttpRequest:
    headers = [("content-type", FORM)]
    if cookie:
        headers.append(("cookie", cookie))
    if origin:
        headers.append(("origin", origin))
    return HttpRequest("POST", path, headers=tuple(headers), body=urlencode(form).encode())


def draw(signin: SignIn, verifier: str) -> tuple[str, str]:
    """The form's CSRF token and the cookie the browser got with it."""
    page = signin.handle(HttpRequest("GET", "/oauth2/authorize", authorize_query(verifier)))
    assert page.status == 200
    cookie = dict(page.headers)["set-cookie"].split(";", 1)[0]
    csrf = cookie.split("=", 1)[1]
    assert f'name="csrf" value="{csrf}"' in page.body.decode()
    return csrf, cookie


def code_of(signin: SignIn, verifier: str, name: str = "ada", **extra: str) -> str:
    csrf, cookie = draw(signin, verifier)
    answer = signin.handle(post("/oauth2/authorize", {"csrf": csrf, "name": name, **extra}, cookie, ORIGIN))
    assert answer.status == 302, answer.body
    location = urlsplit(dict(answer.headers)["location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == ORIGIN + "/auth/callback"
    query = parse_qs(location.query)
    assert query["state"] == ["st8"]
    return query["code"][0]


def exchange(signin: SignIn, code: str, verifier: str, redirect: str = ORIGIN + "/auth/callback"):
    return signin.handle(post("/oauth2/token", {"grant_type": "authorization_code", "client_id": CLIENT_ID,
                                                 "code": code, "redirect_uri": redirect, "code_verifier": verifier}))


def test_a_code_with_its_verifier_gives_tokens_the_gateway_accepts_and_a_refresh(authority):
    signin = SignIn(authority, ORIGIN)
    verifier = secrets.token_urlsafe(48)
    answer = exchange(signin, code_of(signin, verifier), verifier)
    tokens = json.loads(answer.body)
    assert answer.status == 200 and tokens["token_type"] == "Bearer" and tokens["expires_in"] == 3600
    claims = authority.verify(tokens["id_token"])
    assert claims["sub"] == "ada" and "cognito:groups" not in claims
    refreshed = signin.handle(post("/oauth2/token", {"grant_type": "refresh_token", "client_id": CLIENT_ID,
                                                      "refresh_token": tokens["refresh_token"]}))
    assert refreshed.status == 200 and authority.verify(json.loads(refreshed.body)["id_token"])["sub"] == "ada"


def test_a_code_is_worth_nothing_without_its_verifier_and_only_once(authority):
    signin = SignIn(authority, ORIGIN)
    verifier = secrets.token_urlsafe(48)
    code = code_of(signin, verifier)
    wrong = exchange(signin, code, secrets.token_urlsafe(48))
    assert wrong.status == 400 and json.loads(wrong.body)["error"] == "invalid_grant"
    # The failed try used the code up: a stolen code and a guessed verifier leave nothing to retry.
    assert exchange(signin, code, verifier).status == 400


@pytest.mark.parametrize(("changed", "says"), [
    ({"redirect_uri": ORIGIN + "/auth/callback/"}, "redirect_uri"),
    ({"redirect_uri": "http://evil.example/auth/callback"}, "redirect_uri"),
    ({"client_id": "another"}, "client_id"),
    ({"code_challenge_method": "plain"}, "S256"),
    ({"code_challenge_method": None}, "S256"),
    ({"response_type": "token"}, "response_type"),
])
def test_the_authorize_endpoint_refuses_anything_but_its_own_client_with_pkce_s256(authority, changed, says):
    signin = SignIn(authority, ORIGIN)
    page = signin.handle(HttpRequest("GET", "/oauth2/authorize", authorize_query("v" * 43, **changed)))
    assert page.status == 400 and says in page.body.decode()
    assert "set-cookie" not in dict(page.headers)


def test_the_form_posts_only_with_its_cookie_bound_csrf_token_from_this_origin(authority):
    signin = SignIn(authority, ORIGIN)
    csrf, cookie = draw(signin, "v" * 43)
    # Another page posting a token it fetched itself: the browser's cookie is not that token.
    _, other_cookie = draw(signin, "w" * 43)
    assert signin.handle(post("/oauth2/authorize", {"csrf": csrf, "name": "eve"}, other_cookie)).status == 403
    assert signin.handle(post("/oauth2/authorize", {"csrf": csrf, "name": "eve"}, None)).status == 403
    assert signin.handle(post("/oauth2/authorize", {"csrf": csrf, "name": "eve"}, cookie,
                              "http://evil.example")).status == 403
    assert signin.handle(post("/oauth2/authorize", {"csrf": csrf, "name": "ada"}, cookie, ORIGIN)).status == 302
    # A token serves once.
    assert signin.handle(post("/oauth2/authorize", {"csrf": csrf, "name": "ada"}, cookie, ORIGIN)).status == 403


def test_moderators_sign_in_only_when_the_runner_was_started_so(authority):
    verifier = secrets.token_urlsafe(48)
    closed = SignIn(authority, ORIGIN)
    csrf, cookie = draw(closed, verifier)
    assert "moderator" not in closed.handle(HttpRequest("GET", "/oauth2/authorize", authorize_query(verifier))
                                            ).body.decode()
    refused = closed.handle(post("/oauth2/authorize", {"csrf": csrf, "name": "mo", "moderator": "on"}, cookie))
    assert refused.status == 403 and "--moderator-sign-in" in refused.body.decode()
    opened = SignIn(authority, ORIGIN, moderator_sign_in=True)
    tokens = json.loads(exchange(opened, code_of(opened, verifier, "mo", moderator="on"), verifier).body)
    assert authority.verify(tokens["id_token"])["cognito:groups"] == ["moderators"]


def test_logout_returns_only_to_the_clients_sign_out_url(authority):
    signin = SignIn(authority, ORIGIN)
    ok = signin.handle(HttpRequest("GET", "/logout", urlencode({"client_id": CLIENT_ID, "logout_uri": ORIGIN + "/"})))
    assert ok.status == 302 and dict(ok.headers)["location"] == ORIGIN + "/"
    away = signin.handle(HttpRequest("GET", "/logout", urlencode({"client_id": CLIENT_ID,
                                                                  "logout_uri": "http://evil.example/"})))
    assert away.status == 400
