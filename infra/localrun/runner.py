"""One process that plays the cloud on 127.0.0.1: DynamoDB (moto), API Gateway, the schedules, a clock.

Order of start: the store, then the environment the functions read (before any `gameserver` import that
reads settings), the tables, the clock, the token key, the schedules, the admin port, the API server.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from localrun.gateway import Gateway, GatewayApp, LambdaHandler
from localrun.signin import SignIn
from localrun.site import WEB_DIST, Site
from localrun.tokens import TokenAuthority, load_or_create

if TYPE_CHECKING:
    from gameserver.clock import Clock

    from localrun.admin import AdminServer
    from localrun.channel import Sockets, StreamObserver
    from localrun.schedules import Scheduler
    from localrun.store import MotoStore

log = logging.getLogger("localrun")

API_HANDLER = "gameserver.handlers.api.handler"
READY_FILE = "runner.json"
SALT_FILE = "daily-salt"
CURSOR_KEY_FILE = "cursor-key"


@dataclass(frozen=True)
class Options:
    port: int = 8080
    admin_port: int = 8081
    clock: str = "system"
    start: datetime | None = None
    """Where a manual clock starts (default: now, whole seconds)."""
    dynamodb_endpoint: str | None = None
    state_dir: Path = Path(".localrun")
    moderator_sign_in: bool = False
    """Whether the sign-in form offers the moderators' group (off unless asked for)."""
    web_dist: Path | None = None
    """The built client served at / (default: the repository's web/dist)."""
    store: str = "moto"
    """``moto``: every table on the embedded moto server (or ``dynamodb_endpoint``); ``memory``: the game table
    in the application's in-memory store (``storage.memory``), so that a load run measures the service and
    not moto's one request at a time; the idempotency table stays on moto (Powertools writes it)."""
    concurrency: int = 8
    """API invocations at once. Every connection is accepted; the requests beyond this wait in the gateway
    rather than inside a function, whose DynamoDB calls would queue on the one-at-a-time store until the
    client's read timeout. Like a reserved concurrency in front of a slow table."""


def _kept_secret(state_dir: Path, name: str) -> str:
    """A secret made on first start and kept with the state: the Daily Front's salt (a restart draws the same
    days), the cursor key (a page's cursor still opens after a restart)."""
    path = state_dir / name
    if not path.exists():
        path.write_text(secrets.token_hex(16))
        path.chmod(0o600)
    return path.read_text().strip()


def function_environment(endpoint: str, state_dir: Path) -> dict[str, str]:
    """What the template's Globals give the functions, with local values; the developer's own settings win,
    except the endpoints: every AWS service points at the local store (moto serves them all on one port;
    another DynamoDB answers the rest with errors), so nothing the runner starts can reach AWS."""
    forced = {"AWS_ENDPOINT_URL": endpoint, "AWS_ENDPOINT_URL_DYNAMODB": endpoint, "TURN_TIMER_ARN": ""}
    defaults = {
        "AWS_ACCESS_KEY_ID": "localrun",
        "AWS_SECRET_ACCESS_KEY": "localrun",
        "AWS_DEFAULT_REGION": "us-east-1",
        "TABLE_NAME": "feinthold",
        "IDEMPOTENCY_TABLE_NAME": "feinthold-idempotency",
        "EVENTS_TABLE_NAME": "feinthold-events",
        "DAILY_SALT": _kept_secret(state_dir, SALT_FILE),
        "CURSOR_KEY": _kept_secret(state_dir, CURSOR_KEY_FILE),
        "POWERTOOLS_SERVICE_NAME": "gameserver",
        "POWERTOOLS_METRICS_NAMESPACE": "Feinthold",
        "POWERTOOLS_TRACE_DISABLED": "true",
        "POWERTOOLS_LOG_LEVEL": "WARNING",
    }
    return {**defaults, **{k: v for k, v in os.environ.items() if k in defaults}, **forced}


