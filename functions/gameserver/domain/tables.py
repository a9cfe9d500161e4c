"""What opening a table checks in every game's online mode (Feint's, Front 1901's): the members it invites."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gameserver.errors import InvalidInput, NotFound

if TYPE_CHECKING:
    from gameserver.storage.port import Store


class FeintTableStatus(enum.StrEnum):
    # A table's status as its answer says it, in every game's online mode (the document's name, from Feint's
    # lobby, which was the first).
    OPEN = "open"
    STARTED = "started"
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
