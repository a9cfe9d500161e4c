"""DynamoDB request budgets per call (issue 5): submit orders <= 2, read a view <= 1, resolve a turn <= 1 read
+ 1 transaction. Counted with a botocore hook on the client the app uses, through the Lambda handler."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from gameserver import services
from gameserver.domain import games, turns
from gateway import call


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
    game = games.create_house_game(services.storage(), clock, alice, house_ai="pivot", pace="1d", seed=3)
    call("GET", "/v1/me", alice)  # the profile exists, as it does for anyone who plays
    requests.clear()
    status, _ = call("GET", f"/v1/feinthold/games/{game['game_id']}", alice)
    assert status == 200 and requests == Counter({"BatchGetItem": 1})


def test_sending_orders_is_two_requests_whether_or_not_the_turn_resolves(requests, clock, alice, bob):
    store = services.storage()
    house = games.create_house_game(store, clock, alice, house_ai="ram", pace="1d", seed=3)
    friendly = games.start_game(store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly",
                                pace="1d", seed=3)
    path = "/v1/feinthold/games/{}/turns/1/orders"
    requests.clear()
    assert call("PUT", path.format(friendly.game_id), alice, {"orders": []})[0] == 200
    assert requests == Counter({"BatchGetItem": 1, "UpdateItem": 1})
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
    game = games.start_game(store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly",
                            pace="1d", seed=3)
    clock.advance(86_400)
    requests.clear()
    assert turns.resolve_turn(store, clock, game.game_id, 1) == "resolved"
    assert requests == Counter({"BatchGetItem": 1, "TransactWriteItems": 1})
    requests.clear()
    assert turns.resolve_turn(store, clock, game.game_id, 1) == "stale"
    assert requests == Counter({"BatchGetItem": 1})
