"""The runner's admin port over HTTP: no credentials by design, on loopback only, and closed to web pages. A
request with an ``Origin`` header is a 403 and one whose body is not declared JSON a 415, before it is read:
a page in the developer's browser can neither move the clock nor mint a moderator's token."""

from __future__ import annotations

import httpx
import pytest
from localrun_process import LocalRunner

pytestmark = pytest.mark.http

PAGE = "http://evil.example"
MINT = {"sub": "mallory", "moderator": True}


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/tokens", MINT),
    ("POST", "/clock/advance", {"seconds": 86400}),
    ("POST", "/clock/set", {"now": "2030-01-01T00:00:00Z"}),
    ("GET", "/clock", None),
])
def test_a_request_from_a_web_page_is_refused_and_changes_nothing(runner: LocalRunner, method, path, body):
    before = runner.now()
    for origin in (PAGE, "null", "http://127.0.0.1:8081"):
        answer = httpx.request(method, runner.admin + path, json=body, headers={"Origin": origin}, timeout=30)
        assert answer.status_code == 403, answer.text
        assert answer.json()["error"]["field"] == "Origin" and "token" not in answer.json()
    assert runner.now() == before


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/jsonp"])
def test_a_body_not_declared_json_is_refused_and_changes_nothing(runner: LocalRunner, content_type):
    before = runner.now()
    headers = {} if content_type is None else {"Content-Type": content_type}
    for path, body in (("/tokens", b'{"sub": "mallory", "moderator": true}'), ("/clock/advance", b'{"seconds": 60}')):
        answer = httpx.post(runner.admin + path, content=body, headers=headers, timeout=30)
        assert answer.status_code == 415, answer.text
        assert answer.json()["error"]["field"] == "Content-Type" and "token" not in answer.json()
    assert runner.now() == before


def test_json_without_an_origin_is_served(runner: LocalRunner):
    token = httpx.post(runner.admin + "/tokens", json={"sub": "dev"},
                       headers={"Content-Type": "application/json; charset=utf-8"}, timeout=30)
    assert token.status_code == 200 and token.json()["token"].count(".") == 2
    assert httpx.get(runner.admin + "/clock", timeout=30).status_code == 200


def test_the_admin_port_listens_on_loopback_only(runner: LocalRunner):
    assert runner.admin.startswith("http://127.0.0.1:")
