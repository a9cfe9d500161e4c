"""The runner's one origin, as CloudFront's in the cloud: /v1/* to the API, the sign-in endpoints, the client.

The client (web/dist, built by `make run`) is served at / with the SPA's fallback to index.html, under the
same response headers as the cloud's distribution (a strict Content-Security-Policy, no framing), so a page
that would break under the cloud's policy breaks here first. /config.json tells the client where to sign in:
here, this origin; in the cloud, `make deploy-web` writes the stack's Cognito domain there.
"""

from __future__ import annotations

import json
import mimetypes
from pathlib import Path

from localrun.events import HttpRequest
from localrun.gateway import Gateway, HttpResponse
from localrun.signin import CLIENT_ID, SignIn

WEB_DIST = Path(__file__).resolve().parents[2] / "web" / "dist"
"""Where `make run` builds the client."""

CONTENT_SECURITY_POLICY = ("default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "
                           "script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
                           "frame-ancestors 'none'")
"""The cloud's policy (template.yaml's WebHeadersPolicy) with this origin as the sign-in domain."""

SECURITY_HEADERS = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
)

_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
          ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml", ".json": "application/json",
          ".png": "image/png", ".ico": "image/x-icon", ".woff2": "font/woff2", ".map": "application/json"}


class Site:
    """Dispatch one request of the runner's origin to the API, the sign-in or the client's files."""

    def __init__(self, gateway: Gateway, signin: SignIn, web_dist: Path = WEB_DIST):
        self.gateway = gateway
        self.signin = signin
        self.web_dist = web_dist.resolve()

    def handle(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/v1/"):
            return self.gateway.handle(request)
        if self.signin.handles(request.path):
            return self.signin.handle(request)
        if request.method.upper() not in ("GET", "HEAD"):
            return HttpResponse(405, (("allow", "GET, HEAD"), *SECURITY_HEADERS), b"")
        if request.path == "/config.json":
            config = {"signIn": {"domain": self.signin.origin, "clientId": CLIENT_ID}}
            return HttpResponse(200, (("content-type", "application/json"), ("cache-control", "no-store"),
                                      *SECURITY_HEADERS), json.dumps(config).encode())
        return self.static(request.path)

    def static(self, path: str) -> HttpResponse:
        index = self.web_dist / "index.html"
        if not index.is_file():
            body = (b"<!doctype html><title>Feinthold</title><p>The web client is not built: run <code>make run</code>"
                    b" (or <code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code>).</p>")
            return HttpResponse(503, (("content-type", "text/html; charset=utf-8"), *SECURITY_HEADERS), body)
        wanted = (self.web_dist / path.lstrip("/")).resolve()
        if wanted.is_file() and wanted.is_relative_to(self.web_dist):
            # Vite names every asset by its content: kept a year; index.html always asked again.
            immutable = wanted.parent.name == "assets"
            cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
            kind = _TYPES.get(wanted.suffix) or mimetypes.guess_type(wanted.name)[0] or "application/octet-stream"
            return HttpResponse(200, (("content-type", kind), ("cache-control", cache), *SECURITY_HEADERS),
                                wanted.read_bytes())
        if path.startswith("/assets/"):
            return HttpResponse(404, (("content-type", "text/plain"), *SECURITY_HEADERS), b"no such asset")
        # The SPA's fallback: every other path is one of the client's routes.
        return HttpResponse(200, (("content-type", "text/html; charset=utf-8"), ("cache-control", "no-cache"),
                                  *SECURITY_HEADERS), index.read_bytes())
