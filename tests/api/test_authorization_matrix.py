"""The authorization matrix: every operation of the OpenAPI document x every kind of caller (no token, forged
tokens, an expired one, a stranger, the player, the opponent, a moderator), against real resources in the states
that matter, through API Gateway's stand-in (``localrun.gateway``) and the API handler in-process.

It fails on any unexpected allow, on an operation of the document the matrix does not cover (a new route must
be added here), and on anything an answer gives away:

- every answer is the one its operation documents (``tests/contract.py``); a refused caller gets exactly the
  refusal: 401 with API Gateway's own body for a token it would not verify, 403 ``moderators_only`` on a
  moderators' route (``forbidden`` on a public resource only its owner may change), and on a member's resource
  the 404 an id that does not exist gets (the same body, the id aside): no existence oracle; and a refused call
  changes nothing stored;
- no error body carries a stack trace, a table name or a key;
- nothing a member receives carries a seed, a salt, a key, or another member's device or address (moderators
  see the device or address two linked accounts shared: that is what a mark is for).
"""

from __future__ import annotations

import copy
import json
import re
import secrets
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from authorization_world import (
    EXPIRED,
    FORGED,
    IDLE_DOCTRINE,
    KINDS,
    MEMBERS,
    MODERATOR,
    NO_TOKEN,
    OPPONENT,
    PLAYER,
    STRANGER,
    Target,
    World,
    address_of,
    device_of,
)
from contract import check_answer
from moto_tables import environment, manual_clock, set_environment

SALT = "matrix-daily-salt-0123456789abcdef"
CURSOR_KEY = "matrix-cursor-key-0123456789abcdef"
TABLE = "matrix-table-7f3a"
START = datetime(2026, 11, 23, 9, 0, 0, tzinfo=UTC)
"""A Monday morning, far from midnight: the Daily Fronts the cases start all count for this day."""

Make = Callable[[World], Target]


@dataclass(frozen=True)
class Case:
    """One resource state of one operation: who may call it and what each of them gets (an allow, or the
    domain's own answer to that caller, such as 409 for a record still in play); every other caller with a
    valid token gets ``denied``."""

    state: str
    make: Make
    may: Mapping[str, frozenset[int]]
    denied: int = 404
    mutates: bool = False
    """The call changes the resource: each caller who may call it gets a fresh one."""
    id_param: str | None = None
    """The path parameter naming the resource: a 404 must equal the one for an id that does not exist."""


def only(statuses: Mapping[str, int | tuple[int, ...]]) -> dict[str, frozenset[int]]:
    return {kind: frozenset(status if isinstance(status, tuple) else (status,)) for kind, status in statuses.items()}


def everyone(status: int) -> dict[str, frozenset[int]]:
    return only(dict.fromkeys(MEMBERS, status))


def plain(make_state: Callable[[World], Any] | None = None, **target: Any) -> Make:
    """A target for a fresh cast, with ``make_state`` run first when given."""

    def make(world: World) -> Target:
        cast = world.cast()
        if make_state is not None:
            make_state(world)
        return Target(cast, {}, **target)

    return make


def with_cast(build: Callable[[World, Any], Target]) -> Make:
    return lambda world: build(world, world.cast())


# ---------------------------------------------------------------- resources in their states
def house(over: bool = False) -> Make:
    return with_cast(lambda w, c: Target(c, {"game_id": w.house_game(c, over=over)["game_id"]}))


def friendly(over: bool = False) -> Make:
    return with_cast(lambda w, c: Target(c, {"game_id": w.friendly_game(c, over=over)["game_id"]}))


def duel_game(state: str) -> Make:
    return with_cast(lambda w, c: Target(c, {"game_id": w.duel(c, state)["duel_id"]}))


def daily_game(over: bool) -> Make:
    return with_cast(lambda w, c: Target(c, {"game_id": w.daily_game(c, over=over)["game_id"]}))


def orders_to(game_of: Callable[[World, Any], dict[str, Any]]) -> Make:
    """The game's open turn, with orders legal for either side (hold: none), the same body from every caller."""

    def build(w: World, c: Any) -> Target:
        game = game_of(w, c)
        turn = game.get("turn") or w.store.games.get(game["duel_id"]).step
        return Target(c, {"game_id": game.get("game_id") or game["duel_id"], "turn": str(turn)},
                      body={"orders": []})

    return with_cast(build)


def duel(state: str) -> Make:
    return with_cast(lambda w, c: Target(c, {"duel_id": w.duel(c, state)["duel_id"]}))


def invitation(answered: bool = False) -> Make:
    return with_cast(lambda w, c: Target(c, {"invitation_id": w.invitation(c, answered=answered)["invitation_id"]}))


def doctrine_slot(**target: Any) -> Make:
    def build(w: World, c: Any) -> Target:
        w.doctrine(c)
        return Target(c, {"slot": "1"}, **target)

    return with_cast(build)


def ranked_front(body: Any) -> Make:
    def build(w: World, c: Any) -> Target:
        day = w.ranked_front(c)
        return Target(c, {"day": day.isoformat(), "member": c.player.sub}, body=body)

    return with_cast(build)


def mark(body: Any) -> Make:
    return with_cast(lambda w, c: Target(c, {"member": c.player.sub, "mark_id": w.mark(c)}, body=body))


