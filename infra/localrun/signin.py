"""The local sign-in: the OAuth 2.0 endpoints of Cognito's Hosted UI, answered on the runner's API origin.

    GET  /oauth2/authorize   response_type=code, client_id, redirect_uri, state, code_challenge(_method=S256)
                             -> a plain form "sign in as <name>" (with a CSRF token, cookie-bound)
    POST /oauth2/authorize   the form -> 302 to redirect_uri?code=...&state=...
    POST /oauth2/token       grant_type=authorization_code (code, redirect_uri, client_id, code_verifier)
                             or grant_type=refresh_token (refresh_token, client_id) -> tokens as JSON
    GET  /logout             client_id, logout_uri -> 302 to logout_uri

The web client speaks to these exactly as it speaks to Cognito's domain in the cloud: one code path. Anyone
on loopback may already mint tokens through the admin port; what this holds is what the admin port's browser
refusal protects: a page open in the developer's browser must not obtain a token. So the runner knows one
client only (its own, `localrun-client`, whose one redirect URI is the client's callback on this origin,
matched exactly), PKCE with S256 is required (a code is worth nothing without its verifier), the form carries a
CSRF token that must match a SameSite=Strict cookie set when the form was drawn (another page cannot post a
sign-in), and the moderators' group is offered only when the runner was started with --moderator-sign-in.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import secrets
import time
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from localrun.events import HttpRequest
from localrun.gateway import HttpResponse
from localrun.tokens import AUDIENCE, TokenAuthority

CLIENT_ID = AUDIENCE
"""The runner's own app client: the JWT audience its tokens carry."""

CALLBACK_PATH = "/auth/callback"
"""The client's route that takes the code (the app client's one callback URL)."""

SIGNED_OUT_PATH = "/"
"""Where /logout sends the browser back to (the app client's one sign-out URL)."""

BROWSER_TOKEN_TTL_SECONDS = 3600
"""As Cognito's ID tokens in the template: an hour, then the client refreshes."""

PENDING_SECONDS = 600
"""How long a drawn form and an issued code stay good (wall time, never the game clock)."""

NAME = re.compile(r"[A-Za-z0-9_.-]{1,32}")
VERIFIER = re.compile(r"[A-Za-z0-9._~-]{43,128}")
"""RFC 7636's code_verifier: 43 to 128 unreserved characters."""

CSRF_COOKIE = "localrun_csrf"


@dataclass(frozen=True)
class Request:
    """What an authorization request asked for, kept with the form's CSRF token, then with the code."""

    redirect_uri: str
    state: str
    code_challenge: str
    created: float


@dataclass(frozen=True)
class Grant:
    sub: str
    moderator: bool
    request: Request


class SignInError(ValueError):
    """A request the endpoints refuse: an HTML page (authorize) or an OAuth error (token)."""

    def __init__(self, message: str, error: str = "invalid_request", status: int = 400):
        super().__init__(message)
        self.error = error
        self.status = status


