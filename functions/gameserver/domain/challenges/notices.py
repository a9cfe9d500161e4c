"""Notices to a doctrine's author (the sweep's stage): "Feed notices to the author when their doctrine is
challenged and the result (aggregated: at most one notice per doctrine per hour)".

A challenge's start and its result are events waiting on the doctrine, written by the start's and the end's
transactions (``gameserver.platform.challenges.notices``). Each minute the sweep takes the doctrines with events
due: a notice tells every event that waits, as soon as the last notice is an hour old, in one transaction with
the events taken off the list (so nothing is told twice nor lost); events that must wait for the hour are looked
at again only when it is over.
"""

from __future__ import annotations

from gameserver.clock import Clock, iso
from gameserver.platform.challenges import next_notice_at, notice_due
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.challenges import FeedNotice, NoticeWrite
from gameserver.storage.errors import WriteConflict
from gameserver.storage.port import Store

MAX_TOLD = 90
"""Events one notice tells at most: each leaves the waiting list in the notice's transaction (100 items a
transaction); more in one hour wait for the next notice."""


def tell(store: Store, clock: Clock, doctrine_id: str) -> str:
    """The doctrine's notice if one is due: ``told``, ``later`` (the hour since the last one is not over),
    ``nothing`` (nothing waits)."""
    for _ in range(ATTEMPTS):
        read = store.challenges.read_waiting(doctrine_id)
        waiting = read.waiting[:MAX_TOLD]
        now = clock.now()
        notice = notice_due(waiting, read.state.last_sent, now)
        if notice is None:
            due = next_notice_at(waiting, read.state.last_sent)
            if due is None:
                return "nothing"
            store.challenges.delay_waiting(doctrine_id, tuple(e for e in waiting if e.at <= now), iso(due))
            return "later"
        name = read.doctrine.doctrine.name if read.doctrine is not None else doctrine_id
        try:
            store.transact([NoticeWrite(read.state, FeedNotice(notice, name))])
        except WriteConflict:
            continue
        return "told"
    return "contended"


def tell_authors(store: Store, clock: Clock, limit: int) -> dict[str, int]:
    """The sweep's stage: each doctrine with events due, told or put off to the end of its hour."""
    outcomes: dict[str, int] = {}
    for doctrine_id in store.challenges.waiting(iso(clock.now()), limit):
        outcome = f"notices-{tell(store, clock, doctrine_id)}"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes
