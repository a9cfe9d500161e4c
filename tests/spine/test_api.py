"""The HTTP API through its Lambda handler, with API Gateway's HTTP API events (payload 2.0), against moto."""

from __future__ import annotations

import asyncio
import random

import pytest
from gameserver.clock import iso
from gameserver.identity import Caller
from gateway import call
from players import orders_for


def _orders_path(game_id: str, turn: int) -> str:
    return f"/v1/feinthold/games/{game_id}/turns/{turn}/orders"


def _new_game(caller: Caller, **body) -> dict:
    status, game = call("POST", "/v1/feinthold/games", caller, {"house_ai": "pivot", "pace": "1d", **body})
    assert status == 201, game
    return game


def test_a_profile_is_made_on_the_first_call_with_its_grant(aws, clock, alice):
    status, me = call("GET", "/v1/me", alice)
    assert status == 200 and me["sub"] == alice.sub and me["credits"] == 100
    assert call("GET", "/v1/me", alice) == (200, me)


def test_requests_are_served_after_asyncio_run_unset_the_threads_loop(aws, clock, alice):
    """asyncio.run() on the handler's thread closes and unsets its event loop (Mangum's); requests go on."""
    assert call("GET", "/v1/me", alice)[0] == 200  # the handler is imported and its adapters made

    async def elsewhere() -> None:
        await asyncio.sleep(0)

    asyncio.run(elsewhere())
    assert call("GET", "/v1/me", alice)[0] == 200
    assert call("GET", "/v1/credits", alice)[0] == 200  # the app with every route, made after the loop was gone


def test_no_claims_no_service(aws, clock):
    status, body = call("GET", "/v1/me", None)
    assert status == 401 and body["error"]["code"] == "unauthenticated"


def test_a_house_game_is_played_over_http(aws, clock, alice):
    game = _new_game(alice, side="north", layout="star-1")
    assert (game["side"], game["view"]["layout"]["id"], game["turn"]) == ("north", "star-1", 1)
    status, listed = call("GET", "/v1/feinthold/games", alice)
    assert status == 200 and [g["game_id"] for g in listed["games"]] == [game["game_id"]]
    status, again = call("GET", f"/v1/feinthold/games/{game['game_id']}", alice)
    # A view read says the server's clock (a deadline counts down from it); the rest is the game as created.
    assert status == 200 and again.pop("now") == iso(clock.now()) and again == game
    status, answer = call(
        "PUT", _orders_path(game["game_id"], 1), alice, {"orders": orders_for(game, random.Random(1))},
        headers={"X-Device-Id": "phone-1"},
    )
    assert status == 200 and answer["resolved"] and answer["game"]["turn"] == 2
    status, closed = call("GET", f"/v1/feinthold/games/{game['game_id']}/record", alice)
    assert status == 409 and closed["error"]["code"] == "in_play"


def test_a_replayed_submission_applies_once(aws, clock, alice, bob):
    call("GET", "/v1/me", bob)
    status, invitation = call(
        "POST", "/v1/feinthold/invitations", alice, {"invitee": bob.sub, "pace": "1d", "side": "south"}
    )
    assert status == 201
    status, game = call("POST", f"/v1/feinthold/invitations/{invitation['invitation_id']}/accept", bob)
    assert status == 201
    path = _orders_path(game["game_id"], 1)
    body = {"orders": [{"reinforce": {"at": "hq-s", "units": 1}}]}
    key = {"Idempotency-Key": "turn-1-first"}
    first = call("PUT", path, alice, body, headers=key)
    assert first[0] == 200 and first[1]["submission"] == 1
    assert call("PUT", path, alice, body, headers=key) == first
    # The replay counted toward no cap: the next real submission is the second.
    status, second = call("PUT", path, alice, {"orders": []}, headers={"Idempotency-Key": "turn-1-second"})
    assert status == 200 and second["submission"] == 2
    status, reused = call("PUT", path, alice, {"orders": []}, headers=key)
    assert status == 422 and reused["error"]["field"] == "Idempotency-Key"
    # The key is scoped to the member: the same key from the other player is a different call.
    status, theirs = call("PUT", path, bob, {"orders": []}, headers=key)
    assert status == 200 and theirs["resolved"]


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"house_ai": "hal", "pace": "1d"}, 422, "house_ai"),
        ({"house_ai": "ram"}, 422, "pace"),
        ({"house_ai": "ram", "pace": "1d", "side": "east"}, 422, "side"),
        ({"house_ai": "ram", "pace": "1d", "layout": "moon-9"}, 422, "layout"),
        ({"house_ai": "ram", "pace": "1d", "seed": 4}, 422, "seed"),
        ({"house_ai": "ram", "pace": "blitz"}, 422, "pace"),
        ({"house_ai": "ram", "pace": "12h"}, 422, "pace"),
    ],
)
def test_a_bad_new_game_names_the_field(aws, clock, alice, body, status, field):
    got, answer = call("POST", "/v1/feinthold/games", alice, body)
    assert (got, answer["error"]["field"]) == (status, field)


