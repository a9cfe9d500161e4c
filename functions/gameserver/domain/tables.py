"""A table of any game's online mode (Feint's, Front 1901's), from its opening to its start: who may be invited,
who may see it, who may sit down, and the retried write of a seat taken, where the last seat taken starts the
game in the same transaction. Each mode brings what is its game's own: its options, how a seat is taken (a power
picked), how its game starts, and its answer.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Generic, TypeVar

from gameserver.clock import Clock, iso
from gameserver.errors import Conflict, ErrorCode, InvalidInput, NotFound
from gameserver.identity import Caller
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.errors import WriteConflict
from gameserver.storage.lobby import Table, TableWrite
from gameserver.storage.members import Notice, NoticeKind, Notices

if TYPE_CHECKING:
    from gameserver.storage.port import Store

Started = TypeVar("Started")
"""What a mode's start of a table's game gives back for its answer (Feint: the new game; Front 1901: its id)."""


class TableStatus(enum.StrEnum):
    """A table's status as its answer says it, in every game's online mode."""

    OPEN = "open"
    """Taking members until it starts or closes."""
    STARTED = "started"
    """Its game has started: the table's game_id names it."""
    CANCELLED = "cancelled"
    """Not full before it closed."""


def check_invited(store: Store, host: str, invite: Sequence[str], room: int) -> None:
    """``invite`` names other members than the host, each once, no more than the ``room`` the table keeps for
    them, each a member the service knows (one read for all)."""
    if host in invite or len(set(invite)) != len(invite):
        raise InvalidInput("invite other members, each once", field="invite", rule="invite-others-once")
    if len(invite) > room:
        raise InvalidInput(f"{room} seats are left for other members", field="invite", rule="seats-for-the-invited")
    known = store.members.balances(tuple(invite))
    missing = [sub for sub in invite if sub not in known]
    if missing:
        raise NotFound(f"no member {missing[0]}", field="invite")


def status_of(table: Table, now: str) -> str:
    """``open``, ``started`` or ``cancelled``: an open table whose closing time has come at ``now`` is cancelled,
    whether or not the sweep wrote it so."""
    return "cancelled" if table.status == "open" and table.closes_at <= now else table.status


def open_table(store: Store, table: Table) -> Table:
    """``table`` written new, with a notice to each member it invites, in one transaction; as written."""
    notices = tuple(Notice(sub, table.table_id, "", 0, table.created_at, table.closes_at,
                           kind=NoticeKind.TABLE_INVITE, game=table.game) for sub in table.invited)
    store.transact([TableWrite(table), *([Notices(notices)] if notices else [])])
    return replace(table, version=1)


def table_of(store: Store, game: str, caller: Caller, table_id: str) -> Table:
    """The table ``table_id`` of ``game``, as the caller may see it (``Table.seen_by``); to anyone else, and for
    another game's table, it does not exist."""
    table = store.lobby.get_table(table_id)
    if table is None or table.game != game or not table.seen_by(caller.sub):
        raise NotFound(f"no table {table_id}", field="table_id")
    return table


@dataclass(frozen=True)
class Seated(Generic[Started]):
    """A seat taken at a table: the table as written, and the mode's start of its game when that seat was the
    last (None: the table waits for more members)."""

    table: Table
    started: Started | None
    now: str
    """When the seat was taken (the table's answer reads its status at that time)."""


def sit(store: Store, clock: Clock, caller: Caller, game: str, table_id: str, *, take: Callable[[Table], Table],
        start: Callable[[Table], tuple[Table, Started]]) -> Seated[Started]:
    """The caller takes a seat at ``game``'s table ``table_id``: the one kept for them, else one open to anyone.
    ``take`` adds what the mode's seat holds (a power picked) to the table with the caller seated; when that seat
    is the last, ``start`` starts the game in the table's own transaction and gives back the table marked started.
    A table another member wrote meanwhile is read again, ``ATTEMPTS`` times."""
    for _ in range(ATTEMPTS):
        table = table_of(store, game, caller, table_id)
        now = iso(clock.now())
        if caller.sub in table.joined:
            raise Conflict("you sit at this table already", code=ErrorCode.ALREADY_SEATED)
        status = status_of(table, now)
        if status != "open":
            raise Conflict(f"the table is {status}", code=ErrorCode.TABLE_CLOSED, rule=f"table-{status}")
        if caller.sub not in table.invited and table.open_seats <= 0:
            raise Conflict("every seat is taken or kept for an invited member", code=ErrorCode.TABLE_FULL)
        joined = take(replace(table, joined=(*table.joined, caller.sub)))
        try:
            if len(joined.joined) < joined.member_seats:
                store.transact([TableWrite(joined)])
                return Seated(replace(joined, version=joined.version + 1), None, now)
            started, result = start(joined)
        except WriteConflict:
            continue
        return Seated(replace(started, version=started.version + 1), result, now)
    raise Conflict("the table changed while you were sitting down; send it again", code=ErrorCode.BUSY)
