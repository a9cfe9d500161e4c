"""A connection's life: opened by its authorized member, its messages answered, closed.

Subscribing is authorized as the HTTP API reads: a game is subscribed to by one of its members only (another
member's game, a seat that is not mine, a game that does not exist: the same ``not_found``), and a moderator is
a member like any other here, as the game routes treat them. A subscription that names ``after`` first gets
every stored event past it, in order, once, then ``subscribed``; the fan-out holds off it meanwhile
(``storage.events``: the catch-up's hold, the claimed position).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter, ValidationError

from gameserver.channel.auth import Member, Refused, Verifier, member_of
from gameserver.channel.closer import expire
from gameserver.channel.fanout import message_of
from gameserver.channel.poster import Poster
from gameserver.channel.protocol import Authorize, ClientMessage, ErrorCode, Ping, Subscribe, Unsubscribe
from gameserver.storage.errors import WriteConflict
from gameserver.storage.events import FEED, Connection, Subscription, game_stream
from gameserver.storage.port import Store

CATCH_UP_SECONDS = 30
"""How long a catch-up holds a subscription at most (a handler that died leaves it to the fan-out after)."""

_MESSAGES: TypeAdapter[Any] = TypeAdapter(ClientMessage)


class Answer(Exception):
    """A message refused: what the client is told."""

    def __init__(self, code: ErrorCode, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code, self.field = code, field

    def json(self) -> dict[str, Any]:
        return {"type": "error", "code": str(self.code), "message": str(self), "field": self.field}


class Session:
    """The channel's handlers over one store, one way to post, one token check and one wall clock (tokens
    expire by wall time, never by the game clock)."""

    def __init__(self, store: Store, poster: Poster, verify: Verifier, wall: Callable[[], int]) -> None:
        self.store, self.poster, self.verify, self.wall = store, poster, verify, wall

    # ------------------------------------------------------------ $connect / $disconnect
    def connect(self, connection_id: str, member: Member, now: str) -> None:
        self.store.events.open_connection(Connection(connection_id, member.sub, member.moderator, now,
                                                     member.expires))

    def disconnect(self, connection_id: str) -> None:
        self.store.events.close_connection(connection_id)

    # ------------------------------------------------------------ a message
    def receive(self, connection_id: str, body: str | None) -> None:
        connection = self.store.events.connection(connection_id)
        if connection is None:
            self.poster.close(connection_id)
            return
        if connection.token_expires <= self.wall():
            expire(self.store.events, self.poster, connection_id)
            return
        try:
            message = _parsed(body)
            if isinstance(message, Subscribe):
                self._subscribe(connection, message)
            elif isinstance(message, Unsubscribe):
                stream = _stream(message.game_id, message.feed)
                self.store.events.unsubscribe(connection_id, connection.sub, stream)
                self.poster.post(connection_id, {"type": "unsubscribed", "stream": stream})
            elif isinstance(message, Ping):
                self.poster.post(connection_id, {"type": "pong"})
            elif isinstance(message, Authorize):
                self._authorize(connection, message.token)
        except Answer as answer:
            self.poster.post(connection_id, answer.json())

    def _authorize(self, connection: Connection, token: str) -> None:
        try:
            member = member_of(self.verify(token))
        except Refused as refused:
            raise Answer(ErrorCode.UNAUTHORIZED, str(refused), "token") from None
        if member.sub != connection.sub:
            raise Answer(ErrorCode.UNAUTHORIZED, "the token is another member's", "token")
        self.store.events.reauthorize(connection.connection_id, member.expires)
        self.poster.post(connection.connection_id, {"type": "authorized", "expires": member.expires})

    # ------------------------------------------------------------ subscribe, with its catch-up
    def _subscribe(self, connection: Connection, message: Subscribe) -> None:
        stream = _stream(message.game_id, message.feed)
        if message.game_id is not None:
            self._may_watch(connection, message.game_id, message.seat)
        events = self.store.events
        sub, conn = connection.sub, connection.connection_id
        latest = events.latest(sub, stream)
        after = message.after
        if after is not None and after > latest:
            raise Answer(ErrorCode.SEQUENCE_FROM_FUTURE,
                         f"position {after!r} is past the last event of {stream} ({latest!r})", "after")
        if after and not events.has_event(sub, stream, after):
            raise Answer(ErrorCode.UNKNOWN_SEQUENCE, f"position {after!r} is no stored event of {stream}: fetch "
                         "the view, then subscribe without after", "after")
        # Live only (no ``after``): from the newest stored position; an event committed between reading it and
        # writing the subscription is caught up like any missed one.
        start = latest if after is None else after
        subscription = Subscription(conn, sub, stream, start, self.wall() + CATCH_UP_SECONDS,
                                    connection.token_expires)
        try:
            events.subscribe(subscription)
        except WriteConflict:
            self.poster.close(conn)
            return
        position, catching = start, True
        while catching:
            missed = events.events_after(sub, stream, position)
            for event in missed:
                if events.claim(subscription, event.seq, catching=True, now=self.wall()):
                    self.poster.post(conn, message_of(event))
                position = event.seq
            catching = bool(missed)
        self.poster.post(conn, {"type": "subscribed", "stream": stream, "seq": position})
        events.end_catch_up(subscription, position)

    def _may_watch(self, connection: Connection, game_id: str, seat: str | None) -> None:
        """A game of the connection's member, and the seat named one of theirs: else the game's 404 (a moderator
        too: no game's view is theirs unless they play it, as on the game routes)."""
        game = self.store.games.get(game_id)
        held = game.seats_of(connection.sub) if game is not None else ()
        if not held:
            raise Answer(ErrorCode.NOT_FOUND, f"no game {game_id} of yours", "game_id")
        if seat is not None and seat not in held:
            raise Answer(ErrorCode.NOT_FOUND, f"no seat {seat} of yours in game {game_id}", "seat")


def _parsed(body: str | None) -> Any:
    try:
        return _MESSAGES.validate_json(body or "")
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or None
        raise Answer(ErrorCode.INVALID_MESSAGE, f"{where or 'message'}: {first['msg']}", where) from None


def _stream(game_id: str | None, feed: bool) -> str:
    if (game_id is None) == (not feed):
        raise Answer(ErrorCode.INVALID_MESSAGE, "name a game (game_id) or the feed (feed: true), not both",
                     "game_id")
    return FEED if feed else game_stream(str(game_id))