def tournament(started: bool = False, slot: bool = False) -> Make:
    """A tournament the player made (``slot``: the player's first-round match, once ``started``)."""

    def build(w: World, c: Any) -> Target:
        made = w.tournament(c, started=started)
        params = {"tournament_id": made["tournament_id"]}
        if slot:
            mine = next(m for m in made["matches"] if c.player.sub in [p["member"] for p in m["players"] if p])
            params["slot"] = str(mine["slot"])
        return Target(c, params)

    return with_cast(build)


def feint_game(online: bool = False, **target: Any) -> Make:
    def build(w: World, c: Any) -> Target:
        game_id = w.feint_online(c) if online else w.feint_solo(c)["game_id"]
        return Target(c, {"game_id": game_id}, **target)

    return with_cast(build)


def feint_table(open_seat: bool) -> Make:
    return with_cast(lambda w, c: Target(c, {"table_id": w.feint_table(c, open_seat=open_seat)["table_id"]}))


def front1901_table(open_seat: bool) -> Make:
    return with_cast(lambda w, c: Target(c, {"table_id": w.front1901_table(c, open_seat=open_seat)["table_id"]},
                                         body={}))


def front1901_online(body: Any = None) -> Make:
    return with_cast(lambda w, c: Target(c, {"game_id": w.front1901_online(c), "phase": "S1901M"}, body=body))


def front1901_text() -> Make:
    def build(w: World, c: Any) -> Target:
        game_id, message_id = w.front1901_text(c)
        return Target(c, {"game_id": game_id, "phase": "S1901M", "message_id": str(message_id)})

    return with_cast(build)


def feint_watch() -> Make:
    return with_cast(lambda w, c: Target(c, {"game_id": w.feint_watch(c)["game_id"]}))


def published(hidden: bool = False, **target: Any) -> Make:
    return with_cast(lambda w, c: Target(c, {"doctrine_id": w.published(c, hidden=hidden)}, **target))


def challenge() -> Make:
    return with_cast(lambda w, c: Target(c, {"challenge_id": w.challenge(c)}))


def challenging(of: Callable[[World, Any], str]) -> Make:
    return with_cast(lambda w, c: Target(c, {}, body={"doctrine_id": of(w, c), "pace": "blitz"}))


def front1901_game(state: str = "open", body: Any = None, body_of: Callable[[dict[str, Any]], Any] | None = None
                   ) -> Make:
    """The player's game of Front 1901 in ``state``, its phase in the path; ``body_of(game)``: a body made from
    the game (an AI power's open proposal, an agreement in force)."""

    def build(w: World, c: Any) -> Target:
        game = w.front1901_game(c, state=state)
        phase = "S1901M" if state == "played" else game["view"]["phase"]
        return Target(c, {"game_id": game["game_id"], "phase": phase},
                      body=body_of(game) if body_of is not None else body)

    return with_cast(build)


def open_proposal(game: dict[str, Any]) -> dict[str, Any]:
    offered = next(m for m in game["view"]["messages"] if m["kind"] == "proposal" and m.get("status") == "open")
    return {"message_id": offered["id"], "accept": False}


def pact_in_force(game: dict[str, Any]) -> dict[str, Any]:
    return {"agreement_id": game["view"]["agreements"][0]["id"]}


P_AND_O = {PLAYER: 200, OPPONENT: 200}
GAME = "/v1/feinthold/games/{game_id}"
DUEL = "/v1/feinthold/duels/{duel_id}"
INVITATION = "/v1/feinthold/invitations/{invitation_id}"
DOCTRINE = "/v1/feinthold/doctrines/{slot}"
WHY = {"why": "reviewed: a test of the matrix"}
TOURNAMENT = "/v1/feinthold/tournaments/{tournament_id}"
FEINT = "/v1/feint/games/{game_id}"
TABLE_PATH = "/v1/feint/tables/{table_id}"
PUBLISHED = "/v1/feinthold/published/{doctrine_id}"
CHALLENGE = "/v1/feinthold/challenges/{challenge_id}"
FRONT = "/v1/front1901/games/{game_id}"
F1901_TABLE = "/v1/front1901/tables/{table_id}"
PHASE = FRONT + "/phases/{phase}"
DEAL = {"number": 0, "command": {"kind": "deal"}}


def duel_action(action: str, **by_state: dict[str, int | tuple[int, ...]]) -> list[Case]:
    return [Case(state.replace("_", "-"), duel(state.replace("_", "-")), only(may), mutates=True,
                 id_param="duel_id") for state, may in by_state.items()]


