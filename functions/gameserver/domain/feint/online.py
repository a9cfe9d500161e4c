"""Online (the ``online`` mode): 2 to 6 members, each on their own device, bots in the seats left, a deadline
per decision. Members wait on each other, so each step has its timer (the turn-timer state machine, and the
sweep under it), as Feinthold's games between members: "A turn whose deadline passes is a pass (at the cap the
banked Move is simply not added); a Retreat decision whose deadline passes is a stand"; a missed deployment is
a random deal from the game's seed. The two actions of a turn share one deadline; a Retreat decision has the
pace's time of its own. A member who leaves is replaced by a bot, and the game goes on.

The game gathers at a table: its host names the members a seat is kept for (each gets a notice) and may leave
seats open to anyone (the table is then listed). It starts when the last seat is taken, in that same
transaction: the seats drawn from the game's seed, the deployment open with its deadline, a notice to every
member. A table not full within 24 hours (7 days at the one-day pace) is cancelled: from then on every read says
so and nobody may join; nothing is held at a table, so no job has to run for it.

Notices ride in each step's own transaction (``writes_with_step``): the member who must decide next (their turn, their
Retreat decision), and every member at the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING

from gameserver.clock import Clock, Pace, iso
from gameserver.domain.fairplay import JudgedAtTheEnd
from gameserver.domain.feint.answers import FeintJoined, FeintTableList, FeintTableOut
from gameserver.domain.feint.games import KIND, bot, game_response, new_game, rules, views_of
from gameserver.domain.tables import TableStatus, check_invited, open_table, sit, status_of, table_of
from gameserver.errors import InvalidInput
from gameserver.identity import Caller
from gameserver.ids import new_id, new_seed
from gameserver.play import start
from gameserver.play.engine import StepKind
from gameserver.play.modes import Deadlines, register
from gameserver.play.steps import members, step_seed
from gameserver.storage.games import NewGame, StepCommit, StepRead
from gameserver.storage.lobby import Table, TableWrite
from gameserver.storage.members import Notice, NoticeKind, Notices
from gameserver.storage.records import Game, HiddenState, Seat

if TYPE_CHECKING:
    from gameserver.storage.port import Store, Write

PACES = (Pace.BLITZ, Pace.RAPID, Pace.DAY)
"""Feint's paces online: "60 s, 5 min, 1 day" (blitz gives the first step, the deployment, 120 s)."""
OPEN_FOR = timedelta(hours=24)
"""How long a table stays open for its seats to be taken, "7 days at the 1-day pace"."""
OPEN_FOR_AT_A_DAY = timedelta(days=7)
MIN_MEMBERS = 2
NOTICE_OF: dict[StepKind, NoticeKind] = {StepKind.TURN: NoticeKind.TURN_OPEN, StepKind.RETREAT: NoticeKind.RETREAT_OPEN,
                                         StepKind.DEPLOYMENT: NoticeKind.DEPLOYMENT_OPEN}
"""The notice a member gets when a decision of theirs opens."""


class OnlineMode(JudgedAtTheEnd):
    name = "online"
    deadlines = Deadlines.TIMED

    def writes_with_step(self, store: Store, clock: Clock, commit: StepCommit, read: StepRead) -> Sequence[Write]:
        notices = step_notices(read.game, commit.game, commit.board)
        return (Notices(tuple(notices)),) if notices else ()


MODE = register(OnlineMode())


def step_notices(before: Game | None, after: Game, board: HiddenState) -> list[Notice]:
    """The notices of a step's transaction: each member whose decision opens (not the second action of a turn
    already theirs), or everyone at the end."""
    if after.status == "over":
        at = after.finished_at or after.opened_at
        return [Notice(sub, after.game_id, "", after.step, at, None, kind=NoticeKind.GAME_OVER, game=KIND)
                for sub in members(after)]
    engine = rules()
    step = engine.step(engine.load(board.state), after.players)
    assert step is not None, "an open game has a step"
    notices = {}
    for seat in after.awaiting:
        going_on = (before is not None and before.status == "open" and seat in before.awaiting
                    and before.deadline == after.deadline)
        sub = after.players[seat]
        if not going_on and sub not in notices:
            notices[sub] = Notice(sub, after.game_id, "", after.step, after.opened_at, after.deadline,
                                  kind=NOTICE_OF[step.kind], game=KIND)
    return list(notices.values())


