"""`python -m localrun [serve options]` runs the backend; `python -m localrun token --sub NAME` mints a token."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from datetime import UTC, datetime
from pathlib import Path

from localrun import tokens


def _instant(text: str) -> datetime:
    when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if when.tzinfo is None:
        raise argparse.ArgumentTypeError("give a timezone, e.g. 2026-01-01T00:00:00Z")
    return when.astimezone(UTC)


def serve_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m localrun",
        description="The backend on 127.0.0.1: API Gateway with local tokens, moto's DynamoDB, the schedules. "
                    "`python -m localrun token --help` mints tokens.",
    )
    parser.add_argument("--port", type=int, default=8080, help="API port (0: any free port)")
    parser.add_argument("--clock", choices=("system", "manual"), default="system",
                        help="manual: a clock moved only through the admin port")
    parser.add_argument("--start", type=_instant, help="where a manual clock starts (ISO 8601, default now)")
    parser.add_argument("--admin-port", type=int, default=8081, help="admin port of --clock manual (0: any)")
    parser.add_argument("--dynamodb-endpoint", help="use this DynamoDB instead of the embedded moto server")
    parser.add_argument("--state-dir", type=Path, default=Path(".localrun"),
                        help="where the token key, the daily salt, the cursor key and runner.json live")
    parser.add_argument("--moderator-sign-in", action="store_true",
                        help="the sign-in form offers the moderators' group (off by default)")
    parser.add_argument("--web-dist", type=Path, help="the built client served at / (default: web/dist)")
    parser.add_argument("--store", choices=("moto", "memory"), default="moto",
                        help="memory: the game table in the in-memory store (load runs); idempotency stays on moto")
    parser.add_argument("--concurrency", type=int, default=8,
                        help="API invocations at once (others wait their turn, as under a reserved concurrency)")
    return parser


def token_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m localrun token",
                                     description="Print a bearer token for the runner using --state-dir.")
    parser.add_argument("--sub", required=True, help="the member (JWT subject)")
    parser.add_argument("--moderator", action="store_true", help="in the moderators group")
    parser.add_argument("--ttl", type=int, default=tokens.DEFAULT_TTL_SECONDS, help="lifetime in seconds")
    parser.add_argument("--state-dir", type=Path, default=Path(".localrun"))
    return parser


def mint(argv: list[str]) -> int:
    args = token_parser().parse_args(argv)
    try:
        authority = tokens.load(args.state_dir)
    except FileNotFoundError:
        print(f"no key in {args.state_dir}: start the runner first (python -m localrun)", file=sys.stderr)
        return 2
    print(authority.mint(args.sub, moderator=args.moderator, ttl_seconds=args.ttl))
    return 0


def serve(argv: list[str]) -> int:
    from localrun.runner import Options, Runner

    args = serve_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="localrun %(name)s %(levelname)s: %(message)s")
    options = Options(port=args.port, admin_port=args.admin_port, clock=args.clock, start=args.start,
                      dynamodb_endpoint=args.dynamodb_endpoint, state_dir=args.state_dir, store=args.store,
                      concurrency=args.concurrency,
                      moderator_sign_in=args.moderator_sign_in, web_dist=args.web_dist)
    # uvicorn hands SIGINT/SIGTERM back to these handlers once it has shut down: the runner then stops
    # its other parts (in serve's finally) and the process exits 0.
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    runner = Runner(options).start()
    print(runner.banner(), flush=True)
    try:
        runner.serve()
    except SystemExit as stopped:
        if stopped.code not in (0, None):
            raise
    return 0


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(0)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["token"]:
        return mint(argv[1:])
    if argv[:1] == ["serve"]:
        argv = argv[1:]
    return serve(argv)


if __name__ == "__main__":
    sys.exit(main())