def test_bad_orders_name_the_order_and_the_rule(aws, clock, alice):
    game = _new_game(alice, side="south")
    path = _orders_path(game["game_id"], 1)
    status, answer = call("PUT", path, alice, {"orders": [{"scout": {"at": "c"}}, {"reinforce": {"at": "p-w", "units": 1}}]})
    assert status == 422 and answer["error"]["field"] == "orders[1]" and answer["error"]["rule"]
    status, answer = call("PUT", path, alice, {"orders": "hold"})
    assert status == 422 and answer["error"]["field"] == "orders"
    status, answer = call("PUT", path, alice, None, raw_body="{not json")
    assert status == 400 and answer["error"]["code"] == "malformed_json"
    status, answer = call("PUT", _orders_path(game["game_id"], 9), alice, {"orders": []})
    assert status == 422 and answer["error"]["field"] == "turn"
    status, answer = call("PUT", _orders_path(game["game_id"], 2), alice, {"orders": []})
    assert status == 409 and answer["error"]["code"] == "turn_closed"
    status, answer = call("GET", "/v1/feinthold/games?cursor=%25%25", alice)
    assert status == 400 and answer["error"]["field"] == "cursor"


def test_a_body_over_256_kb_is_refused_on_its_length_before_it_is_read(aws, clock, alice):
    game = _new_game(alice)
    path = _orders_path(game["game_id"], 1)
    # Not JSON at all: a 413, not a 400, so the length was checked before any decoding.
    status, answer = call("PUT", path, alice, None, raw_body="{" * (256 * 1024 + 1))
    assert (status, answer["error"]["code"], answer["error"]["field"]) == (413, "payload_too_large", "body")
    padded = '{"orders": []}' + " " * (256 * 1024 - len('{"orders": []}'))
    assert call("PUT", path, alice, None, raw_body=padded + " ")[0] == 413
    assert call("GET", f"/v1/feinthold/games/{game['game_id']}", alice)[1]["turn"] == 1
    status, answer = call("PUT", path, alice, None, raw_body=padded)
    assert status == 200 and answer["resolved"] and answer["game"]["turn"] == 2


@pytest.mark.parametrize(
    ("order", "field", "says"),
    [
        ({"hold": {"at": "c"}}, "orders[0]", "one key, its kind: reinforce, move, entrench, scout, predict"),
        ({"scout": {"at": "c"}, "predict": {"at": "c"}}, "orders[0]", "one key, its kind"),
        ({"move": {"from": "hq-s", "to": "c", "units": 2.5}}, "orders[0].move.units", "valid integer"),
        ({"move": {"from": "hq-s", "to": "c", "units": "2"}}, "orders[0].move.units", "valid integer"),
        ({"move": {"from": "hq-s", "to": "moon"}}, "orders[0].move.to", "'hq-s', 'hq-n', 'c'"),
        ({"move": {"from": "hq-s", "to": "c", "units": -1}}, "orders[0].move.units", "greater than or equal to 0"),
        ({"scout": {"at": "c", "units": 1}}, "orders[0].scout.units", "not permitted"),
        ({"entrench": {}}, "orders[0].entrench.at", "required"),
    ],
)
def test_orders_that_break_their_schema_name_the_field(aws, clock, alice, order, field, says):
    game = _new_game(alice, side="south")
    status, answer = call("PUT", _orders_path(game["game_id"], 1), alice, {"orders": [order]})
    assert (status, answer["error"]["code"], answer["error"]["field"]) == (422, "invalid", field), answer
    assert says in answer["error"]["message"]


def test_a_game_is_private_to_its_players(aws, clock, alice, bob):
    game = _new_game(alice)
    for method, path, body in [
        ("GET", f"/v1/feinthold/games/{game['game_id']}", None),
        ("GET", f"/v1/feinthold/games/{game['game_id']}/record", None),
        ("PUT", _orders_path(game["game_id"], 1), {"orders": []}),
    ]:
        status, answer = call(method, path, bob, body)
        assert status == 404 and answer["error"]["code"] == "not_found"
    status, answer = call("GET", "/v1/feinthold/games/nothing-like-an-id", alice)
    assert status == 422 and answer["error"]["field"] == "game_id"


