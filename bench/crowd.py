"""A member's day, as the API calls the web client makes for it: the usage profile of docs/scale.md, played
by ``bench/simulate_day.py`` (in-process, the in-memory store, a simulated clock) and ``bench/load_local.py``
(over HTTP against the local runner).

Each activity is a generator: it yields ``Call`` (and is sent back the status and the decoded body) or
``Wait`` (seconds of the member's thinking, during which the client polls the view it shows: ``Call`` with a
``weight``, one request answered and counted as the polls it stands for). The players read only what the API
answers (the tests' players: ``localrun_player.steady_orders``, ``front1901_script``, ``feint_script``).
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

Json = dict[str, Any]


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    body: Any = None
    weight: int = 1
    """Requests this one stands for (polls of an unchanged view between two actions)."""
    route: str = ""
    """The route's template (``PUT /v1/feinthold/games/{id}/turns/{turn}/orders``): what the tables group by."""


@dataclass(frozen=True)
class Wait:
    seconds: float


Answer = tuple[int, Any]
Activity = Generator[Call | Wait, Answer, None]

HOURLY = (0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.5, 0.5, 0.5, 0.5, 0.857, 0.857, 0.857, 0.857, 0.857, 0.857,
          0.858, 1.5, 2.2, 2.8, 3.0, 2.6, 1.6, 0.8)
"""Activity by UTC hour, relative to the day's mean (they sum to 24): night a quarter of the mean, the
working day a little under it, an evening peak of three times the mean at 20:00."""
PEAK_FACTOR = max(HOURLY) / (sum(HOURLY) / 24)

THINK = (14, 22, 9, 35, 17, 26, 12, 19)
"""Seconds before each turn's orders: a human's pace (the challenges' bench and tests use the same)."""
POLL_S = {"blitz": 2, "5m": 5, "1d": 30}
"""The web client's poll of a game's view by pace (web/src/app/pace.ts)."""

PROFILE: tuple[tuple[str, str], ...] = (
    ("sign-in and home", "GET /v1/me, GET /v1/games, GET /v1/credits once; the feed (GET /v1/feed) 6 times"),
    ("the Daily Front", "today's Front, the start, 8 blitz turns (a poll every 2 s while thinking), the board "
                        "and my rank once"),
    ("two house games", "against Pivot and Ram at 5m, 8 turns each (a poll every 5 s while thinking)"),
    ("a rated challenge of a house AI", "Sentinel's page, the start, 8 blitz turns, the challenge's end"),
    ("a correspondence duel turn", "half the members propose a 1d duel to another, who accepts; both send turn "
                                   "1 (it resolves); the duel's page polled 10 times"),
    ("a Front 1901 session", "a short game at normal, 10 phases: the suggestions (the help) then the orders"),
    ("a Feint solo game", "3 seats (two bots), played to its end or 40 commands"),
)
"""What a member does in a day, written once: docs/scale.md quotes it and justifies it."""
NOT_SIMULATED = "a tournament match turn for one in five members: from bench/tournaments_requests.py's counts"


def steady_orders(view: Json) -> list[Json]:
    from localrun_player import steady_orders as orders

    return orders(view)


def _think(turn: int) -> float:
    return THINK[(turn - 1) % len(THINK)]


