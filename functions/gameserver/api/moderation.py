"""Routes of the moderators (v1), included by the app: the marks fair play leaves, listed and closed (audited).
Members get 403, before anything they sent is read."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from gameserver.api.deps import (
    Cursor,
    GameId,
    IdempotencyKey,
    Known,
    ModeratorsOnly,
    answer,
    errors,
    ok,
    reply,
)
from gameserver.api.models import Reason
from gameserver.clock import get_clock
from gameserver.domain import moderation
from gameserver.domain.challenges.answers import PublishedPage
from gameserver.domain.duels.service import DuelOut
from gameserver.domain.moderation import freezes, reading, stop, void
from gameserver.errors import ErrorCode as E
from gameserver.platform.fairplay.marks import MarkStatus
from gameserver.services import storage
from gameserver.storage import cursors

router = APIRouter(route_class=ModeratorsOnly)


@router.get("/v1/moderation/marks", responses={**ok(moderation.MarkList), **errors(E.MODERATORS_ONLY, E.INVALID_CURSOR)},
            tags=["moderation"])
async def list_marks(caller: Known, status: MarkStatus = MarkStatus.OPEN, cursor: Cursor = None,
                     limit: Annotated[int, Query(ge=1, le=100)] = 50) -> Response:
    """Moderators: the marks fair play left (linked accounts, a pace too regular), open ones by default or the
    closed ones, newest first. A mark changes nothing by itself. 403 ``moderators_only`` for anyone else."""
    return reply(moderation.marks_page(storage(), caller, cursor, limit, status))


@router.post("/v1/moderation/marks/{member}/{mark_id}/close", responses={**ok(moderation.MarkOut), **errors(E.MODERATORS_ONLY, E.NOT_FOUND, E.MARK_CLOSED)}, tags=["moderation"])
async def close_mark(member: Annotated[str, Path(min_length=1, max_length=128, description="the member's subject")],
                mark_id: Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a mark id")],
                body: Reason, request: Request, caller: Known, key: IdempotencyKey = None) -> Response:
    """Moderators: close a member's mark after review, saying why; audited (who, when, what, why). 404 for no
    such mark of that member, 409 ``mark_closed`` for a mark already closed."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: moderation.close_mark(storage(), get_clock(), caller, member, mark_id, body.why))


Member = Annotated[str, Path(min_length=1, max_length=128, description="the member's subject")]
DuelId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a duel id (its game has the same id)")]
PublishedId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a member's published doctrine")]
RecordLimit = Annotated[int, Query(ge=1, le=100)]


@router.get("/v1/moderation/members/{member}/marks",
            responses={**ok(moderation.MarkList), **errors(E.MODERATORS_ONLY, E.INVALID_CURSOR)}, tags=["moderation"])
async def list_member_marks(member: Member, caller: Known, cursor: Cursor = None, limit: RecordLimit = 50
                            ) -> Response:
    """Moderators: one member's marks, open and closed, newest first."""
    return reply(reading.member_marks(storage(), caller, member, cursor, limit))


@router.get("/v1/moderation/members/{member}", responses={**ok(reading.MemberRecord), **errors(E.MODERATORS_ONLY,
                                                                                          E.NOT_FOUND)},
            tags=["moderation"])
async def get_member_record(member: Member, caller: Known, limit: RecordLimit = 20) -> Response:
    """Moderators: a member's record in one place: their freeze, their latest marks and the latest actions
    about them (each list goes on with its cursor on the member's marks and on the audit log)."""
    record = reading.member_record(storage(), caller, member, limit)
    # Each list goes on at its own route: its cursor is bound there.
    record["marks_cursor"] = cursors.rebind(record["marks_cursor"], cursors.binding(
        caller.sub, f"/v1/moderation/members/{member}/marks"))
    record["actions_cursor"] = cursors.rebind(record["actions_cursor"], cursors.binding(
        caller.sub, "/v1/moderation/audit"))
    return reply(record)