def test_invitations_are_answered_once_by_the_invitee(aws, clock, alice, bob):
    status, answer = call("POST", "/v1/feinthold/invitations", alice, {"invitee": bob.sub, "pace": "2d"})
    assert status == 404 and answer["error"]["field"] == "invitee"
    call("GET", "/v1/me", bob)
    status, answer = call("POST", "/v1/feinthold/invitations", alice, {"invitee": alice.sub, "pace": "2d"})
    assert status == 422 and answer["error"]["field"] == "invitee"
    _, first = call("POST", "/v1/feinthold/invitations", alice, {"invitee": bob.sub, "pace": "2d", "side": "north"})
    _, second = call("POST", "/v1/feinthold/invitations", alice, {"invitee": bob.sub, "pace": "1d"})
    status, listed = call("GET", "/v1/feinthold/invitations", bob)
    assert status == 200 and {i["invitation_id"] for i in listed["received"]} == {
        first["invitation_id"], second["invitation_id"]
    }
    status, answer = call("POST", f"/v1/feinthold/invitations/{first['invitation_id']}/accept", alice)
    assert status == 403
    status, game = call("POST", f"/v1/feinthold/invitations/{first['invitation_id']}/accept", bob)
    assert status == 201 and game["side"] == "south" and game["mode"] == "friendly" and game["pace"] == "2d"
    status, answer = call("POST", f"/v1/feinthold/invitations/{first['invitation_id']}/decline", bob)
    assert status == 409 and answer["error"]["code"] == "invitation_answered"
    status, declined = call("POST", f"/v1/feinthold/invitations/{second['invitation_id']}/decline", bob)
    assert status == 200 and declined["status"] == "declined"
    _, listed = call("GET", "/v1/feinthold/invitations", bob)
    assert listed["received"] == []
    _, sent = call("GET", "/v1/feinthold/invitations", alice)
    assert {i["status"] for i in sent["sent"]} == {"accepted", "declined"}
    _, alices = call("GET", "/v1/feinthold/games", alice)
    assert [g["game_id"] for g in alices["games"]] == [game["game_id"]]


def test_an_invitation_expires_after_seven_days(aws, clock, alice, bob):
    call("GET", "/v1/me", bob)
    _, invitation = call("POST", "/v1/feinthold/invitations", alice, {"invitee": bob.sub, "pace": "1d"})
    clock.advance(7 * 86_400)
    status, answer = call("POST", f"/v1/feinthold/invitations/{invitation['invitation_id']}/accept", bob)
    assert status == 409 and answer["error"]["code"] == "invitation_expired"


def test_a_method_the_path_does_not_take_is_a_405_that_says_which_it_takes(aws, clock, alice):
    from gameserver.handlers.api import handler
    from gateway import LambdaContext, http_event

    answer = handler(http_event("PATCH", "/v1/me", alice), LambdaContext())
    headers = {k.lower(): v for k, v in (answer.get("headers") or {}).items()}
    assert answer["statusCode"] == 405 and '"method_not_allowed"' in answer["body"]
    assert headers["allow"] == "GET"
    both = handler(http_event("PATCH", "/v1/feinthold/daily", alice), LambdaContext())
    assert {k.lower(): v for k, v in both["headers"].items()}["allow"] == "GET, POST", "every method of the path"


def test_a_refusal_names_values_as_the_wire_writes_them(store, clock, alice):
    from gameserver.clock import Pace
    from gameserver.domain.duels.service import propose_duel
    from gameserver.domain.feinthold import house
    from gameserver.errors import InvalidInput

    with pytest.raises(InvalidInput) as refused:
        propose_duel(store, clock, alice, opponent=None, pace=Pace.TWELVE_HOURS, stake=0)
    assert refused.value.message.startswith('unknown pace "12h"; one of blitz, 5m'), refused.value.message
    with pytest.raises(InvalidInput) as refused:
        house.create_house_game(store, clock, alice, house_ai="pivot", pace="5m", side="east")
    assert refused.value.message == 'unknown side "east"'


def test_an_integral_number_is_an_integer_and_the_declared_lengths_hold(aws, clock, alice):
    status, made = call("POST", "/v1/feinthold/tournaments", alice, {"size": 4.0, "fee": 10.0, "name": "Cup"})
    assert status == 201 and (made["size"], made["fee"]) == (4, 10), made
    status, refused = call("POST", "/v1/feinthold/tournaments", alice, {"size": 4, "fee": 10.5, "name": "Cup"})
    assert (status, refused["error"]["field"]) == (422, "fee")
    for name in ("Cu", "C" * 41):
        status, refused = call("POST", "/v1/feinthold/tournaments", alice, {"size": 4, "name": name})
        assert (status, refused["error"]["rule"]) == (422, "string_too_short" if len(name) < 3 else "string_too_long")
    status, refused = call("POST", "/v1/feinthold/games", alice, {"house_ai": "ram", "pace": "1d", "layout": "moon-9"})
    assert (status, refused["error"]["field"], refused["error"]["rule"]) == (422, "layout", "enum")


def test_a_cursor_is_bound_to_its_member_its_route_and_its_resource(aws, clock, alice, bob):
    for _ in range(2):
        _new_game(alice)
    status, page = call("GET", "/v1/games?limit=1", alice)
    assert status == 200 and page["cursor"], page
    assert call("GET", f"/v1/games?limit=1&cursor={page['cursor']}", alice)[0] == 200
    for caller, path in ((bob, "/v1/games"), (alice, "/v1/feinthold/games")):
        status, refused = call("GET", f"{path}?limit=1&cursor={page['cursor']}", caller)
        assert (status, refused["error"]["code"]) == (400, "invalid_cursor"), (path, refused)
