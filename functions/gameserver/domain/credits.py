"""A member's credits: the balance on their profile, and the ledger line of every move, newest first.

"Every member gets 100 credits when their profile is created: a ledger line of kind ``grant``" (written by
``profiles.ensure_profile``); every other move is written by the duel that made it, in the same transaction.
"""

from __future__ import annotations

from typing import Any

from gameserver.clock import Clock
from gameserver.domain import profiles
from gameserver.domain.errors import DomainError
from gameserver.identity import Caller
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.duels import DuelStorage


def my_credits(store: Any, clock: Clock, caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    profile = profiles.my_profile(store, clock, caller)
    try:
        lines, next_cursor = DuelStorage(store.client, store.table).ledger(caller.sub, cursor, limit)
    except InvalidCursor as error:
        raise DomainError(str(error), field="cursor", code="invalid_cursor") from error
    return {
        "balance": profile.credits,
        "lines": [{"amount": line.amount, "kind": line.kind, "ref": line.ref, "at": line.at} for line in lines],
        "cursor": next_cursor,
    }


def my_feed(store: Any, caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    """The turns of mine that opened, newest first: what the notifications said."""
    try:
        found, next_cursor = DuelStorage(store.client, store.table).feed(caller.sub, cursor, limit)
    except InvalidCursor as error:
        raise DomainError(str(error), field="cursor", code="invalid_cursor") from error
    return {"notices": found, "cursor": next_cursor}
