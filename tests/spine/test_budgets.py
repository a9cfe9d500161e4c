"""DynamoDB request budgets per call (issue 5): submit orders <= 2, read a view <= 1, resolve a turn <= 1 read
+ 1 transaction. Counted with a botocore hook on the client the app uses, through the Lambda handler.

The budgets are a warm member's: one who has called today from where they call now. A member's first request
of a day from a device or address pays one UpdateItem more (the sighting, for linked accounts), once per warm
process; that cost is measured on its own below."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from gameserver import services
from gameserver.domain import feinthold as games
from gameserver.domain.feinthold.house import create_house_game
from gameserver.play import steps
from gateway import call
from moto_tables import address_of


@pytest.fixture
def requests(aws) -> Iterator[Counter]:
    counted: Counter = Counter()
    client = services.storage().client

    def count(model, **_: object) -> None:
        counted[model.name] += 1

    client.meta.events.register("before-call.dynamodb", count)
    yield counted
    client.meta.events.unregister("before-call.dynamodb", count)


def test_reading_a_view_is_one_request(requests, clock, alice):
    game = create_house_game(services.storage(), clock, alice, house_ai="pivot", pace="1d", seed=3)
    call("GET", "/v1/me", alice)  # the profile exists, as it does for anyone who plays
    requests.clear()
    status, _ = call("GET", f"/v1/feinthold/games/{game['game_id']}", alice)
    assert status == 200 and requests == Counter({"BatchGetItem": 1})


def test_sending_orders_is_two_requests_whether_or_not_the_turn_resolves(requests, clock, alice, bob):
    store = services.storage()
    house = create_house_game(store, clock, alice, house_ai="ram", pace="1d", seed=3)
    friendly = games.open_game(store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly",
                                pace="1d", seed=3).game
    path = "/v1/feinthold/games/{}/turns/1/orders"
    call("GET", "/v1/me", alice), call("GET", "/v1/me", bob)  # members who play have called today
    requests.clear()
    assert call("PUT", path.format(friendly.game_id), alice, {"orders": []})[0] == 200
    # The submission's write carries the live events it causes: one transaction, no request more.
    assert requests == Counter({"BatchGetItem": 1, "TransactWriteItems": 1})
    requests.clear()
    status, answer = call("PUT", path.format(friendly.game_id), bob, {"orders": []})
    assert status == 200 and answer["resolved"]
    assert requests == Counter({"BatchGetItem": 1, "TransactWriteItems": 1})
    requests.clear()
    status, answer = call("PUT", path.format(house["game_id"]), alice, {"orders": []})
    assert status == 200 and answer["resolved"]
    assert requests == Counter({"BatchGetItem": 1, "TransactWriteItems": 1})


def test_resolving_a_turn_is_one_read_and_one_transaction(requests, clock, alice, bob):
    store = services.storage()
    game = games.open_game(store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly",
                            pace="1d", seed=3).game
    clock.advance(86_400)
    requests.clear()
    assert steps.resolve(store, clock, game.game_id, 1) == "resolved"
    assert requests == Counter({"BatchGetItem": 1, "TransactWriteItems": 1})
    requests.clear()
    assert steps.resolve(store, clock, game.game_id, 1) == "stale"
    assert requests == Counter({"BatchGetItem": 1})


def test_the_first_request_of_a_day_from_an_address_records_one_sighting_then_none(requests, clock, alice):
    from gameserver.storage.dynamodb.fairplay import SEEN

    call("GET", "/v1/me", alice)
    requests.clear()
    assert call("GET", "/v1/me", alice)[0] == 200 and requests == Counter({"GetItem": 1}), "warm: no sighting"
    requests.clear()
    assert call("GET", "/v1/me", alice, headers={"X-Device-Id": "phone-1"})[0] == 200
    assert requests == Counter({"GetItem": 1, "UpdateItem": 1}), "a new device: one sighting"
    clock.advance(86_400)
    requests.clear()
    assert call("GET", "/v1/me", alice, headers={"X-Device-Id": "phone-1"})[0] == 200
    assert requests == Counter({"GetItem": 1, "UpdateItem": 1}), "a new day: one sighting"
    seen = services.storage().client.get_item(TableName=services.storage().table, ConsistentRead=True,
                                              Key={"pk": {"S": f"MEMBER#{alice.sub}"}, "sk": {"S": SEEN}})["Item"]
    assert sorted(name for name in seen if name.startswith("d")) == ["d2026-03-02", "d2026-03-03"]
    assert set(seen["d2026-03-03"]["SS"]) == {"device:phone-1", f"address:{address_of(alice.sub)}"}
