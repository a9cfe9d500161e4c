"""The DynamoDB adapter against moto: table layout, the conditional write of orders, the turn claim, the
sparse due index, pagination."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gameserver.domain import games
from gameserver.storage import keys
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.port import Conflict
from gameserver.storage.records import Submission
from gameserver.storage.tables import DUE_INDEX, GSI1, GSI2, MAIN_TABLE


def test_main_table_follows_the_interface(store):
    described = store.client.describe_table(TableName=store.table)["Table"]
    assert {k["AttributeName"]: k["KeyType"] for k in described["KeySchema"]} == {"pk": "HASH", "sk": "RANGE"}
    indexes = {i["IndexName"]: [k["AttributeName"] for k in i["KeySchema"]] for i in described["GlobalSecondaryIndexes"]}
    assert indexes == {GSI1: ["gsi1pk", "gsi1sk"], GSI2: ["gsi2pk", "gsi2sk"], DUE_INDEX: ["due_shard", "due_at"]}
    ttl = store.client.describe_time_to_live(TableName=store.table)["TimeToLiveDescription"]
    assert ttl["AttributeName"] == "expires_at"
    assert MAIN_TABLE["BillingMode"] == "PAY_PER_REQUEST"


def _friendly(store, clock, alice, bob, seed=11):
    return games.start_game(
        store, clock, players={"south": alice.sub, "north": bob.sub}, mode="friendly", pace="1d", seed=seed
    )


def test_orders_are_written_only_on_the_turn_and_count_read(store, clock, alice, bob):
    game = _friendly(store, clock, alice, bob)
    first = Submission(orders=[], count=1, sent_at="2026-03-02T12:00:01Z", device="d1", address="203.0.113.1")
    stored = store.save_submission(game, "south", first, opponent_must_wait=True)
    assert stored.submissions["south"].count == 1 and stored.version == game.version + 1
    # A second writer that read the same count loses: the condition holds the count it read.
    with pytest.raises(Conflict):
        store.save_submission(game, "south", replace(first, count=1), opponent_must_wait=True)
    # A write for another turn number loses too.
    with pytest.raises(Conflict):
        store.save_submission(replace(stored, turn=2), "south", replace(first, count=2), opponent_must_wait=True)
    # Once the opponent has sent, a member's replacement is refused by the same condition.
    north = store.save_submission(stored, "north", replace(first, device="d2"), opponent_must_wait=False)
    with pytest.raises(Conflict):
        store.save_submission(north, "south", replace(first, count=2), opponent_must_wait=True)
    again = store.get_game(game.game_id)
    assert again.submissions["south"].device == "d1" and again.submissions["north"].device == "d2"
    assert again.submissions["south"].address == "203.0.113.1"


def test_a_turn_commits_once_per_version(store, clock, alice, bob):
    from gameserver.domain import turns

    game = _friendly(store, clock, alice, bob)
    game, board, _ = store.read_for_turn(game.game_id)
    clock.advance(86_400)
    closed = turns.close_turn(game, board, clock.now())
    store.commit_turn(closed.before, closed.after, closed.board, closed.views, closed.record, closed.plays)
    with pytest.raises(Conflict):
        store.commit_turn(closed.before, closed.after, closed.board, closed.views, closed.record, closed.plays)
    after, board_after, view = store.read_for_turn(game.game_id, alice.sub)
    assert after.turn == 2 and after.epoch == 1 == board_after.epoch == view.epoch
    assert [r.turn for r in store.turn_records(game.game_id)] == [1]


def _due_attributes(store, game_id):
    item = store.client.get_item(TableName=store.table, Key={"pk": {"S": keys.game_pk(game_id)}, "sk": {"S": "GAME"}})
    return {k: v["S"] for k, v in item["Item"].items() if k in {"due_shard", "due_at"}}


def test_only_open_turns_are_in_the_due_index(store, clock, alice):
    from gameserver.domain import turns

    answer = games.create_house_game(store, clock, alice, house_ai="ram", pace="5m", seed=3)
    game_id = answer["game_id"]
    due = _due_attributes(store, game_id)
    assert due == {"due_shard": keys.due_shard(game_id), "due_at": answer["deadline"]}
    assert store.due_turns("2026-03-02T12:04:59Z", 10) == []
    assert store.due_turns(answer["deadline"], 10) == [(game_id, 1, answer["deadline"])]
    clock.advance(10 * 86_400)
    game = store.get_game(game_id)
    game, _, _ = turns.settle(store, clock, game)
    assert game.status == "over"
    assert _due_attributes(store, game_id) == {}
    assert store.due_turns("2030-01-01T00:00:00Z", 10) == []


def test_my_games_page_newest_first(store, clock, alice):
    made = []
    for seed in range(5):
        made.append(games.create_house_game(store, clock, alice, house_ai="sentinel", pace="1d", seed=seed)["game_id"])
        clock.advance(60)
    first = store.list_plays(alice.sub, "feinthold", None, 2)
    second = store.list_plays(alice.sub, "feinthold", first.cursor, 2)
    third = store.list_plays(alice.sub, "feinthold", second.cursor, 2)
    listed = [p.game_id for page in (first, second, third) for p in page.items]
    assert listed == list(reversed(made))
    assert third.cursor is None or store.list_plays(alice.sub, "feinthold", third.cursor, 2).items == []
    with pytest.raises(InvalidCursor):
        store.list_plays(alice.sub, "feinthold", "bm90LWEtY3Vyc29y", 2)


def test_a_resolve_read_before_a_late_submission_writes_nothing(store, clock, alice, bob):
    from gameserver.domain import turns

    game = _friendly(store, clock, alice, bob)
    game, board, _ = store.read_for_turn(game.game_id)
    clock.advance(86_400)
    stale = turns.close_turn(game, board, clock.now())
    store.save_submission(game, "south", Submission(orders=[], count=1, sent_at="2026-03-03T11:59:59Z"), True)
    with pytest.raises(Conflict):
        store.commit_turn(stale.before, stale.after, stale.board, stale.views, stale.record, stale.plays)
    assert store.turn_records(game.game_id) == [] and store.get_game(game.game_id).epoch == 0
    # Re-read, the resolve takes the submission into account.
    assert turns.resolve_turn(store, clock, game.game_id, 1) == "resolved"
    (record,) = store.turn_records(game.game_id)
    assert record.missed == {"south": False, "north": True}
