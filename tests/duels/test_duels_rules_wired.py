"""Rules of duels as the stored system applies them (moto in-process): the 24-hour rule at its edges, a default
doctrine playing a missed turn, a doctrine edited mid-game not reaching it, the doctrine limits, the month's
board, and the turn-open notices on the feed and the EventBridge bus."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from duel_world import START, credit_problems, join, send
from gameserver.domain import doctrines
from gameserver.domain.duels import game as duel_game
from gameserver.domain.duels import service as duels
from gameserver.errors import Conflict, InvalidInput
from rules.feinthold import GameState, new_game, record, resolve, view
from rules.feinthold.doctrine import house_rules, orders_of, parse_doctrine


def forfeit(store, clock, winner, loser) -> dict:
    """A duel that finishes a second later: proposed, accepted, abandoned by ``loser`` (a forfeit counts as
    finished). The second keeps finishing times apart: duels finished in the same second are ordered by id."""
    clock.advance(1)
    duel = duels.propose_duel(store, clock, winner, opponent=loser.sub, pace="1d", stake=0)
    duels.accept_duel(store, clock, loser, duel["duel_id"])
    return duels.abandon(store, clock, loser, duel["duel_id"])


@pytest.mark.parametrize(("fourth_after", "rated"), [(timedelta(hours=24) - timedelta(seconds=1), False),
                                                     (timedelta(hours=24), True)])
def test_the_fourth_duel_of_a_pair_within_24_hours_is_unrated_at_the_edges(store, clock, ann, bob, fourth_after,
                                                                          rated):
    """"Each duel counts for the game's rating, except beyond 3 duels against the same member in 24 hours": the
    window is (finish - 24 h, finish]; a duel that finished exactly 24 h before is outside it."""
    join(store, clock, ann, bob)
    for hours in (0, 10, 20):
        clock.set(START + timedelta(hours=hours))
        assert forfeit(store, clock, ann, bob)["rating"]["rated"] is True
    clock.set(START + fourth_after)
    fourth = forfeit(store, clock, bob, ann)
    assert fourth["status"] == "won" and fourth["winner"] == bob.sub, "the result and stakes still count"
    assert fourth["rating"]["rated"] is rated
    if not rated:
        assert fourth["rating"]["why"] == "daily-limit"


def test_a_cancelled_duel_does_not_count_toward_the_24_hour_rule(store, clock, ann, bob):
    join(store, clock, ann, bob)
    for _ in range(2):
        forfeit(store, clock, ann, bob)
    cancelled = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="blitz", stake=0)
    duels.accept_duel(store, clock, bob, cancelled["duel_id"])
    assert duels.abandon(store, clock, bob, cancelled["duel_id"])["status"] == "cancelled"
    assert forfeit(store, clock, bob, ann)["rating"]["rated"] is True
    assert forfeit(store, clock, bob, ann)["rating"]["rated"] is False


def _turn_orders(game_state: GameState) -> list[dict]:
    return record(game_state)["turns"] if game_state.over else [t.to_json() for t in game_state.history]


@pytest.mark.parametrize("seed", [3, 11])
def test_a_default_doctrine_plays_a_missed_turn_and_an_edit_mid_game_does_not_reach_it(store, clock, ann, bob,
                                                                                        monkeypatch, seed):
    monkeypatch.setattr(duel_game, "new_seed", lambda: seed)  # the game's layout, drawn from its seed
    join(store, clock, ann, bob)
    ram = house_rules()["ram"]
    idle = {"name": "idle", "rules": [{"if": [{"units_at": {"at": "my-hq", "at_least": 40}}],
                                       "then": {"advance": {"from": "my-hq", "toward": "centre"}}}]}
    slot = doctrines.create_doctrine(store, clock, ann, ram)["slot"]
    doctrines.make_default(store, ann, slot)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="1d", stake=0)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    doctrines.replace_doctrine(store, clock, ann, slot, idle)  # after the start: this game keeps Ram

    clock.advance(10)
    send(store, clock, bob, duel["duel_id"], 1)
    clock.advance(86_400)
    duels.sweep(store, clock)  # turn 1 resolves at its deadline, ann's doctrine playing
    clock.advance(10)
    send(store, clock, bob, duel["duel_id"], 2)
    clock.advance(86_400)
    duels.sweep(store, clock)

    read = store.games.read_step(duel["duel_id"])
    game, board = read.game, read.board
    side = game.seat_of(ann.sub)
    assert board.stand_ins[side] == parse_doctrine(ram).to_json(), "the copy taken at the start"
    played = GameState.from_json(board.state).history
    state = new_game(board.seed)
    for turn in (0, 1):
        expected = orders_of(parse_doctrine(ram), view(state, side))
        assert played[turn].to_json()["orders"][side] == expected, f"turn {turn + 1} played by Ram"
        assert expected and not orders_of(parse_doctrine(idle), view(state, side)), "the edit would have held"
        state = resolve(state, {s: played[turn].to_json()["orders"][s] for s in ("south", "north")})
    records = store.games.step_records(duel["duel_id"])
    assert [r.missed[side] for r in records] == [True, True], "ann sent nothing herself"
    assert duels.read_duel(store, clock, ann, duel["duel_id"])["status"] in ("playing", "won", "drawn"), \
        "bob sent orders: the duel is not cancelled (Ram may already have won it for ann)"


def test_a_missed_turn_without_a_doctrine_holds(store, clock, ann, bob):
    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="2d", stake=0)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    clock.advance(10)
    send(store, clock, bob, duel["duel_id"], 1)
    clock.advance(2 * 86_400)
    duels.sweep(store, clock)
    read = store.games.read_step(duel["duel_id"])
    game, board = read.game, read.board
    side = game.seat_of(ann.sub)
    first = GameState.from_json(board.state).history[0].to_json()
    assert first["orders"][side] == [], "troops stay in place, income to the reserve"


def test_doctrines_are_three_at_most_validated_and_one_is_the_default(store, clock, ann):
    join(store, clock, ann)
    with pytest.raises(InvalidInput) as broken:
        doctrines.create_doctrine(store, clock, ann, {"name": "x", "rules": [{"if": [], "then": {"nope": {}}}]})
    assert broken.value.field.startswith("doctrine.rules[0]") and broken.value.code == "invalid_doctrine"
    slots = [doctrines.create_doctrine(store, clock, ann, house_rules()[name])["slot"]
             for name in ("sentinel", "pivot", "ram")]
    assert slots == [1, 2, 3]
    with pytest.raises(Conflict) as full:
        doctrines.create_doctrine(store, clock, ann, house_rules()["ram"])
    assert full.value.rule == "three-doctrines"
    doctrines.make_default(store, ann, 2)
    doctrines.make_default(store, ann, 3)
    listed = doctrines.list_doctrines(store, ann)["doctrines"]
    assert [d["slot"] for d in listed if d["default"]] == [3]
    doctrines.delete_doctrine(store, ann, 3)
    assert all(not d["default"] for d in doctrines.list_doctrines(store, ann)["doctrines"])
    assert store.duels.read("0" * 20, defaults=(ann.sub,)).defaults == {ann.sub: None}
    assert doctrines.create_doctrine(store, clock, ann, house_rules()["ram"])["slot"] == 3


def test_the_months_board_lists_members_from_their_eighth_rated_duel_in_order(store, clock, ann, bob):
    """">= 8 rated duels this month, by game rating": ann wins 5 of 8 against bob, so she is first."""
    clock.set(START.replace(day=2))
    join(store, clock, ann, bob)
    for n in range(8):
        if n:
            clock.advance(9 * 3600)  # at most 3 duels of the pair in 24 hours: every one rated
        assert duels.leaderboard(store, clock, None, None, 10)["standings"] == [], "fewer than 8: not listed"
        winner, loser = (ann, bob) if n % 3 != 2 else (bob, ann)
        assert forfeit(store, clock, winner, loser)["rating"]["rated"] is True
    first = duels.leaderboard(store, clock, None, None, 1)
    second = duels.leaderboard(store, clock, first["month"], first["cursor"], 1)
    assert first["month"] == "2026-11"
    assert [(s["place"], s["member"], s["rated_duels"]) for s in first["standings"] + second["standings"]] == [
        (1, ann.sub, 8), (2, bob.sub, 8)]
    assert float(first["standings"][0]["rating"]) > 1500 > float(second["standings"][0]["rating"])
    assert credit_problems(store) == []


def test_each_turn_that_opens_is_a_feed_notice_and_an_event_on_the_bus(store, clock, ann, bob, monkeypatch):
    import botocore.session
    from gameserver.config import get_settings

    session = botocore.session.get_session()
    events = session.create_client("events", region_name="us-east-1")
    sqs = session.create_client("sqs", region_name="us-east-1")
    events.create_event_bus(Name="duels-bus")
    queue = sqs.create_queue(QueueName="turns")["QueueUrl"]
    arn = sqs.get_queue_attributes(QueueUrl=queue, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    events.put_rule(Name="turns", EventBusName="duels-bus", EventPattern=json.dumps({"source": ["feinthold.duels"]}))
    events.put_targets(Rule="turns", EventBusName="duels-bus", Targets=[{"Id": "q", "Arn": arn}])
    monkeypatch.setenv("EVENT_BUS_NAME", "duels-bus")
    get_settings.cache_clear()

    join(store, clock, ann, bob)
    duel = duels.propose_duel(store, clock, ann, opponent=bob.sub, pace="3d", stake=0)
    duels.accept_duel(store, clock, bob, duel["duel_id"])
    clock.advance(7)
    send(store, clock, ann, duel["duel_id"], 1)
    send(store, clock, bob, duel["duel_id"], 1)

    from gameserver.domain.feed import my_feed

    feed = my_feed(store, ann, None, 10)["notices"]
    assert [(n["duel_id"], n["turn"]) for n in feed] == [(duel["duel_id"], 2), (duel["duel_id"], 1)]
    received = []
    while batch := sqs.receive_message(QueueUrl=queue, MaxNumberOfMessages=10).get("Messages", []):
        received += [json.loads(m["Body"]) for m in batch]
        sqs.delete_message_batch(QueueUrl=queue, Entries=[{"Id": m["MessageId"], "ReceiptHandle": m["ReceiptHandle"]}
                                                          for m in batch])
    opened = sorted((e["detail"]["member"], e["detail"]["turn"]) for e in received)
    assert opened == sorted((sub, turn) for sub in (ann.sub, bob.sub) for turn in (1, 2))
    assert {e["detail-type"] for e in received} == {"Turn Opened"}

