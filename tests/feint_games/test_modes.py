"""Solo, hot-seat and watch games through the pipeline: the bots' turns are played in the member's own request,
a hot-seat member sees one seat at a time and is told who decides next, a watch game is played out when it is
made and read face-up, a command follows the game's command number, the history shows what the table saw and
the record every strength and every command's delay."""

from __future__ import annotations

import pytest
from feint_script import choose, member
from gameserver.domain.feint import games, hotseat, solo, watch
from gameserver.errors import Conflict, IllegalOrders, InvalidInput, NotFound
from gameserver.identity import Client
from gameserver.platform.fairplay.marks import MarkKind

HERE = Client(device="d", address="192.0.2.1")


def send(store, clock, caller, game, command, seat=None):
    return games.send_command(store, clock, caller, game["game_id"], game["number"], seat, dict(command), HERE)


def test_a_solo_game_is_played_to_its_end_each_command_returning_at_the_members_next_decision(store, clock, ann):
    game = solo.create_solo_game(store, clock, ann, seats=3)
    assert (game["mode"], game["seat"], game["next"]["kind"], game["next"]["mine"], game["pace"]) == (
        "solo", 1, "deployment", [1], None)
    assert game["players"]["2"] == {"kind": "bot", "sub": None} and game["next"]["deadline"] is None
    commands = 0
    while game["status"] == "open":
        # "Bots move as soon as their turn comes": whenever the game stands, it waits for seat 1 alone.
        assert game["next"]["seats"] == [1] and game["legal"] or game["next"]["kind"] == "deployment"
        clock.advance(3)
        sent = send(store, clock, ann, game, choose(game))
        assert sent["applied"] and sent["number"] > game["number"]
        game = sent["game"]
        commands += 1
        assert commands < 400, "the draw bound ends every game"
    assert game["next"] is None and game["legal"] == [] and (game["winner"] is not None or game["draw"])
    record = games.game_record(store, clock, ann, game["game_id"], None, 1000)
    assert all(t["strength"] is not None for t in record["final"]["tokens"])
    assert [s["number"] for s in record["steps"]] == list(range(1, game["number"] + 1))
    mine = [c for s in record["steps"] for c in s["commands"] if c["seat"] == 1]
    assert len(mine) == commands and all(c["by"] == "member" and c["delay"] == 3 for c in mine)
    assert {c["by"] for s in record["steps"] for c in s["commands"] if c["seat"] != 1} == {"bot"}
    assert mine[0]["command"]["kind"] == "deploy" and len(mine[0]["command"]["cells"]) == 6
    # Three seconds a command is faster than a human's ("too-fast [...] any game"): a mark for moderators.
    assert [(m.kind, m.game_id) for m in store.fairplay.marks_of(ann.sub, None, 5).items] == [
        (MarkKind.TOO_FAST, game["game_id"])]


def test_a_member_asks_for_a_random_deal(store, clock, ann):
    game = solo.create_solo_game(store, clock, ann, seats=2)
    dealt = send(store, clock, ann, game, {"kind": "deal"})["game"]
    mine = [t for t in dealt["view"]["tokens"] if t["seat"] == 1]
    assert len(mine) == 6 and sorted(t["strength"] for t in mine) == [0, 1, 2, 2, 3, 4]
    assert all(t["cell"] in game["view"]["home"] for t in mine)


def test_a_command_follows_the_games_number_and_a_refusal_names_the_rule(store, clock, ann):
    game = solo.create_solo_game(store, clock, ann, seats=2)
    with pytest.raises(IllegalOrders) as refused:
        send(store, clock, ann, game, {"kind": "deploy", "cells": [[0, 0]] * 6})
    assert (refused.value.field, refused.value.rule) == ("command", "one-per-cell")
    game = send(store, clock, ann, game, choose(game))["game"]
    with pytest.raises(Conflict) as stale:
        games.send_command(store, clock, ann, game["game_id"], game["number"] - 1, None, {"kind": "end_turn"},
                           HERE)
    assert (stale.value.code, stale.value.field) == ("stale_command", "number")
    step = next(c["command"] for c in game["legal"] if c["command"]["kind"] == "step")
    far = {**step, "to": [step["to"][0] + 3, step["to"][1]]}
    with pytest.raises(IllegalOrders) as refused:
        send(store, clock, ann, game, far)
    assert refused.value.rule in ("not-adjacent", "occupied", "off-board")
    with pytest.raises(NotFound):
        games.read_game(store, clock, member("eve"), game["game_id"], None)
    with pytest.raises(InvalidInput):
        solo.create_solo_game(store, clock, ann, seats=7)


