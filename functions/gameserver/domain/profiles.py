"""Profiles: a member is the JWT subject; the profile is created on their first authenticated call, with the
opening grant of 100 credits written as a ledger line in the same transaction (platform.md)."""

from __future__ import annotations

import threading

from gameserver.clock import Clock, iso
from gameserver.domain.ids import new_id
from gameserver.identity import Caller
from gameserver.storage.port import Storage
from gameserver.storage.records import LedgerLine, Profile

OPENING_GRANT = 100
""""Every member gets 100 credits when their profile is created"."""

_known: set[str] = set()
_known_lock = threading.Lock()


def ensure_profile(store: Storage, clock: Clock, caller: Caller) -> Profile | None:
    """Create ``caller``'s profile if this is their first call. Returns the profile when it was read or made;
    ``None`` when this process already knows it exists (a warm Lambda pays no request for it)."""
    if caller.sub in _known:
        return None
    profile = store.get_profile(caller.sub)
    if profile is None:
        now = iso(clock.now())
        profile = Profile(sub=caller.sub, username=caller.username, created_at=now, credits=OPENING_GRANT)
        grant = LedgerLine(sub=caller.sub, amount=OPENING_GRANT, kind="grant", at=now, line_id=new_id())
        if not store.create_profile(profile, grant):
            profile = store.get_profile(caller.sub) or profile
    with _known_lock:
        _known.add(caller.sub)
    return profile


def my_profile(store: Storage, clock: Clock, caller: Caller) -> Profile:
    profile = ensure_profile(store, clock, caller) or store.get_profile(caller.sub)
    if profile is None:  # written a moment ago by this process: only a table wiped under it gets here
        with _known_lock:
            _known.discard(caller.sub)
        return my_profile(store, clock, caller)
    return profile


def forget_known_profiles() -> None:
    """Tests that recreate the tables start from a process that knows nobody."""
    with _known_lock:
        _known.clear()
