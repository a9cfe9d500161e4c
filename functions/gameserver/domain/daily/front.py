"""The Daily Front, wired to storage: the day's rotation, a member's one game a day, a moderator's removal of a
result (its boards are ``boards``, its result ``results``).

Rules: "Every day, one blitz game, the same for everyone: same map, same house AI, same side. [...] One game a
day per member." The pure rules are ``gameserver.platform.daily``; this module reads and writes through
the store's daily area and plays the game through the pipeline (``gameserver.play``): the house AI's orders are stored when
each turn opens, so the member's submission resolves the turn, and deadlines are lazy as for every game against
a house AI. "A game counts for the day of its Front, even if it ends after midnight": the day is the one the
game was started on (its ``created_at``).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, date
from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, Pace, game_length, iso
from gameserver.domain.daily.days import DayItems
from gameserver.domain.daily.results import MODE, record_result
from gameserver.domain.feinthold import game_response, open_game, rules, views_of
from gameserver.domain.feinthold.answers import GameOut
from gameserver.domain.moderation import reason, require_moderator
from gameserver.domain.players import PlayerKind, stand_in
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.platform.daily import POINTS, FrontOfTheDay, Noise, NotRanked, Outcome, front_of_the_day
from gameserver.platform.duels.lifecycle import LAST_TURN
from gameserver.play import steps
from gameserver.play.sweeps import SWEEP_MARGIN, each_due
from gameserver.storage.audit import AuditAction, AuditLine
from gameserver.storage.daily import AlreadyStarted, DailyPort, DueFront, FrontEntry, FrontStart
from gameserver.storage.errors import WriteConflict
from gameserver.storage.port import Store
from gameserver.words import DayText, EntryStatus, HouseAi, Side, Timestamp

log = logging.getLogger(__name__)

PACE = Pace.BLITZ
""""Every day, one blitz game": 120 s for turn 1, 60 s for the others."""


def today(clock: Clock) -> date:
    return clock.now().astimezone(UTC).date()


# ------------------------------------------------------------------ rotation
def draw(day: date) -> FrontOfTheDay:
    """The Front of ``day`` from the date and the secret salt."""
    from gameserver.parameters import daily_salt

    return front_of_the_day(day, daily_salt(), rules().layout_ids(), rules().seats({}))


FRONTS = DayItems(draw)
"""The Daily Front's days (``days``: stored once, created by the first request of a day the rotation missed,
known to the process once read)."""


def rotate(store: Store, day: date) -> str:
    """Create the Front of ``day`` (the 00:00 UTC schedule): ``created``, or ``exists`` when a duplicate, late or
    out-of-order delivery (or a member's request) created it first. The stored Front is never changed."""
    return FRONTS.rotate(day, store.daily.put_front)


def known_front(day: date) -> FrontOfTheDay | None:
    return FRONTS.known(day)


def forget_known_fronts() -> None:
    """Tests that recreate the table start from a process that knows no Front."""
    FRONTS.forget()


def _front(ds: DailyPort, day: date, stored: FrontOfTheDay | None, *, create: bool = True) -> FrontOfTheDay:
    """The stored Front of ``day``; "a missed day is created by the first request that needs it" (``days``)."""
    return FRONTS.settle(day, stored, ds.put_front, ds.get_front, create=create)


class FrontOut(TypedDict):
    """The Front of a day: the same game for everyone."""

    day: DayText
    layout: str
    side: Annotated[Side, Field(description="the side every member plays; the house AI the other")]
    house_ai: HouseAi
    noise: Annotated[Noise, Field(description="strong on Sundays: 'Ram with more noise'")]
    pace: Annotated[Pace, Field(description="always blitz: 120 s for turn 1, 60 s for the others")]


class FrontResult(TypedDict):
    """How a finished Front ended, as the board ranks it."""

    outcome: Outcome
    turns: int
    seconds: Annotated[int, Field(description="whole seconds from turn 1's opening to the final resolution")]
    positions: int
    income: int


class EntryOut(TypedDict):
    """A member's Front of a day."""

    day: DayText
    game_id: str
    side: Side
    status: EntryStatus
    started_at: Timestamp
    finished_at: Timestamp | None
    result: Annotated[FrontResult | None, Field(description="once finished; null for a Front a moderator stopped "
                                                            "(no result)")]
    ranked: bool
    not_ranked: Annotated[NotRanked | None, Field(description="why a finished Front stays off the board")]


class DayOut(TypedDict):
    """The Front of a day, and mine."""

    front: FrontOut
    mine: Annotated[EntryOut | None, Field(description="my Front of the day; null until I start it")]


class StartedOut(DayOut):
    """My Front of today, started: its game is open."""

    game: GameOut


def front_json(front: FrontOfTheDay) -> FrontOut:
    """What everyone may know of the day's Front (its seeds stay secret)."""
    return {"day": front.day.isoformat(), "layout": front.layout_id, "side": Side(front.side),
            "house_ai": HouseAi(front.house_ai), "noise": Noise(front.noise), "pace": PACE}


def entry_json(entry: FrontEntry | None) -> EntryOut | None:
    if entry is None:
        return None
    finished = entry.status == "finished"
    return {
        "day": entry.day.isoformat(),
        "game_id": entry.game_id,
        "side": Side(entry.side),
        "status": EntryStatus(entry.status),
        "started_at": entry.started_at,
        "finished_at": entry.finished_at,
        "result": {"outcome": Outcome(entry.outcome), "turns": entry.turns, "seconds": entry.seconds,
                   "positions": entry.positions, "income": entry.income}
        if finished and entry.outcome is not None else None,  # a stopped Front finished with no result
        "ranked": entry.ranked,
        "not_ranked": None if entry.not_ranked is None else NotRanked(entry.not_ranked),
    }


# ------------------------------------------------------------------ a member's Front
def start_front(store: Store, clock: Clock, caller: Caller) -> StartedOut:
    """Start my Front of today: one game a day (a second start is a 409 that says so)."""
    ds = store.daily
    now = clock.now()
    day = now.astimezone(UTC).date()
    read = ds.read_day(day, caller.sub, front=known_front(day) is None, default_doctrine=True)
    if read.entry is not None:
        raise _already(read.entry)
    front = _front(ds, day, read.front)
    member_side = front.side
    house_side = rules().other(member_side)
    # The member's default doctrine "is copied into the game when it starts": it plays the turns they miss.
    stand_ins = {member_side: read.default_doctrine,
                 house_side: rules().house_doctrine(front.house_ai, front.noise_seed, str(front.noise))}
    game_id = new_id()
    entry = FrontEntry(day=day, member=caller.sub, name=caller.username, game_id=game_id, side=front.side,
                       started_at=iso(now), due_at=iso(now + game_length(PACE, LAST_TURN) + SWEEP_MARGIN))
    try:
        new = open_game(store, clock, game_id=game_id, mode=MODE.name, pace=str(PACE), layout=front.layout_id,
                        seed=front.game_seed, stand_ins=stand_ins, options={"house_ai": front.house_ai},
                        players={member_side: caller.sub, house_side: stand_in(PlayerKind.HOUSE, front.house_ai)},
                        riders=(FrontStart(entry),))
    except AlreadyStarted as error:  # a start of the same member that won the race
        again = ds.read_day(day, caller.sub, front=False).entry
        raise (_already(again) if again is not None else _busy()) from error
    except WriteConflict as error:  # cancelled for another reason: nothing was written, the member may retry
        raise _busy() from error
    return {"front": front_json(front), "mine": entry_json(entry),
            "game": game_response(new.game, views_of(new, caller.sub))}


def _busy() -> Conflict:
    return Conflict("your Front was not started: another write met it; try again", code=ErrorCode.BUSY)


def _already(entry: FrontEntry) -> Conflict:
    return Conflict(f"you already started the Front of {entry.day.isoformat()} (game {entry.game_id}): "
                    "one game a day", code=ErrorCode.FRONT_ALREADY_STARTED, rule="one game a day")


def my_front(store: Store, clock: Clock, caller: Caller, day: date | None = None) -> DayOut:
    """The Front of ``day`` (today unless given) and mine: a deadline that has passed is resolved first, and a
    finished game's result recorded if the turn that ended it could not record it."""
    ds = store.daily
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


def catch_up(store: Store, clock: Clock, game_id: str) -> bool:
    """Resolve the Front's overdue turns; record its result if it is over. True when anything was written."""
    loaded = steps.read_step(store, game_id)
    if loaded is None:
        return False
    changed = False
    if steps.is_due(loaded.game, clock.now()):
        settled = steps.settle(store, clock, loaded)
        changed = settled.changed
        loaded = settled.loaded
        if loaded is None or loaded.board.epoch != loaded.game.epoch:
            loaded = steps.read_step(store, game_id)
    if loaded is not None and loaded.game.status == "over":
        changed = record_result(store, loaded.game, loaded.board) == "recorded" or changed
    return changed


def sweep(store: Store, clock: Clock, limit: int = 100) -> dict[str, int]:
    """The Fronts nobody ended: each still playing past the longest its game lasts (and a margin) is caught up,
    its result recorded. The safety net of the end's follow-up (``DailyMode.after_end``), which logs a failure
    and goes on: without it, only the member's next read of the Front would record that result."""

    def end(due: DueFront) -> str:
        entry = store.daily.read_day(due.day, due.member, front=False).entry
        if entry is None or entry.status != "playing":
            return "already"
        return "ended" if catch_up(store, clock, entry.game_id) else "playing"

    return each_due(store.daily.due_fronts(iso(clock.now()), limit), end,
                    lambda due: f"{due.member}'s Front of {due.day}")


# ------------------------------------------------------------------ moderation
def remove_result(store: Store, clock: Clock, moderator: Caller, day: date, member: str, why: str) -> EntryOut:
    """A moderator removes a member's Front of ``day`` from the board ("a removal by the moderators"): off the
    day's board, its points out of the month, and a line in the audit log, in one transaction. The member still
    sees their result, marked ``removed-by-moderators``."""
    require_moderator(moderator, "remove a Front from the board")
    why = reason(why)
    ds = store.daily
    for _ in range(steps.ATTEMPTS):
        entry = ds.read_day(day, member, front=False).entry
        if entry is None:
            raise NotFound(f"{member} has no Front on {day.isoformat()}", field="member")
        if not entry.ranked or entry.outcome is None:
            raise Conflict(f"{member}'s Front of {day.isoformat()} is not on the board"
                           + (f" ({entry.not_ranked})" if entry.not_ranked else ""), code=ErrorCode.NOT_ON_THE_BOARD)
        line = ds.month_line(member, day.isoformat()[:7])
        if line is None:
            raise WriteConflict(f"{member}'s ranked Front of {day} has no month line")
        outcome = Outcome(entry.outcome)
        month = replace(line, points=line.points - POINTS[outcome],
                        wins=line.wins - (outcome is Outcome.WIN), ranked_days=line.ranked_days - 1)
        removed = replace(entry, board_key=None, not_ranked=str(NotRanked.REMOVED))
        at = iso(clock.now())
        audit = AuditLine(moderator=moderator.sub, at=at, action=AuditAction.REMOVE_DAILY_FRONT, member=member,
                          target=day.isoformat(), why=why, audit_id=new_id())
        try:
            ds.remove(removed, month, audit)
        except WriteConflict:
            continue
        shown = entry_json(removed)
        assert shown is not None  # an entry's answer is None only for no entry
        return shown
    raise Conflict("the Front changed while being removed; try again", code=ErrorCode.BUSY)


