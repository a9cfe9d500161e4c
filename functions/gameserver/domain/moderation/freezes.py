"""A moderator freezes a member's ratings, or unfreezes them.

Rules: "freeze the ratings of an account: no more duels nor ratings that move, no prize nor title, and a duel in
progress ends without a result, the stakes returned; in a tournament, its matches are lost by forfeit (the
common duel Elo counts that forfeit, the game's rating does not move)." Platform decision (specs/platform.md):
"Unfreezing restores the right to play, not what was lost."

The freeze is written with its audit line in one transaction; from then on the member starts nothing the freeze
refuses (``guards``). Its effects on what the member was playing follow it: every duel of theirs not finished
ends without a result (``duels.freeze_duel``), every tournament of theirs applies the freeze
(``tournaments.freeze``: the entry out before it is full, the current match forfeited during it). Each effect is
idempotent, so the freeze stays on the due index a minute and the sweep applies its effects once more: a
request that died halfway, or a duel the index had not listed yet when the request read it, is caught within
the minute. A rating can still move in that minute only through a game that ended before the freeze reached it.
Ratings that depend on the freeze at a game's end (the Daily Front's "frozen ratings") read it then.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, iso
from gameserver.domain.moderation import reason, require_moderator
from gameserver.domain.moderation.stop import audit_lines
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.identity import Caller
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.audit import AuditAction
from gameserver.storage.errors import WriteConflict
from gameserver.storage.moderation import Freeze, FreezeSettled, FreezeWrite, Unfreeze
from gameserver.storage.port import Store
from gameserver.words import Timestamp

SETTLE_AGAIN_AFTER = timedelta(minutes=1)
"""When the sweep applies a freeze's effects a second time: one sweep later."""
PAGE = 100


class FreezeOut(TypedDict):
    """A member's freeze after a moderator's action, with what the action ended."""

    member: str
    frozen: bool
    since: Annotated[Timestamp | None, Field(description="when the freeze was written (null once unfrozen)")]
    by: Annotated[str | None, Field(description="the moderator who froze the ratings")]
    duels_ended: Annotated[list[str], Field(description="the member's duels this freeze ended without a result, "
                                                        "stakes returned (the sweep ends any it missed within the "
                                                        "minute)")]
    tournaments_changed: Annotated[list[str], Field(description="the tournaments whose entry it removed (fee "
                                                                "returned) or whose current match it forfeited")]


def freeze_json(freeze: Freeze | None, member: str, effects: dict[str, dict[str, str]] | None = None
                ) -> FreezeOut:
    """A member's freeze as the moderator's answer says it, with what this action ended: the duels that ended
    without a result, the tournaments whose entry or current match the freeze took."""
    done = effects or {}
    return {"member": member, "frozen": freeze is not None, "since": None if freeze is None else freeze.at,
            "by": None if freeze is None else freeze.by,
            "duels_ended": sorted(d for d, outcome in done.get("duels", {}).items() if outcome == "ended"),
            "tournaments_changed": sorted(t for t, outcome in done.get("tournaments", {}).items()
                                          if outcome == "frozen")}


def frozen_members(store: Store) -> frozenset[str]:
    """Every member frozen now (every page of a small list)."""
    found: set[str] = set()
    cursor: str | None = None
    while True:
        page = store.moderation.frozen(cursor, PAGE)
        found.update(freeze.member for freeze in page.items)
        cursor = page.cursor
        if cursor is None:
            return frozenset(found)


def freeze_member(store: Store, clock: Clock, moderator: Caller, member: str, why: str) -> FreezeOut:
    """Freeze ``member``'s ratings, with its audit line, then apply its effects: 404 for no such member, 409
    ``already_frozen``."""
    require_moderator(moderator, "freeze ratings")
    why = reason(why)
    if store.members.get_profile(member) is None:
        raise NotFound(f"no member {member}", field="member")
    now = clock.now()
    freeze = Freeze(member, iso(now), moderator.sub, settle_at=iso(now + SETTLE_AGAIN_AFTER))
    try:
        store.transact([FreezeWrite(freeze),
                        *audit_lines(moderator, freeze.at, AuditAction.FREEZE, [member], member, why)])
    except WriteConflict as error:
        held = store.moderation.freezes((member,)).get(member)
        since = f" since {held.at}" if held is not None else ""
        raise Conflict(f"the ratings of {member} are frozen already{since}", field="member",
                       code=ErrorCode.ALREADY_FROZEN) from error
    return freeze_json(freeze, member, apply_effects(store, clock, member))


def unfreeze_member(store: Store, clock: Clock, moderator: Caller, member: str, why: str) -> FreezeOut:
    """Unfreeze ``member``'s ratings, with its audit line: "Unfreezing restores the right to play, not what was
    lost" (nothing the freeze ended comes back). 409 ``not_frozen``."""
    require_moderator(moderator, "unfreeze ratings")
    why = reason(why)
    for _ in range(ATTEMPTS):
        held = store.moderation.freezes((member,)).get(member)
        if held is None:
            raise Conflict(f"the ratings of {member} are not frozen", field="member", code=ErrorCode.NOT_FROZEN)
        try:
            store.transact([Unfreeze(member, held.at),
                            *audit_lines(moderator, iso(clock.now()), AuditAction.UNFREEZE, [member], member, why)])
        except WriteConflict:
            continue
        return freeze_json(None, member)
    raise Conflict(f"the freeze of {member} kept changing; send it again", code=ErrorCode.BUSY)


def apply_effects(store: Store, clock: Clock, member: str) -> dict[str, dict[str, str]]:
    """What the freeze of ``member`` does to what they were playing (safe twice): each of their duels not finished
    ends without a result (``ended``, or ``closed`` when it had ended already), each of their tournaments applies
    the freeze (``tournaments.freeze``'s outcomes)."""
    from gameserver.domain.duels import service as duels
    from gameserver.domain.tournaments import service as tournaments

    ended = {duel_id: "ended" if duels.freeze_duel(store, clock, duel_id, member) else "closed"
             for duel_id in store.duels.open_of(member)}
    return {"duels": ended, "tournaments": tournaments.freeze(store, clock, [member])}


def sweep(store: Store, clock: Clock, limit: int = 100) -> dict[str, int]:
    """The freezes whose effects are due again: applied once more, then off the due index (a freeze undone
    meanwhile is left as it is); each on its own (``play.sweeps.each_due``)."""
    from gameserver.play.sweeps import each_due

    def settle(freeze: Freeze) -> str:
        apply_effects(store, clock, freeze.member)
        try:
            store.transact([FreezeSettled(freeze.member, freeze.at)])
        except WriteConflict:
            return "freeze-gone"
        return "freeze-settled"

    return each_due(store.moderation.due_freezes(iso(clock.now()), limit), settle,
                    lambda freeze: f"the freeze of {freeze.member}")
