"""Authorization before validation: on a moderators' route a member gets 403 ``moderators_only`` whatever they
send (no body, a body that breaks the schema, one that is not JSON, a path parameter of the wrong form), and
only a moderator's malformed request is told what is wrong with it."""

from __future__ import annotations

import pytest
from gameserver.identity import Caller
from gateway import call

MODERATOR = Caller(sub="mod-sub", groups=frozenset({"moderators"}), username="mod")

ROUTES = [
    ("POST", "/v1/moderation/marks/ann-sub/{mark}/close"),
    ("POST", "/v1/feinthold/daily/{day}/results/ann-sub/remove"),
    ("GET", "/v1/moderation/marks"),
]
SENT = {
    "nothing": {},
    "a body that breaks the schema": {"body": {"why": "", "extra": 1}},
    "a body that is not JSON": {"raw_body": "{not json"},
    "a path parameter of the wrong form": {"mark": "not-a-mark-id", "day": "yesterday"},
    "a query parameter of the wrong form": {"query": "?status=sideways&limit=0"},
}


def request(method: str, template: str, sent: dict) -> tuple[str, str, dict]:
    path = template.format(mark=sent.get("mark", "0" * 20), day=sent.get("day", "2026-03-02")) + sent.get("query", "")
    return method, path, {k: v for k, v in sent.items() if k in ("body", "raw_body")}


@pytest.mark.parametrize("what", sorted(SENT))
@pytest.mark.parametrize(("method", "template"), ROUTES)
def test_a_member_is_refused_before_anything_they_sent_is_read(aws, clock, alice, method, template, what):
    method, path, body = request(method, template, SENT[what])
    status, answer = call(method, path, alice, **body)
    assert (status, answer["error"]["code"]) == (403, "moderators_only"), answer
    assert "field" not in answer["error"]


@pytest.mark.parametrize("what", ["a body that breaks the schema", "a body that is not JSON",
                                  "a path parameter of the wrong form"])
def test_a_moderator_is_told_what_is_wrong_with_the_request(aws, clock, what):
    method, path, body = request(*ROUTES[0], SENT[what])
    status, answer = call(method, path, MODERATOR, **body)
    assert status in (400, 422) and answer["error"]["code"] in ("invalid", "malformed_json"), answer
    assert answer["error"]["field"]


def test_without_claims_a_moderators_route_is_a_401(aws, clock):
    status, answer = call("POST", "/v1/moderation/marks/ann-sub/" + "0" * 20 + "/close", None, body={"why": "x"})
    assert (status, answer["error"]["code"]) == (401, "unauthenticated")
