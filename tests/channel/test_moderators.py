"""A moderator on the channel, on both stores: the HTTP API gives moderators no view of a game that is not
theirs (their reads are the audit log, marks, a member's record and reported Front 1901 messages: no game, no
live view), so the channel gives them nothing more than a member: subscribing to another member's private game
answers exactly as a game that does not exist, and a game of their own is theirs like anyone's."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from gameserver.channel.auth import Member
from gameserver.channel.session import Session
from gameserver.play import events
from gameserver.play.start import new_game
from test_fanout import NOW, Posts


def game(store, game_id: str, players: dict[str, str]) -> None:
    store.transact(events.added([new_game(
        game_id=game_id, kind="feinthold", mode="friendly", players=players, pace="blitz", options={}, seed=7,
        stand_ins={}, now=datetime(2026, 12, 1, 10, tzinfo=UTC))]))


def answer(session: Session, posts: Posts, connection_id: str, game_id: str) -> dict[str, Any]:
    session.receive(connection_id, f'{{"action": "subscribe", "game_id": "{game_id}", "after": ""}}')
    return posts.sent[-1][1]


def test_a_moderators_subscription_to_another_members_game_answers_as_no_game(store):
    game(store, "g-theirs", {"north": "ann", "south": "bob"})
    game(store, "g-mine", {"north": "mod", "south": "ann"})
    posts = Posts()
    session = Session(store, posts, lambda token: {}, lambda: NOW)
    session.connect("c-mod", Member("mod", True, NOW + 3600), "2026-12-01T10:00:00Z")
    theirs = answer(session, posts, "c-mod", "g-theirs")
    nothing = answer(session, posts, "c-mod", "g-none")
    assert theirs["type"] == "error" and theirs["code"] == "not_found" and theirs["field"] == "game_id"
    assert theirs == {**nothing, "message": nothing["message"].replace("g-none", "g-theirs")}
    assert store.events.subscribers("mod", "game:g-theirs") == [] and store.events.subscribers(
        "ann", "game:g-theirs") == [], "no subscription was written, under anyone's name"
    assert answer(session, posts, "c-mod", "g-mine")["type"] == "subscribed"
    told = [m for _, m in posts.sent if m["type"] == "event"]
    assert {m["stream"] for m in told} == {"game:g-mine"}, "the game's start, told to its member"
