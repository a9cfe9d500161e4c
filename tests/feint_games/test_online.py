"""Online games through the pipeline: tables fill and start their game in one transaction or close unfilled;
every decision has a deadline (the two actions of a turn share one), a missed deployment is a random deal, a
missed turn a pass, a missed Retreat decision a stand; timers and the sweep resolve each step once whatever
they do; a member who leaves is replaced by a bot; the feed says whose decision is waiting, in the step's own
transaction."""

from __future__ import annotations

from datetime import timedelta

import pytest
from feint_script import deployment, member
from gameserver.catalog import engine
from gameserver.clock import iso, parse_iso
from gameserver.domain.feint import games, online
from gameserver.errors import Conflict, InvalidInput, NotFound
from gameserver.identity import Client
from gameserver.play import steps
from gameserver.play.engine import Started
from rules.feint import Token, start_position

HERE = Client(device="d", address="192.0.2.1")
TURN = 60
"""Blitz: 60 s a decision, 120 s for the first (the deployment)."""


def send(store, clock, caller, game_id, command, number=None):
    game = games.read_game(store, clock, caller, game_id, None)
    return games.send_command(store, clock, caller, game_id, game["number"] if number is None else number, None,
                              dict(command), HERE)


def feed(store, who):
    return [(n.kind, n.step) for n in store.members.feed(who.sub, None, 50).items]


def three(store, clock, ann, bob, cat, pace="blitz"):
    return online.open_game(store, clock, players={"1": ann.sub, "2": bob.sub, "3": cat.sub}, pace=pace, seed=4).game


def test_a_table_fills_and_its_last_seat_starts_the_game_with_every_members_notice(store, clock, ann, bob, cat):
    for who in (bob, cat):
        store.members.create_profile(*_profile(who))
    table = online.create_table(store, clock, ann, seats=4, pace="5m", bots=1, invite=[bob.sub])
    assert (table["status"], table["open_seats"], table["joined"]) == ("open", 1, [ann.sub])
    assert parse_iso(table["closes_at"]) == clock.now() + timedelta(hours=24)
    assert feed(store, bob) == [("table-invite", 0)]
    assert [t["table_id"] for t in online.open_tables(store, clock, cat, None, 10)["tables"]] == [table["table_id"]]
    joined = online.join_table(store, clock, cat, table["table_id"])
    assert joined["game"] is None and joined["table"]["open_seats"] == 0
    with pytest.raises(Conflict) as full:  # the seat left is kept for bob
        online.join_table(store, clock, member("eve"), table["table_id"])
    assert full.value.code == "table_full"
    private = online.create_table(store, clock, ann, seats=2, pace="5m", bots=0, invite=[bob.sub])
    with pytest.raises(NotFound):  # no seat was ever open to anyone: the table is not a stranger's to see
        online.read_table(store, clock, member("eve"), private["table_id"])
    with pytest.raises(Conflict) as again:
        online.join_table(store, clock, cat, table["table_id"])
    assert again.value.code == "already_seated"
    clock.advance(5)
    started = online.join_table(store, clock, bob, table["table_id"], seed=11)
    game = started["game"]
    assert started["table"]["status"] == "started" and started["table"]["game_id"] == game["game_id"]
    assert sorted(p["sub"] or "bot" for p in game["players"].values()) == sorted([ann.sub, bob.sub, cat.sub, "bot"])
    assert game["next"]["kind"] == "deployment" and game["pace"] == "5m"
    assert parse_iso(game["next"]["deadline"]) == clock.now() + timedelta(minutes=5)
    assert all(feed(store, who)[0] == ("deployment-open", 1) for who in (ann, bob, cat))
    with pytest.raises(Conflict) as late:
        online.join_table(store, clock, cat, table["table_id"])
    assert late.value.code == "already_seated"
    with pytest.raises(Conflict) as started_already:
        online.join_table(store, clock, member("eve"), table["table_id"])
    assert (started_already.value.code, started_already.value.rule) == ("table_closed", "table-started")


def _profile(who):
    from gameserver.storage.records import LedgerLine, Profile

    at = "2026-12-01T09:00:00Z"
    return Profile(who.sub, who.sub, at, 100), LedgerLine(who.sub, 100, "grant", at, f"g-{who.sub}")