def _polled(path: str, route: str, seconds: float, pace: str) -> Activity:
    """The member thinks ``seconds`` with the view on screen: one poll answered for all that fall in it."""
    polls = int(seconds // POLL_S[pace])
    if polls:
        yield Call("GET", path, weight=polls, route=route)
    yield Wait(seconds)


def sign_in(_: str, rng: random.Random) -> Activity:
    yield Call("GET", "/v1/me", route="GET /v1/me")
    yield Call("GET", "/v1/games", route="GET /v1/games")
    yield Call("GET", "/v1/credits", route="GET /v1/credits")
    for _n in range(6):
        yield Call("GET", "/v1/feed", route="GET /v1/feed")
        yield Wait(rng.uniform(600, 3600))


def _feinthold_turns(game: Json, pace: str) -> Activity:
    """Steady orders on every open turn until the game is over, thinking (and polling) before each."""
    game_id = game["game_id"]
    path = f"/v1/feinthold/games/{game_id}"
    while game["status"] == "open":
        turn = game["turn"]
        yield from _polled(path, "GET /v1/feinthold/games/{id}", _think(turn), pace)
        status, answer = yield Call("PUT", f"{path}/turns/{turn}/orders", {"orders": steady_orders(game["view"])},
                                    route="PUT /v1/feinthold/games/{id}/turns/{turn}/orders")
        if status != 200:
            return
        game = answer["game"]


def daily_front(_: str, rng: random.Random) -> Activity:
    yield Call("GET", "/v1/feinthold/daily", route="GET /v1/feinthold/daily")
    status, started = yield Call("POST", "/v1/feinthold/daily", route="POST /v1/feinthold/daily")
    if status != 201:
        return
    yield from _feinthold_turns(started["game"], "blitz")
    yield Call("GET", "/v1/feinthold/daily", route="GET /v1/feinthold/daily")
    yield Call("GET", "/v1/feinthold/daily/board", route="GET /v1/feinthold/daily/board")
    yield Call("GET", "/v1/feinthold/daily/rank", route="GET /v1/feinthold/daily/rank")


def house_game(house_ai: str) -> Any:
    def play(_: str, rng: random.Random) -> Activity:
        status, game = yield Call("POST", "/v1/feinthold/games", {"house_ai": house_ai, "pace": "5m"},
                                  route="POST /v1/feinthold/games")
        if status == 201:
            yield from _feinthold_turns(game, "5m")
    return play


def challenge(_: str, rng: random.Random) -> Activity:
    yield Call("GET", "/v1/feinthold/published/house-sentinel", route="GET /v1/feinthold/published/{id}")
    status, started = yield Call("POST", "/v1/feinthold/challenges", {"doctrine_id": "house-sentinel",
                                                                      "pace": "blitz"},
                                 route="POST /v1/feinthold/challenges")
    if status != 201:
        return
    yield from _feinthold_turns(started["game"], "blitz")
    yield Call("GET", f"/v1/feinthold/challenges/{started['game_id']}", route="GET /v1/feinthold/challenges/{id}")


def front1901(_: str, rng: random.Random, level: str = "normal") -> Activity:
    from front1901_script import orders_for

    status, game = yield Call("POST", "/v1/front1901/games", {"level": level, "length": "short"},
                              route="POST /v1/front1901/games")
    if status != 201:
        return
    path = f"/v1/front1901/games/{game['game_id']}"
    for _phase in range(10):
        if game["status"] != "open":
            return
        view = game["view"]
        suggested: list[Json] = []
        if view["step"] == "movement":
            status, help_ = yield Call("GET", f"{path}/suggestions", route="GET /v1/front1901/games/{id}/suggestions")
            suggested = help_["orders"] if status == 200 else []
        yield Wait(rng.uniform(20, 60))
        status, answer = yield Call("PUT", f"{path}/phases/{view['phase']}/orders",
                                    {"orders": orders_for(view, suggested)},
                                    route="PUT /v1/front1901/games/{id}/phases/{phase}/orders")
        if status != 200:
            return
        game = answer["game"]


def feint_solo(_: str, rng: random.Random) -> Activity:
    from feint_script import choose

    status, game = yield Call("POST", "/v1/feint/games", {"mode": "solo", "seats": 3}, route="POST /v1/feint/games")
    if status != 201:
        return
    for _n in range(40):
        if game["status"] != "open" or game.get("next") is None:
            return
        yield Wait(rng.uniform(3, 12))
        status, answer = yield Call("POST", f"/v1/feint/games/{game['game_id']}/commands",
                                    {"number": game["number"], "command": choose(game)},
                                    route="POST /v1/feint/games/{id}/commands")
        if status != 200:
            return
        game = answer["game"]


def duel_pair(proposer: str, opponent: str, rng: random.Random) -> tuple[Activity, Activity]:
    """A correspondence duel's first turn between two members: the proposal, its acceptance, both orders.
    The two activities meet through ``box`` (the duel's id)."""
    box: dict[str, Any] = {}

    def propose(_: str, rng: random.Random) -> Activity:
        for _n in range(24):  # a named opponent must have signed in once: wait for them, an hour at a time
            status, duel = yield Call("POST", "/v1/feinthold/duels", {"opponent": opponent, "pace": "1d",
                                                                      "stake": 10}, route="POST /v1/feinthold/duels")
            if status == 201:
                box["duel"] = duel["duel_id"]
                yield from _duel_turn(box["duel"], rng)
                return
            yield Wait(3600)
        box["duel"] = None

    def accept(_: str, rng: random.Random) -> Activity:
        while "duel" not in box:
            yield Wait(60)
        if box["duel"] is None:
            return
        yield Call("POST", f"/v1/feinthold/duels/{box['duel']}/accept", route="POST /v1/feinthold/duels/{id}/accept")
        yield from _duel_turn(box["duel"], rng)

    return propose(proposer, rng), accept(opponent, rng)


def _duel_turn(duel_id: str, rng: random.Random) -> Activity:
    path = f"/v1/feinthold/games/{duel_id}"
    for _n in range(30):  # until the opponent has accepted: the game exists
        status, game = yield Call("GET", path, route="GET /v1/feinthold/games/{id}")
        if status == 200:
            break
        yield Wait(120)
    else:
        return
    yield Call("GET", f"/v1/feinthold/duels/{duel_id}", weight=10, route="GET /v1/feinthold/duels/{id}")
    yield Wait(rng.uniform(60, 600))
    if game["status"] == "open" and not game.get("my_submissions"):
        yield Call("PUT", f"{path}/turns/{game['turn']}/orders", {"orders": steady_orders(game["view"])},
                   route="PUT /v1/feinthold/games/{id}/turns/{turn}/orders")


SOLO_ACTIVITIES = (sign_in, daily_front, house_game("pivot"), house_game("ram"), challenge, front1901, feint_solo)
"""Each member's own activities (the duel's are a pair's)."""
