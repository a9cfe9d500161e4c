"""Feint through HTTP on the local runner (one module: one runner process per worker serves every test here): a
solo game to its end against bots, a hot-seat game, a watch game, an online game of three members on the manual
clock (a missed deployment dealt, a turn's deadline a pass, a Retreat's a stand, a member leaving for a bot),
the fog between two online games that differ only in hidden strengths, and two commands with one number at
once."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from feint_script import choose
from localrun_process import LocalRunner, Member, ok

pytestmark = pytest.mark.http

Json = dict[str, Any]
GAMES = "/v1/feint/games"
TURN = 60
"""Blitz: 60 s a decision, 120 s for the deployment."""


def command(member: Member, game: Json, sent: Json, seat: int | None = None) -> Json:
    body = {"number": game["number"], "command": sent, **({"seat": seat} if seat is not None else {})}
    return ok(member.post(f"{GAMES}/{game['game_id']}/commands", json=body))


def game_of(member: Member, game_id: str, seat: int | None = None) -> Json:
    return ok(member.get(f"{GAMES}/{game_id}", params={} if seat is None else {"seat": seat}))


def history(member: Member, game_id: str) -> list[Json]:
    steps: list[Json] = []
    cursor = None
    while True:
        page = ok(member.get(f"{GAMES}/{game_id}/history", params={"limit": 50, **({"cursor": cursor} if cursor
                                                                                    else {})}))
        steps += page["steps"]
        cursor = page["cursor"]
        if cursor is None:
            return steps


def test_a_solo_game_is_played_to_its_end_against_bots(alice):
    game = ok(alice.post(GAMES, json={"mode": "solo", "seats": 3}), 201)
    assert (game["seat"], game["next"]["kind"], game["players"]["3"]["kind"]) == (1, "deployment", "bot")
    tagged = alice.get(f"{GAMES}/{game['game_id']}")
    assert alice.get(f"{GAMES}/{game['game_id']}", headers={"If-None-Match": tagged.headers["ETag"]}
                     ).status_code == 304
    assert alice.get(f"{GAMES}/{game['game_id']}/record").status_code == 409
    sent = 0
    while game["status"] == "open":
        assert game["next"]["mine"] == [1], "every bot turn was played in my request: the game waits for me"
        game = command(alice, game, choose(game))["game"]
        sent += 1
        assert sent < 300
    record = ok(alice.get(f"{GAMES}/{game['game_id']}/record", params={"limit": 50}))
    assert record["winner"] == game["winner"] and all(t["strength"] is not None for t in record["final"]["tokens"])
    assert record["steps"][0]["commands"][0]["command"]["kind"] == "deploy"
    assert all(c["delay"] is not None for s in record["steps"] for c in s["commands"])
    listed = ok(alice.get(GAMES))["games"]
    assert listed[0]["game_id"] == game["game_id"] and listed[0]["status"] == "over"
    everything = ok(alice.get("/v1/games"))["games"]
    assert (everything[0]["game_id"], everything[0]["game"], everything[0]["mode"]) == (game["game_id"], "feint",
                                                                                         "solo")
    assert len(history(alice, game["game_id"])) == game["number"]


def test_a_hot_seat_game_shows_one_seat_at_a_time_and_who_decides_next(alice):
    game = ok(alice.post(GAMES, json={"mode": "hot-seat", "seats": 3, "bots": 1}), 201)
    assert game["my_seats"] == [1, 2] and game["next"]["mine"] == [1, 2]
    refused = alice.post(f"{GAMES}/{game['game_id']}/commands",
                         json={"number": 0, "seat": 3, "command": {"kind": "deal"}})
    assert refused.status_code == 404 and refused.json()["error"]["field"] == "seat"
    for _ in range(24):
        if game["status"] != "open":
            break
        seat = game["next"]["mine"][0]
        # The curtain: the answer named the seat and the decision; now that seat's own view, and only it.
        shown = game_of(alice, game["game_id"], seat)
        assert shown["seat"] == seat and shown["next"]["kind"] in ("deployment", "turn", "retreat")
        assert all(t["strength"] is None for t in shown["view"]["tokens"] if t["seat"] != seat and not t["revealed"])
        answer = command(alice, shown, choose(shown), seat=seat)
        assert answer["game"]["seat"] == seat
        game = answer["game"]
    assert game["number"] > 10


def test_a_watch_game_is_read_face_up_by_anyone_with_its_id(alice, bob):
    made = ok(alice.post("/v1/feint/watch", json={"seats": 2}), 201)
    assert made["status"] == "over" and all(t["strength"] is not None for t in made["table"]["tokens"])
    assert ok(bob.get(f"/v1/feint/watch/{made['game_id']}")) == made
    steps = ok(bob.get(f"/v1/feint/watch/{made['game_id']}/steps", params={"limit": 50}))["steps"]
    assert steps[0]["kind"] == "deployment" and all(len(c["command"]["cells"]) == 6 for c in steps[0]["commands"])
    assert bob.get(f"{GAMES}/{made['game_id']}").status_code == 404, "a watch game is nobody's to play"


def seats_of(game: Json, members: dict[str, Member]) -> dict[int, Member]:
    return {int(seat): members[p["sub"]] for seat, p in game["players"].items() if p["kind"] == "member"}


def test_an_online_game_on_the_manual_clock_passes_stands_and_goes_on_without_a_member(runner: LocalRunner,
                                                                                       alice):
    bob, carol = runner.known_member("bob"), runner.member("carol")
    table = ok(alice.post("/v1/feint/tables", json={"seats": 3, "pace": "blitz", "invite": [bob.sub]}), 201)
    assert ok(bob.get("/v1/feed"))["notices"][0]["table_id"] == table["table_id"]
    listed = [t["table_id"] for t in ok(carol.get("/v1/feint/tables", params={"limit": 50}))["tables"]]
    assert table["table_id"] in listed
    assert ok(carol.post(f"/v1/feint/tables/{table['table_id']}/join"))["game"] is None
    started = ok(bob.post(f"/v1/feint/tables/{table['table_id']}/join"))
    game_id = started["game"]["game_id"]
    members = {m.sub: m for m in (alice, bob, carol)}
    seat = seats_of(started["game"], members)

    # The deployment: carol lets its 120 s pass, and the game deals for her.
    for who in (alice, bob):
        answer = command(who, game_of(who, game_id), choose(game_of(who, game_id)))
        assert not answer["applied"]
    runner.advance(2 * TURN)
    dealt = history(carol, game_id)[0]
    assert dealt["closed_by"] == "deadline"
    assert [c["missed"] for c in dealt["commands"]] == [seat[n] is carol for n in (1, 2, 3)]
    assert ok(seat[1].get("/v1/feed"))["notices"][0]["kind"] == "turn-open"

    # Seat 1's turn passes at its deadline: a pass, and its bank grows.
    runner.advance(TURN)
    passed = history(alice, game_id)[1]
    assert [(c["kind"], c["missed"]) for c in passed["commands"]] == [("pass", True)] and passed["banks"]["1"] == 2

    # The members play on until one is charged with a Move in hand; that member lets the Retreat decision pass.
    stood = None
    for _ in range(120):
        game = game_of(alice, game_id)
        decider = seat[game["next"]["seats"][0]]
        theirs = game_of(decider, game_id)
        if theirs["next"]["kind"] == "retreat":
            runner.advance(TURN)
            stood = history(alice, game_id)[-1]
            break
        command(decider, theirs, choose(theirs))
    assert stood is not None, "the script charges whenever it can: a Retreat decision came"
    assert [(c["kind"], c["missed"]) for c in stood["commands"]] == [("stand", True)]
    assert stood["battle"]["attack"] is not None and stood["revealed"]

    # Carol leaves: a bot plays her seat from now on, and the game goes on.
    game = game_of(carol, game_id)
    left = ok(carol.post(f"{GAMES}/{game_id}/leave"))
    assert [(r["member"], r["by"]["kind"]) for r in left["replaced"]] == [(carol.sub, "bot")]
    after = game_of(alice, game_id)
    carols = next(n for n, m in seat.items() if m is carol)
    assert after["players"][str(carols)]["kind"] == "bot" and carols not in after["next"]["seats"]
    assert history(alice, game_id)[-1]["number"] == after["number"] >= game["number"]
    decider = seat[after["next"]["seats"][0]]
    theirs = game_of(decider, game_id)
    command(decider, theirs, choose(theirs))  # the game goes on (the bot's turns with it)
    assert carol.get(f"{GAMES}/{game_id}").status_code == 404
    assert ok(carol.get(GAMES))["games"][0]["status"] == "left"


# ------------------------------------------------------------------ the fog
IDS = re.compile(r"[0-9a-f]{20}")
TIMES = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def normalised(text: str, names: dict[str, str]) -> str:
    for sub, name in names.items():
        text = text.replace(sub, name)
    return TIMES.sub("<time>", IDS.sub("<id>", text))


def test_the_fog_two_games_differing_only_in_hidden_strengths_answer_a_seat_the_same(runner: LocalRunner):
    """Every route a seat can call answers it the same bytes, up to the first battle that reveals a strength the
    two games do not share."""
    tables = []
    for n in (1, 2):
        trio = {name: runner.member(f"{name}{n}") for name in ("ann", "ben", "cai")}
        seeded = runner.seeded_game(kind="feint", seed=5, pace="1d",
                                    players={"1": trio["ann"].sub, "2": trio["ben"].sub, "3": trio["cai"].sub})
        tables.append((seeded["game_id"], trio))
    names = {m.sub: name for _, trio in tables for name, m in trio.items()}

    def seen_by_ann(n: int) -> tuple[list[str], Json, list[Json]]:
        """Every route ann's seat can call, as its answers' bytes (normalised), with her game and history."""
        game_id, trio = tables[n]
        ann = trio["ann"]
        answers = [ann.get(f"{GAMES}/{game_id}"), ann.get(f"{GAMES}/{game_id}/history", params={"limit": 50}),
                   ann.get(GAMES), ann.get("/v1/feed"), ann.get(f"{GAMES}/{game_id}/record")]
        return ([f"{a.status_code} {normalised(a.text, names)}" for a in answers], answers[0].json(),
                answers[1].json()["steps"])

    def deploy(who: str, game: Json, n: int) -> Json:
        cells = game["view"]["home"][:6]
        # Ben and Cai stand on the same cells in both games, their strengths arranged otherwise in the second.
        return {"kind": "deploy", "cells": cells if n == 0 or who == "ann" else cells[1:] + cells[:1]}

    for who in ("ann", "ben", "cai"):
        sent = []
        for n, (game_id, trio) in enumerate(tables):
            game = game_of(trio[who], game_id)
            answer = trio[who].post(f"{GAMES}/{game_id}/commands",
                                    json={"number": 0, "command": deploy(who, game, n)})
            sent.append(f"{answer.status_code} {normalised(answer.text, names)}")
        if who == "ann":
            assert sent[0] == sent[1]
    compared, differing = 0, []
    while compared < 45:  # the history's first page (50 steps) holds every step compared
        (first, game, steps_0), (second, _, steps_1) = seen_by_ann(0), seen_by_ann(1)
        differing = [s0 for s0, s1 in zip(steps_0, steps_1, strict=True) if s0["revealed"] != s1["revealed"]]
        if differing:
            break
        assert first == second, "a seat's answers differ before any differing strength was revealed"
        compared += 1
        if game["status"] != "open":
            break
        deciding = {1: "ann", 2: "ben", 3: "cai"}[game["next"]["seats"][0]]
        shown = game if deciding == "ann" else game_of(tables[0][1][deciding], tables[0][0])
        chosen = choose(shown)
        answers = [ok(trio[deciding].post(f"{GAMES}/{game_id}/commands",
                                          json={"number": game["number"], "command": chosen}))
                   for game_id, trio in tables]
        if deciding == "ann":
            assert normalised(str(answers[0]), names) == normalised(str(answers[1]), names)
    assert compared > 10 and differing, "the script reached a battle that revealed a differing strength"


# ------------------------------------------------------------------ two commands with one number at once
def at_once(calls: list) -> list:
    barrier = threading.Barrier(len(calls))

    def run(call: Any) -> Any:
        barrier.wait()
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


def test_two_commands_with_one_number_at_once_exactly_one_is_applied(runner: LocalRunner, alice):
    game = ok(alice.post(GAMES, json={"mode": "solo", "seats": 2}), 201)
    game = command(alice, game, {"kind": "deal"})["game"]
    steps = [entry["command"] for entry in game["legal"] if entry["command"]["kind"] == "step"][:2]
    path = f"{GAMES}/{game['game_id']}/commands"
    answers = at_once([lambda s=s: alice.post(path, json={"number": game["number"], "command": s}) for s in steps])
    assert sorted(a.status_code for a in answers) == [200, 409]
    assert next(a for a in answers if a.status_code == 409).json()["error"]["code"] == "stale_command"
    applied = history(alice, game["game_id"])[game["number"]]["commands"]
    assert len(applied) == 1 and applied[0]["command"] in steps, "one of the two, then the bot's steps"

    # From two members: the one to move and the next, with the same number.
    bob = runner.member("bob")
    seeded = runner.seeded_game(kind="feint", seed=3, pace="1d", players={"1": alice.sub, "2": bob.sub})
    for who in (alice, bob):
        command(who, game_of(who, seeded["game_id"]), {"kind": "deal"})
    turn = game_of(alice, seeded["game_id"])
    path = f"{GAMES}/{seeded['game_id']}/commands"
    body = {"number": turn["number"], "command": {"kind": "end_turn"}}
    answers = at_once([lambda m=m: m.post(path, json=body) for m in (alice, bob)])
    assert sorted(a.status_code for a in answers) == [200, 409]
    assert {a.json()["error"]["code"] for a in answers if a.status_code == 409} <= {"not_your_turn", "stale_command"}
    assert game_of(bob, seeded["game_id"])["number"] == turn["number"] + 1