def test_a_table_not_full_in_time_is_cancelled_a_day_table_after_seven_days(store, clock, ann, bob):
    blitz = online.create_table(store, clock, ann, seats=2, pace="blitz", bots=0, invite=[])
    day = online.create_table(store, clock, ann, seats=2, pace="1d", bots=0, invite=[])
    clock.advance(24 * 3600)
    assert online.read_table(store, clock, ann, blitz["table_id"])["status"] == "cancelled"
    with pytest.raises(Conflict) as closed:
        online.join_table(store, clock, bob, blitz["table_id"])
    assert closed.value.rule == "table-cancelled"
    assert [t["table_id"] for t in online.open_tables(store, clock, bob, None, 10)["tables"]] == [day["table_id"]]
    clock.advance(6 * 24 * 3600)
    assert online.open_tables(store, clock, bob, None, 10)["tables"] == []
    with pytest.raises(InvalidInput):
        online.create_table(store, clock, ann, seats=3, pace="2d", bots=0, invite=[])
    with pytest.raises(InvalidInput):
        online.create_table(store, clock, ann, seats=3, pace="5m", bots=2, invite=[])
    with pytest.raises(NotFound):
        online.create_table(store, clock, ann, seats=3, pace="5m", bots=0, invite=["nobody"])


def test_a_missed_deployment_is_a_random_deal_and_a_missed_turn_a_pass(store, clock, ann, bob, cat):
    game = three(store, clock, ann, bob, cat)
    assert parse_iso(game.deadline) == clock.now() + timedelta(seconds=2 * TURN)
    for who in (ann, bob):
        sent = send(store, clock, who, game.game_id, deployment(games.read_game(store, clock, who, game.game_id,
                                                                                None)["view"]))
        assert not sent["applied"]
    clock.advance(2 * TURN)
    assert steps.sweep(store, clock) == {"resolved": 1}
    shown = games.read_game(store, clock, cat, game.game_id, None)
    assert sorted(t["strength"] for t in shown["view"]["tokens"] if t["seat"] == 3) == [0, 1, 2, 2, 3, 4]
    (dealt,) = games.game_history(store, cat, game.game_id, None, 5)["steps"]
    assert dealt["closed_by"] == "deadline" and [c["missed"] for c in dealt["commands"]] == [False, False, True]
    assert feed(store, ann)[0] == ("turn-open", 2) and feed(store, bob)[0] == ("deployment-open", 1)
    opened = games.read_game(store, clock, ann, game.game_id, None)
    assert opened["next"]["kind"] == "turn" and opened["view"]["banks"]["1"] == 1
    clock.advance(TURN)
    assert steps.sweep(store, clock) == {"resolved": 1}
    passed = games.game_history(store, ann, game.game_id, None, 5)["steps"][1]
    assert [(c["kind"], c["missed"]) for c in passed["commands"]] == [("pass", True)]
    assert passed["banks"]["1"] == 2 and passed["closed_by"] == "deadline"
    assert feed(store, bob)[0] == ("turn-open", 3)


def test_the_two_actions_of_a_turn_share_one_deadline_and_one_notice(store, clock, ann, bob, cat):
    game = three(store, clock, ann, bob, cat)
    for who in (ann, bob, cat):
        send(store, clock, who, game.game_id, deployment(games.read_game(store, clock, who, game.game_id,
                                                                         None)["view"]))
    for who in (ann, bob, cat):  # a turn of two actions needs two Moves in the bank: everyone banks one
        send(store, clock, who, game.game_id, {"kind": "end_turn"})
    first = games.read_game(store, clock, ann, game.game_id, None)
    assert first["view"]["banks"]["1"] == 2
    clock.advance(20)
    step = next(c["command"] for c in first["legal"] if c["command"]["kind"] == "step")
    after = send(store, clock, ann, game.game_id, step)["game"]
    assert after["next"]["mine"] == [1] and after["next"]["deadline"] == first["next"]["deadline"]
    assert [k for k, _ in feed(store, ann)].count("turn-open") == 2, "turns 1 and 4: none for the second action"
    clock.advance(TURN - 20)
    assert steps.sweep(store, clock) == {"resolved": 1}, "the turn's deadline: its second action passes"
    assert games.read_game(store, clock, bob, game.game_id, None)["next"]["mine"] == [2]


