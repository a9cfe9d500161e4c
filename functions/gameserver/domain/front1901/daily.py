"""Front 1901's daily challenge (the ``front1901-daily`` mode), wired to storage: the day's challenge, a member's
one attempt a day, its result on the day's board once the game ends, the board and my rank.

Rules (front1901.md, "Daily challenge"): "Every day at 00:00 UTC the schedule that rotates the Daily Front also
sets the day's challenge: a power, a level and a seed drawn from the date and the secret salt; the same for
everyone. It is a short game. One attempt a day per member. It is ranked if finished within 48 hours of that
day's start, and not ranked if a linked account started that day's challenge earlier. Its record (the AI's
answers and orders) stays private until that 48-hour window closes."

What the Daily Front does, this does with the same code: the day's item is drawn from the date and the salt,
stored by the rotation or the first request of a day it missed, and known per process (``daily.days``); the
board is written in shards, read merged, summarised by the sweep and ranked from the summary (``daily.boards``).
The pure rules are ``gameserver.platform.daily.front1901``. A member's challenge is a solo game of the
``front1901-daily`` mode: it plays as any solo game (``front1901.games``), and its mode records the result.

Linked accounts ("members seen with the same device id or the same source address within 30 days"): a start
looks up, among the day's earlier starts, the request's device id and address and every value the member was
seen with in the window; a value another member started with first leaves the result unranked ("a linked
account started that day's challenge earlier"), and the start records the values nobody started with yet, for
the later starts. The day's starters are its own index from a value to the first member (fair play keeps each
member's sightings, with no index from a value to its members): docs/front1901-api.md.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, date
from typing import TYPE_CHECKING

from gameserver.clock import Clock, iso, parse_iso
from gameserver.domain.daily.boards import rank_on, ranked_page, rebuild_days
from gameserver.domain.daily.days import DayItems
from gameserver.domain.fairplay import JudgedAtTheEnd
from gameserver.domain.front1901 import games
from gameserver.domain.front1901.answers import (
    Front1901Board,
    Front1901BoardEntry,
    Front1901Challenge,
    Front1901DailyOut,
    Front1901DailyStarted,
    Front1901Entry,
    Front1901NotRanked,
    Front1901ResultKind,
)
from gameserver.domain.front1901.words import Front1901Length, Front1901Level, Front1901Power
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.identity import Caller, Client
from gameserver.ids import new_id
from gameserver.platform.daily.front1901 import (
    LENGTH,
    Challenge,
    ChallengeResult,
    NotRanked,
    challenge_of_the_day,
    linked_values,
    not_ranked,
    sort_key,
    window_closes_at,
)
from gameserver.play import steps
from gameserver.play.modes import Deadlines, StopReason, register
from gameserver.play.steps import members
from gameserver.storage.errors import WriteConflict
from gameserver.storage.front1901 import (
    ChallengeEntry,
    Front1901DayStart,
    Front1901DayStarted,
    Starter,
    others,
)
from gameserver.words import EntryStatus

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gameserver.play.modes import Stop
    from gameserver.storage.games import GameClose, StepCommit
    from gameserver.storage.port import Store, Write
    from gameserver.storage.records import Game, HiddenState

log = logging.getLogger(__name__)


def today(clock: Clock) -> date:
    return clock.now().astimezone(UTC).date()


def day_of(game: Game) -> date:
    """"A game counts for the day of its challenge": the day it was started on."""
    return date.fromisoformat(game.created_at[:10])


class DailyChallengeMode(JudgedAtTheEnd):
    name = "front1901-daily"
    deadlines = Deadlines.NONE

    def after_end(self, store: Store, clock: Clock, commit: StepCommit) -> None:
        """The step that ends a challenge records its result (a failure is logged: reading the challenge records
        it later), and its marks."""
        super().after_end(store, clock, commit)
        _recorded(store, commit.game, commit.board)

    def after_stop(self, store: Store, clock: Clock, close: GameClose, stop: Stop, writes: Sequence[Write]) -> None:
        """A challenge stopped: its member's (``abandoned``, ranked last) or a moderator's (no result, not
        ranked) recorded on the day's entry."""
        _recorded(store, close.game, close.board)

    def record_opens_at(self, game: Game) -> str | None:
        """"Its record stays private until that 48-hour window closes"."""
        return iso(window_closes_at(day_of(game)))


MODE = register(DailyChallengeMode())


# ------------------------------------------------------------------ the day's challenge
def draw(day: date) -> Challenge:
    """The challenge of ``day`` from the date and the secret salt."""
    from gameserver.parameters import daily_salt

    return challenge_of_the_day(day, daily_salt(), games.rules().powers, games.rules().levels)


