"""The local DynamoDB: moto's server on loopback, one request at a time.

moto is not safe under concurrent transactions (it can lose writes and answer 500), so every request to
it passes one lock, taken around the whole WSGI call. The lock sits in the server rather than in our
clients, so it holds whoever talks to the store: the API threads, the due loop, a benchmark, a shell.
Its transactions back up only the items they name (localrun.transactions): they cost the same whatever
the table holds.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from typing import Any

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import BaseWSGIServer, make_server

from localrun import transactions

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class OneAtATime:
    """WSGI middleware that serves one request at a time, body included."""

    def __init__(self, app: WsgiApp):
        self.app = app
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        with self.lock:
            result = self.app(environ, start_response)
            try:
                # Read the whole answer inside the lock: moto builds some bodies lazily.
                return list(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()


class MotoStore:
    """moto's server (every service it knows, DynamoDB among them) on 127.0.0.1, serialised."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        self.host = host
        self.port = port
        self._server: BaseWSGIServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def endpoint(self) -> str:
        if self._server is None:
            raise RuntimeError("the store is not started")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> MotoStore:
        # moto's request handler logs every request through werkzeug's logger at INFO.
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        transactions.install()
        app = OneAtATime(DomainDispatcherApplication(create_backend_app))
        self._server = make_server(self.host, self.port, app, threaded=True, request_handler=MotoRequestHandler)
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.1}, name="moto", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None