def s256(verifier: str) -> str:
    """PKCE's S256 transform: BASE64URL(SHA256(verifier)) without padding."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _form(request: HttpRequest) -> dict[str, str]:
    media = (request.header("content-type") or "").split(";", 1)[0].strip().lower()
    if media != "application/x-www-form-urlencoded":
        raise SignInError("send the parameters as application/x-www-form-urlencoded", status=415)
    return dict(parse_qsl(request.body.decode("utf-8", "replace"), keep_blank_values=True))


def _cookie(request: HttpRequest, name: str) -> str | None:
    for part in (request.header("cookie") or "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


def _page(status: int, title: str, body: str, extra: tuple[tuple[str, str], ...] = ()) -> HttpResponse:
    document = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
                '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
                f'<body><main><h1>{html.escape(title)}</h1>{body}</main></body></html>')
    headers = (("content-type", "text/html; charset=utf-8"), ("cache-control", "no-store"),
               ("content-security-policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'"),
               *extra)
    return HttpResponse(status, headers, document.encode())


def _json(status: int, payload: dict[str, object]) -> HttpResponse:
    return HttpResponse(status, (("content-type", "application/json"), ("cache-control", "no-store")),
                        json.dumps(payload).encode())


def _redirect(location: str, extra: tuple[tuple[str, str], ...] = ()) -> HttpResponse:
    return HttpResponse(302, (("location", location), ("cache-control", "no-store"), *extra), b"")


class SignIn:
    """The endpoints for one runner: its origin, its token authority, whether moderators may sign in."""

    def __init__(self, authority: TokenAuthority, origin: str, moderator_sign_in: bool = False):
        self.authority = authority
        self.origin = origin
        self.moderator_sign_in = moderator_sign_in
        self.redirect_uri = origin + CALLBACK_PATH
        self.sign_out_uri = origin + SIGNED_OUT_PATH
        self._forms: dict[str, Request] = {}
        self._codes: dict[str, Grant] = {}
        self._refresh: dict[str, tuple[str, bool]] = {}

    def handles(self, path: str) -> bool:
        return path.startswith("/oauth2/") or path == "/logout"

    def handle(self, request: HttpRequest) -> HttpResponse:
        route = (request.method.upper(), request.path)
        try:
            if route == ("GET", "/oauth2/authorize"):
                return self.draw_form(dict(parse_qsl(request.query_string, keep_blank_values=True)))
            if route == ("POST", "/oauth2/authorize"):
                return self.sign_in(request)
            if route == ("POST", "/oauth2/token"):
                return self.token(request)
            if route == ("GET", "/logout"):
                return self.logout(dict(parse_qsl(request.query_string, keep_blank_values=True)))
        except SignInError as refused:
            if request.path == "/oauth2/token":
                return _json(refused.status, {"error": refused.error, "error_description": str(refused)})
            return _page(refused.status, "Sign-in refused", f"<p>{html.escape(str(refused))}</p>")
        return _page(404, "Not found", f"<p>no sign-in route {html.escape(request.method)} "
                                       f"{html.escape(request.path)}</p>")

    # ------------------------------------------------------------------ authorize
    def _client(self, params: dict[str, str]) -> None:
        if params.get("client_id") != CLIENT_ID:
            raise SignInError(f"client_id: this runner knows one client, {CLIENT_ID}", "unauthorized_client")
        if params.get("redirect_uri") != self.redirect_uri:
            raise SignInError(f"redirect_uri: must be exactly {self.redirect_uri}")

    def draw_form(self, params: dict[str, str]) -> HttpResponse:
        self._client(params)
        if params.get("response_type") != "code":
            raise SignInError("response_type: only code (the authorization code grant)", "unsupported_response_type")
        if params.get("code_challenge_method") != "S256":
            raise SignInError("code_challenge_method: PKCE with S256 is required")
        challenge = params.get("code_challenge", "")
        if not re.fullmatch(r"[A-Za-z0-9_-]{43}", challenge):
            raise SignInError("code_challenge: the base64url SHA-256 of a code_verifier (43 characters)")
        self._forget_old()
        csrf = secrets.token_urlsafe(24)
        self._forms[csrf] = Request(self.redirect_uri, params.get("state", ""), challenge, time.monotonic())
        moderator = ('<p><label><input type="checkbox" name="moderator" value="on"> in the moderators group'
                     '</label></p>') if self.moderator_sign_in else ""
        body = ('<form method="post" action="/oauth2/authorize">'
                f'<input type="hidden" name="csrf" value="{csrf}">'
                '<p><label for="name">Sign in as</label> '
                '<input id="name" name="name" required pattern="[A-Za-z0-9_.\\-]{1,32}" autocomplete="username">'
                '</p>' + moderator + '<p><button type="submit">Sign in</button></p></form>'
                '<p>The local runner signs you in under any name: no password.</p>')
        cookie = f"{CSRF_COOKIE}={csrf}; Path=/oauth2/; HttpOnly; SameSite=Strict; Max-Age={PENDING_SECONDS}"
        return _page(200, "Feinthold: sign in (local runner)", body, (("set-cookie", cookie),))

    def sign_in(self, request: HttpRequest) -> HttpResponse:
        origin = request.header("origin")
        if origin is not None and origin != self.origin:
            raise SignInError(f"Origin: the form posts from {self.origin} only", "access_denied", 403)
        form = _form(request)
        csrf = form.get("csrf", "")
        if not csrf or _cookie(request, CSRF_COOKIE) != csrf:
            raise SignInError("csrf: the form's token does not match this browser's; open the sign-in again",
                              "access_denied", 403)
        pending = self._forms.pop(csrf, None)
        if pending is None or time.monotonic() - pending.created > PENDING_SECONDS:
            raise SignInError("csrf: this form was used or has expired; open the sign-in again", "access_denied", 403)
        name = form.get("name", "")
        if not NAME.fullmatch(name):
            raise SignInError("name: 1 to 32 letters, digits, '_', '.' or '-'")
        moderator = form.get("moderator") == "on"
        if moderator and not self.moderator_sign_in:
            raise SignInError("moderator: start the runner with --moderator-sign-in to sign in as a moderator",
                              "access_denied", 403)
        code = secrets.token_urlsafe(32)
        self._codes[code] = Grant(name, moderator, pending)
        query = urlencode({"code": code, "state": pending.state})
        expire = f"{CSRF_COOKIE}=; Path=/oauth2/; HttpOnly; SameSite=Strict; Max-Age=0"
        return _redirect(f"{pending.redirect_uri}?{query}", (("set-cookie", expire),))

    # ------------------------------------------------------------------ token
    def token(self, request: HttpRequest) -> HttpResponse:
        form = _form(request)
        if form.get("client_id") != CLIENT_ID:
            raise SignInError(f"client_id: this runner knows one client, {CLIENT_ID}", "invalid_client", 401)
        grant_type = form.get("grant_type")
        if grant_type == "authorization_code":
            return self._exchange(form)
        if grant_type == "refresh_token":
            held = self._refresh.get(form.get("refresh_token", ""))
            if held is None:
                raise SignInError("refresh_token: not one this runner issued", "invalid_grant")
            sub, moderator = held
            return _json(200, self._tokens(sub, moderator, refresh=None))
        raise SignInError("grant_type: authorization_code or refresh_token", "unsupported_grant_type")

    def _exchange(self, form: dict[str, str]) -> HttpResponse:
        grant = self._codes.pop(form.get("code", ""), None)
        if grant is None or time.monotonic() - grant.request.created > PENDING_SECONDS:
            raise SignInError("code: unknown, used or expired", "invalid_grant")
        if form.get("redirect_uri") != grant.request.redirect_uri:
            raise SignInError("redirect_uri: not the one the code was issued for", "invalid_grant")
        verifier = form.get("code_verifier", "")
        if not VERIFIER.fullmatch(verifier) or s256(verifier) != grant.request.code_challenge:
            raise SignInError("code_verifier: does not match the code_challenge (S256)", "invalid_grant")
        refresh = secrets.token_urlsafe(32)
        self._refresh[refresh] = (grant.sub, grant.moderator)
        return _json(200, self._tokens(grant.sub, grant.moderator, refresh))

    def _tokens(self, sub: str, moderator: bool, refresh: str | None) -> dict[str, object]:
        # The gateway verifies an ID token's audience; the access token is the same token here (Cognito's
        # carries client_id instead, which the cloud's authorizer accepts too). The client sends the ID token.
        token = self.authority.mint(sub, moderator=moderator, ttl_seconds=BROWSER_TOKEN_TTL_SECONDS)
        answer: dict[str, object] = {"id_token": token, "access_token": token, "token_type": "Bearer",
                                     "expires_in": BROWSER_TOKEN_TTL_SECONDS}
        if refresh is not None:
            answer["refresh_token"] = refresh
        return answer

    # ------------------------------------------------------------------ logout
    def logout(self, params: dict[str, str]) -> HttpResponse:
        if params.get("client_id") != CLIENT_ID:
            raise SignInError(f"client_id: this runner knows one client, {CLIENT_ID}")
        if params.get("logout_uri") != self.sign_out_uri:
            raise SignInError(f"logout_uri: must be exactly {self.sign_out_uri}")
        return _redirect(self.sign_out_uri)

    def _forget_old(self) -> None:
        horizon = time.monotonic() - PENDING_SECONDS
        for csrf in [k for k, form in self._forms.items() if form.created < horizon]:
            del self._forms[csrf]
        for code in [k for k, grant in self._codes.items() if grant.request.created < horizon]:
            del self._codes[code]
