"""The events area of the store: what each member is told live, the WebSocket connections and what each one
listens to. Its own table (``EVENTS_TABLE_NAME``, docs/events.md): the table's stream is what the fan-out reads,
and this table holds nothing hidden (no board, no other member's view), so neither does its stream.

- An **event** is one member's: written in the same transaction as the change that causes it (a step's commit, a
  submission, an action, a feed notice), kept 24 hours, in a **stream** of its member (``game:{id}``: one game of
  theirs; ``feed``: their notices), at a position ``seq`` that sorts as text in the order the events were
  committed (a game's: its version after the write, 12 digits; the feed's: the notice's place in the feed).
- A **connection** is one open WebSocket: its member and until when its token holds.
- A **subscription** is one connection listening to one of its member's streams, with ``after``, the last
  position delivered to it: a delivery claims the next position with a condition on it, so an event reaches a
  connection once, whoever delivers it (the fan-out, or a catch-up). While a catch-up runs (``catching_until``)
  the fan-out leaves the subscription to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from gameserver.storage.records import Json

EVENT_TTL_SECONDS = 24 * 3600
"""How long an event stays stored: a client away longer fetches its views again."""
CONNECTION_TTL_SECONDS = 3 * 3600
"""A connection's item outlives API Gateway's two-hour bound on a connection: one whose $disconnect was lost
(a crashed handler) goes on its own."""

FEED = "feed"


def game_stream(game_id: str) -> str:
    """The stream of one game's events of a member."""
    return f"game:{game_id}"


def game_seq(version: int) -> str:
    """A game's event position: the game item's version after the write, so that it sorts as text."""
    return f"{version:012d}"


class Event(NamedTuple):
    sub: str
    """The member it is for: nobody else ever gets it."""
    stream: str
    seq: str
    at: str
    """When the change happened (the game clock's time, ISO)."""
    body: Json
    """What it says (``channel.protocol``'s ``GameChange`` or ``FeedNotice``): built from the member's own view."""


class EventWrite(NamedTuple):
    """Events written in the transaction of what they tell; written again by a retried transaction, each is the
    same item."""

    events: tuple[Event, ...]


def with_feed_events(writes: Sequence[Any]) -> Sequence[Any]:
    """``writes`` and, when they write feed lines, one ``EventWrite`` telling each line to its member, at the
    line's place in their feed, carrying the notice as the feed shows it. Both stores' ``transact`` call it: a
    notice tells its member live whichever write carries it (a step's, a duel's, a tournament's, a season's
    close, an author's notice), once, in the notice's own transaction. A write that writes feed lines says which
    (its ``feed_lines``)."""
    lines = [line for write in writes for line in getattr(write, "feed_lines", ())]
    if not lines:
        return writes
    # Imported here: a notice's shape reads the seasons' prizes and the challenges' words, which a transaction
    # that writes no notice (most of them) should not load.
    from gameserver.clock import iso
    from gameserver.platform.feed import notice_json
    from gameserver.storage.members import Notice

    told = tuple(Event(sub=line.sub, stream=FEED, seq=line.order,
                       at=line.opened_at if isinstance(line, Notice) else iso(line.notice.at),
                       body={"type": "notice", "notice": notice_json(line)}) for line in lines)
    return [*writes, EventWrite(told)]


class Connection(NamedTuple):
    connection_id: str
    sub: str
    moderator: bool
    connected_at: str
    token_expires: int
    """Epoch seconds (wall time, as the token's ``exp``): past it the connection is closed unless re-authorized."""


class Subscription(NamedTuple):
    connection_id: str
    sub: str
    stream: str
    after: str
    """The last position delivered on this connection ("" for none)."""
    catching_until: int = 0
    """Epoch seconds: while in the future, a catch-up delivers to this subscription and the fan-out waits."""
    token_expires: int = 0
    """The connection's (kept with each subscription, so the fan-out reads nothing more to honour it)."""


class EventsPort(Protocol):
    # ------------------------------------------------------------ events
    def events_after(self, sub: str, stream: str, after: str, limit: int = 100) -> list[Event]:
        """The member's stored events of ``stream`` past ``after``, oldest first (a consistent read)."""
        ...

    def latest(self, sub: str, stream: str) -> str:
        """The position of the member's newest stored event of ``stream`` ("" for none)."""
        ...

    def has_event(self, sub: str, stream: str, seq: str) -> bool:
        """Whether ``seq`` is a stored position of the member's ``stream``."""
        ...

    # ------------------------------------------------------------ connections
    def open_connection(self, connection: Connection) -> None: ...

    def connection(self, connection_id: str) -> Connection | None: ...

    def reauthorize(self, connection_id: str, token_expires: int) -> bool:
        """The connection's token replaced by one that holds until ``token_expires``, on the connection and each
        of its subscriptions; False if it is gone."""
        ...

    def close_connection(self, connection_id: str) -> None:
        """The connection and every subscription of it removed (nothing if it is gone already)."""
        ...

    def expired(self, now: int, limit: int) -> list[str]:
        """The connections whose token expired at ``now`` (epoch seconds) or before, soonest expired first, at
        most ``limit``: what the closer closes (``channel.closer``)."""
        ...

    # ------------------------------------------------------------ subscriptions
    def subscribe(self, subscription: Subscription) -> None:
        """``subscription`` written over any earlier one of the connection to the same stream; ``WriteConflict``
        if the connection is gone."""
        ...

    def unsubscribe(self, connection_id: str, sub: str, stream: str) -> bool:
        """False if the connection was not subscribed to the stream."""
        ...

    def subscribers(self, sub: str, stream: str) -> list[Subscription]:
        """The connections listening to the member's ``stream``."""
        ...

    def claim(self, subscription: Subscription, seq: str, *, catching: bool, now: int) -> bool:
        """Position ``seq`` taken for delivery on the subscription: only if it is past the last delivered one,
        and (``catching`` False: the fan-out) no catch-up holds the subscription at ``now``. False: someone
        delivered it already, or a catch-up will."""
        ...

    def end_catch_up(self, subscription: Subscription, after: str) -> bool:
        """The catch-up's hold released, the subscription at ``after``; False if it moved meanwhile."""
        ...