CASES: dict[tuple[str, str], list[Case]] = {
    ("get", "/v1/me"): [Case("a member", plain(), everyone(200))],
    ("get", "/v1/credits"): [Case("a member", plain(), everyone(200))],
    ("get", "/v1/feed"): [Case("a member", plain(), everyone(200))],
    ("get", "/v1/games"): [Case("a member", plain(), everyone(200))],
    # Feinthold's games
    ("post", "/v1/feinthold/games"): [
        Case("new", plain(body={"house_ai": "pivot", "pace": "1d", "side": "south"}), everyone(201))],
    ("get", "/v1/feinthold/games"): [Case("a member", plain(), everyone(200))],
    ("get", GAME): [
        Case("house, open", house(), only({PLAYER: 200}), id_param="game_id"),
        Case("house, over", house(over=True), only({PLAYER: 200}), id_param="game_id"),
        Case("friendly, open", friendly(), only(P_AND_O), id_param="game_id"),
        Case("duel, playing", duel_game("playing"), only(P_AND_O), id_param="game_id"),
        Case("daily, open", daily_game(over=False), only({PLAYER: 200}), id_param="game_id"),
    ],
    ("put", GAME + "/turns/{turn}/orders"): [
        Case("house, open", orders_to(lambda w, c: w.house_game(c)), only({PLAYER: 200}), mutates=True,
             id_param="game_id"),
        Case("house, over", orders_to(lambda w, c: w.house_game(c, over=True)), only({PLAYER: 409}),
             mutates=True, id_param="game_id"),
        Case("friendly, open", orders_to(lambda w, c: w.friendly_game(c)), only(P_AND_O), mutates=True,
             id_param="game_id"),
        Case("duel, playing", orders_to(lambda w, c: w.duel(c, "playing")), only(P_AND_O), mutates=True,
             id_param="game_id"),
    ],
    ("get", GAME + "/record"): [
        Case("house, open", house(), only({PLAYER: 409}), id_param="game_id"),
        Case("house, over", house(over=True), only({PLAYER: 200}), id_param="game_id"),
        Case("friendly, over", friendly(over=True), only(P_AND_O), id_param="game_id"),
        Case("duel, finished", duel_game("finished"), only(P_AND_O), id_param="game_id"),
        Case("daily, over before its board is final", daily_game(over=True), only({PLAYER: 409}),
             id_param="game_id"),
    ],
    # friendly invitations
    ("post", "/v1/feinthold/invitations"): [
        Case("new", with_cast(lambda w, c: Target(c, {}, body={"invitee": c.opponent.sub, "pace": "1d"})),
             only({PLAYER: 201, STRANGER: 201, MODERATOR: 201, OPPONENT: 422}))],
    ("get", "/v1/feinthold/invitations"): [Case("a member", plain(), everyone(200))],
    ("post", INVITATION + "/accept"): [
        Case("pending", invitation(), only({OPPONENT: 201, PLAYER: 403}), mutates=True, id_param="invitation_id"),
        Case("answered", invitation(answered=True), only({OPPONENT: 409, PLAYER: 403}), mutates=True,
             id_param="invitation_id"),
    ],
    ("post", INVITATION + "/decline"): [
        Case("pending", invitation(), only({OPPONENT: 200, PLAYER: 403}), mutates=True, id_param="invitation_id"),
        Case("answered", invitation(answered=True), only({OPPONENT: 409, PLAYER: 403}), mutates=True,
             id_param="invitation_id"),
    ],
    # duels
    ("post", "/v1/feinthold/duels"): [Case("new", plain(body={"pace": "1d", "stake": 0}), everyone(201))],
    ("get", "/v1/feinthold/duels"): [Case("open", plain(query="list=open"), everyone(200)),
                                     Case("to me", plain(query="list=to-me"), everyone(200))],
    ("get", DUEL): [
        Case("named", duel("named"), only(P_AND_O), id_param="duel_id"),
        Case("open to anyone", duel("open"), everyone(200), id_param="duel_id"),
        Case("open, taken by the opponent", duel("taken"), only(P_AND_O), id_param="duel_id"),
        Case("ready room", duel("ready-room"), only(P_AND_O), id_param="duel_id"),
        Case("playing", duel("playing"), only(P_AND_O), id_param="duel_id"),
        Case("finished", duel("finished"), only(P_AND_O), id_param="duel_id"),
    ],
    ("post", DUEL + "/accept"): duel_action(
        "accept", named={OPPONENT: 200, PLAYER: 409}, open={PLAYER: 409, OPPONENT: 200, STRANGER: 200, MODERATOR: 200},
        taken={PLAYER: 409, OPPONENT: 409}, playing={PLAYER: 409, OPPONENT: 409}),
    ("post", DUEL + "/decline"): duel_action(
        "decline", named={OPPONENT: 200, PLAYER: 409}, open=dict.fromkeys(MEMBERS, 409),
        taken={PLAYER: 409, OPPONENT: 409}),
    ("post", DUEL + "/withdraw"): duel_action(
        "withdraw", named={PLAYER: 200, OPPONENT: 409}, open={PLAYER: 200, OPPONENT: 409, STRANGER: 409,
                                                                MODERATOR: 409},
        taken={PLAYER: 409, OPPONENT: 409}),
    ("post", DUEL + "/ready"): duel_action(
        "ready", ready_room=P_AND_O, named={PLAYER: 409, OPPONENT: 409}, playing={PLAYER: 409, OPPONENT: 409}),
    ("post", DUEL + "/abandon"): duel_action(
        "abandon", playing=P_AND_O, ready_room=P_AND_O, finished={PLAYER: 409, OPPONENT: 409}),
    ("get", "/v1/feinthold/leaderboards/duels"): [Case("a member", plain(), everyone(200))],
    # doctrines: a member's own slots; another member's slot 1 is their own, empty
    ("get", "/v1/feinthold/doctrines"): [Case("a member", plain(), everyone(200))],
    ("post", "/v1/feinthold/doctrines"): [Case("new", plain(body={"doctrine": IDLE_DOCTRINE}), everyone(201))],
    ("get", DOCTRINE): [Case("the player's", doctrine_slot(), only({PLAYER: 200}))],
    ("put", DOCTRINE): [Case("the player's", doctrine_slot(body={"doctrine": IDLE_DOCTRINE}), only({PLAYER: 200}),
                             mutates=True)],
    ("delete", DOCTRINE): [Case("the player's", doctrine_slot(), only({PLAYER: 204}), mutates=True)],
    ("post", DOCTRINE + "/default"): [Case("the player's", doctrine_slot(), only({PLAYER: 200}), mutates=True)],
    # the Daily Front
    ("get", "/v1/feinthold/daily"): [Case("today", plain(), everyone(200))],
    ("post", "/v1/feinthold/daily"): [Case("today", plain(), everyone(201))],
    ("get", "/v1/feinthold/daily/board"): [Case("today", plain(), everyone(200))],
    ("get", "/v1/feinthold/daily/rank"): [
        Case("the player ranked", ranked_front(None), only({PLAYER: 200, OPPONENT: 404, STRANGER: 404,
                                                            MODERATOR: 404}))],
    ("get", "/v1/feinthold/daily/months/{month}"): [
        Case("this month", with_cast(lambda w, c: Target(c, {"month": START.strftime("%Y-%m")})), everyone(200))],
    ("post", "/v1/feinthold/daily/{day}/results/{member}/remove"): [
        Case("ranked", ranked_front(WHY), only({MODERATOR: 200}), denied=403, mutates=True),
        Case("ranked, a body that breaks the schema", ranked_front({"why": ""}), only({MODERATOR: 422}),
             denied=403, mutates=True),
    ],
    # knockout tournaments: their pages are public to members; a change names the member's own seat or match
    ("post", "/v1/feinthold/tournaments"): [
        Case("new", plain(body={"size": 4, "fee": 0, "name": "Matrix Cup"}), everyone(201))],
    ("get", "/v1/feinthold/tournaments"): [Case("a member", plain(), everyone(200))],
    ("get", "/v1/feinthold/tournaments/mine"): [Case("a member", plain(), everyone(200))],
    ("get", TOURNAMENT): [Case("taking entries", tournament(), everyone(200), id_param="tournament_id"),
                          Case("started", tournament(started=True), everyone(200), id_param="tournament_id")],
    ("post", TOURNAMENT + "/join"): [
        Case("taking entries", tournament(), only({PLAYER: 409, OPPONENT: 409, STRANGER: 200, MODERATOR: 200}),
             mutates=True, id_param="tournament_id"),
        Case("started", tournament(started=True), dict.fromkeys(MEMBERS, frozenset({409})), mutates=True,
             id_param="tournament_id"),
    ],
    ("post", TOURNAMENT + "/leave"): [
        Case("taking entries", tournament(), only(P_AND_O), denied=409, mutates=True),
        Case("started", tournament(started=True), only({PLAYER: 409, OPPONENT: 409}), denied=409, mutates=True),
    ],
    ("post", TOURNAMENT + "/matches/{slot}/abandon"): [
        Case("the player's match", tournament(started=True, slot=True), only({PLAYER: 200, OPPONENT: (200, 409)}),
             denied=409, mutates=True),
    ],
    # Feint: a game is its players'; a table its host's and its invited members' unless a seat is open to anyone;
    # a watch game anyone's who has its id
    ("post", "/v1/feint/games"): [Case("solo", plain(body={"mode": "solo", "seats": 2}), everyone(201))],
    ("get", "/v1/feint/games"): [Case("a member", plain(), everyone(200))],
    ("get", FEINT): [Case("solo", feint_game(), only({PLAYER: 200}), id_param="game_id"),
                     Case("online", feint_game(online=True), only(P_AND_O), id_param="game_id")],
    ("post", FEINT + "/commands"): [
        Case("solo, the deployment", feint_game(body=DEAL), only({PLAYER: 200}), mutates=True, id_param="game_id"),
        Case("online, the deployment", feint_game(online=True, body=DEAL), only(P_AND_O), mutates=True,
             id_param="game_id"),
    ],
    ("get", FEINT + "/history"): [Case("online", feint_game(online=True), only(P_AND_O), id_param="game_id")],
    ("get", FEINT + "/record"): [Case("solo, in play", feint_game(), only({PLAYER: 409}), id_param="game_id")],
    ("post", FEINT + "/leave"): [Case("online", feint_game(online=True), only(P_AND_O), mutates=True,
                                      id_param="game_id"),
                                 Case("solo", feint_game(), only({PLAYER: 409}), mutates=True, id_param="game_id")],
    ("post", "/v1/feint/tables"): [Case("new", plain(body={"seats": 2, "pace": "1d"}), everyone(201))],
    ("get", "/v1/feint/tables"): [Case("a member", plain(), everyone(200))],
    ("get", TABLE_PATH): [Case("seats kept", feint_table(open_seat=False), only(P_AND_O), id_param="table_id"),
                          Case("a seat open to anyone", feint_table(open_seat=True), everyone(200),
                               id_param="table_id")],
    ("post", TABLE_PATH + "/join"): [
        Case("seats kept", feint_table(open_seat=False), only({OPPONENT: 200, PLAYER: 409}), mutates=True,
             id_param="table_id"),
        Case("a seat open to anyone", feint_table(open_seat=True),
             only({OPPONENT: 200, PLAYER: 409, STRANGER: 200, MODERATOR: 200}), mutates=True, id_param="table_id"),
    ],
    ("post", "/v1/feint/watch"): [Case("new", plain(body={"seats": 2}), everyone(201))],
    # online Front 1901: a table as Feint's; a table's game its two members' (the player and the opponent)
    ("post", "/v1/front1901/tables"): [Case("new", plain(body={"seats": 2, "pace": "1d"}), everyone(201))],
    ("get", "/v1/front1901/tables"): [Case("a member", plain(), everyone(200))],
    ("get", F1901_TABLE): [Case("seats kept", front1901_table(open_seat=False), only(P_AND_O), id_param="table_id"),
                           Case("a seat open to anyone", front1901_table(open_seat=True), everyone(200),
                                id_param="table_id")],
    ("post", F1901_TABLE + "/join"): [
        Case("seats kept", front1901_table(open_seat=False), only({OPPONENT: 200, PLAYER: 409}), mutates=True,
             id_param="table_id"),
        Case("a seat open to anyone", front1901_table(open_seat=True),
             only({OPPONENT: 200, PLAYER: 409, STRANGER: 200, MODERATOR: 200}), mutates=True, id_param="table_id"),
    ],
    ("get", "/v1/front1901/ratings"): [Case("a member", plain(), everyone(200))],
    ("post", PHASE + "/messages/{message_id}/report"): [Case("a text to the player", front1901_text(),
                                                             only({PLAYER: 201, OPPONENT: 404}), id_param="game_id")],
    ("get", "/v1/moderation/front1901/reports"): [Case("reports", plain(), only({MODERATOR: 200}), denied=403)],
    ("post", "/v1/moderation/front1901/games/{game_id}/void"): [
        Case("in play", with_cast(lambda w, c: Target(c, {"game_id": w.front1901_online(c)}, body=WHY)),
             only({MODERATOR: 409}), denied=403, mutates=True)],
    ("post", PHASE + "/messages"): [Case("open", front1901_online({"text": "Hello"}), only(P_AND_O), mutates=True,
                                         id_param="game_id")],
    ("post", PHASE + "/votes"): [Case("open", front1901_online({"vote": "draw"}), only(P_AND_O), mutates=True,
                                      id_param="game_id")],
    ("post", PHASE + "/reclaim"): [Case("a seat of mine", front1901_online(), only({PLAYER: 409, OPPONENT: 409}),
                                        id_param="game_id")],
    ("get", "/v1/feint/watch/{game_id}"): [Case("played out", feint_watch(), everyone(200))],
    ("get", "/v1/feint/watch/{game_id}/steps"): [Case("played out", feint_watch(), everyone(200))],
    # published doctrines and their challenges: a published doctrine is public (its rules its author's), a hidden
    # one its author's alone; a challenge its challenger's (the player) and the doctrine's author's (the opponent)
    ("get", "/v1/feinthold/published"): [Case("a member", plain(), everyone(200))],
    ("post", "/v1/feinthold/published"): [
        Case("the player's slot 1", doctrine_slot(body={"slot": 1, "name": "Matrix Line"}), only({PLAYER: 201}),
             mutates=True)],
    ("get", PUBLISHED): [Case("published", published(), everyone(200), id_param="doctrine_id"),
                         Case("hidden", published(hidden=True), only({PLAYER: 200}), id_param="doctrine_id")],
    ("post", PUBLISHED + "/withdraw"): [
        Case("published", published(), only({PLAYER: 200}), denied=403, mutates=True),
        Case("hidden", published(hidden=True), only({PLAYER: 409}), mutates=True, id_param="doctrine_id")],
    ("post", "/v1/feinthold/bench"): [
        Case("a house AI", plain(body={"of": "house", "house_ai": "ram"}), everyone(200)),
        Case("the player's slot 1", doctrine_slot(body={"of": "slot", "slot": 1}), only({PLAYER: 200}))],
    ("post", "/v1/feinthold/challenges"): [
        Case("a house AI", plain(body={"doctrine_id": "house-ram", "pace": "blitz"}), everyone(201), mutates=True),
        Case("the player's doctrine", challenging(lambda w, c: w.published(c)),
             only({PLAYER: 422, OPPONENT: 201, STRANGER: 201, MODERATOR: 201}), mutates=True),
        Case("a hidden doctrine", challenging(lambda w, c: w.published(c, hidden=True)), only({PLAYER: 422}),
             mutates=True)],
    ("get", CHALLENGE): [Case("in play", challenge(), only(P_AND_O), id_param="challenge_id")],
    ("get", CHALLENGE + "/trace"): [Case("in play", challenge(), only({PLAYER: 403, OPPONENT: 409}),
                                         id_param="challenge_id")],
    ("get", "/v1/feinthold/leaderboards/challengers"): [Case("a member", plain(), everyone(200))],
    ("get", "/v1/feinthold/leaderboards/doctrines"): [Case("a member", plain(), everyone(200))],
    # Front 1901: a solo game is its player's alone; a stranger (and a moderator) gets the 404 of a missing game
    ("post", "/v1/front1901/games"): [Case("new", plain(body={"level": "easy"}), everyone(201))],
    ("get", "/v1/front1901/games"): [Case("a member", plain(), everyone(200))],
    ("get", FRONT): [Case("open", front1901_game(), only({PLAYER: 200}), id_param="game_id")],
    ("put", PHASE + "/orders"): [
        Case("open", front1901_game(body={"orders": []}), only({PLAYER: 200}), mutates=True, id_param="game_id"),
        Case("over", front1901_game("over", body={"orders": []}), only({PLAYER: 409}), id_param="game_id"),
    ],
    ("post", PHASE + "/proposals"): [
        Case("open", front1901_game(body={"to": "ITALY", "proposal": {"kind": "pact"}}), only({PLAYER: 200}),
             mutates=True, id_param="game_id")],
    ("post", PHASE + "/replies"): [
        Case("an AI power's proposal", front1901_game(body_of=open_proposal), only({PLAYER: 200}), mutates=True,
             id_param="game_id")],
    ("post", PHASE + "/cancellations"): [
        Case("a pact in force", front1901_game(body_of=pact_in_force), only({PLAYER: 200}), mutates=True,
             id_param="game_id")],
    ("put", PHASE + "/draft"): [
        Case("open", front1901_game(body={"orders": ["A PAR - BUR"]}), only({PLAYER: 200}), mutates=True,
             id_param="game_id")],
    ("get", PHASE): [Case("played", front1901_game("played"), only({PLAYER: 200}), id_param="game_id")],
    ("get", FRONT + "/estimates"): [Case("open", front1901_game(), only({PLAYER: 200}), id_param="game_id")],
    ("get", FRONT + "/threats"): [Case("open", front1901_game(), only({PLAYER: 200}), id_param="game_id")],
    ("get", FRONT + "/suggestions"): [Case("open", front1901_game(), only({PLAYER: 200}), id_param="game_id")],
    ("get", FRONT + "/history"): [Case("played", front1901_game("played"), only({PLAYER: 200}), id_param="game_id")],
    ("get", FRONT + "/record"): [
        Case("in play", front1901_game(), only({PLAYER: 409}), id_param="game_id"),
        Case("over", front1901_game("over"), only({PLAYER: 200}), id_param="game_id"),
    ],
    ("get", "/v1/front1901/daily"): [Case("today", plain(), everyone(200))],
    ("post", "/v1/front1901/daily"): [Case("today", plain(), everyone(201))],
    ("get", "/v1/front1901/daily/board"): [Case("today", plain(), everyone(200))],
    ("post", FRONT + "/stop"): [
        Case("open", front1901_game(), only({PLAYER: 200}), mutates=True, id_param="game_id"),
        Case("over", front1901_game("over"), only({PLAYER: 409}), id_param="game_id"),
    ],
    # moderation
    ("get", "/v1/moderation/marks"): [Case("open marks", with_cast(lambda w, c: (w.mark(c), Target(c, {}))[1]),
                                           only({MODERATOR: 200}), denied=403)],
    ("post", "/v1/moderation/marks/{member}/{mark_id}/close"): [
        Case("open", mark(WHY), only({MODERATOR: 200}), denied=403, mutates=True),
        Case("open, a body that breaks the schema", mark({"reason": 1}), only({MODERATOR: 422}), denied=403,
             mutates=True),
    ],
    ("post", "/v1/moderation/games/{game_id}/stop"): [
        Case("a house game in play", with_cast(lambda w, c: Target(c, {"game_id": w.house_game(c)["game_id"]},
                                                                   body=WHY)),
             only({MODERATOR: 200}), denied=403, mutates=True),
        Case("a duel in play", with_cast(lambda w, c: Target(c, {"game_id": w.duel(c, "playing")["duel_id"]},
                                                             body=WHY)),
             only({MODERATOR: 200}), denied=403, mutates=True)],
    ("post", "/v1/moderation/duels/{duel_id}/void"): [
        Case("finished", with_cast(lambda w, c: Target(c, {"duel_id": w.duel(c, "finished")["duel_id"]}, body=WHY)),
             only({MODERATOR: 200}), denied=403, mutates=True),
        Case("in play", with_cast(lambda w, c: Target(c, {"duel_id": w.duel(c, "playing")["duel_id"]}, body=WHY)),
             only({MODERATOR: 409}), denied=403, mutates=True)],
    ("post", "/v1/moderation/members/{member}/freeze"): [
        Case("a member", with_cast(lambda w, c: Target(c, {"member": c.player.sub}, body=WHY)),
             only({MODERATOR: 200}), denied=403, mutates=True),
        Case("a member frozen", with_cast(lambda w, c: Target(c, {"member": w.frozen(c)}, body=WHY)),
             only({MODERATOR: 409}), denied=403, mutates=True)],
    ("post", "/v1/moderation/members/{member}/unfreeze"): [
        Case("a member frozen", with_cast(lambda w, c: Target(c, {"member": w.frozen(c)}, body=WHY)),
             only({MODERATOR: 200}), denied=403, mutates=True)],
    ("post", "/v1/moderation/doctrines/{doctrine_id}/hide"): [
        Case("published", published(body=WHY), only({MODERATOR: 200}), denied=403, mutates=True),
        Case("published, a body that breaks the schema", published(body={"why": ""}), only({MODERATOR: 422}),
             denied=403, mutates=True)],
    ("get", "/v1/moderation/audit"): [
        Case("a frozen member's", with_cast(lambda w, c: (w.frozen(c), Target(c, {}))[1]), only({MODERATOR: 200}),
             denied=403)],
    ("get", "/v1/moderation/members/{member}"): [
        Case("a marked member", with_cast(lambda w, c: (w.mark(c), Target(c, {"member": c.player.sub}))[1]),
             only({MODERATOR: 200}), denied=403)],
    ("get", "/v1/moderation/members/{member}/marks"): [
        Case("a marked member", with_cast(lambda w, c: (w.mark(c), Target(c, {"member": c.player.sub}))[1]),
             only({MODERATOR: 200}), denied=403)],
    # seasons: a season's page and a member's history are every member's to read
    ("get", "/v1/seasons/{season}"): [
        Case("closed", with_cast(lambda w, c: Target(c, {"season": w.closed_season()})), everyone(200))],
    ("get", "/v1/seasons/members/{member}"): [
        Case("a member", with_cast(lambda w, c: Target(c, {"member": c.player.sub})), everyone(200))],
}


