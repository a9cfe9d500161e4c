"""Front 1901 online (the ``front1901-online`` mode): members in any number of the seven seats, each on their own
device, AI powers in the rest; a deadline per phase, by the table's pace (``live``, ``1d``, ``2d``: one duration
for movement, a shorter one for retreats and adjustments).

A phase resolves when every member with orders to give has sent them (sending marks them ready; a member replaces
them until the last one sends), or at its deadline: the turn timer and the sweep under it, as for every timed
mode. The AI powers decide when the phase closes, from the game alone: never given a member's orders of the phase.
A member who misses a phase has their units hold, their retreats disband, their builds waived and their required
disbands taken by the rules' default (the engine's stand-in).

The game gathers at a table (``storage.lobby``): its host sets the AI powers' level, the pace, full press or
gunboat, the short or the full game, rated or not, how many seats members take, whether each member picks their
power or the powers are dealt, and optionally a start time; invites named members or leaves seats open (the table
is listed). It starts when its members' seats are filled, or at its start time (the sweep) with AI powers in the
seats still empty; a table not started within 7 days is cancelled. A rated table with fewer than five members at
its start starts unrated, and the game says so (``unrated``).

Notices ride in each step's transaction: each member whose phase opens, and every member at the end.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, PhasePace, iso, phase_time
from gameserver.domain.fairplay import JudgedAtTheEnd, link_of, pace_marks
from gameserver.domain.front1901.games import KIND, ai_player, rules
from gameserver.domain.front1901.words import (
    Front1901Length,
    Front1901Level,
    Front1901Power,
    Front1901Press,
    Front1901Seating,
)
from gameserver.domain.tables import TableStatus, check_invited, open_table, sit, status_of, table_of
from gameserver.errors import Conflict, ErrorCode, InvalidInput
from gameserver.identity import Caller
from gameserver.ids import new_id, new_seed
from gameserver.platform.fairplay.marks import Mark, linked_marks
from gameserver.play import start
from gameserver.play.modes import Deadlines, register
from gameserver.play.steps import members, step_seed
from gameserver.storage.errors import WriteConflict
from gameserver.storage.fairplay import Marks
from gameserver.storage.games import NewGame, StepCommit, StepRead
from gameserver.storage.lobby import Seating, Table, TableWrite
from gameserver.storage.members import Notice, NoticeKind, Notices
from gameserver.storage.records import Game, Seat
from gameserver.words import NextCursor, Timestamp

if TYPE_CHECKING:
    from gameserver.storage.port import Store, Write

log = logging.getLogger(__name__)

OPEN_FOR = timedelta(days=7)
"""How long a table waits to start: "A table not started within 7 days is cancelled"."""
MIN_MEMBERS = 2
"""A table seats two members at least (one member against six AI powers is the solo game)."""
RATED_FROM = 5
"""A rated table with fewer members than this at its start starts unrated."""
PRESS = ("full", "gunboat")
UNRATED_FEW = "fewer-than-five-members"


class OnlineMode(JudgedAtTheEnd):
    name = "front1901-online"
    deadlines = Deadlines.TIMED

    def step_time(self, pace: str, step: int, brief: bool) -> timedelta:
        return phase_time(PhasePace(pace), brief)

    def after_end(self, store: Store, clock: Clock, commit: StepCommit) -> None:
        """Fair play's marks of a game between members: orders faster than a human's and a too-regular pace (best
        effort, as every mode's end marks)."""
        try:
            marks = pace_marks(store, commit.game)
            if marks:
                store.transact([Marks(marks)])
        except Exception:
            log.exception("the pace marks of game %s were not written", commit.game.game_id)

    def writes_with_step(self, store: Store, clock: Clock, commit: StepCommit, read: StepRead) -> Sequence[Write]:
        """The members' notices, and at a rated game's end its members' ratings (``ratings``)."""
        from gameserver.domain.front1901.ratings import ratings_write

        notices = step_notices(commit.game)
        rated = ratings_write(store, commit.game, commit.board)
        return (*((Notices(tuple(notices)),) if notices else ()), *((rated,) if rated is not None else ()))


MODE = register(OnlineMode())


def step_notices(game: Game) -> list[Notice]:
    """Each member whose phase opened (one notice a member), or every member at the end."""
    if game.status == "over":
        at = game.finished_at or game.opened_at
        return [Notice(sub, game.game_id, "", game.step, at, None, kind=NoticeKind.GAME_OVER, game=KIND)
                for sub in members(game)]
    awaited = {game.players[seat] for seat in game.awaiting}
    return [Notice(sub, game.game_id, "", game.step, game.opened_at, game.deadline, kind=NoticeKind.TURN_OPEN,
                   game=KIND) for sub in sorted(awaited)]


def _check_options(level: str, pace: str, press: str, length: str) -> None:
    engine = rules()
    if level not in engine.levels:
        raise InvalidInput(f"the AI powers play at {', '.join(engine.levels)}", field="level", rule="unknown-level")
    if pace not in {str(p) for p in PhasePace}:
        raise InvalidInput(f"online Front 1901 is played at {', '.join(PhasePace)}", field="pace",
                           rule="unknown-pace")
    if press not in PRESS:
        raise InvalidInput("press is full or gunboat", field="press", rule="unknown-press")
    if length not in engine.lengths:
        raise InvalidInput(f"a game is {' or '.join(engine.lengths)}", field="length", rule="unknown-length")


def open_game(store: Store, clock: Clock, *, players: Mapping[Seat, str], pace: str, level: str = "normal",
              press: str = "full", length: str = "short", rated: bool = False, seed: int | None = None,
              game_id: str | None = None, riders: Sequence[Write] = (), setup: str | None = None) -> NewGame:
    """An online game with its seats as given (a member's subject, or an AI power at ``level`` for any other
    seat), S1901M open with its deadline and the members' notices, written with ``riders`` in one transaction,
    then its first timer started (``seed``, ``setup``: a position to start from, for tests and seeded local games
    only)."""
    _check_options(level, pace, press, length)
    seated = {power: players.get(power) or ai_player(level) for power in rules().powers}
    powers = [power for power, who in seated.items() if ":" not in who]
    if len(powers) < MIN_MEMBERS:
        raise InvalidInput(f"an online game seats {MIN_MEMBERS} members at least", field="players",
                           rule="two-members-at-least")
    unrated = rated and len(powers) < RATED_FROM
    options = {"members": ",".join(powers), "level": level, "length": length, "press": press,
               "rated": "yes" if rated and not unrated else "no", **({"unrated": UNRATED_FEW} if unrated else {}),
               **({"setup": setup} if setup is not None else {})}
    seed = new_seed() if seed is None else seed
    game_id = game_id or new_id()
    now = clock.now()
    linked, marks = linked_members(store, game_id, tuple(seated[p] for p in powers), now)
    if linked:
        options["unrated_for"] = ",".join(sorted(linked))
    new = start.new_game(game_id=game_id, kind=KIND, mode=MODE.name, players=seated, pace=pace,
                         options=options, seed=seed, stand_ins={}, now=now)
    opening = step_notices(new.game)
    start.begin(store, new, [*riders, *([Notices(tuple(opening))] if opening else []),
                             *([Marks(marks)] if marks else [])])
    return new


def linked_members(store: Store, game_id: str, subs: tuple[str, ...], now: Any) -> tuple[set[str], tuple[Mark, ...]]:
    """"Linked accounts may sit at the same table; the game is then never rated for them, and it leaves a mark":
    every pair of the table's members seen with the same device id or source address within 30 days (one read of
    their sightings)."""
    seen = store.fairplay.sightings(tuple(sorted(set(subs))))
    linked: set[str] = set()
    marks: list[Mark] = []
    for pair in itertools.combinations(sorted(set(subs)), 2):
        link = link_of(seen, pair, now)
        if link is not None:
            linked |= set(pair)
            marks += linked_marks(game_id, pair, link, iso(now))
    return linked, tuple(marks)


# ------------------------------------------------------------------ tables
class Front1901TableOut(TypedDict):
    table_id: str
    host: str
    seats: Annotated[int, Field(description="members' seats (AI powers take the others)")]
    pace: PhasePace
    level: Front1901Level
    press: Front1901Press
    length: Front1901Length
    rated: Annotated[bool, Field(description="asked for; a game that starts with fewer than five members is not")]
    seating: Front1901Seating
    invited: list[str]
    joined: Annotated[list[str], Field(description="seated members, the host first")]
    picked: Annotated[dict[str, Front1901Power], Field(description="member -> the power they picked (picked seats)")]
    status: TableStatus
    open_seats: Annotated[int, Field(description="seats anyone may take")]
    created_at: Timestamp
    starts_at: Annotated[Timestamp | None, Field(description="when the game starts with AI powers in the empty "
                                                             "seats")]
    closes_at: Annotated[Timestamp, Field(description="not started by then: cancelled")]
    game_id: str | None


class Front1901TableList(TypedDict):
    tables: list[Front1901TableOut]
    cursor: NextCursor


class Front1901Joined(TypedDict):
    table: Front1901TableOut
    game_id: Annotated[str | None, Field(description="the game, when my seat was the last (it has started)")]


def table_json(table: Table, now: str) -> Front1901TableOut:
    status = TableStatus(status_of(table, now))
    return {"table_id": table.table_id, "host": table.host, "seats": table.member_seats, "pace": PhasePace(table.pace),
            "level": Front1901Level(table.options["level"]), "press": Front1901Press(table.options["press"]),
            "length": Front1901Length(table.options["length"]), "rated": table.options["rated"] == "yes",
            "seating": Front1901Seating(table.seating), "invited": list(table.invited), "joined": list(table.joined),
            "picked": {sub: Front1901Power(power) for sub, power in table.picked.items()}, "status": status,
            "open_seats": table.open_seats if status == "open" else 0, "created_at": table.created_at,
            "starts_at": table.starts_at, "closes_at": table.closes_at, "game_id": table.game_id}


def create_table(store: Store, clock: Clock, caller: Caller, *, seats: int, level: str, pace: str, press: str,
                 length: str, rated: bool, seating: str, power: str | None = None, invite: Sequence[str] = (),
                 starts_at: str | None = None) -> Front1901TableOut:
    """A table of ``seats`` members' seats (2 to 7; AI powers in the others): mine (my ``power`` when the seats are
    picked), one kept for each member of ``invite`` (each gets a notice), the rest open to anyone."""
    _check_options(level, pace, press, length)
    if not MIN_MEMBERS <= seats <= len(rules().powers):
        raise InvalidInput(f"a table has {MIN_MEMBERS} to 7 members' seats", field="seats", rule="seats")
    if seating not in (Seating.DEALT, Seating.PICKED):
        raise InvalidInput("seats are dealt or picked", field="seating", rule="unknown-seating")
    if seating == Seating.PICKED and power not in rules().powers:
        raise InvalidInput(f"pick a power: one of {', '.join(rules().powers)}", field="power", rule="pick-a-power")
    check_invited(store, caller.sub, invite, seats - 1)
    now = clock.now()
    closes = now + OPEN_FOR
    if starts_at is not None and not iso(now) < starts_at <= iso(closes):
        raise InvalidInput("a table starts within its 7 days", field="starts_at", rule="within-seven-days")
    table = open_table(store, Table(
        table_id=new_id(), game=KIND, host=caller.sub, seats=len(rules().powers), pace=pace,
        bots=len(rules().powers) - seats, invited=tuple(invite), joined=(caller.sub,), status="open",
        created_at=iso(now), closes_at=iso(closes), starts_at=starts_at, seating=seating,
        picked={caller.sub: power} if seating == Seating.PICKED and power else {},
        options={"level": level, "press": press, "length": length, "rated": "yes" if rated else "no"}))
    return table_json(table, iso(now))


def read_table(store: Store, clock: Clock, caller: Caller, table_id: str) -> Front1901TableOut:
    return table_json(table_of(store, KIND, caller, table_id), iso(clock.now()))


def open_tables(store: Store, clock: Clock, cursor: str | None, limit: int) -> Front1901TableList:
    now = iso(clock.now())
    page = store.lobby.open_tables(KIND, now, cursor, limit)
    return {"tables": [table_json(table, now) for table in page.items], "cursor": page.cursor}


def seats_of(table: Table, seed: int) -> dict[Seat, str]:
    """The powers of a table's members: each picked one, or dealt from the game's seed; the others AI powers."""
    powers = list(rules().powers)
    if table.seating == Seating.PICKED:
        return {power: next((sub for sub, p in table.picked.items() if p == power), "") for power in powers}
    random.Random(step_seed(seed, 0)).shuffle(powers)
    dealt = dict(zip(powers, table.joined, strict=False))
    return {power: dealt.get(power, "") for power in rules().powers}


def join_table(store: Store, clock: Clock, caller: Caller, table_id: str, power: str | None = None,
               seed: int | None = None) -> Front1901Joined:
    """I take a seat (``power``: the one I pick, at a table of picked seats): the one kept for me, else one open
    to anyone. The last seat taken starts the game in the same transaction."""

    def take(table: Table) -> Table:
        if table.seating != Seating.PICKED:
            return table
        if power not in rules().powers:
            raise InvalidInput(f"pick a power: one of {', '.join(rules().powers)}", field="power",
                               rule="pick-a-power")
        if power in table.picked.values():
            raise Conflict(f"{power} is taken", field="power", code=ErrorCode.TABLE_FULL, rule="power-taken")
        return replace(table, picked={**table.picked, caller.sub: power})

    def started(table: Table) -> tuple[Table, str | None]:
        table = _start(store, clock, table, seed)
        return table, table.game_id

    seated = sit(store, clock, caller, KIND, table_id, take=take, start=started)
    return {"table": table_json(seated.table, seated.now), "game_id": seated.started}


def _start(store: Store, clock: Clock, table: Table, seed: int | None) -> Table:
    """The table's game, started with the members seated now and AI powers in the empty seats, in the table's
    own transaction (the table marked started)."""
    drawn = new_seed() if seed is None else seed
    game_id = new_id()
    started = replace(table, status="started", game_id=game_id)
    open_game(store, clock, players=seats_of(table, drawn), pace=table.pace, level=table.options["level"],
              press=table.options["press"], length=table.options["length"], rated=table.options["rated"] == "yes",
              seed=drawn, game_id=game_id, riders=[TableWrite(started)])
    return started


def start_due(store: Store, clock: Clock, limit: int = 100) -> dict[str, int]:
    """The sweep's stage: each open table whose start time has come starts, its empty seats to AI powers (its
    start time lies within its 7 days: a sweep coming after its close starts it too). A table with one member
    only is cancelled at its close, as nothing can start it: written so, it leaves the list of tables to start,
    which it would otherwise head for good."""
    outcomes: dict[str, int] = {}
    now = iso(clock.now())
    for table_id in store.lobby.tables_to_start(now, limit):
        table = store.lobby.get_table(table_id)
        outcome = "waiting"
        try:
            if table is not None and table.status == "open" and len(table.joined) >= MIN_MEMBERS:
                _start(store, clock, table, None)
                outcome = "started"
            elif table is not None and table.status == "open" and table.closes_at <= now:
                store.transact([TableWrite(replace(table, status="cancelled"))])
                outcome = "cancelled"
        except WriteConflict:
            outcome = "contended"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes

