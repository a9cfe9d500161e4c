"""The runner's gateway over real HTTP (uvicorn on a loopback port) in front of a stand-in API function."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from localrun import tokens
from localrun.gateway import Gateway, GatewayApp, lambda_response
from localrun.tokens import TokenAuthority
from localrun_standin import Recorder


class Served:
    def __init__(self, handler, authority: TokenAuthority):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(512)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(GatewayApp(Gateway(handler, authority)), log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve(sockets=[self.sock])))

    def __enter__(self) -> Served:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.01)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


@pytest.fixture(scope="module")
def authority() -> TokenAuthority:
    return TokenAuthority(tokens.generate_key())


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def served(recorder, authority) -> Iterator[Served]:
    with Served(recorder, authority) as running:
        yield running


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_no_token_is_answered_401_by_the_gateway_and_the_function_never_runs(served, recorder):
    answer = httpx.get(served.url + "/v1/me")
    assert answer.status_code == 401
    assert answer.json() == {"message": "Unauthorized"}
    assert 'error="invalid_token"' in answer.headers["www-authenticate"]
    assert recorder.events == []


@pytest.mark.parametrize("header", ["Basic YWxpY2U6cHc=", "Bearer", "Bearer not.a.jwt"])
def test_malformed_authorization_is_401(served, recorder, header):
    assert httpx.get(served.url + "/v1/me", headers={"Authorization": header}).status_code == 401
    assert recorder.events == []


def test_a_token_from_another_key_is_401(served, recorder):
    stranger = TokenAuthority(tokens.generate_key())
    assert httpx.get(served.url + "/v1/me", headers=bearer(stranger.mint("alice"))).status_code == 401
    assert recorder.events == []


def test_a_good_token_reaches_the_function_with_its_claims(served, recorder, authority):
    answer = httpx.post(served.url + "/v1/feinthold/games?x=1", json={"house_ai": "ram"},
                        headers=bearer(authority.mint("alice", moderator=True)))
    assert answer.status_code == 200
    echoed = answer.json()
    assert echoed["method"] == "POST" and echoed["path"] == "/v1/feinthold/games" and echoed["query"] == "x=1"
    assert echoed["body"] == '{"house_ai":"ram"}'
    assert echoed["claims"]["sub"] == "alice" and echoed["claims"]["cognito:groups"] == "[moderators]"
    assert 0 < echoed["remaining_ms"] <= 29_000
    assert answer.headers.get_list("set-cookie") == ["a=1", "b=2"]
    (event,) = recorder.events
    assert event["requestContext"]["http"]["sourceIp"] == "127.0.0.1"


def test_the_functions_status_passes_through(served, authority):
    assert httpx.get(served.url + "/teapot", headers=bearer(authority.mint("alice"))).status_code == 418


def test_a_function_that_raises_is_a_500_like_lambda_errors_behind_api_gateway(authority):
    def broken(event, context):
        raise RuntimeError("boom")

    with Served(broken, authority) as running:
        answer = httpx.get(running.url + "/v1/me", headers=bearer(authority.mint("alice")))
    assert answer.status_code == 500 and answer.json() == {"message": "Internal Server Error"}


def test_results_without_status_are_200_json():
    response = lambda_response({"hello": "world"})
    assert response.status == 200 and response.body == b'{"hello": "world"}'
    encoded = lambda_response({"statusCode": 201, "body": "aGk=", "isBase64Encoded": True})
    assert encoded.status == 201 and encoded.body == b"hi"


def test_sixty_clients_are_served_at_once(authority):
    recorder = Recorder(delay=0.3)
    token = authority.mint("alice")

    async def crowd(url: str) -> list[int]:
        limits = httpx.Limits(max_connections=100)
        async with httpx.AsyncClient(base_url=url, headers=bearer(token), limits=limits, timeout=20) as client:
            answers = await asyncio.gather(*(client.get(f"/v1/me?n={n}") for n in range(60)))
        return [a.status_code for a in answers]

    # A loop of its own, not asyncio.run(): that would unset this thread's current loop for later tests.
    loop = asyncio.new_event_loop()
    try:
        with Served(recorder, authority) as running:
            statuses = loop.run_until_complete(crowd(running.url))
    finally:
        loop.close()
    assert statuses == [200] * 60
    # Concurrency is proven by how many invocations overlapped, not by a wall-clock bound a busy machine can break.
    assert recorder.most_at_once >= 30


def test_preflights_are_answered_by_the_gateway_without_a_token(served, recorder):
    answer = httpx.options(served.url + "/v1/me", headers={"Origin": "http://localhost:3000",
                                                           "Access-Control-Request-Method": "PUT"})
    assert answer.status_code == 204
    assert answer.headers["access-control-allow-origin"] == "*"
    assert "idempotency-key" in answer.headers["access-control-allow-headers"]
    assert recorder.events == []


def test_answers_to_a_browser_carry_the_allowed_origin(served, authority):
    answer = httpx.get(served.url + "/v1/me", headers={**bearer(authority.mint("alice")), "Origin": "http://x"})
    assert answer.headers["access-control-allow-origin"] == "*"


def test_the_root_matches_no_route(served, recorder, authority):
    answer = httpx.get(served.url + "/", headers=bearer(authority.mint("alice")))
    assert answer.status_code == 404 and answer.json() == {"message": "Not Found"}
    assert recorder.events == []


def test_a_body_past_the_gateways_own_payload_bound_is_413_and_the_function_never_runs(served, recorder, authority):
    from localrun.gateway import GATEWAY_MAX_PAYLOAD

    def stream():  # sent in pieces with no Content-Length, so only the bytes counted can stop it
        piece = b"x" * (1024 * 1024)
        for _ in range(GATEWAY_MAX_PAYLOAD // len(piece) + 2):
            yield piece

    answer = httpx.post(served.url + "/v1/me", headers=bearer(authority.mint("alice")), content=stream())
    assert answer.status_code == 413
    assert answer.json() == {"message": "Request Entity Too Large"}
    assert recorder.events == []
