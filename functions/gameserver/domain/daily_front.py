"""The Daily Front, wired to storage: the day's rotation, a member's one game a day, its result on the board of
the day and in the month's table.

Rules: "Every day, one blitz game, the same for everyone: same map, same house AI, same side. [...] One game a
day per member." The pure rules are ``gameserver.daily``; this module reads and writes through
``storage.daily`` and plays the game through the spine (``domain.turns``): the house AI's orders are stored when
each turn opens, so the member's submission resolves the turn, and deadlines are lazy as for every game against
a house AI. "A game counts for the day of its Front, even if it ends after midnight": the day is the one the
game was started on (its ``created_at``).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, date, time, timedelta
from typing import Any

from gameserver.clock import Clock, iso
from gameserver.daily import (
    POINTS,
    FrontOfTheDay,
    NotRanked,
    Outcome,
    better_than,
    front_of_the_day,
    marker_for,
    merge_shards,
    rank_with,
    ranks,
    summarize,
)
from gameserver.daily.summary import MARKER_EVERY
from gameserver.domain.daily_results import daily_storage, record_result
from gameserver.domain.errors import Conflict, DomainError, NotFound
from gameserver.domain.ids import new_id
from gameserver.domain.moderators import reason, require_moderator
from gameserver.domain.words import as_house_ai, as_noise, as_side
from gameserver.identity import Caller
from gameserver.storage import port
from gameserver.storage.cursors import InvalidCursor, decode_json, encode_json
from gameserver.storage.daily import AlreadyStarted, DailyStorage, DaySummary, FrontEntry
from gameserver.storage.records import HOUSE_PREFIX, Board, Game

log = logging.getLogger(__name__)

MODE = "daily"
PACE = "blitz"
KIND = "feinthold"
_ATTEMPTS = 4


def today(clock: Clock) -> date:
    return clock.now().astimezone(UTC).date()


# ------------------------------------------------------------------ rotation
def draw(day: date) -> FrontOfTheDay:
    """The Front of ``day`` from the date and the secret salt."""
    from rules.feinthold import LAYOUTS

    from gameserver.storage.parameters import daily_salt

    return front_of_the_day(day, daily_salt(), [layout.id for layout in LAYOUTS])


def rotate(store: Any, day: date) -> str:
    """Create the Front of ``day`` (the 00:00 UTC schedule): ``created``, or ``exists`` when a duplicate, late or
    out-of-order delivery (or a member's request) created it first. The stored Front is never changed."""
    return "created" if daily_storage(store).put_front(draw(day)) else "exists"


_known_fronts: dict[date, FrontOfTheDay] = {}
"""Fronts this process has read or written. A stored Front never changes, so every member's request after the
first reads only their own items: the day's item is never a hot key, however many play."""


def known_front(day: date) -> FrontOfTheDay | None:
    return _known_fronts.get(day)


def forget_known_fronts() -> None:
    """Tests that recreate the table start from a process that knows no Front."""
    _known_fronts.clear()


def _front(ds: DailyStorage, day: date, stored: FrontOfTheDay | None, *, create: bool = True) -> FrontOfTheDay:
    """The stored Front of ``day``; "a missed day is created by the first request that needs it". Only today's
    Front can be played, so only a request about today creates it (``create``): an earlier day that nobody
    stored is shown as drawn, without a write, so reading old dates cannot fill the table."""
    front = stored or _known_fronts.get(day)
    if front is None:
        drawn = draw(day)
        if not create:
            return drawn
        front = drawn if ds.put_front(drawn) else (ds.get_front(day) or drawn)
    if len(_known_fronts) > 8:
        _known_fronts.clear()
    _known_fronts[day] = front
    return front


def front_json(front: FrontOfTheDay) -> dict[str, Any]:
    """What everyone may know of the day's Front (its seeds stay secret)."""
    return {"day": front.day.isoformat(), "layout": front.layout_id, "side": front.side,
            "house_ai": front.house_ai, "noise": str(front.noise), "pace": PACE}


def entry_json(entry: FrontEntry | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    finished = entry.status == "finished"
    return {
        "day": entry.day.isoformat(),
        "game_id": entry.game_id,
        "side": entry.side,
        "status": entry.status,
        "started_at": entry.started_at,
        "finished_at": entry.finished_at,
        "result": {"outcome": entry.outcome, "turns": entry.turns, "seconds": entry.seconds,
                   "positions": entry.positions, "income": entry.income} if finished else None,
        "ranked": entry.ranked,
        "not_ranked": entry.not_ranked,
    }


# ------------------------------------------------------------------ a member's Front
def start_front(store: Any, clock: Clock, caller: Caller) -> dict[str, Any]:
    """Start my Front of today: one game a day (a second start is a 409 that says so)."""
    from rules.feinthold import new_game, other
    from rules.feinthold.doctrine.house import house_ai

    from gameserver.domain import boards
    from gameserver.domain.games import game_response
    from gameserver.duels import Pace, turn_deadline

    ds = daily_storage(store)
    now = clock.now()
    day = now.astimezone(UTC).date()
    read = ds.read_day(day, caller.sub, front=known_front(day) is None, default_doctrine=True)
    if read.entry is not None:
        raise _already(read.entry)
    front = _front(ds, day, read.front)
    state = new_game(front.game_seed, front.layout_id)
    member_side = as_side(front.side)
    house_side = other(member_side)
    players: dict[str, str] = {member_side: caller.sub, house_side: HOUSE_PREFIX + front.house_ai}
    # The member's default doctrine "is copied into the game when it starts": it plays the turns they miss.
    house_doctrine = house_ai(as_house_ai(front.house_ai), front.noise_seed, as_noise(front.noise)).to_json()
    doctrines: dict[str, Any] = {member_side: read.default_doctrine, house_side: house_doctrine}
    opened_at = iso(now)
    game_id = new_id()
    game = Game(
        game_id=game_id, kind=KIND, mode=MODE, players=players, pace=PACE, status="open", turn=state.turn,
        epoch=0, version=1, created_at=opened_at, opened_at=opened_at,
        deadline=iso(turn_deadline(Pace.BLITZ, 1, now)),  # "blitz (60 s a turn, 120 s the first)"
        submissions=boards.doctrine_submissions(players, doctrines, state, opened_at),
        layout=state.layout.id, house_ai=front.house_ai,
    )
    board = Board(game_id=game_id, epoch=0, state=state.to_json(), seed=front.game_seed, doctrines=doctrines)
    views = boards.member_views(game_id, players, state, 0)
    entry = FrontEntry(day=day, member=caller.sub, name=caller.username, game_id=game_id, side=front.side,
                       started_at=opened_at)
    try:
        ds.start(entry, game, board, views, boards.plays_of(game))
    except AlreadyStarted as error:  # a start of the same member that won the race
        again = ds.read_day(day, caller.sub, front=False).entry
        raise (_already(again) if again is not None else _busy()) from error
    except port.Conflict as error:  # cancelled for another reason: nothing was written, the member may retry
        raise _busy() from error
    return {"front": front_json(front), "mine": entry_json(entry), "game": game_response(game, views[0])}


def _busy() -> Conflict:
    return Conflict("your Front was not started: another write met it; try again", code="busy")


def _already(entry: FrontEntry) -> Conflict:
    return Conflict(f"you already started the Front of {entry.day.isoformat()} (game {entry.game_id}): "
                    "one game a day", code="front_already_started", rule="one game a day")


def my_front(store: Any, clock: Clock, caller: Caller, day: date | None = None) -> dict[str, Any]:
    """The Front of ``day`` (today unless given) and mine: a deadline that has passed is resolved first, and a
    finished game's result recorded if the turn that ended it could not record it."""
    ds = daily_storage(store)
    current = today(clock)
    day = day or current
    if day > current:
        raise NotFound(f"the Front of {day.isoformat()} is not drawn yet", field="day")
    read = ds.read_day(day, caller.sub, front=known_front(day) is None)
    front = _front(ds, day, read.front, create=day == current)
    entry = read.entry
    if entry is not None and entry.status == "playing" and catch_up(store, clock, entry.game_id):
        entry = ds.read_day(day, caller.sub, front=False).entry
    return {"front": front_json(front), "mine": entry_json(entry)}


def catch_up(store: Any, clock: Clock, game_id: str) -> bool:
    """Resolve the Front's overdue turns; record its result if it is over. True when anything was written."""
    from gameserver.domain import turns

    game, board, _ = store.read_for_turn(game_id)
    if game is None or board is None:
        return False
    changed = False
    if turns.is_overdue(game, clock.now()):
        game, board, changed = turns.settle(store, clock, game, board)
        if board is None or board.epoch != game.epoch:
            game, board, _ = store.read_for_turn(game_id)
    if game is not None and board is not None and game.status == "over":
        changed = record_result(store, game, board) == "recorded" or changed
    return changed


# ------------------------------------------------------------------ moderation
def remove_result(store: Any, clock: Clock, moderator: Caller, day: date, member: str, why: str) -> dict[str, Any]:
    """A moderator removes a member's Front of ``day`` from the board ("a removal by the moderators"): off the
    day's board, its points out of the month, and a line in the audit log, in one transaction. The member still
    sees their result, marked ``removed-by-moderators``."""
    from gameserver.storage.audit import AuditLine

    require_moderator(moderator, "remove a Front from the board")
    why = reason(why)
    ds = daily_storage(store)
    for _ in range(_ATTEMPTS):
        entry = ds.read_day(day, member, front=False).entry
        if entry is None:
            raise NotFound(f"{member} has no Front on {day.isoformat()}", field="member")
        if not entry.ranked or entry.outcome is None:
            raise Conflict(f"{member}'s Front of {day.isoformat()} is not on the board"
                           + (f" ({entry.not_ranked})" if entry.not_ranked else ""), code="not_on_the_board")
        line = ds.month_line(member, day.isoformat()[:7])
        if line is None:
            raise port.Conflict(f"{member}'s ranked Front of {day} has no month line")
        outcome = Outcome(entry.outcome)
        month = replace(line, points=line.points - POINTS[outcome],
                        wins=line.wins - (outcome is Outcome.WIN), ranked_days=line.ranked_days - 1)
        removed = replace(entry, board_key=None, not_ranked=str(NotRanked.REMOVED))
        at = iso(clock.now())
        audit = AuditLine(moderator=moderator.sub, at=at, action="remove-daily-front", member=member,
                          target=day.isoformat(), why=why, audit_id=new_id())
        try:
            ds.remove(removed, month, audit)
        except port.Conflict:
            continue
        return entry_json(removed) or {}
    raise Conflict("the Front changed while being removed; try again", code="busy")


# ------------------------------------------------------------------ boards
def board_of_the_day(store: Any, day: date, cursor: str | None, limit: int) -> dict[str, Any]:
    """A page of the day's board, best first, with shared ranks (1, 1, 3) that carry across pages."""
    after, ahead, previous = _read_cursor(cursor, day.isoformat())
    entries = daily_storage(store).board_after(day, after, limit + 1)
    page = entries[:limit]
    ranked = ranks([line.key for line in page], ahead, previous)
    rows = [
        {"rank": r.rank, "member": e.member, "name": e.name, "outcome": e.outcome, "turns": e.turns,
         "seconds": e.seconds, "positions": e.positions, "income": e.income}
        for r, e in zip(ranked, page, strict=True)
    ]
    more = len(entries) > limit
    return {"day": day.isoformat(), "entries": rows,
            "cursor": _write_cursor(day.isoformat(), ranked[-1].key, ahead + len(page), ranked[-1].rank)
            if more else None}


def month_table(store: Any, month: str, cursor: str | None, limit: int) -> dict[str, Any]:
    """A page of the month's table: more points first, then more wins (equal rows share a rank), with each
    member's number of ranked days."""
    after, ahead, previous = _read_cursor(cursor, month)
    lines = daily_storage(store).month_after(month, after, limit + 1)
    page = lines[:limit]
    ranked = ranks([line.key for line in page], ahead, previous)
    rows = [
        {"rank": r.rank, "member": line.member, "name": line.name, "points": line.points, "wins": line.wins,
         "ranked_days": line.ranked_days}
        for r, line in zip(ranked, page, strict=True)
    ]
    more = len(lines) > limit
    return {"month": month, "rows": rows,
            "cursor": _write_cursor(month, ranked[-1].key, ahead + len(page), ranked[-1].rank) if more else None}


# ------------------------------------------------------------------ the board's summary and my rank
YESTERDAY_UNTIL = time(0, 30)
"""A Front started just before midnight ends after it (8 turns of at most 2 minutes): the sweep rebuilds
yesterday's summary too until 00:30 UTC."""


def rebuild_summary(store: Any, clock: Clock, day: date, every: int = MARKER_EVERY) -> str:
    """Rebuild the summary of ``day``'s board from its shards: ``written``, ``unchanged`` (the stored one has the
    same content: an idle board costs the reads only) or ``stale`` (a summary read later is stored already: a
    late or out-of-order rebuild changes nothing)."""
    ds = daily_storage(store)
    built_at = iso(clock.now())  # before the reads: a result recorded meanwhile is counted from the marker on
    summary = summarize(merge_shards(ds.board_keys(day)), every)
    rebuilt = DaySummary(summary, every, built_at)
    stored = ds.get_summary(day)
    if stored is not None and stored.same_as(rebuilt):
        return "unchanged"
    return "written" if ds.put_summary(day, rebuilt) else "stale"


def rebuild_summaries(store: Any, clock: Clock, every: int = MARKER_EVERY) -> dict[str, int]:
    """The sweep's minute: today's summary, and yesterday's until 00:30 UTC. Counts by outcome."""
    now = clock.now().astimezone(UTC)
    days = [now.date()] + ([now.date() - timedelta(days=1)] if now.time() < YESTERDAY_UNTIL else [])
    outcomes: dict[str, int] = {}
    for day in days:
        outcome = f"summary-{rebuild_summary(store, clock, day, every)}"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes


def my_rank(store: Any, clock: Clock, caller: Caller, day: date | None = None) -> dict[str, Any]:
    """My rank on the board of ``day`` (today unless given): 1 + the count of better results, equal results
    sharing a rank as the board shows them.

    From the summary's last marker before my result, the count covers at most its spacing of keys over all
    shards. The markers are up to a minute old: results recorded since are counted when they fall after the
    marker, not before it, so the rank is never off by more than what arrived (or was removed) since
    ``as_of``. A day without a summary yet gets one first (``rebuild_summary``), once."""
    ds = daily_storage(store)
    current = today(clock)
    day = day or current
    if day > current:
        raise NotFound(f"the Front of {day.isoformat()} is not drawn yet", field="day")
    entry, stored = ds.read_rank(day, caller.sub)
    key = _ranked_key(entry, day)
    if stored is None:
        # No summary of that day yet (its first minute, or a day no sweep rebuilt): build it once, here, rather
        # than count every shard from its start on each read, which on a full board costs thousands of RCU.
        rebuild_summary(store, clock, day)
        stored = ds.get_summary(day)
        if stored is None:
            raise Conflict("the day's board is being summarised; ask again", code="busy")
    marker = marker_for(stored.summary, key)
    rank = rank_with(marker, ds.count_better(day, marker.key if marker else None, better_than(key)))
    # My result may have been recorded after the summary: I am on the board, so it holds me at least.
    return {"day": day.isoformat(), "rank": rank, "entries": max(stored.summary.entries, rank),
            "as_of": stored.built_at}


def _ranked_key(entry: FrontEntry | None, day: date) -> str:
    """My board key of ``day``, or a 404 ``no_ranked_result`` that says why there is none."""
    on = day.isoformat()
    if entry is None:
        why = f"you did not play the Front of {on}"
    elif entry.status != "finished":
        why = f"your Front of {on} is still being played"
    elif entry.board_key is None:
        why = f"your Front of {on} is not ranked ({entry.not_ranked})"
    else:
        return entry.board_key
    raise NotFound(why, code="no_ranked_result", rule=entry.not_ranked if entry is not None else None)


def _write_cursor(on: str, after: str, ahead: int, rank: int) -> str:
    return encode_json({"on": on, "after": after, "ahead": ahead, "rank": rank})


def _read_cursor(cursor: str | None, on: str) -> tuple[str | None, int, Any]:
    """``(after, ahead, previous)`` of a page; a cursor of another board or not handed out here is a 400."""
    from gameserver.daily import Ranked

    if not cursor:
        return None, 0, None
    try:
        data = decode_json(cursor)
        after, ahead, rank = data["after"], data["ahead"], data["rank"]
        valid = (data["on"] == on and isinstance(after, str) and "#" in after and isinstance(ahead, int)
                 and isinstance(rank, int) and 1 <= rank <= ahead)
    except (InvalidCursor, KeyError, TypeError):
        valid = False
    if not valid:
        raise DomainError("cursor is not one this board handed out", field="cursor", code="invalid_cursor")
    return after, ahead, Ranked(rank, after)
