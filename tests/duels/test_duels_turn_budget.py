"""A duel's turn within the spine's budget (moto in-process): "resolve <= 1 read + 1 transaction". The duel
item comes in the turn's own BatchGetItem and the duel's update rides in the turn's own TransactWriteItems,
claimed by the duel's version: refused in any part, nothing of the turn is written, and a retry completes it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from duel_world import credit_problems, join, send
from gameserver.domain.duels import service as duels
from gameserver.errors import Conflict
from gameserver.play import steps


def count_requests(store) -> Counter:
    """Every DynamoDB request the store's client sends from now on, by operation."""
    sent: Counter = Counter()

    def hook(model: Any, **_: Any) -> None:
        sent[model.name] += 1

    store.client.meta.events.register("before-call.dynamodb", hook)
    return sent


def correspondence(store, clock, ann, bob) -> str:
    join(store, clock, ann, bob)
    proposed = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="1d", stake=10)
    return duels.accept_duel(store, clock, bob, proposed["duel_id"])["game_id"]


def duel_item(store, duel_id: str) -> dict[str, Any]:
    return store.client.get_item(TableName=store.table, Key={"pk": {"S": f"DUEL#{duel_id}"}, "sk": {"S": "DUEL"}},
                                 ConsistentRead=True)["Item"]


def feed_turns(store, sub: str) -> list[int]:
    return [notice.step for notice in store.members.feed(sub, None, 20).items]


def test_orders_that_resolve_a_duel_turn_cost_one_read_and_one_transaction(store, clock, ann, bob):
    game_id = correspondence(store, clock, ann, bob)
    clock.advance(6)
    send(store, clock, ann, game_id, 1)
    sent = count_requests(store)
    assert send(store, clock, bob, game_id, 1)["resolved"] is True
    assert sent == Counter({"BatchGetItem": 1, "TransactWriteItems": 1})
    duel = duels.read_duel(store, clock, ann, game_id)
    assert duel["status"] == "playing" and duel["turn"] == 2, "the duel followed its game in that transaction"
    assert feed_turns(store, ann.sub) == [2, 1] and feed_turns(store, bob.sub) == [2, 1]


def test_the_timer_at_the_deadline_costs_one_read_and_one_transaction(store, clock, ann, bob):
    game_id = correspondence(store, clock, ann, bob)
    clock.advance(6)
    send(store, clock, ann, game_id, 1)
    clock.advance(86_400)
    sent = count_requests(store)
    assert steps.resolve(store, clock, game_id, 1) == "resolved"
    assert sent == Counter({"BatchGetItem": 1, "TransactWriteItems": 1})
    item = duel_item(store, game_id)
    assert item["step"] == {"N": "1"} and item["due_at"]["S"] == store.games.get(game_id).deadline
    assert feed_turns(store, bob.sub) == [2, 1]


def test_a_refused_duel_condition_writes_nothing_of_the_turn_and_a_retry_completes_it(store, clock, ann, bob):
    game_id = correspondence(store, clock, ann, bob)
    clock.advance(6)
    send(store, clock, ann, game_id, 1)

    def another_duel_write(**_: Any) -> None:  # the duel's version moves before every transaction of the turn
        store.client.update_item(TableName=store.table, Key={"pk": {"S": f"DUEL#{game_id}"}, "sk": {"S": "DUEL"}},
                                 UpdateExpression="SET version = version + :one",
                                 ExpressionAttributeValues={":one": {"N": "1"}})

    store.client.meta.events.register("before-call.dynamodb.TransactWriteItems", another_duel_write)
    with pytest.raises(Conflict):
        send(store, clock, bob, game_id, 1)
    store.client.meta.events.unregister("before-call.dynamodb.TransactWriteItems", another_duel_write)
    game = store.games.get(game_id)
    assert (game.step, game.epoch, game.submissions["south"].sent or game.submissions["north"].sent) == (1, 0, True)
    assert store.games.step_records(game_id) == [] and feed_turns(store, ann.sub) == [1], "nothing half-written"
    assert send(store, clock, bob, game_id, 1)["resolved"] is True
    assert [r.step for r in store.games.step_records(game_id)] == [1]
    assert duels.read_duel(store, clock, bob, game_id)["turn"] == 2 and feed_turns(store, bob.sub) == [2, 1]
    assert credit_problems(store) == []


def test_the_final_turn_adds_one_read_for_the_pair_and_the_ratings_and_no_transaction(store, clock, ann, bob):
    game_id = correspondence(store, clock, ann, bob)
    for turn in range(1, 9):
        clock.advance(6)
        send(store, clock, ann, game_id, turn)
        if turn == 8:
            sent = count_requests(store)
        assert send(store, clock, bob, game_id, turn)["resolved"] is True
    assert sent == Counter({"BatchGetItem": 2, "TransactWriteItems": 1})
    duel = duels.read_duel(store, clock, ann, game_id)
    assert duel["status"] in ("won", "drawn") and duel["rating"]["rated"] is True
    assert store.games.get(game_id).status == "over"
    assert credit_problems(store) == []