CHALLENGES = DayItems(draw)
"""The challenge's days, as the Daily Front's (``daily.days``)."""


def rotate(store: Store, day: date) -> str:
    """Set the challenge of ``day`` (the 00:00 UTC schedule that rotates the Daily Front): ``created``, or
    ``exists`` when a duplicate, late or out-of-order delivery (or a member's request) set it first."""
    return CHALLENGES.rotate(day, store.front1901.put_challenge)


def forget_known_challenges() -> None:
    """Tests that recreate the table start from a process that knows no challenge."""
    CHALLENGES.forget()


def challenge_json(challenge: Challenge) -> Front1901Challenge:
    """What everyone may know of the day's challenge (its seed stays secret)."""
    return {"day": challenge.day.isoformat(), "power": Front1901Power(challenge.power),
            "level": Front1901Level(challenge.level), "length": Front1901Length(LENGTH), "window_closes_at": iso(window_closes_at(challenge.day))}


def entry_json(entry: ChallengeEntry | None) -> Front1901Entry | None:
    """A member's challenge of the day as they see it (never who a linked account is)."""
    if entry is None:
        return None
    finished = entry.status == "finished"
    return {
        "day": entry.day.isoformat(),
        "game_id": entry.game_id,
        "status": EntryStatus(entry.status),
        "started_at": entry.started_at,
        "finished_at": entry.finished_at,
        "result": {"kind": Front1901ResultKind(entry.result), "centres": entry.centres, "year": entry.year,
                   "matched": entry.matched} if finished and entry.result is not None else None,
        "ranked": entry.ranked,
        "not_ranked": None if entry.not_ranked is None else Front1901NotRanked(entry.not_ranked),
    }


# ------------------------------------------------------------------ a member's challenge
def _values(client: Client) -> tuple[str, ...]:
    """The request's device id and address, as the day's starters keep them."""
    return tuple(value for value in (client.device and f"device:{client.device}",
                                     client.address and f"address:{client.address}") if value)


def start_challenge(store: Store, clock: Clock, caller: Caller, client: Client) -> Front1901DailyStarted:
    """Start my challenge of today: one attempt a day (a second start: 409 ``challenge_already_started``). Two
    reads (my entry, the challenge unless known, my sightings; then the day's starters with my values) and one
    transaction (the game, my entry, the values nobody started with yet)."""
    day = today(clock)
    for _ in range(steps.ATTEMPTS):
        read = store.front1901.read_day(day, caller.sub, challenge=CHALLENGES.known(day) is None, seen=True)
        if read.entry is not None:
            raise _already(read.entry)
        challenge = CHALLENGES.settle(day, read.challenge, store.front1901.put_challenge,
                                      store.front1901.get_challenge)
        now = clock.now()
        values = linked_values(read.seen, _values(client), now)
        found = store.front1901.starters(day, values)
        earlier = others(found, caller.sub)
        started_at = iso(now)
        game_id = new_id()
        entry = ChallengeEntry(day=day, member=caller.sub, name=caller.username, game_id=game_id,
                               started_at=started_at,
                               linked_earlier=min((s.member for s in earlier.values()), default=None))
        firsts = tuple(Starter(value, caller.sub, started_at) for value in values if value not in found)
        riders: tuple[Write, ...] = (Front1901DayStart(entry, firsts),)
        try:
            new = games.start_game(store, clock, caller, power=challenge.power, level=challenge.level,
                                   length=LENGTH, mode=MODE.name, seed=challenge.seed, game_id=game_id,
                                   riders=riders)
        except Front1901DayStarted:
            continue  # a start of the same member won the race: read again, and say so
        except WriteConflict:
            continue  # another member started with one of the same values meanwhile: read again
        mine = entry_json(entry)
        assert mine is not None  # an entry's answer is None only for no entry
        return {"challenge": challenge_json(challenge), "mine": mine,
                "game": games.game_response(new.game, next(v for v in new.views if v.sub == caller.sub))}
    raise Conflict("your challenge was not started: other writes met it; try again", code=ErrorCode.BUSY)


def _already(entry: ChallengeEntry) -> Conflict:
    return Conflict(f"you already started the challenge of {entry.day.isoformat()} (game {entry.game_id}): "
                    "one attempt a day", code=ErrorCode.CHALLENGE_ALREADY_STARTED, rule="one-attempt-a-day")


def _day(clock: Clock, day: date | None) -> tuple[date, date]:
    current = today(clock)
    day = day or current
    if day > current:
        raise NotFound(f"the challenge of {day.isoformat()} is not drawn yet", field="day")
    return day, current


