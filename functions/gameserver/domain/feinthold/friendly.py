"""Friendly games between members (the ``friendly`` mode): one invites, the other accepts or declines. Unrated,
no stakes. Members wait on each other, so each turn has its timer.

An invitation stays open 7 days; accepting it creates the game and marks it accepted in one transaction,
so two accepts (or an accept racing a decline) leave exactly one outcome.
"""

from __future__ import annotations

import enum
import random
from dataclasses import replace
from datetime import timedelta
from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, Pace, iso
from gameserver.domain.fairplay import JudgedAtTheEnd
from gameserver.domain.feinthold import KIND, game_response, open_game, rules, views_of
from gameserver.domain.feinthold.answers import GameOut
from gameserver.errors import Conflict, ErrorCode, Forbidden, InvalidInput, NotFound, wire
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.play.modes import Deadlines, register
from gameserver.storage.errors import WriteConflict
from gameserver.storage.invitations import Invitation, InvitationAccepted
from gameserver.storage.port import Store
from gameserver.words import Side, Timestamp

VALID_FOR = timedelta(days=7)


class FriendlyMode(JudgedAtTheEnd):
    name = "friendly"
    deadlines = Deadlines.TIMED


MODE = register(FriendlyMode())


class InvitationStatus(enum.StrEnum):
    """Where an invitation stands."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    """The game started."""
    DECLINED = "declined"


class InvitationOut(TypedDict):
    """An invitation to a friendly game."""

    invitation_id: str
    inviter: str
    invitee: str
    layout: str | None
    inviter_side: Side | None
    pace: Pace
    status: InvitationStatus
    created_at: Timestamp
    expires_at: Timestamp
    game_id: str | None


class InvitationList(TypedDict):
    """My invitations: those I received and those I sent."""

    received: Annotated[list[InvitationOut], Field(description="pending invitations to you")]
    sent: list[InvitationOut]


def invitation_json(inv: Invitation) -> InvitationOut:
    return {
        "invitation_id": inv.invitation_id,
        "inviter": inv.inviter,
        "invitee": inv.invitee,
        "layout": inv.layout,
        "inviter_side": None if inv.inviter_side is None else Side(inv.inviter_side),
        "pace": Pace(inv.pace),
        "status": InvitationStatus(inv.status),
        "created_at": inv.created_at,
        "expires_at": inv.expires_at,
        "game_id": inv.game_id,
    }


def invite(
    store: Store,
    clock: Clock,
    caller: Caller,
    *,
    invitee: str,
    pace: str,
    layout: str | None = None,
    side: str | None = None,
) -> InvitationOut:
    if invitee == caller.sub:
        raise InvalidInput("you cannot invite yourself", field="invitee")
    if pace not in {p.value for p in Pace}:
        raise InvalidInput(f"unknown pace {wire(pace)}", field="pace")
    if side is not None and side not in rules().seats({}):
        raise InvalidInput(f"unknown side {wire(side)}", field="side")
    if layout is not None:
        rules().check_layout(layout)
    if store.members.get_profile(invitee) is None:
        raise NotFound(f"no member {invitee}", field="invitee")
    now = clock.now()
    invitation = Invitation(
        invitation_id=new_id(),
        kind=KIND,
        inviter=caller.sub,
        invitee=invitee,
        layout=layout,
        inviter_side=side,
        pace=pace,
        status="pending",
        created_at=iso(now),
        expires_at=iso(now + VALID_FOR),
    )
    store.invitations.put(invitation)
    return invitation_json(invitation)


def _pending_for(store: Store, clock: Clock, caller: Caller, invitation_id: str) -> Invitation:
    invitation = store.invitations.get(invitation_id)
    if invitation is None or caller.sub not in (invitation.inviter, invitation.invitee):
        raise NotFound(f"no invitation {invitation_id} of yours", field="invitation_id")
    if caller.sub != invitation.invitee:
        raise Forbidden("only the invited member answers an invitation")
    if invitation.status != "pending":
        raise Conflict(f"the invitation was already {invitation.status}", code=ErrorCode.INVITATION_ANSWERED)
    if invitation.expires_at <= iso(clock.now()):
        raise Conflict("the invitation has expired", code=ErrorCode.INVITATION_EXPIRED)
    return invitation


def accept(
    store: Store, clock: Clock, caller: Caller, invitation_id: str, seed: int | None = None
) -> GameOut:
    """Accept: the game starts at once, its first turn open (``seed`` only for tests and seeded local games)."""
    invitation = _pending_for(store, clock, caller, invitation_id)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    inviter_side = invitation.inviter_side or rng.choice(rules().seats({}))
    players = {inviter_side: invitation.inviter, rules().other(inviter_side): invitation.invitee}
    game_id = new_id()
    accepted = replace(invitation, status="accepted", game_id=game_id, answered_at=iso(clock.now()))
    try:
        new = open_game(store, clock, game_id=game_id, players=players, mode=MODE.name, pace=invitation.pace,
                        layout=invitation.layout, seed=seed, riders=(InvitationAccepted(accepted),))
    except WriteConflict as error:
        raise Conflict("the invitation was answered meanwhile", code=ErrorCode.INVITATION_ANSWERED) from error
    return game_response(new.game, views_of(new, caller.sub))


def decline(store: Store, clock: Clock, caller: Caller, invitation_id: str) -> InvitationOut:
    invitation = _pending_for(store, clock, caller, invitation_id)
    declined = replace(invitation, status="declined", answered_at=iso(clock.now()))
    try:
        store.invitations.answer(declined)
    except WriteConflict as error:
        raise Conflict("the invitation was answered meanwhile", code=ErrorCode.INVITATION_ANSWERED) from error
    return invitation_json(declined)


def list_invitations(store: Store, caller: Caller, limit: int = 50) -> InvitationList:
    return {
        "received": [invitation_json(i) for i in store.invitations.listed(caller.sub, received=True, limit=limit)],
        "sent": [invitation_json(i) for i in store.invitations.listed(caller.sub, received=False, limit=limit)],
    }