@router.get("/v1/moderation/audit", responses={**ok(reading.AuditList), **errors(E.MODERATORS_ONLY, E.INVALID_CURSOR)},
            tags=["moderation"])
async def list_audit(caller: Known, member: Annotated[str | None, Query(min_length=1, max_length=128)] = None,
                     cursor: Cursor = None, limit: RecordLimit = 50) -> Response:
    """Moderators: the audit log (who, when, what, why), newest first; ``member`` for the actions about one
    member. Members never see it."""
    return reply(reading.audit_page(storage(), caller, member, cursor, limit))


@router.post("/v1/moderation/games/{game_id}/stop",
             responses={**ok(stop.StoppedGame), **errors(E.MODERATORS_ONLY, E.NOT_FOUND, E.GAME_OVER)},
             tags=["moderation"])
async def stop_game(game_id: GameId, body: Reason, request: Request, caller: Known,
                    key: IdempotencyKey = None) -> Response:
    """Moderators: stop a game in progress, saying why: it ends with no result (a duel cancelled, its stakes
    returned; a tournament match void, the next opponent going on; a Daily Front not ranked; a challenge
    unrated). Audited."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: stop.stop_game(storage(), get_clock(), caller, game_id, body.why))


@router.post("/v1/moderation/duels/{duel_id}/void",
             responses={**ok(DuelOut), **errors(E.MODERATORS_ONLY, E.NOT_FOUND, E.DUEL_REFUSED)},
             tags=["moderation"])
async def void_duel(duel_id: DuelId, body: Reason, request: Request, caller: Known,
                    key: IdempotencyKey = None) -> Response:
    """Moderators: void a finished duel, saying why: its own rating changes taken back, its stakes returned,
    out of the pair's 24-hour count and, before its month closed, out of the month's board. Audited."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: void.void_duel(storage(), get_clock(), caller, duel_id, body.why))


@router.post("/v1/moderation/members/{member}/freeze",
             responses={**ok(freezes.FreezeOut), **errors(E.MODERATORS_ONLY, E.NOT_FOUND, E.ALREADY_FROZEN)},
             tags=["moderation"])
async def freeze_member(member: Member, body: Reason, request: Request, caller: Known,
                        key: IdempotencyKey = None) -> Response:
    """Moderators: freeze a member's ratings, saying why: no new duels, tournaments or challenges, no rating
    moves, no prizes or titles; their duels not finished end without a result (stakes returned), their
    tournament matches are lost by forfeit. Audited."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: freezes.freeze_member(storage(), get_clock(), caller, member, body.why))


@router.post("/v1/moderation/members/{member}/unfreeze",
             responses={**ok(freezes.FreezeOut), **errors(E.MODERATORS_ONLY, E.NOT_FROZEN)}, tags=["moderation"])
async def unfreeze_member(member: Member, body: Reason, request: Request, caller: Known,
                          key: IdempotencyKey = None) -> Response:
    """Moderators: unfreeze a member's ratings, saying why: the right to play again, not what was lost.
    Audited."""
    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: freezes.unfreeze_member(storage(), get_clock(), caller, member, body.why))


@router.post("/v1/moderation/doctrines/{doctrine_id}/hide",
             responses={**ok(PublishedPage), **errors(E.MODERATORS_ONLY, E.NOT_FOUND, E.DOCTRINE_HIDDEN)},
             tags=["moderation"])
async def hide_doctrine(doctrine_id: PublishedId, body: Reason, request: Request, caller: Known, key: IdempotencyKey = None) -> Response:
    """Moderators: hide a published doctrine with an offensive name, saying why: out of every listing and
    board, challenges refused; games in progress against it finish. Audited."""
    from gameserver.domain.challenges import publication

    return answer(key, request, caller, body.model_dump(mode="json"),
                  lambda: publication.hide_doctrine(storage(), get_clock(), caller, doctrine_id, body.why))
