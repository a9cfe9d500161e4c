"""A moderator voids a finished duel: "void a finished duel (it no longer counts: the rating points won or lost
are cancelled, the stakes returned)" (rules). Issue 16: "the exact rating changes it caused are taken back (later
changes stay as they are), stakes returned to each side, the pair's 24-hour count corrected, out of the month's
board and prize eligibility". The duel's own transition does it (``duels.void_duel``), with one audit line per
member in its transaction. Choice (docs/platform.md, "Moderation"): the changes later games made stay as they are,
so each member's rating is the current one minus exactly the change this duel made. A finished rated game of
online Front 1901 is voided as a duel is (``void_front1901_game``): its own rating changes taken back, once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameserver.clock import Clock, iso
from gameserver.domain.moderation import reason, require_moderator
from gameserver.domain.moderation.stop import audit_lines
from gameserver.errors import NotFound
from gameserver.identity import Caller
from gameserver.storage.audit import AuditAction
from gameserver.storage.port import Store

if TYPE_CHECKING:
    from gameserver.domain.duels.service import DuelOut
    from gameserver.domain.front1901.ratings import Front1901Voided


def void_duel(store: Store, clock: Clock, moderator: Caller, duel_id: str, why: str) -> DuelOut:
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


def void_front1901_game(store: Store, clock: Clock, moderator: Caller, game_id: str, why: str) -> Front1901Voided:
    """Void the finished rated online Front 1901 game ``game_id``, with its audit lines: each member's rating has
    exactly this game's change taken back (later games' stay). 404 for no such game or one that rated nobody, 409
    ``in_play`` for a game in play, ``conflict`` (rule ``voided``) for one voided already, ``busy`` when the
    ratings kept changing meanwhile."""
    from gameserver.catalog import FRONT1901
    from gameserver.domain.front1901.ratings import rating_entry, void_write
    from gameserver.errors import Conflict, ErrorCode
    from gameserver.play import steps
    from gameserver.storage.errors import WriteConflict

    require_moderator(moderator, "void games")
    why = reason(why)
    game = store.games.get(game_id)
    if game is None or game.kind != FRONT1901:
        raise NotFound(f"no game {game_id} of Front 1901", field="game_id")
    if game.status != "over":
        raise Conflict(f"game {game_id} is in play", field="game_id", code=ErrorCode.IN_PLAY)
    for _ in range(steps.ATTEMPTS):
        now = iso(clock.now())
        write = void_write(store, game_id, now)
        audits = audit_lines(moderator, now, AuditAction.VOID_GAME, sorted(r.member for r in write.ratings), game_id,
                             why)
        try:
            store.transact([write, *audits])
        except WriteConflict:
            continue
        return {"game_id": game_id, "voided_at": now,
                "ratings": [rating_entry(r.member, r.rating) for r in write.ratings]}
    raise Conflict("the ratings kept changing while the game was being voided; send it again", code=ErrorCode.BUSY)
