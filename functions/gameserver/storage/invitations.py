"""Feinthold's friendly invitations, the port of their area: one member invites another to a game between them
(``domain.feinthold.friendly``); accepting one starts the game in the same transaction (``InvitationAccepted`` rides with
the game's ``NewGame``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol


@dataclass(frozen=True)
class Invitation:
    invitation_id: str
    kind: str
    inviter: str
    invitee: str
    layout: str | None
    inviter_side: str | None
    pace: str
    status: str
    """``pending``, ``accepted``, ``declined``."""
    created_at: str
    expires_at: str
    game_id: str | None = None
    answered_at: str | None = None


class InvitationAccepted(NamedTuple):
    """An invitation marked accepted (only while it is still pending), with the game it starts."""

    invitation: Invitation


class InvitationsPort(Protocol):
    def put(self, invitation: Invitation) -> None: ...

    def get(self, invitation_id: str) -> Invitation | None: ...

    def answer(self, invitation: Invitation) -> None:
        """Write a declined invitation, if it is still pending (``WriteConflict`` otherwise)."""
        ...

    def listed(self, sub: str, received: bool, limit: int) -> list[Invitation]:
        """Pending invitations to ``sub`` (``received``) or every invitation ``sub`` sent, newest first."""
        ...