def test_a_turn_timer_delivered_early_twice_late_or_after_the_seat_acted_changes_nothing(store, clock, ann, bob,
                                                                                          cat):
    game = three(store, clock, ann, bob, cat)
    for who in (ann, bob, cat):
        send(store, clock, who, game.game_id, deployment(games.read_game(store, clock, who, game.game_id,
                                                                         None)["view"]))
    number = store.games.get(game.game_id).step
    assert steps.resolve(store, clock, game.game_id, number) == "early"
    send(store, clock, ann, game.game_id, {"kind": "end_turn"})
    assert steps.resolve(store, clock, game.game_id, number) == "stale", "the seat acted: its timer is stale"
    bobs = store.games.get(game.game_id)
    clock.advance(TURN)
    assert [steps.resolve(store, clock, game.game_id, bobs.step) for _ in range(2)] == ["resolved", "stale"]
    after = store.games.get(game.game_id)
    clock.advance(3 * TURN)
    assert steps.resolve(store, clock, game.game_id, bobs.step) == "stale", "a late delivery"
    assert steps.resolve(store, clock, game.game_id, number) == "stale"
    assert store.games.get(game.game_id) == after, "stale and late deliveries changed nothing"
    assert steps.sweep(store, clock) == {"resolved": 1}, "cat's own deadline passed: the sweep resolves it"
    records = store.games.step_records(game.game_id)
    assert [r.step for r in records] == [1, 2, 3, 4]
    assert [r.closed_by for r in records] == ["orders", "orders", "deadline", "deadline"]


def battle_position(monkeypatch):
    """Seat 1's 4 next to seat 2's 3 (seat 2 with a Move and room to Retreat), seat 3 far off: seat 1 to move."""
    tokens = [Token("1a", 1, 4, (1, 0)), Token("1b", 1, 0, (3, 2)), Token("2a", 2, 3, (0, 0)),
              Token("2b", 2, 1, (-4, 0)), Token("3a", 3, 2, (0, -5)), Token("3b", 3, 2, (5, -5))]
    position = start_position(3, tokens, {1: 1, 2: 1, 3: 1}, to_move=1)
    monkeypatch.setattr(engine("feint"), "start", lambda seed, options: Started(position, {"seats": "3"}))


def test_a_retreat_decision_whose_deadline_passes_is_a_stand(store, clock, ann, bob, cat, monkeypatch):
    battle_position(monkeypatch)
    game = three(store, clock, ann, bob, cat)
    charged = send(store, clock, ann, game.game_id, {"kind": "charge", "tokens": ["1a"], "target": "2a"})["game"]
    assert charged["next"]["kind"] == "retreat" and charged["next"]["seats"] == [2]
    assert feed(store, bob)[0] == ("retreat-open", 2)
    asked = games.read_game(store, clock, bob, game.game_id, None)
    assert {c["command"]["kind"] for c in asked["legal"]} == {"stand", "retreat"}
    assert parse_iso(asked["next"]["deadline"]) == clock.now() + timedelta(seconds=TURN)
    timer = store.games.get(game.game_id).step
    clock.advance(TURN)
    assert steps.resolve(store, clock, game.game_id, timer) == "resolved"
    assert steps.resolve(store, clock, game.game_id, timer) == "stale", "delivered twice"
    fought = games.game_history(store, ann, game.game_id, None, 5)["steps"][-1]
    assert [(c["kind"], c["missed"]) for c in fought["commands"]] == [("stand", True)]
    assert fought["battle"]["attack"] == 4 and fought["revealed"] == {"1a": 4, "2a": 3}
    assert games.read_game(store, clock, bob, game.game_id, None)["next"]["mine"] == [2], "the charge ended the turn"