# ---------------------------------------------------------------- the world
@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    from gameserver import parameters, services
    from gameserver.config import get_settings
    from gameserver.domain.daily.front import forget_known_fronts
    from gameserver.domain.fairplay import forget_written
    from gameserver.domain.front1901.daily import forget_known_challenges
    from gameserver.domain.members import forget_known_profiles
    from gameserver.handlers.api import handler
    from gameserver.storage.memory import MemoryStore
    from moto import mock_aws

    def fresh() -> None:
        get_settings.cache_clear()
        services.reset()
        parameters.forget()
        forget_known_profiles()
        forget_written()
        forget_known_fronts()
        forget_known_challenges()

    with pytest.MonkeyPatch.context() as patch:
        set_environment(patch, environment("matrix", TABLE_NAME=TABLE, DAILY_SALT=SALT, DAILY_SALT_PARAMETER="",
                                           CURSOR_KEY=CURSOR_KEY, EVENT_BUS_NAME="",
                                           POWERTOOLS_METRICS_NAMESPACE="Feinthold"))
        fresh()
        # Nothing here may reach AWS: the handler runs on the in-memory store, and moto answers anything else.
        with mock_aws(), manual_clock(START) as clock:
            store = MemoryStore()
            services._storage = store
            world = World(store, clock, handler)
            yield world
            print(f"\nauthorization matrix: {world.requests} requests in this process (-s shows it)")
        fresh()


