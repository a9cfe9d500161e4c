"""A moderator voids a finished duel: "void a finished duel (it no longer counts: the rating points won or lost
are cancelled, the stakes returned)" (rules). Issue 16: "the exact rating changes it caused are taken back (later
changes stay as they are), stakes returned to each side, the pair's 24-hour count corrected, out of the month's
board and prize eligibility". The duel's own transition does it (``duels.void_duel``), with one audit line per
member in its transaction. Choice (docs/platform.md, "Moderation"): the changes later games made stay as they are,
so each member's rating is the current one minus exactly the change this duel made."""

from __future__ import annotations

from typing import Any

from gameserver.clock import Clock, iso
from gameserver.domain.moderation import reason, require_moderator
from gameserver.domain.moderation.stop import audit_lines
from gameserver.errors import NotFound
from gameserver.identity import Caller
from gameserver.storage.audit import AuditAction
from gameserver.storage.port import Store


def void_duel(store: Store, clock: Clock, moderator: Caller, duel_id: str, why: str) -> dict[str, Any]:
    """Void the finished duel ``duel_id``, with its audit lines: 404 for no such duel, 409 ``duel_refused`` for
    one not finished (or voided already)."""
    from gameserver.domain.duels import service as duels

    require_moderator(moderator, "void duels")
    why = reason(why)
    stored = store.duels.read(duel_id).stored
    if stored is None:
        raise NotFound(f"no duel {duel_id}", field="duel_id")
    audits = audit_lines(moderator, iso(clock.now()), AuditAction.VOID_DUEL, sorted(stored.duel.members), duel_id,
                         why)
    return duels.duel_json(duels.void_duel(store, clock, duel_id, audits))