def test_a_member_who_leaves_is_replaced_by_a_bot_and_the_game_goes_on(store, clock, ann, bob, cat):
    game = three(store, clock, ann, bob, cat)
    for who in (ann, bob, cat):
        send(store, clock, who, game.game_id, deployment(games.read_game(store, clock, who, game.game_id,
                                                                         None)["view"]))
    send(store, clock, ann, game.game_id, {"kind": "end_turn"})
    send(store, clock, bob, game.game_id, {"kind": "end_turn"})
    left = games.leave_game(store, clock, cat, game.game_id, modes=("online",))
    # It was cat's turn: the bot played it in cat's request, and the game waits for ann again.
    assert left["replaced"] == [{"seat": 3, "member": cat.sub, "by": {"kind": "bot", "sub": None}, "number": 3,
                                 "at": iso(clock.now())}]
    shown = games.read_game(store, clock, ann, game.game_id, None)
    assert shown["players"]["3"]["kind"] == "bot" and shown["next"]["mine"] == [1] and shown["number"] == 4
    assert games.game_history(store, ann, game.game_id, None, 10)["replaced"] == left["replaced"]
    with pytest.raises(NotFound):
        games.read_game(store, clock, cat, game.game_id, None)
    assert games.list_games(store, cat, None, 5)["games"][0]["status"] == "left"
    solo_game = games.new_game(clock, players={"1": ann.sub, "2": games.bot("2")}, mode="solo")
    from gameserver.play import start

    start.begin(store, solo_game)
    with pytest.raises(Conflict) as refused:
        games.leave_game(store, clock, ann, solo_game.game.game_id, modes=("online",))
    assert refused.value.rule == "leave-online-only"


def test_the_end_is_every_members_notice_and_its_record_opens(store, clock, ann, bob, monkeypatch):
    tokens = [Token("1a", 1, 4, (1, 0)), Token("2a", 2, 0, (0, 0))]
    position = start_position(2, tokens, {1: 1, 2: 0}, to_move=1)
    monkeypatch.setattr(engine("feint"), "start", lambda seed, options: Started(position, {"seats": "2"}))
    game = online.open_game(store, clock, players={"1": ann.sub, "2": bob.sub}, pace="5m").game
    with pytest.raises(Conflict) as in_play:
        games.game_record(store, clock, ann, game.game_id, None, 10)
    assert in_play.value.code == "in_play"
    over = send(store, clock, ann, game.game_id, {"kind": "charge", "tokens": ["1a"], "target": "2a"})["game"]
    assert (over["status"], over["winner"], over["draw"]) == ("over", 1, False)
    assert feed(store, ann)[0] == ("game-over", 1) and feed(store, bob)[0] == ("game-over", 1)
    record = games.game_record(store, clock, bob, game.game_id, None, 10)
    assert record["final"]["tokens"][1] == {"id": "2a", "seat": 2, "strength": 0, "cell": None, "revealed": True}
    assert record["steps"][0]["commands"][0]["command"] == {"kind": "charge", "tokens": ["1a"], "target": "2a"}


def test_a_solo_member_whose_seat_is_out_sees_the_bots_finish_the_game_in_that_request(store, clock, ann,
                                                                                        monkeypatch):
    from gameserver.domain.feint import solo

    tokens = [Token("1a", 1, 0, (1, 0)), Token("2a", 2, 4, (0, 0)), Token("2b", 2, 1, (-4, 4)),
              Token("3a", 3, 1, (4, -4)), Token("3b", 3, 2, (0, -5))]
    position = start_position(3, tokens, {1: 1, 2: 0, 3: 1}, to_move=1)
    monkeypatch.setattr(engine("feint"), "start", lambda seed, options: Started(position, {"seats": "3"}))
    game = solo.create_solo_game(store, clock, ann, seats=3, seed=2)
    over = send(store, clock, ann, game["game_id"], {"kind": "charge", "tokens": ["1a"], "target": "2a"})["game"]
    # Ann's only token is lost: the bots play on to the end, past one transaction, in ann's own request.
    assert over["status"] == "over" and over["next"] is None and over["winner"] != 1
    assert len(store.games.step_records(game["game_id"])) == over["number"] > 60


def test_while_the_deployment_waits_the_view_shows_who_has_deployed_and_my_deployment(store, clock, ann, bob, cat):
    game = three(store, clock, ann, bob, cat)
    mine = deployment(games.read_game(store, clock, ann, game.game_id, None)["view"])
    assert not send(store, clock, ann, game.game_id, mine)["applied"]
    for who, mine_shown in ((ann, mine["cells"]), (bob, None)):
        view = games.read_game(store, clock, who, game.game_id, None)["view"]
        assert view["deployed"] == {"1": True, "2": False, "3": False}
        assert view["my_deployment"] == mine_shown
        assert all(t["cell"] is None for t in view["tokens"])  # no token of any seat is on the board yet
