"""The DynamoDB adapter against moto: table layout, the conditional write of orders, the turn claim, the
sparse due index, pagination."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gameserver.domain import feinthold as games
from gameserver.domain.feinthold import house
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.dynamodb import codec, keys
from gameserver.storage.dynamodb.tables import DUE_INDEX, GSI1, GSI2, MAIN_TABLE
from gameserver.storage.errors import WriteConflict as Conflict
from gameserver.storage.games import DueStep
from gameserver.storage.records import Submission


def test_main_table_follows_the_interface(store):
    described = store.client.describe_table(TableName=store.table)["Table"]
    assert {k["AttributeName"]: k["KeyType"] for k in described["KeySchema"]} == {"pk": "HASH", "sk": "RANGE"}
    indexes = {i["IndexName"]: [k["AttributeName"] for k in i["KeySchema"]] for i in described["GlobalSecondaryIndexes"]}
    assert indexes == {GSI1: ["gsi1pk", "gsi1sk"], GSI2: ["gsi2pk", "gsi2sk"], DUE_INDEX: ["due_shard", "due_at"]}
    ttl = store.client.describe_time_to_live(TableName=store.table)["TimeToLiveDescription"]
    assert ttl["AttributeName"] == "expires_at"
    assert MAIN_TABLE["BillingMode"] == "PAY_PER_REQUEST"


def _friendly(store, clock, alice, bob, seed=11):
    return games.open_game(
        store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly", pace="1d", seed=seed
    ).game


def _sent_behind_the_port(store, game, seat, submission):
    """A seat's submission written straight into the game item: the state "both have sent", which no storage
    call leaves (the last seat to send resolves the turn), to hold the submission's condition against it."""
    attributes = {k: v for k, v in codec.submission_attributes(seat, submission).items() if v is not None}
    names = {f"#a{n}": name for n, name in enumerate(attributes)}
    store.client.update_item(
        TableName=store.table, Key=codec.key(keys.game_pk(game.game_id), keys.GAME),
        UpdateExpression="SET " + ", ".join(f"#a{n} = :a{n}" for n in range(len(attributes))),
        ExpressionAttributeNames=names, ExpressionAttributeValues={f":a{n}": v for n, v in enumerate(attributes.values())})
    return store.games.get(game.game_id)


def test_orders_are_written_only_on_the_turn_and_count_read(store, clock, alice, bob):
    game = _friendly(store, clock, alice, bob)
    first = Submission(orders=[], count=1, sent_at="2026-03-02T12:00:01Z", device="d1", address="203.0.113.1")
    stored = store.games.save_submission(game, "south", first)
    assert stored.submissions["south"].count == 1 and stored.version == game.version + 1
    # A second writer that read the same count loses: the condition holds the count it read.
    with pytest.raises(Conflict):
        store.games.save_submission(game, "south", replace(first, count=1))
    # A write for another turn number loses too.
    with pytest.raises(Conflict):
        store.games.save_submission(replace(stored, step=2), "south", replace(first, count=2))
    # Once the opponent has sent, a member's replacement is refused by the same condition.
    north = _sent_behind_the_port(store, stored, "north", replace(first, device="d2"))
    with pytest.raises(Conflict):
        store.games.save_submission(north, "south", replace(first, count=2))
    again = store.games.get(game.game_id)
    assert again.submissions["south"].device == "d1" and again.submissions["north"].device == "d2"
    assert again.submissions["south"].address == "203.0.113.1"


def test_a_turn_commits_once_per_version(store, clock, alice, bob):
    from gameserver.play import steps

    game = _friendly(store, clock, alice, bob)
    loaded = steps.read_step(store, game.game_id)
    clock.advance(86_400)
    closed = steps.close(loaded, clock.now())
    store.transact([closed.commit])
    with pytest.raises(Conflict):
        store.transact([closed.commit])
    read = store.games.read_step(game.game_id, alice.sub)
    after, board_after, view = read.game, read.board, read.views
    assert after.step == 2 and after.epoch == 1 == board_after.epoch == view.epoch
    assert [r.step for r in store.games.step_records(game.game_id)] == [1]


def _due_attributes(store, game_id):
    item = store.client.get_item(TableName=store.table, Key={"pk": {"S": keys.game_pk(game_id)}, "sk": {"S": "GAME"}})
    return {k: v["S"] for k, v in item["Item"].items() if k in {"due_shard", "due_at"}}


def test_only_open_turns_are_in_the_due_index(store, clock, alice):
    from gameserver.play import steps

    answer = house.create_house_game(store, clock, alice, house_ai="ram", pace="5m", seed=3)
    game_id = answer["game_id"]
    due = _due_attributes(store, game_id)
    assert due == {"due_shard": keys.due_shard(game_id), "due_at": answer["deadline"]}
    assert store.games.due_steps("2026-03-02T12:04:59Z", 10) == []
    assert store.games.due_steps(answer["deadline"], 10) == [DueStep(game_id, 1, answer["deadline"])]
    clock.advance(10 * 86_400)
    game = store.games.get(game_id)
    game = steps.settle(store, clock, game).game
    assert game.status == "over"
    assert _due_attributes(store, game_id) == {}
    assert store.games.due_steps("2030-01-01T00:00:00Z", 10) == []


def test_my_games_page_newest_first(store, clock, alice):
    made = []
    for seed in range(5):
        made.append(house.create_house_game(store, clock, alice, house_ai="sentinel", pace="1d", seed=seed)["game_id"])
        clock.advance(60)
    first = store.games.list_plays(alice.sub, "feinthold", None, 2)
    second = store.games.list_plays(alice.sub, "feinthold", first.cursor, 2)
    third = store.games.list_plays(alice.sub, "feinthold", second.cursor, 2)
    listed = [p.game_id for page in (first, second, third) for p in page.items]
    assert listed == list(reversed(made))
    assert third.cursor is None or store.games.list_plays(alice.sub, "feinthold", third.cursor, 2).items == []
    with pytest.raises(InvalidCursor):
        store.games.list_plays(alice.sub, "feinthold", "bm90LWEtY3Vyc29y", 2)


def test_a_resolve_read_before_a_late_submission_writes_nothing(store, clock, alice, bob):
    from gameserver.play import steps

    game = _friendly(store, clock, alice, bob)
    loaded = steps.read_step(store, game.game_id)
    game = loaded.game
    clock.advance(86_400)
    stale = steps.close(loaded, clock.now())
    store.games.save_submission(game, "south", Submission(orders=[], count=1, sent_at="2026-03-03T11:59:59Z"))
    with pytest.raises(Conflict):
        store.transact([stale.commit])
    assert store.games.step_records(game.game_id) == [] and store.games.get(game.game_id).epoch == 0
    # Re-read, the resolve takes the submission into account.
    assert steps.resolve(store, clock, game.game_id, 1) == "resolved"
    (record,) = store.games.step_records(game.game_id)
    assert record.missed == {"south": False, "north": True}
