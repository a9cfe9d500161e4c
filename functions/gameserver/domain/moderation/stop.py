"""A moderator stops a game in progress: "The moderators can stop a game in progress (a duel is then cancelled,
the stakes returned)". Issue 16: "a stopped tournament match has no result, as if no orders were sent: neither
player goes on, the next opponent advances without playing (stopping is not a freeze); a Daily Front is not
ranked; a challenge is unrated; a Feint, Front 1901, friendly or house game ends with no result."

Every game ends the pipeline's way (``play.stop``: over with no result, the board's state stopped, the members'
views and lists saying so, the moderator named as who stopped it), in one transaction with what its mode adds
to a stop (``Mode.writes_with_stop``: a duel cancelled with its stakes returned, a tournament match void, a
Daily Front not ranked, a challenge stopped and unrated) and the audit lines, one per member of the game, so
that each member's actions list it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, iso
from gameserver.domain.moderation import reason, require_moderator
from gameserver.errors import NotFound
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.play.modes import Stop, StopReason
from gameserver.play.steps import members
from gameserver.play.stop import stop
from gameserver.storage.audit import AuditAction, AuditLine
from gameserver.storage.port import Store
from gameserver.words import Mode, Timestamp


def audit_lines(moderator: Caller, at: str, action: AuditAction, subs: list[str], target: str, why: str
                ) -> list[AuditLine]:
    """One line per member the action concerns (each member's actions list it), the same action and reason."""
    return [AuditLine(moderator=moderator.sub, at=at, action=action, member=sub, target=target, why=why,
                      audit_id=new_id()) for sub in subs]


class StoppedGame(TypedDict):
    """A game a moderator stopped: over with no result."""

    game_id: str
    mode: Annotated[Mode, Field(description="how it was played: a duel's is cancelled, a match void, a challenge "
                                            "unrated, a Daily Front not ranked")]
    stopped_at: Timestamp
    members: Annotated[list[str], Field(description="its members, each with an audit line")]


def stop_game(store: Store, clock: Clock, moderator: Caller, game_id: str, why: str) -> StoppedGame:
    """Stop ``game_id`` in progress, with its audit lines: 404 for no such game, 409 ``game_over`` for a game
    that is over."""
    require_moderator(moderator, "stop games")
    why = reason(why)
    game = store.games.get(game_id)
    if game is None:
        raise NotFound(f"no game {game_id}", field="game_id")
    now = clock.now()
    audits = audit_lines(moderator, iso(now), AuditAction.STOP_GAME, sorted(set(members(game))), game_id, why)
    stop(store, clock, game_id, Stop(StopReason.MODERATOR, moderator.sub), audits, kind=game.kind)
    return {"game_id": game_id, "mode": Mode(game.mode), "stopped_at": iso(now), "members": [a.member for a in audits]}
