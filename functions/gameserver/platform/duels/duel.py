"""A duel between two members, as a plain value: who, at what pace and stake, where it stands, how it ended."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from gameserver.platform.duels.credits import CreditKind, LedgerLine, appended_lines
from gameserver.platform.duels.modes import Pace


class DuelStatus(enum.StrEnum):
    """Where a duel stands."""

    PROPOSED = "proposed"
    """Proposed, waiting for the opponent's answer; the proposer's stake is in escrow."""
    READY_ROOM = "ready-room"
    """Accepted (blitz or rapid): both stakes in escrow, waiting for both players to click Ready."""
    PLAYING = "playing"
    """The game is on."""
    WON = "won"
    """Finished with a winner (on the board or by forfeit)."""
    DRAWN = "drawn"
    """Finished without a winner."""
    CANCELLED = "cancelled"
    """Ended without a result: stakes returned."""
    DECLINED = "declined"
    """The opponent said no: the proposer's stake returned."""
    WITHDRAWN = "withdrawn"
    """The proposer took the proposal back before an answer: their stake returned."""
    LAPSED = "lapsed"
    """Nobody answered the proposal in time (1 hour live, 7 days correspondence): the proposer's stake returned."""
    VOIDED = "voided"
    """A finished duel a moderator voided: it no longer counts; stakes returned, rating changes taken back."""

    @property
    def finished(self) -> bool:
        """A result stands: the duel counts (for the 24-hour rule, the ratings, the month)."""
        return self in (DuelStatus.WON, DuelStatus.DRAWN)

    @property
    def closed(self) -> bool:
        """Nothing more happens to the duel except, for a finished one, a moderator's void."""
        return self not in (DuelStatus.PROPOSED, DuelStatus.READY_ROOM, DuelStatus.PLAYING)


class Ending(enum.StrEnum):
    """How a duel came to its end."""

    GAME = "game"
    """The game ended on the board (an HQ taken, a breakthrough, or after 8 turns)."""
    FORFEIT = "forfeit"
    """A member abandoned: "Abandoning means losing the duel by forfeit."."""
    NO_ORDERS = "no-orders"
    """"A duel in which nobody sent any orders is cancelled, stakes returned."."""
    READY_ROOM_CLOSED = "ready-room-closed"
    """Not both ready 30 minutes after the acceptance."""
    LEFT_READY_ROOM = "left-ready-room"
    """A member left the ready room before the start: the same as letting it close."""
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    LAPSED = "lapsed"
    """Nobody answered the proposal before it lapsed."""
    STOPPED = "stopped"
    """A moderator stopped the game in progress."""
    FROZEN = "frozen"
    """A member's ratings were frozen: "a duel in progress ends without a result, the stakes returned"."""


@dataclass(frozen=True)
class Duel:
    """Everything the platform rules need about one duel.

    ``credits`` holds every ledger line of this duel so far, in order: the storage writes the new ones in the
    same transaction as the duel (see ``credit_lines``), so a duel can never pay twice.
    """

    id: str
    proposer: str
    opponent: str | None
    """None while the proposal is open to anyone: the member who accepts it becomes the opponent."""
    pace: Pace
    stake: int
    proposed_at: datetime
    status: DuelStatus = DuelStatus.PROPOSED
    accepted_at: datetime | None = None
    ready: frozenset[str] = frozenset()
    started_at: datetime | None = None
    turns_passed: int = 0
    senders: frozenset[str] = frozenset()
    """Members who sent orders themselves for at least one turn (a default doctrine does not count)."""
    too_fast: frozenset[str] = frozenset()
    """Members judged faster than a human in this game."""
    linked: bool = False
    """The two members were linked accounts when the duel finished."""
    winner: str | None = None
    abandoned_by: str | None = None
    ending: Ending | None = None
    finished_at: datetime | None = None
    """When the duel closed: its result for a finished duel, else when it was cancelled, declined, withdrawn or lapsed."""
    voided_at: datetime | None = None
    credits: tuple[LedgerLine, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A plain JSON form (times as ISO strings, sets as sorted lists) for storage."""
        return {
            "id": self.id,
            "proposer": self.proposer,
            "opponent": self.opponent,
            "pace": str(self.pace),
            "stake": self.stake,
            "proposed_at": self.proposed_at.isoformat(),
            "status": str(self.status),
            "accepted_at": _iso(self.accepted_at),
            "ready": sorted(self.ready),
            "started_at": _iso(self.started_at),
            "turns_passed": self.turns_passed,
            "senders": sorted(self.senders),
            "too_fast": sorted(self.too_fast),
            "linked": self.linked,
            "winner": self.winner,
            "abandoned_by": self.abandoned_by,
            "ending": None if self.ending is None else str(self.ending),
            "finished_at": _iso(self.finished_at),
            "voided_at": _iso(self.voided_at),
            "credits": [[line.member, line.amount, str(line.kind), line.ref] for line in self.credits],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Duel:
        return cls(
            id=data["id"],
            proposer=data["proposer"],
            opponent=data["opponent"],
            pace=Pace(data["pace"]),
            stake=int(data["stake"]),
            proposed_at=datetime.fromisoformat(data["proposed_at"]),
            status=DuelStatus(data["status"]),
            accepted_at=_time(data["accepted_at"]),
            ready=frozenset(data["ready"]),
            started_at=_time(data["started_at"]),
            turns_passed=int(data["turns_passed"]),
            senders=frozenset(data["senders"]),
            too_fast=frozenset(data["too_fast"]),
            linked=bool(data["linked"]),
            winner=data["winner"],
            abandoned_by=data["abandoned_by"],
            ending=None if data["ending"] is None else Ending(data["ending"]),
            finished_at=_time(data["finished_at"]),
            voided_at=_time(data["voided_at"]),
            credits=tuple(
                LedgerLine(member, int(amount), CreditKind(kind), ref) for member, amount, kind, ref in data["credits"]
            ),
        )

    @property
    def open(self) -> bool:
        """A proposal open to any member (nobody named, nobody accepted yet)."""
        return self.opponent is None

    @property
    def members(self) -> tuple[str, ...]:
        """The proposer and, once named or accepted, the opponent."""
        return (self.proposer,) if self.opponent is None else (self.proposer, self.opponent)

    def other(self, member: str) -> str:
        if member == self.proposer:
            if self.opponent is None:
                raise ValueError(f"duel {self.id} has no opponent yet: {member} faces no one")
            return self.opponent
        if member == self.opponent:
            return self.proposer
        raise ValueError(f"{member} is not a member of duel {self.id}")

    @property
    def loser(self) -> str | None:
        return None if self.winner is None else self.other(self.winner)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def credit_lines(before: Duel | None, after: Duel) -> tuple[LedgerLine, ...]:
    """The ledger lines a transition adds: what the storage writes with the new duel, in one transaction."""
    return appended_lines(() if before is None else before.credits, after.credits)
