"""Fair play wired to storage: where members are seen. Every authenticated request records its device id header
and source address for its caller (the fair-play area of the store), and a duel's end judges from them whether
its two members are linked accounts ("members seen with the same device id (a client header) or the same source
address within 30 days").

Cost: the store keeps UTC days, so one write a day per member, device and address is enough. A process-local
memo of what it already wrote today (10,000 entries at most, the oldest forgotten first) makes a warm process
pay that write once per member, device and address per day; every other request pays nothing.

Reloads: "A game view reloaded more than 60 times a minute [...] leave[s] a mark for moderators". Each warm process
counts the views it served (the last 61 times of each member's view of each game, 10,000 views at most, the oldest
forgotten first) and writes one ``reload-storm`` mark when 61 fell within a minute: no write per read. A member
whose reloads are spread over several warm processes (or a process recycled) is undercounted; the mark is for a
storm, which one process sees (issue 16: "counted without a write per read [...] accepting undercounts").
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict, deque
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from gameserver.clock import Clock, iso, parse_iso
from gameserver.platform.fairplay import Link, day_sightings, link_between, reloaded_too_often
from gameserver.platform.fairplay.delays import faster_than_a_human_in_game, order_delay
from gameserver.platform.fairplay.marks import Mark, MarkKind, play_marks
from gameserver.platform.fairplay.reloads import RELOADS_PER_MINUTE
from gameserver.play.modes import Mode
from gameserver.storage.fairplay import Marks, Seen
from gameserver.storage.port import Store
from gameserver.storage.records import is_member

if TYPE_CHECKING:
    from gameserver.storage.games import StepCommit
    from gameserver.storage.records import Game

log = logging.getLogger(__name__)

MEMO_SIZE = 10_000

_written: OrderedDict[tuple[str, str | None, str | None, str], None] = OrderedDict()
_lock = threading.Lock()


def record(store: Store, now: datetime, sub: str, device: str | None, address: str | None) -> bool:
    """Record that ``sub`` was seen with ``device`` (the header, None when absent) and ``address``; True when
    this call wrote, False when this process already wrote it today, there is nothing to record, or the
    member's day is full (``storage.fairplay.VALUES_A_DAY``)."""
    day = now.astimezone(UTC).date()
    key = (sub, device, address, day.isoformat())
    if not (device or address) or key in _written:
        return False
    written = store.fairplay.record_sighting(sub, day, device, address)
    with _lock:  # written, or refused because the day is full: either way, not asked again today
        _written[key] = None
        while len(_written) > MEMO_SIZE:
            _written.popitem(last=False)
    return written


_views: OrderedDict[tuple[str, str], deque[datetime]] = OrderedDict()
_stormed: set[tuple[str, str]] = set()


def viewed(store: Store, now: datetime, sub: str, game_id: str) -> bool:
    """``sub`` read their view of ``game_id`` at ``now``: True when this read made it a reload storm (the mark
    written, once per member and game in this process)."""
    key = (sub, game_id)
    with _lock:
        times = _views.pop(key, None) or deque(maxlen=RELOADS_PER_MINUTE + 1)
        times.append(now)
        _views[key] = times
        while len(_views) > MEMO_SIZE:
            _stormed.discard(_views.popitem(last=False)[0])
        storm = key not in _stormed and reloaded_too_often(list(times))
        if storm:
            _stormed.add(key)
    if storm:
        store.transact([Marks((Mark(sub, MarkKind.RELOAD_STORM, game_id, iso(now)),))])
    return storm


def _delays(store: Store, game: Game) -> tuple[dict[str, dict[int, int]], int]:
    """Each member's order delays in the finished ``game`` (member -> step -> seconds), from the steps they sent for
    themselves (a missed step, played by a stand-in, has none), and the game's number of steps. One read: the
    game's step records."""
    records = store.games.step_records(game.game_id)
    delays: dict[str, dict[int, int]] = {}
    for record in records:
        for seat, sent in record.submissions.items():
            member = game.players.get(seat)
            if member is None or not is_member(member) or record.missed.get(seat) or sent.sent_at is None:
                continue
            delays.setdefault(member, {})[record.step] = order_delay(parse_iso(record.opened_at),
                                                                      parse_iso(sent.sent_at))
    return delays, len(records)


def too_fast_marks(store: Store, game: Game) -> tuple[Mark, ...]:
    """"``too-fast`` (orders faster than a human's, any game)": each member of the finished ``game`` judged by the
    delays of the steps they sent for themselves, as a duel's turns are."""
    delays, steps = _delays(store, game)
    at = game.finished_at or game.opened_at
    return tuple(Mark(member, MarkKind.TOO_FAST, game.game_id, at) for member in sorted(delays)
                 if faster_than_a_human_in_game(delays[member], steps))


def pace_marks(store: Store, game: Game) -> tuple[Mark, ...]:
    """``too-fast`` and ``pace-too-regular`` ("a sending pace that is too regular"): a game between members with a
    deadline per step, each member judged by their own delays (``play_marks``, as a duel's)."""
    delays, steps = _delays(store, game)
    return play_marks(game.game_id, delays, steps, game.finished_at or game.opened_at)


class JudgedAtTheEnd(Mode):
    """A mode whose games' ends carry no fair-play judgement of their own (no rating, no board): its finished
    games still leave ``too-fast`` marks for moderators. Best effort, as a reload storm's: a mark the end failed
    to write is logged, and the game stands."""

    def after_end(self, store: Store, clock: Clock, commit: StepCommit) -> None:
        try:
            marks = too_fast_marks(store, commit.game)
            if marks:
                store.transact([Marks(marks)])
        except Exception:
            log.exception("the too-fast marks of game %s were not written", commit.game.game_id)


def forget_written() -> None:
    """Tests that recreate the table start from a process that wrote nothing (and counted no view)."""
    with _lock:
        _written.clear()
        _views.clear()
        _stormed.clear()


def link_of(seen: dict[str, Seen], members: tuple[str, str], at: datetime) -> Link | None:
    """What links the two members at ``at`` (their sightings as read), or None."""
    first, second = members
    sightings = [s for sub in members for s in day_sightings(sub, seen.get(sub, {}), at)]
    return link_between(first, second, sightings, at)