# ---------------------------------------------------------------- what an answer may not give away
TRACE = re.compile(r"Traceback|File \"|\.py\b|line \d+, in")
KEY_WORDS = re.compile(r"\b(pk|sk|gsi\dpk|gsi\dsk|LastEvaluatedKey|ExclusiveStartKey)\b|\b[A-Z]{3,}#")
SECRET_NAMES = re.compile(r"seed|salt|secret|private|password|signing|(^|_)key$|device|address|source_?ip", re.I)
SEEDING = re.compile(r"^\.seeds(\[\d+\]\.seed)?$|^\.matches\[\d+\]\.players\[\d+\]\.seed$")
"""A tournament's seeding (the bracket's order, "the seeds follow the game's duel rating"): public, and no
random seed."""
BENCH_SEEDS = re.compile(r"^\.seed$|^\.games\[\d+\]\.seed$")
"""The test bench's seed and its games' (drawn from it): the caller's own choice, the bench played again from it
on request; no game's."""


def walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for name, inner in value.items():
            yield f"{path}.{name}", name
            yield from walk(inner, f"{path}.{name}")
    elif isinstance(value, list):
        for n, inner in enumerate(value):
            yield from walk(inner, f"{path}[{n}]")
    else:
        yield path, value


def given_away(world: World, status: int, body: Any, receiver: Any, moderation: bool, bench: bool = False
               ) -> list[str]:
    """What this answer gives away that it must not."""
    found: list[str] = []
    text = json.dumps(body)
    if status >= 400:
        if TRACE.search(text):
            found.append(f"a stack trace: {text}")
        if TABLE in text or KEY_WORDS.search(text):
            found.append(f"a table name or key: {text}")
    if SALT in text or CURSOR_KEY in text:
        found.append("a secret")
    for where, item in walk(body):
        if (where.rsplit(".", 1)[-1] == item and isinstance(item, str) and SECRET_NAMES.search(item)
                and not SEEDING.match(where) and not (bench and BENCH_SEEDS.match(where))):
            found.append(f"a field named {item!r} at {where}")
    if receiver is not None and not moderation:
        for sub in world.devices:
            if sub != receiver.sub and (device_of(sub) in text or address_of(sub) in text):
                found.append(f"{sub}'s device or address")
    return found


def snapshot(world: World) -> dict[str, Any]:
    """Everything stored but the sightings (every authenticated request records its caller's)."""
    tables = world.store.tables
    return {name: copy.deepcopy(value) for name, value in vars(tables).items() if name != "seen"}


def unknown_id(params: Mapping[str, str], name: str) -> dict[str, str]:
    return {**params, name: secrets.token_hex(10)}


@dataclass
class Run:
    world: World
    method: str
    template: str
    failures: list[str] = field(default_factory=list)
    cells: int = 0

    def call(self, target: Target, kind: str, params: Mapping[str, str] | None = None
             ) -> Iterator[tuple[str, int, dict[str, str], Any, Any]]:
        path = self.template.format(**(params or target.params))
        for variant, headers, caller in self.world.headers_for(kind, target.cast):
            status, answered, body = self.world.send(self.method.upper(), path, target.query, target.body,
                                                     headers, caller)
            self.cells += 1
            yield variant, status, answered, body, caller

    def check(self, case: Case, target: Target, kind: str) -> None:
        moderation = self.template.startswith("/v1/moderation")
        for variant, status, headers, body, caller in self.call(target, kind):
            where = f"{self.method.upper()} {self.template} [{case.state}] {variant}"
            for leak in given_away(self.world, status, body, caller, moderation and kind == MODERATOR,
                                   bench=self.template == "/v1/feinthold/bench"):
                self.failures.append(f"{where}: gives away {leak}")
            if status != 401:  # the gateway's own 401 is held to its body below
                try:
                    check_answer(self.method, self.template.format(**target.params), status, body)
                except AssertionError as outside:
                    self.failures.append(f"{where}: outside the document: {outside}")
            if status >= 500:
                self.failures.append(f"{where}: {status} {body}")
            elif kind in (NO_TOKEN, FORGED, EXPIRED):
                if (status, body) != (401, {"message": "Unauthorized"}) or "www-authenticate" not in headers:
                    self.failures.append(f"{where}: expected API Gateway's 401, got {status} {body}")
            elif kind in case.may:
                if status not in case.may[kind]:
                    self.failures.append(f"{where}: expected {sorted(case.may[kind])}, got {status} {body}")
            elif status != case.denied:
                self.failures.append(f"{where}: an unexpected allow: expected {case.denied}, got {status} {body}")
            elif case.denied == 403 and body["error"]["code"] not in ("moderators_only", "forbidden"):
                self.failures.append(f"{where}: 403 but {body}")
            elif case.denied == 404 and case.id_param is not None:
                self.same_as_unknown(where, case, target, kind, body)

    def same_as_unknown(self, where: str, case: Case, target: Target, kind: str, body: Any) -> None:
        assert case.id_param is not None
        params = unknown_id(target.params, case.id_param)
        for _, status, _, unknown, _ in self.call(target, kind, params):
            mine, theirs = target.params[case.id_param], params[case.id_param]
            if status != 404 or json.dumps(body).replace(mine, theirs) != json.dumps(unknown):
                self.failures.append(f"{where}: an existence oracle: {body} but {status} {unknown} for an "
                                     "id that does not exist")


