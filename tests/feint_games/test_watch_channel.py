"""A watch game on the live channel. It is played out in the request that makes it (``domain.feint.watch``):
every step resolves as it opens, bots at every seat, and the game is over before its id reaches anyone (the
answer that carries the id is its final table). So nothing about it ever changes while someone could listen:
its commits tell nobody (no member holds a seat, and no event is stored for the member who made it), and the
channel, whose game streams are a member's own games, answers a subscription to it as to a game that is not
theirs; its GET (the whole story, face up) and its steps (the replay) are what a watcher reads."""

from __future__ import annotations

from gameserver.channel.auth import Member
from gameserver.channel.session import Session
from gameserver.domain.feint import watch
from gameserver.storage.events import FEED, game_stream

NOW = 1_900_000_000


class Posts:
    def __init__(self) -> None:
        self.sent: list[dict] = []

    def post(self, connection_id: str, message: dict) -> bool:
        self.sent.append(message)
        return True

    def close(self, connection_id: str) -> None:
        raise AssertionError("nothing closes this connection")


def test_a_watch_game_is_over_before_anyone_can_listen_and_tells_nobody(store, clock, ann):
    shown = watch.create_watch_game(store, clock, ann, seats=3)
    game_id = shown["game_id"]
    assert shown["status"] == "over" and store.games.get(game_id).status == "over"
    assert store.tables.events.events == {}, "no event for anyone: no member holds a seat"
    posts = Posts()
    session = Session(store, posts, lambda token: {}, lambda: NOW)
    session.connect("c1", Member(ann.sub, False, NOW + 3600), "2026-12-01T09:00:00Z")
    session.receive("c1", f'{{"action": "subscribe", "game_id": "{game_id}", "after": ""}}')
    session.receive("c1", '{"action": "subscribe", "game_id": "no-such-game", "after": ""}')
    theirs, nothing = posts.sent
    assert theirs == {**nothing, "message": nothing["message"].replace("no-such-game", game_id)}
    assert theirs["code"] == "not_found"
    assert store.events.latest(ann.sub, game_stream(game_id)) == "" and store.events.latest(ann.sub, FEED) == ""
