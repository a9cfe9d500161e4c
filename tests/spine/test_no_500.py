"""Whatever a client sends, a mistake is a 4xx in the one error shape, never a 500."""

from __future__ import annotations

import json

import pytest
from gateway import call
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["hq-s", "hq-n", "c", "r-s", "p-w", "move", "reinforce", "scout", "units", "decoys"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["orders", "move", "reinforce", "entrench", "scout", "predict", "at", "from", "to", "units",
                         "decoys", "house_ai", "pace", "side", "layout", "invitee", "x"]), inner, max_size=4),
    max_leaves=12,
)


@pytest.fixture
def game(aws, clock, alice):
    status, answer = call("POST", "/v1/feinthold/games", alice, {"house_ai": "sentinel", "pace": "1d"})
    assert status == 201
    return answer


def _assert_client_error_or_success(status: int, body: object) -> None:
    assert status < 500, body
    if status >= 400:
        assert isinstance(body, dict) and set(body) == {"error"} and body["error"]["code"] and body["error"]["message"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON)
def test_any_orders_body_is_answered_without_a_server_error(game, alice, body):
    status, answer = call("PUT", f"/v1/feinthold/games/{game['game_id']}/turns/{game['turn']}/orders", alice,
                          raw_body=json.dumps(body))
    _assert_client_error_or_success(status, answer)
    if status == 200:
        game.update(answer["game"])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON, path=st.sampled_from(["/v1/feinthold/games", "/v1/feinthold/invitations"]))
def test_any_creation_body_is_answered_without_a_server_error(aws, clock, alice, body, path):
    status, answer = call("POST", path, alice, raw_body=json.dumps(body))
    _assert_client_error_or_success(status, answer)


FRONT1901_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["pact", "support", "split", "alliance", "dmz", "demand", "FRANCE", "GERMANY", "BEL",
                       "A PAR - BUR", "F BRE - XYZ", "A MUN S A PAR - BUR", "easy", "full"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["orders", "to", "proposal", "kind", "order", "mine", "yours", "against", "around",
                         "provinces", "message_id", "accept", "agreement_id", "power", "level", "length", "x"]),
        inner, max_size=4),
    max_leaves=12,
)


@pytest.fixture
def front1901_game(aws, clock, alice):
    status, answer = call("POST", "/v1/front1901/games", alice, {"power": "FRANCE", "level": "easy"})
    assert status == 201
    return answer


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=FRONT1901_JSON, action=st.sampled_from(["orders", "proposals", "replies", "cancellations", "draft"]))
def test_any_front1901_body_is_answered_without_a_server_error(front1901_game, alice, body, action):
    method = "PUT" if action in ("orders", "draft") else "POST"
    status, answer = call(method, f"/v1/front1901/games/{front1901_game['game_id']}/phases/"
                          f"{front1901_game['view']['phase']}/{action}", alice, raw_body=json.dumps(body))
    _assert_client_error_or_success(status, answer)
    if status == 200 and action == "orders":
        front1901_game.update(answer["game"])
    created, started = call("POST", "/v1/front1901/games", alice, raw_body=json.dumps(body))
    _assert_client_error_or_success(created, started)
