"""Members: a member is the JWT subject; the profile is created on their first authenticated call, with the
opening grant of 100 credits written as a ledger line in the same transaction (platform.md). A member's
credits (the balance and the ledger line of every move) and their feed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gameserver.clock import Clock, iso
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.platform.feed import notice_json
from gameserver.play import views
from gameserver.play.seats import is_member
from gameserver.storage.members import Notice
from gameserver.storage.port import Store
from gameserver.storage.records import Game, LedgerLine, Profile

if TYPE_CHECKING:
    from gameserver.platform.duels.credits import LedgerLine as Move

OPENING_GRANT = 100
""""Every member gets 100 credits when their profile is created"."""

_known: set[str] = set()
_known_lock = threading.Lock()


def ensure_profile(store: Store, clock: Clock, caller: Caller) -> Profile | None:
    """Create ``caller``'s profile if this is their first call. Returns the profile when it was read or made;
    ``None`` when this process already knows it exists (a warm Lambda pays no request for it)."""
    if caller.sub in _known:
        return None
    profile = store.members.get_profile(caller.sub)
    if profile is None:
        now = iso(clock.now())
        profile = Profile(sub=caller.sub, username=caller.username, created_at=now, credits=OPENING_GRANT)
        grant = LedgerLine(sub=caller.sub, amount=OPENING_GRANT, kind="grant", at=now, line_id=new_id())
        if not store.members.create_profile(profile, grant):
            profile = store.members.get_profile(caller.sub) or profile
    with _known_lock:
        _known.add(caller.sub)
    return profile


def my_profile(store: Store, clock: Clock, caller: Caller) -> Profile:
    profile = ensure_profile(store, clock, caller) or store.members.get_profile(caller.sub)
    if profile is None:  # written a moment ago by this process: only a table wiped under it gets here
        with _known_lock:
            _known.discard(caller.sub)
        return my_profile(store, clock, caller)
    return profile


def forget_known_profiles() -> None:
    """Tests that recreate the tables start from a process that knows nobody."""
    with _known_lock:
        _known.clear()


def my_credits(store: Store, clock: Clock, caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    """My balance and the ledger line of every move of my credits, newest first: "Every member gets 100 credits
    when their profile is created: a ledger line of kind ``grant``"; every other move is written by what made
    it, in the same transaction."""
    profile = my_profile(store, clock, caller)
    page = store.members.ledger(caller.sub, cursor, limit)
    return {
        "balance": profile.credits,
        "lines": [{"amount": line.amount, "kind": line.kind, "ref": line.ref, "at": line.at} for line in page.items],
        "cursor": page.cursor,
    }


def ledger_lines(owner: str, earlier: int, moves: Iterable[Move], now: datetime) -> tuple[LedgerLine, ...]:
    """The ledger lines of the credits ``owner`` (a duel, a tournament) moves now, as stored: each line's id
    follows its place among the owner's moves (``earlier`` were written before), so it never repeats and a
    transition written twice writes the same lines."""
    return tuple(LedgerLine(sub=move.member, amount=move.amount, kind=str(move.kind), at=iso(now),
                            line_id=f"{owner}-{earlier + index}", ref=move.ref)
                 for index, move in enumerate(moves))


def step_opened(game: Game, ref: str) -> list[Notice]:
    """"Each turn that opens puts a notification in the member's feed": a notice for each member playing the
    game's open step (``ref``: the duel or tournament it belongs to); none once the game is over."""
    if game.status != "open":
        return []
    return [Notice(sub, game.game_id, ref, game.step, game.opened_at, game.deadline)
            for sub in game.players.values() if is_member(sub)]


def my_games(store: Store, caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    """My games of every game the service hosts, newest first."""
    page = views.all_my_games(store, caller.sub, cursor, limit)
    return {"games": [{"game_id": p.game_id, "game": p.kind, "mode": p.mode, "status": p.status,
                       "seats": list(p.seats), "label": p.label, "deadline": p.deadline, "winner": p.winner,
                       "created_at": p.created_at} for p in page.items],
            "cursor": page.cursor}


def my_feed(store: Store, caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    """What the notifications said, newest first: the steps of mine that opened, my games that ended, what
    happened to my tournament matches and to my published doctrines, the seats kept for me at a table."""
    page = store.members.feed(caller.sub, cursor, limit)
    return {"notices": [notice_json(n) for n in page.items], "cursor": page.cursor}
