"""Members: a member is the JWT subject; the profile is created on their first authenticated call, with the
opening grant of 100 credits written as a ledger line in the same transaction (platform.md). A member's
credits (the balance and the ledger line of every move) and their feed.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from gameserver.clock import Clock, iso
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.storage.members import Notice
from gameserver.storage.port import Store

if TYPE_CHECKING:
    from gameserver.storage.challenges import FeedNotice
from gameserver.storage.records import LedgerLine, Profile

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


def my_feed(store: Store, caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    """The turns of mine that opened, and what happened to my published doctrines, newest first: what the
    notifications said."""
    page = store.members.feed(caller.sub, cursor, limit)
    return {"notices": [_notice_json(n) for n in page.items], "cursor": page.cursor}


def _notice_json(notice: Notice | FeedNotice) -> dict[str, Any]:
    if isinstance(notice, Notice):
        return {"kind": notice.kind, "game_id": notice.game_id, "duel_id": notice.ref, "turn": notice.step,
                "opened_at": notice.opened_at, "deadline": notice.deadline}
    from gameserver.platform.challenges import NoticeKind  # an author's notice: the challenges' words

    told = notice.notice
    return {"kind": "doctrine-challenges", "doctrine_id": told.doctrine, "name": notice.name, "at": iso(told.at),
            **{str(kind): told.count(kind) for kind in NoticeKind}, "games": list(told.games)}

