"""A moderator stops a game in progress: "The moderators can stop a game in progress (a duel is then cancelled,
the stakes returned)". Issue 16: "a stopped tournament match has no result, as if no orders were sent: neither
player goes on, the next opponent advances without playing (stopping is not a freeze); a Daily Front is not
ranked; a challenge is unrated; a Feint, Front 1901, friendly or house game ends with no result."

Every game ends the pipeline's way (``steps.end_off_the_board``: over, no winner, the board's state stopped, the
members' views and lists saying so), in one transaction with what its mode adds and the audit lines, one per
member of the game, so that each member's actions list it. The modes that add something are named here: a
duel's (cancelled, stakes returned: its own transition), a tournament match's (void: the bracket moves on), a
Daily Front's (the member's Front finished, not ranked: ``stopped``), a challenge's (stopped, unrated). Every
other mode adds nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from gameserver.clock import Clock, iso
from gameserver.domain.moderation import reason, require_moderator
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.platform.daily import NotRanked
from gameserver.platform.ids import is_match_id, match_ref
from gameserver.play.seats import members
from gameserver.play.steps import ATTEMPTS, end_off_the_board
from gameserver.storage.audit import AuditAction, AuditLine
from gameserver.storage.daily import FrontStopped
from gameserver.storage.errors import WriteConflict
from gameserver.storage.port import Store
from gameserver.storage.records import Game

if TYPE_CHECKING:
    from gameserver.storage.port import Write


def audit_lines(moderator: Caller, at: str, action: AuditAction, subs: list[str], target: str, why: str
                ) -> list[AuditLine]:
    """One line per member the action concerns (each member's actions list it), the same action and reason."""
    return [AuditLine(moderator=moderator.sub, at=at, action=action, member=sub, target=target, why=why,
                      audit_id=new_id()) for sub in subs]


def stop_game(store: Store, clock: Clock, moderator: Caller, game_id: str, why: str) -> dict[str, Any]:
    """Stop ``game_id`` in progress, with its audit lines: 404 for no such game, 409 ``game_over`` for a game
    that is over."""
    require_moderator(moderator, "stop games")
    why = reason(why)
    for _ in range(ATTEMPTS):
        game = store.games.get(game_id)
        if game is None:
            raise NotFound(f"no game {game_id}", field="game_id")
        if game.status != "open":
            raise Conflict(f"game {game_id} is over", field="game_id", code=ErrorCode.GAME_OVER)
        now = clock.now()
        audits = audit_lines(moderator, iso(now), AuditAction.STOP_GAME, sorted(set(members(game))), game_id, why)
        stop = _STOPS.get(game.mode, _plain)
        try:
            if not stop(store, clock, game, audits):
                continue  # the game moved on (a turn resolved, it ended meanwhile): read it again
        except WriteConflict:
            continue
        return {"game_id": game_id, "mode": game.mode, "stopped_at": iso(now), "members": [a.member for a in audits]}
    raise Conflict(f"game {game_id} kept changing while it was being stopped; send it again", code=ErrorCode.BUSY)


Stopper = Callable[[Store, Clock, Game, list[AuditLine]], bool]
"""Stops a game of one mode with its audit lines in one transaction: True once written, False when the game had
moved on (``WriteConflict`` too: read it again)."""


def _plain(store: Store, clock: Clock, game: Game, audits: list[AuditLine]) -> bool:
    """"ends with no result": the game over, no winner."""
    store.transact([end_off_the_board(store, game, None, clock.now()), *audits])
    return True


def _duel(store: Store, clock: Clock, game: Game, audits: list[AuditLine]) -> bool:
    """"a duel is then cancelled, the stakes returned" (the duel has its game's id)."""
    from gameserver.domain.duels import service as duels

    return duels.stop_duel(store, clock, game.game_id, audits) is not None


def _match(store: Store, clock: Clock, game: Game, audits: list[AuditLine]) -> bool:
    """A tournament match's game has the match's id: the match is void, the bracket goes on without it."""
    from gameserver.domain.tournaments import service as tournaments

    if not is_match_id(game.game_id):
        return _plain(store, clock, game, audits)
    tournament_id, slot = match_ref(game.game_id)
    return tournaments.stop_match(store, clock, tournament_id, slot, audits) == "stopped"


def _daily(store: Store, clock: Clock, game: Game, audits: list[AuditLine]) -> bool:
    """"Not ranked: [...] a stopped game": the member's Front of its day finished without a result."""
    (member,) = members(game)
    day = date.fromisoformat(game.created_at[:10])
    entry = store.daily.read_day(day, member, front=False).entry
    writes: list[Write] = [end_off_the_board(store, game, None, clock.now()), *audits]
    if entry is not None and entry.game_id == game.game_id and entry.status == "playing":
        writes.append(FrontStopped(replace(entry, status="finished", not_ranked=str(NotRanked.STOPPED),
                                           finished_at=iso(clock.now()))))
    store.transact(writes)
    return True


def _challenge(store: Store, clock: Clock, game: Game, audits: list[AuditLine]) -> bool:
    """"a challenge is unrated": the challenge stopped with its game, no rating moves."""
    from gameserver.domain.challenges.game import stop_challenge

    return stop_challenge(store, clock, game, audits)


_STOPS: dict[str, Stopper] = {"duel": _duel, "match": _match, "daily": _daily, "challenge": _challenge}
"""The modes whose stop writes more than the game's end, by the pipeline's mode names."""
