"""The fan-out: what the events table's stream brings (event items only: its filter criteria pass nothing
else), posted to each connection listening to the member's stream. It reads the events table and nothing else.

A connection answering gone (410) is removed at once. A delivery claims the event's position on the
subscription first, so a stream record delivered again (Lambda retries a batch) reaches no connection twice.
A subscription a catch-up holds is left to it: the record is reported failed and comes again (the event source
mapping's ``ReportBatchItemFailures``), by when the catch-up is over and the claim says whether it was sent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from gameserver.channel.closer import expire
from gameserver.channel.poster import Poster
from gameserver.storage.events import Event, EventsPort

FILTER_PATTERN = {"eventName": ["INSERT"], "dynamodb": {"NewImage": {"kind": {"S": ["event"]}}}}
"""The event source mapping's filter (template.yaml holds the same; the local runner applies it)."""


def message_of(event: Event) -> dict[str, Any]:
    return {"type": "event", "stream": event.stream, "seq": event.seq, "at": event.at, "event": event.body}


def deliver(events: EventsPort, poster: Poster, event: Event, now: Callable[[], int]) -> bool:
    """Post ``event`` to every connection listening to its member's stream; False if a catch-up holds one of
    them (the record is to come again)."""
    done = True
    for subscription in events.subscribers(event.sub, event.stream):
        if subscription.catching_until >= now():
            done = False
            continue
        if subscription.token_expires <= now():
            expire(events, poster, subscription.connection_id)
            continue
        if not events.claim(subscription, event.seq, catching=False, now=now()):
            continue
        if not poster.post(subscription.connection_id, message_of(event)):
            events.close_connection(subscription.connection_id)
    return done


def handle_records(events: EventsPort, poster: Poster, records: Iterable[dict[str, Any]], now: Callable[[], int]
                   ) -> list[str]:
    """Deliver a batch of stream records in order; the sequence numbers of the records to come again (from the
    first one a catch-up held on: a later record of the same stream must not overtake it)."""
    from gameserver.storage.dynamodb.events import decode_event

    failed: list[str] = []
    for record in records:
        if failed:
            failed.append(record["dynamodb"]["SequenceNumber"])
            continue
        if not deliver(events, poster, decode_event(record["dynamodb"]["NewImage"]), now):
            failed.append(record["dynamodb"]["SequenceNumber"])
    return failed
