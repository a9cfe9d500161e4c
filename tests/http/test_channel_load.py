"""A small load on loopback: 20 connections over 5 games (two members a game, two connections each), two
turns played in every game at once. Every event is delivered to every connection of its member, none twice,
none to another member: each connection's events are exactly its member's stored ones (as a catch-up from the
start lists them), and the last one tags the answer that member's GET returns."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from channel_client import Listener
from localrun_player import steady_orders
from localrun_process import ok

pytestmark = pytest.mark.http

GAMES, TURNS = 5, 2


def test_twenty_connections_over_five_games_get_every_event_once(runner, channel):
    tables = []
    for n in range(GAMES):
        south, north = runner.member(f"s{n}"), runner.member(f"n{n}")
        game_id = runner.seeded_game(seed=20261130 + n, pace="1d",
                                     players={"south": south.sub, "north": north.sub})["game_id"]
        tables.append((game_id, (south, north)))
    ears = {}
    for game_id, members in tables:
        for member in members:
            for copy in (0, 1):
                listener = Listener(channel, member.token)
                subscribed = listener.subscribe(game_id=game_id)
                assert subscribed["type"] == "subscribed"
                ears[(member.sub, copy)] = (listener, game_id, member, subscribed["seq"])

    def play(table) -> None:
        game_id, members = table
        path = f"/v1/feinthold/games/{game_id}"
        for turn in range(1, TURNS + 1):
            for member in members:
                orders = steady_orders(ok(member.get(path))["view"])
                ok(member.put(f"{path}/turns/{turn}/orders", json={"orders": orders}))

    started = time.monotonic()
    with ThreadPoolExecutor(GAMES) as pool:
        list(pool.map(play, tables))
    expected = 2 * TURNS  # each submission is an event for both members
    stored: dict[str, list[str]] = {}
    for (sub, _), (listener, game_id, member, since) in ears.items():
        while len(listener.events()) < expected:
            listener.next(timeout=20)
        got = listener.events() + [m for m in listener.quiet(0.2) if m["type"] == "event"]
        seqs = [m["seq"] for m in got]
        assert len(seqs) == len(set(seqs)) == expected, f"{sub}: every event once"
        assert {m["stream"] for m in got} == {f"game:{game_id}"}
        if sub not in stored:
            catch_up = Listener(channel, member.token)
            catch_up.subscribe(game_id=game_id, after="")
            stored[sub] = [m["seq"] for m in catch_up.events()]
            catch_up.close()
            assert got[-1]["event"]["etag"] == member.get(f"/v1/feinthold/games/{game_id}").headers["ETag"]
        assert [seq for seq in stored[sub] if seq > since] == seqs, "the member's own, in order"
        listener.close()
    print(f"\n{len(ears)} connections, {GAMES} games, {GAMES * 2 * TURNS} submissions: "
          f"{time.monotonic() - started:.1f} s")