def test_a_charge_in_the_legal_commands_carries_its_flank_defence_bonus_and_cost(store, clock, ann):
    game = solo.create_solo_game(store, clock, ann, seats=2)
    seen = set()
    while game["status"] == "open" and not seen:
        for entry in game["legal"]:
            if entry["command"]["kind"] == "charge":
                assert entry["cost"] == len(entry["command"]["tokens"])
                assert entry["flanking_bonus"] in (0, 1, 2) and entry["defence_bonus"] in (0, 1)
                seen.add(len(entry["command"]["tokens"]))
            else:
                assert entry.get("flanking_bonus") is None
        game = send(store, clock, ann, game, choose(game))["game"]
    assert seen, "the script charges when it can: a charge was offered"


def test_hot_seat_shows_one_seat_at_a_time_and_says_who_decides_next(store, clock, ann):
    game = hotseat.create_hotseat_game(store, clock, ann, seats=3, bots=1)
    assert game["my_seats"] == [1, 2] and game["players"]["3"]["kind"] == "bot"
    first = send(store, clock, ann, game, choose(game), seat="1")
    assert not first["applied"] and first["game"]["next"] == {**first["game"]["next"], "seats": [2], "mine": [2]}
    assert first["game"]["sent"]["kind"] == "deploy" and first["game"]["seat"] == 1
    second = games.read_game(store, clock, ann, game["game_id"], None)
    assert second["seat"] == 2, "the seat the game waits for"
    game = send(store, clock, ann, second, choose(second), seat="2")["game"]
    played = 0
    while game["status"] == "open" and played < 60:
        seat = str(game["next"]["mine"][0])
        game = games.read_game(store, clock, ann, game["game_id"], seat)
        # "A seat's view never includes another seat's face-down strengths, even in hot-seat."
        assert all(t["strength"] is None for t in game["view"]["tokens"]
                   if t["seat"] != int(seat) and not t["revealed"])
        game = send(store, clock, ann, game, choose(game), seat=seat)["game"]
        played += 1
    with pytest.raises(NotFound):
        games.read_game(store, clock, ann, game["game_id"], "3")
    with pytest.raises(InvalidInput):
        hotseat.create_hotseat_game(store, clock, ann, seats=3, bots=2)


def test_a_watch_game_is_played_out_when_made_and_read_face_up_by_anyone(store, clock, ann, bob):
    shown = watch.create_watch_game(store, clock, ann, seats=3)
    assert shown["status"] == "over" and shown["number"] > 3
    assert all(t["strength"] is not None for t in shown["table"]["tokens"])
    again = watch.read_watch(store, clock, bob, shown["game_id"])
    assert again == shown
    pages, cursor = [], None
    while True:
        page = watch.watch_steps(store, clock, bob, shown["game_id"], cursor, 50)
        pages += page["steps"]
        cursor = page["cursor"]
        if cursor is None:
            break
    assert [s["number"] for s in pages] == list(range(1, shown["number"] + 1))
    assert [len(c["command"]["cells"]) for c in pages[0]["commands"]] == [6, 6, 6], "every command whole"
    assert games.list_games(store, ann, None, 10)["games"] == []
    game = solo.create_solo_game(store, clock, ann, seats=2)
    with pytest.raises(NotFound):
        watch.read_watch(store, clock, ann, game["game_id"])


def test_a_watch_games_steps_carry_their_moves_so_a_replay_reaches_the_final_board(store, clock, ann):
    shown = watch.create_watch_game(store, clock, ann, seats=3)
    cells: dict[str, list[int] | None] = {}
    cursor = None
    while True:
        page = watch.watch_steps(store, clock, ann, shown["game_id"], cursor, 50)
        for step in page["steps"]:
            for move in step["moves"]:
                cells[move["token"]] = move["to"]
        cursor = page["cursor"]
        if cursor is None:
            break
    assert cells == {t["id"]: t["cell"] for t in shown["table"]["tokens"]}


def test_the_history_shows_what_the_table_saw(store, clock, ann):
    game = solo.create_solo_game(store, clock, ann, seats=2)
    while game["status"] == "open" and game["view"]["turn"] < 200:
        game = send(store, clock, ann, game, choose(game))["game"]
        history = games.game_history(store, ann, game["game_id"], None, 50)
        if any(s["battle"] for s in history["steps"]):
            break
    steps = games.game_history(store, ann, game["game_id"], None, 50)["steps"]
    first = steps[0]
    assert first["kind"] == "deployment" and [c["command"] for c in first["commands"]] == [None, None]
    assert {m["from"] for m in first["moves"]} == {None} and len(first["moves"]) == 12
    battles = [s for s in steps if s["battle"] and s["battle"]["attack"] is not None]
    for step in battles:
        assert set(step["revealed"]) <= {*step["battle"]["attackers"], step["battle"]["defender"]}
    assert all(not s["revealed"] for s in steps if not s["battle"])
