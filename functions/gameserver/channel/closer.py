"""A connection ends when its token does, unless its member sent a fresh one (``authorize``): the closer, on a
schedule (every minute: template.yaml's ``ChannelCloserFunction``; the local runner's schedules on its clock),
closes every connection whose token expired, without the client sending anything. The fan-out and a message
that find an expired connection first close it the same way.

Closing is idempotent: a connection already gone is nothing to close, so a late run, or two at once, close each
connection once at most; a fresh token moves the connection's expiry, so the closer passes it by.
"""

from __future__ import annotations

from collections.abc import Callable

from gameserver.channel.poster import Poster
from gameserver.storage.events import EventsPort

PAGE = 100
"""Connections read a query; a run goes on until a page comes back short, or ``PAGES`` of them."""
PAGES = 50
"""A run's bound (5,000 connections): the rest wait for the next minute's run."""


def expire(events: EventsPort, poster: Poster, connection_id: str) -> None:
    """The connection told that its token expired, closed from the server's side, and forgotten."""
    # ``protocol.ErrorCode.TOKEN_EXPIRED``, spelled out: the protocol's models are no load for the fan-out.
    poster.post(connection_id, {"type": "error", "code": "token_expired", "field": None,
                                "message": "the connection's token expired; connect again with a fresh one"})
    poster.close(connection_id)
    events.close_connection(connection_id)


def close_expired(events: EventsPort, poster: Callable[[], Poster], now: int) -> int:
    """Every connection whose token expired by ``now`` (epoch seconds, wall time) closed; how many. ``poster``
    makes the way to post, when there is a connection to close (most minutes there is none)."""
    closed = 0
    for _ in range(PAGES):
        due = events.expired(now, PAGE)
        for connection_id in due:
            expire(events, poster(), connection_id)
        closed += len(due)
        if len(due) < PAGE:
            break
    return closed