def run_case(run: Run, case: Case) -> None:
    world = run.world
    target = case.make(world)
    before = snapshot(world) if case.mutates else None
    refused = [kind for kind in KINDS if kind not in case.may]
    for kind in refused:
        run.check(case, target, kind)
    if before is not None and snapshot(world) != before:
        run.failures.append(f"{run.method.upper()} {run.template} [{case.state}]: a refused call changed what is "
                            "stored")
    for kind in [kind for kind in KINDS if kind in case.may]:
        run.check(case, case.make(world) if case.mutates else target, kind)


# ---------------------------------------------------------------- the tests
def operations() -> set[tuple[str, str]]:
    from gameserver.api.openapi import document

    return {(method, path) for path, ops in document()["paths"].items() for method in ops}


def test_the_matrix_covers_every_operation_of_the_document_and_no_other():
    documented = operations()
    assert sorted(documented - set(CASES)) == [], "operations of the document the matrix does not cover"
    assert sorted(set(CASES) - documented) == [], "operations the matrix covers that the document does not have"


@pytest.mark.parametrize(("method", "template"), sorted(CASES))
def test_only_whom_it_should_be_is_allowed(world, method, template):
    run = Run(world, method, template)
    for case in CASES[(method, template)]:
        run_case(run, case)
    assert run.cells > 0
    assert not run.failures, "\n".join(run.failures)


def test_the_matrix_size(world, capsys):
    """Cells of the matrix: operations x states x callers (each forged or token-less variant its own), and
    the requests with an unknown id each 404 was compared with. Printed for the closing note (``-s``)."""
    cases = sum(len(c) for c in CASES.values())
    variants = {kind: sum(1 for _ in world.headers_for(kind, world.cast())) for kind in KINDS}
    cells = cases * sum(variants.values())
    with capsys.disabled():
        print(f"\nauthorization matrix: {len(CASES)} operations, {cases} resource states, "
              f"{len(KINDS)} kinds of caller ({sum(variants.values())} variants: {variants}), {cells} cells")
    assert len(CASES) == len(operations()) and cells >= len(CASES) * len(KINDS)