def opening_notices(new: NewGame) -> Notices:
    """Every member's notice that the game started and their deployment is waiting."""
    game = new.game
    return Notices(tuple(Notice(sub, game.game_id, "", game.step, game.opened_at, game.deadline,
                                kind=NOTICE_OF[StepKind.DEPLOYMENT], game=KIND) for sub in members(game)))


def open_game(store: Store, clock: Clock, *, players: Mapping[Seat, str], pace: str, seed: int | None = None,
              riders: Sequence[Write] = ()) -> NewGame:
    """An online game with its deployment open and the members' notices, written with ``riders`` in one
    transaction, then its first timer started (``seed``: for tests and seeded local games only)."""
    if pace not in {str(p) for p in PACES}:
        raise InvalidInput(f"an online game of Feint is played at {', '.join(PACES)}", field="pace")
    new = new_game(clock, players=players, mode=MODE.name, pace=pace, seed=seed)
    start.begin(store, new, [*riders, opening_notices(new)])
    return new


# ------------------------------------------------------------------ tables
def table_json(table: Table, now: str) -> FeintTableOut:
    status = TableStatus(status_of(table, now))
    return {"table_id": table.table_id, "host": table.host, "seats": table.seats, "pace": Pace(table.pace),
            "bots": table.bots, "invited": list(table.invited), "joined": list(table.joined), "status": status,
            "open_seats": table.open_seats if status == "open" else 0, "created_at": table.created_at,
            "closes_at": table.closes_at, "game_id": table.game_id}


def create_table(store: Store, clock: Clock, caller: Caller, *, seats: int, pace: str, bots: int,
                 invite: Sequence[str]) -> FeintTableOut:
    """A table of ``seats`` seats: mine, one kept for each member of ``invite`` (each gets a notice), ``bots``
    for bots, the rest open to anyone."""
    count = len(rules().seats({"seats": str(seats)}))
    if pace not in {str(p) for p in PACES}:
        raise InvalidInput(f"an online game of Feint is played at {', '.join(PACES)}", field="pace")
    if not 0 <= bots <= count - MIN_MEMBERS:
        raise InvalidInput(f"an online game has {MIN_MEMBERS} members at least: 0 to {count - MIN_MEMBERS} bots",
                           field="bots", rule="two-members-at-least")
    check_invited(store, caller.sub, invite, count - bots - 1)
    now = clock.now()
    table = open_table(store, Table(
        table_id=new_id(), game=KIND, host=caller.sub, seats=count, pace=pace, bots=bots, invited=tuple(invite),
        joined=(caller.sub,), status="open", created_at=iso(now),
        closes_at=iso(now + (OPEN_FOR_AT_A_DAY if Pace(pace) is Pace.DAY else OPEN_FOR))))
    return table_json(table, iso(now))


def read_table(store: Store, clock: Clock, caller: Caller, table_id: str) -> FeintTableOut:
    return table_json(table_of(store, KIND, caller, table_id), iso(clock.now()))


def open_tables(store: Store, clock: Clock, caller: Caller, cursor: str | None, limit: int) -> FeintTableList:
    """Tables with a seat anyone may take, closing soonest first."""
    now = iso(clock.now())
    page = store.lobby.open_tables(KIND, now, cursor, limit)
    return {"tables": [table_json(table, now) for table in page.items], "cursor": page.cursor}


def seating(table: Table, seed: int) -> dict[Seat, str]:
    """The seats of a full table, drawn from its game's seed (seat 1 moves first): its members and bots."""
    sitting: list[str | None] = [*table.joined, *([None] * table.bots)]
    random.Random(step_seed(seed, 0)).shuffle(sitting)
    return {str(n): who or bot(str(n)) for n, who in enumerate(sitting, start=1)}


def join_table(store: Store, clock: Clock, caller: Caller, table_id: str, seed: int | None = None
               ) -> FeintJoined:
    """I take a seat: the one kept for me, else one open to anyone. The last seat taken starts the game in the
    same transaction, its seats drawn (``seed`` only for tests and seeded local games)."""

    def started(table: Table) -> tuple[Table, NewGame]:
        drawn = new_seed() if seed is None else seed
        table = replace(table, status="started", game_id=new_id())
        new = new_game(clock, players=seating(table, drawn), mode=MODE.name, pace=table.pace, seed=drawn,
                       game_id=table.game_id)
        start.begin(store, new, [TableWrite(table), opening_notices(new)])
        return table, new

    seated = sit(store, clock, caller, KIND, table_id, take=lambda table: table, start=started)
    game = seated.started
    return {"table": table_json(seated.table, seated.now),
            "game": None if game is None else game_response(game.game, views_of(game, caller.sub))}
