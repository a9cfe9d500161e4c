"""The admin endpoint of `--clock manual`: a separate loopback port, never part of the Lambda app or its OpenAPI.

    GET  /clock                       -> {"now": iso}
    POST /clock/advance {"seconds": n} -> moves the clock, runs the due loop once, then answers
    POST /clock/set {"now": iso}       -> sets the clock (forward or back), runs the due loop once
    POST /tokens {"sub", "moderator"}  -> {"token": jwt}
    POST /games {...}                  -> a game created from a seed (see localrun.seeding)

The port has no credentials by design and listens on loopback only: anything on the developer's machine may
call it, as it may read the state folder. What it must keep out is a web page open in the developer's browser,
which can reach loopback too. A browser marks every cross-origin request with ``Origin`` (and every POST, even
a same-origin one after a DNS rebinding), and can send a JSON body to another origin only after a CORS
preflight this port never answers; so a request with an ``Origin`` header is refused (403), and so is one
whose body is not declared ``application/json`` (415), which is all a page's form or no-preflight fetch can
send. curl, httpx and the tests send neither.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from gameserver.clock import ManualClock, iso
from gameserver.errors import DomainError

from localrun.schedules import Scheduler
from localrun.tokens import TokenAuthority

log = logging.getLogger("localrun.admin")


class AdminError(ValueError):
    """A bad admin request: answered 400 with the field at fault."""

    def __init__(self, message: str, field: str | None = None, status: int = 400):
        super().__init__(message)
        self.field = field
        self.status = status


Route = Callable[[dict[str, Any]], tuple[int, dict[str, Any]]]

JSON = "application/json"


def refusal(method: str, origin: str | None, content_type: str | None) -> tuple[int, dict[str, Any]] | None:
    """Why the port refuses a request before reading it (a web page's), or None: 403 for an ``Origin``
    header, 415 for a content type other than JSON, or for a POST that declares none."""
    if origin is not None:
        return 403, {"error": {"code": "forbidden", "field": "Origin", "message":
                               "the admin port refuses requests from web pages (they carry an Origin header)"}}
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if (content_type is not None or method == "POST") and media != JSON:
        return 415, {"error": {"code": "unsupported_media_type", "field": "Content-Type",
                               "message": f"the admin port takes {JSON} bodies only (send Content-Type: {JSON})"}}
    return None


def parse_instant(text: Any, field: str) -> datetime:
    """An ISO 8601 instant with a timezone (`Z` accepted)."""
    if not isinstance(text, str):
        raise AdminError(f"{field} must be an ISO 8601 string such as 2026-01-01T00:00:00Z", field)
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as error:
        raise AdminError(f"{field}: {error}", field) from error
    if when.tzinfo is None:
        raise AdminError(f"{field} must carry a timezone (end it with Z)", field)
    return when.astimezone(UTC)


class Admin:
    """The admin routes, as plain functions of a JSON body (the HTTP layer is below)."""

    def __init__(self, clock: ManualClock, scheduler: Scheduler, authority: TokenAuthority,
                 create_game: Callable[[dict[str, Any]], dict[str, Any]] | None = None):
        self.clock = clock
        self.scheduler = scheduler
        self.authority = authority
        self.create_game = create_game
        self.routes: dict[tuple[str, str], Route] = {
            ("GET", "/clock"): self.get_clock,
            ("POST", "/clock/advance"): self.advance,
            ("POST", "/clock/set"): self.set,
            ("POST", "/tokens"): self.token,
            ("POST", "/games"): self.game,
        }

    def get_clock(self, _body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        return 200, {"now": iso(self.clock.now())}

    def _moved(self) -> tuple[int, dict[str, Any]]:
        firings = self.scheduler.tick(sweep_now=True)
        return 200, {"now": iso(self.clock.now()), "firings": [f.to_json() for f in firings]}

    def advance(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        seconds = body.get("seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
            raise AdminError("seconds must be a number >= 0", "seconds")
        self.clock.advance(seconds)
        return self._moved()

    def set(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.clock.set(parse_instant(body.get("now"), "now"))
        return self._moved()

    def token(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        sub = body.get("sub")
        if not isinstance(sub, str) or not sub:
            raise AdminError("sub must be a non-empty string", "sub")
        moderator = body.get("moderator", False)
        if not isinstance(moderator, bool):
            raise AdminError("moderator must be true or false", "moderator")
        return 200, {"token": self.authority.mint(sub, moderator=moderator)}

    def game(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if self.create_game is None:
            raise AdminError("seeded games need the application's domain, which is not installed", status=404)
        return 201, self.create_game(body)

    def dispatch(self, method: str, path: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        route = self.routes.get((method, path.split("?", 1)[0]))
        if route is None:
            return 404, {"error": {"code": "not_found", "message": f"no admin route {method} {path}"}}
        try:
            body = json.loads(raw) if raw else {}
            if not isinstance(body, dict):
                raise AdminError("the body must be a JSON object")
            return route(body)
        except json.JSONDecodeError as error:
            return 400, {"error": {"code": "bad_json", "message": f"the body is not JSON: {error}"}}
        except AdminError as error:
            payload: dict[str, Any] = {"code": "bad_request", "message": str(error)}
            if error.field:
                payload["field"] = error.field
            return error.status, {"error": payload}
        except DomainError as error:
            payload = {"code": error.code, "message": error.message}
            payload.update({k: v for k, v in (("field", error.field), ("rule", error.rule)) if v})
            return error.status, {"error": payload}
        except ValueError as error:
            return 400, {"error": {"code": "bad_request", "message": str(error)}}
        except Exception as error:
            log.exception("admin %s %s failed", method, path)
            return 500, {"error": {"code": "internal", "message": f"{type(error).__name__}: {error}"}}


class AdminServer:
    """Admin on its own ThreadingHTTPServer: low traffic, kept apart from the API's server."""

    def __init__(self, admin: Admin, host: str = "127.0.0.1", port: int = 0):
        admin_routes = admin

        class RequestHandler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _answer(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                refused = refusal(self.command, self.headers.get("origin"), self.headers.get("content-type"))
                status, payload = refused or admin_routes.dispatch(self.command, self.path, raw)
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = _answer
            do_POST = _answer

            def log_message(self, format: str, *args: Any) -> None:
                log.debug(format, *args)

        self.server = ThreadingHTTPServer((host, port), RequestHandler)
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.1,), name="admin", daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> AdminServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(timeout=5)
