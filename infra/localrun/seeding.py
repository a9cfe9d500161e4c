"""Games created from a chosen seed, through the admin port only (the API never takes a seed).

Two games made from the same seed have the same layout and the same opening, which is what tests of the
fog and of replays need. The game is made by the application's own domain functions, on the runner's
clock and store, exactly as the API would make it; only the seed is chosen.

    POST /games {"seed": 7, "pace": "1d", "players": {"south": "alice", "north": "bob"}, "layout": "l3"?}
        -> a friendly game between two members
    POST /games {"seed": 7, "pace": "5m", "house_ai": "ram", "member": "alice", "side": "south"?, "layout"?}
        -> a game of a member against a house AI
    POST /games {"kind": "feint", "seed": 7, "pace": "blitz", "players": {"1": "alice", "2": "bob", "3": "bot:3"}}
        -> an online game of Feint, its deployment open (seats as given: no table, no drawing of seats)
    POST /games {"kind": "front1901", "seed": 7, "member": "alice", "power": "FRANCE"?, "level": "normal",
                 "length": "short", "setup": {"position": {...}, "agreements": [[proposer, recipient, body]],
                 "trust": {"GERMANY": 90}}?}
        -> a solo game of Front 1901 against six AI powers, from the given position, agreements and trust values
           (the AI's messages written for its first phase anew), so that a test sets up a negotiation without
           hunting for a lucky seed
    POST /games {"kind": "front1901-online", "seed": 7, "pace": "live", "players": {"FRANCE": "alice", ...},
                 "level": "normal"?, "setup": {"position": {...}}?}
        -> an online game of Front 1901 with its members at the powers given (AI powers in the others), from the
           given position (a draw an AI power refuses, a solo at 18, without playing years to get there)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from localrun.admin import AdminError


def _string(body: dict[str, Any], name: str, *, required: bool = True) -> str | None:
    value = body.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value:
        raise AdminError(f"{name} must be a non-empty string", name)
    return value


def _seed(body: dict[str, Any]) -> int:
    seed = body.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise AdminError("seed must be an integer", "seed")
    return seed


def seeded_game_creator() -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The admin's `POST /games`, bound to the application's storage and the runner's clock."""
    from gameserver.clock import get_clock
    from gameserver.domain.feinthold import open_game
    from gameserver.domain.feinthold.friendly import MODE as FRIENDLY
    from gameserver.domain.feinthold.house import create_house_game
    from gameserver.domain.members import ensure_profile
    from gameserver.identity import Caller
    from gameserver.services import storage

    store = storage()

    def member(sub: str) -> Caller:
        caller = Caller(sub=sub, groups=frozenset(), username=sub)
        ensure_profile(store, get_clock(), caller)
        return caller

    def feint(body: dict[str, Any]) -> dict[str, Any]:
        from gameserver.domain.feint import online
        from gameserver.storage.records import is_member

        players = body.get("players")
        if not (isinstance(players, dict) and all(isinstance(p, str) and p for p in players.values())
                and sorted(players, key=str) == [str(n) for n in range(1, len(players) + 1)]):
            raise AdminError('players must be {"1": sub, "2": sub or "bot:2", ...}, every seat from 1', "players")
        for sub in players.values():
            if is_member(sub):
                member(sub)
        game = online.open_game(store, get_clock(), players=players, pace=str(_string(body, "pace")),
                                seed=_seed(body)).game
        return {"game_id": game.game_id, "seed": _seed(body), "players": game.players, "number": game.epoch,
                "deadline": game.deadline}

    def front1901(body: dict[str, Any]) -> dict[str, Any]:
        import json

        from gameserver.domain.front1901 import games

        setup = body.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise AdminError("setup must be an object: position, agreements, trust", "setup")
        answer = games.create_solo_game(store, get_clock(), member(str(_string(body, "member"))),
                                        power=_string(body, "power", required=False),
                                        level=str(_string(body, "level", required=False) or "normal"),
                                        length=str(_string(body, "length", required=False) or "short"),
                                        seed=_seed(body), setup=None if setup is None else json.dumps(setup))
        return {"game_id": answer["game_id"], "seed": _seed(body), "power": answer["view"]["power"],
                "phase": answer["view"]["phase"]}

    def front1901_online(body: dict[str, Any]) -> dict[str, Any]:
        import json

        from gameserver.domain.front1901 import online

        players = body.get("players")
        if not (isinstance(players, dict) and all(isinstance(p, str) and p for p in players.values())):
            raise AdminError('players must be {"FRANCE": sub, ...}', "players")
        for sub in players.values():
            member(sub)
        setup = body.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise AdminError("setup must be an object: position", "setup")
        game = online.open_game(store, get_clock(), players=players, pace=str(_string(body, "pace")),
                                level=str(_string(body, "level", required=False) or "normal"), seed=_seed(body),
                                setup=None if setup is None else json.dumps(setup)).game
        return {"game_id": game.game_id, "seed": _seed(body), "players": game.players, "phase": game.label}

    def create(body: dict[str, Any]) -> dict[str, Any]:
        if body.get("kind") == "feint":
            return feint(body)
        if body.get("kind") == "front1901-online":
            return front1901_online(body)
        if body.get("kind") == "front1901":
            return front1901(body)
        seed, pace = _seed(body), _string(body, "pace")
        layout = _string(body, "layout", required=False)
        if "house_ai" in body:
            caller = member(str(_string(body, "member")))
            answer = create_house_game(store, get_clock(), caller, house_ai=str(_string(body, "house_ai")),
                                       pace=str(pace), layout=layout, seed=seed,
                                       side=_string(body, "side", required=False))
            return {"game_id": answer["game_id"], "seed": seed, "side": answer["side"], "turn": answer["turn"],
                    "deadline": answer["deadline"]}
        players = body.get("players")
        if not (isinstance(players, dict) and sorted(players) == ["north", "south"]
                and all(isinstance(p, str) and p for p in players.values()) and len(set(players.values())) == 2):
            raise AdminError('players must be {"south": sub, "north": sub} with two different members', "players")
        for sub in players.values():
            member(sub)
        game = open_game(store, get_clock(), players=players, mode=FRIENDLY.name, pace=str(pace), layout=layout,
                         seed=seed).game
        return {"game_id": game.game_id, "seed": seed, "players": game.players, "turn": game.step,
                "deadline": game.deadline, "layout": game.options["layout"]}

    return create