def _bind(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(2048)
    return sock


class Runner:
    """Start with `start()`, serve with `serve()` (blocks until SIGINT/SIGTERM), or `stop()` from a test."""

    def __init__(self, options: Options):
        self.options = options
        self.store: MotoStore | None = None
        self.authority: TokenAuthority | None = None
        self.scheduler: Scheduler | None = None
        self.admin: AdminServer | None = None
        self.clock: Clock | None = None
        self.api_socket: socket.socket | None = None
        self.app: GatewayApp | None = None
        self.sockets: Sockets | None = None
        self.stream: StreamObserver | None = None

    @property
    def api_url(self) -> str:
        assert self.api_socket is not None
        host, port = self.api_socket.getsockname()[:2]
        return f"http://{host}:{port}"

    def start(self) -> Runner:
        options = self.options
        options.state_dir.mkdir(parents=True, exist_ok=True)
        logging.getLogger("botocore").setLevel(logging.WARNING)
        if options.dynamodb_endpoint:
            dynamodb = options.dynamodb_endpoint
        else:
            from localrun.store import MotoStore  # moto is imported only when it is the store

            self.store = MotoStore().start()
            dynamodb = self.store.endpoint
        os.environ.update(function_environment(dynamodb, options.state_dir))

        # Imported only now: the application reads its settings from the environment set above.
        from gameserver import clock as clocks
        from gameserver.aws import reset_clients
        from gameserver.config import get_settings
        from gameserver.storage.dynamodb.tables import create_tables

        from localrun.admin import Admin, AdminServer
        from localrun.schedules import Scheduler

        get_settings.cache_clear()
        reset_clients()
        create_tables()
        if options.store == "memory":
            from gameserver import services
            from gameserver.storage.memory import MemoryStore

            services._storage = MemoryStore()  # the process's store: every handler reaches it through services
        elif options.store != "moto":
            raise ValueError(f"--store must be moto or memory, not {options.store!r}")

        if options.clock == "manual":
            self.clock = clocks.ManualClock(options.start)
        elif options.clock == "system":
            self.clock = clocks.SystemClock()
        else:
            raise ValueError(f"--clock must be system or manual, not {options.clock!r}")
        clocks.set_clock(self.clock)

        self.authority = load_or_create(options.state_dir)
        self.api_socket = _bind(options.port)
        signin = SignIn(self.authority, self.api_url, moderator_sign_in=options.moderator_sign_in)
        site = Site(Gateway(_load(API_HANDLER), self.authority), signin, options.web_dist or WEB_DIST)
        self.app = GatewayApp(site, concurrency=options.concurrency, channel=self._channel())

        self.scheduler = Scheduler(clocks.get_clock().now)
        # Turns that fell due while the runner was down are resolved at once, not a minute later.
        self.scheduler.tick(sweep_now=True)
        self.scheduler.start()

        if isinstance(self.clock, clocks.ManualClock):
            from localrun.seeding import seeded_game_creator

            admin = Admin(self.clock, self.scheduler, self.authority, seeded_game_creator())
            self.admin = AdminServer(admin, port=options.admin_port).start()
        self._write_ready_file()
        return self

    def _channel(self) -> Any:
        """The WebSocket API on the same port (``/ws``) and, with the runner's own store, the stream that feeds
        its fan-out: the same functions as in the cloud, posting to the runner's sockets, checking the runner's
        tokens."""
        from gameserver.channel.auth import Refused
        from gameserver.channel.fanout import FILTER_PATTERN
        from gameserver.config import get_settings
        from gameserver.handlers import channel as handlers

        from localrun.channel import Channel, Sockets, StreamObserver
        from localrun.tokens import TokenRejected

        assert self.authority is not None
        authority = self.authority

        def verify(token: str) -> dict[str, Any]:
            try:
                return authority.verify(token)
            except TokenRejected as rejected:
                raise Refused(str(rejected)) from None

        self.sockets = Sockets()
        handlers.install(self.sockets, verify)
        if self.store is not None:
            self.stream = StreamObserver(get_settings().events_table_name, handlers.fanout, FILTER_PATTERN).start()
        sockets = self.sockets
        return lambda app: Channel(handlers, sockets, app.invoke)

    def _write_ready_file(self) -> None:
        ready = {
            "pid": os.getpid(),
            "api": self.api_url,
            "web": self.api_url + "/",
            "admin": self.admin.url if self.admin else None,
            "dynamodb": os.environ["AWS_ENDPOINT_URL_DYNAMODB"],
            "clock": self.options.clock,
            "channel": self.api_url.replace("http://", "ws://") + "/ws",
        }
        path = self.options.state_dir / READY_FILE
        partial = path.with_suffix(".tmp")
        partial.write_text(json.dumps(ready))
        partial.replace(path)

    def banner(self) -> str:
        state = self.options.state_dir
        clock_now = self.clock.now().isoformat() if self.clock else "?"
        mint = f"{sys.executable} -m localrun token --state-dir {state} --sub alice [--moderator]"
        lines = [
            f"localrun: client    {self.api_url}/   (sign in as any name"
            + (", moderators too" if self.options.moderator_sign_in else "") + ")",
            f"localrun: API       {self.api_url}   (every route needs 'Authorization: Bearer <token>')",
            f"localrun: token     {mint}",
            f"localrun: channel   {self.api_url.replace('http://', 'ws://')}/ws   (WebSocket; subprotocols "
            "feinthold.v1 and bearer.<token>)",
            f"localrun: DynamoDB  {os.environ['AWS_ENDPOINT_URL_DYNAMODB']}"
            + ("   (moto, one request at a time)" if self.store else "")
            + ("; the game table in memory" if self.options.store == "memory" else ""),
            f"localrun: clock     {self.options.clock}, now {clock_now}",
        ]
        if self.admin:
            lines.append(f"localrun: admin     {self.admin.url}   (GET /clock, POST /clock/advance, /clock/set, "
                         "/tokens, /games)")
            lines.append(f"localrun: e.g.      curl -s -X POST {self.admin.url}/tokens "
                         "-H 'content-type: application/json' -d '{\"sub\": \"alice\"}'")
            lines.append("localrun:           (no credentials; loopback only; refuses an Origin header or a body "
                         "not sent as JSON)")
        return "\n".join(lines)

    def serve(self) -> None:
        """Serve the API with uvicorn until interrupted, then stop everything else."""
        import uvicorn

        assert self.app is not None and self.api_socket is not None
        config = uvicorn.Config(self.app, log_level="warning", access_log=False, lifespan="on",
                                timeout_keep_alive=30)
        try:
            uvicorn.Server(config).run(sockets=[self.api_socket])
        finally:
            self.stop()

    def stop(self) -> None:
        (self.options.state_dir / READY_FILE).unlink(missing_ok=True)
        if self.scheduler is not None:
            self.scheduler.stop()
        if self.stream is not None:
            self.stream.stop()
        if self.admin is not None:
            self.admin.stop()
        if self.store is not None:
            self.store.stop()
        if self.api_socket is not None:
            self.api_socket.close()


def _load(dotted: str) -> LambdaHandler:
    import importlib

    module_name, _, attribute = dotted.rpartition(".")
    return getattr(importlib.import_module(module_name), attribute)
