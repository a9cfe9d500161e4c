"""What a freeze refuses: "Freeze an account: no new duels or duel proposals, tournaments or challenges (a clear
403 naming the freeze)" (issue 16).

Whatever a frozen member may no longer start carries a ``NotFrozen`` guard in its own transaction (a freeze and a
new duel racing each other cannot both hold), and answers 403 ``ratings_frozen`` (rule ``ratings-frozen``) when
it fails. A request the rules refuse for another reason first checks the freeze, so a frozen member is always
told of the freeze rather than of a short balance; a request that passes pays nothing for the check (the guard
rides in the transaction it writes anyway). Solo games, house and friendly games and the Daily Front stay open
to a frozen member (specs/platform.md: "A frozen member may still play unranked games").
"""

from __future__ import annotations

import enum

from gameserver.errors import ErrorCode, Forbidden
from gameserver.storage.moderation import AccountFrozen, NotFrozen
from gameserver.storage.port import Store

RULE = "ratings-frozen"


class Refused(enum.StrEnum):
    """What a freeze refuses, as the 403 says it."""

    DUELS = "no new duels or duel proposals"
    TOURNAMENTS = "no tournaments"
    CHALLENGES = "no challenges"


def guard(*members: str) -> NotFrozen:
    """The write that makes a transaction hold only while none of ``members`` is frozen."""
    return NotFrozen(tuple(sorted(set(members))))


def _forbidden(member: str, since: str | None, refused: Refused) -> Forbidden:
    when = f" since {since}" if since else ""
    return Forbidden(f"the ratings of {member} are frozen by the moderators{when}: {refused}", field="member",
                     rule=RULE, code=ErrorCode.RATINGS_FROZEN)


def refuse_frozen(store: Store, members: tuple[str, ...], refused: Refused) -> None:
    """403 ``ratings_frozen`` naming the first of ``members`` who is frozen (one consistent read)."""
    found = store.moderation.freezes(members)
    for member in members:
        if member in found:
            raise _forbidden(member, found[member].at, refused)


def refusal(store: Store, error: AccountFrozen, refused: Refused) -> Forbidden:
    """The 403 of a ``NotFrozen`` guard that failed, naming the freeze (read for its time)."""
    freeze = store.moderation.freezes((error.member,)).get(error.member)
    return _forbidden(error.member, None if freeze is None else freeze.at, refused)