def my_challenge(store: Store, clock: Clock, caller: Caller, day: date | None = None) -> Front1901DailyOut:
    """The challenge of ``day`` (today unless given) and mine; a finished game's result recorded if its end could
    not record it."""
    day, current = _day(clock, day)
    read = store.front1901.read_day(day, caller.sub, challenge=CHALLENGES.known(day) is None)
    challenge = CHALLENGES.settle(day, read.challenge, store.front1901.put_challenge,
                                  store.front1901.get_challenge, create=day == current)
    entry = read.entry
    if entry is not None and entry.status == "playing" and _caught_up(store, entry.game_id):
        entry = store.front1901.read_day(day, caller.sub, challenge=False).entry
    return {"challenge": challenge_json(challenge), "mine": entry_json(entry)}


def _caught_up(store: Store, game_id: str) -> bool:
    loaded = steps.read_step(store, game_id, kind=games.KIND)
    if loaded is None or loaded.game.status != "over":
        return False
    return record_result(store, loaded.game, loaded.board) == "recorded"


# ------------------------------------------------------------------ the result
def _recorded(store: Store, game: Game, board: HiddenState) -> None:
    try:
        record_result(store, game, board)
    except Exception:
        log.exception("the result of challenge game %s was not recorded; reading the challenge will", game.game_id)


def record_result(store: Store, game: Game, board: HiddenState) -> str:
    """Write a finished challenge's result, once: ``recorded``, ``already`` (written before), ``missing`` (no
    entry for that game). Ranked unless finished after the 48-hour window or a linked account started first."""
    (member, _), = members(game).items()
    day = day_of(game)
    for _ in range(steps.ATTEMPTS):
        entry = store.front1901.read_day(day, member, challenge=False).entry
        if entry is None or entry.game_id != game.game_id:
            return "missing"
        if entry.status == "finished":
            return "already"
        finished_at = game.finished_at or game.opened_at
        if game.stopped is not None and game.stopped.reason == StopReason.MODERATOR:
            # "Stopping a [...] Front 1901 [...] game ends it with no result": finished, never on the board.
            finished = replace(entry, status="finished", not_ranked=str(NotRanked.STOPPED), finished_at=finished_at)
        else:
            final = games.rules().record(games.rules().load(board.state))
            result = final["result"] or {"kind": "abandoned", "centres": 0, "year": day.year}
            reason = not_ranked(day, parse_iso(finished_at), entry.linked_earlier is not None)
            ranked = ChallengeResult(member, result["kind"], result["centres"], result["year"], final["matched"])
            finished = replace(entry, status="finished", result=result["kind"], centres=result["centres"],
                               year=result["year"], matched=final["matched"],
                               board_key=sort_key(ranked) if reason is None else None,
                               not_ranked=None if reason is None else str(reason), finished_at=finished_at)
        try:
            store.front1901.finish(finished)
        except WriteConflict:
            continue
        return "recorded"
    raise WriteConflict(f"the result of challenge game {game.game_id} kept meeting other writes")


# ------------------------------------------------------------------ the board
def board_of_the_day(store: Store, clock: Clock, caller: Caller, day: date | None, cursor: str | None, limit: int
                     ) -> Front1901Board:
    """A page of the day's board, best first, with shared ranks (1, 1, 3) that carry across pages, and my rank
    (null when I have no ranked result that day)."""
    day, _ = _day(clock, day)
    rows, next_cursor = ranked_page(
        f"challenge/{day.isoformat()}", cursor, limit,
        lambda after, n: store.front1901.board_after(day, after, n), lambda line: line.key,
        lambda rank, line: Front1901BoardEntry(rank=rank, member=line.member, name=line.name,
                                               result=Front1901ResultKind(line.result), centres=line.centres,
                                               year=line.year, matched=line.matched))
    entry, stored = store.front1901.read_rank(day, caller.sub)
    mine = None
    if entry is not None and entry.board_key is not None:
        mine = rank_on(store, clock, day, entry.board_key, stored, board=store.front1901)
    return {"day": day.isoformat(), "entries": rows, "cursor": next_cursor, "mine": mine}


def rebuild_summaries(store: Store, clock: Clock) -> dict[str, int]:
    """The sweep's minute for the challenge's board: the summaries of the days whose results may still change
    (today's and the two before: "ranked if finished within 48 hours of that day's start")."""
    now = today(clock)
    days = [day for day in (now, date.fromordinal(now.toordinal() - 1), date.fromordinal(now.toordinal() - 2))
            if clock.now() <= window_closes_at(day)]
    return rebuild_days(store, clock, days, board=store.front1901)
