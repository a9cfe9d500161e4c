"""The life of a duel as a pure state machine: a duel and an event in, the next duel out.

    proposed --accept--> ready room --both ready--> playing --last turn--> won / drawn
       |                     |                        |
       +-decline/withdraw    +-closes/leave: cancelled +-abandon: won by the other (forfeit)
       +-no answer in time:  lapsed                    +-no orders in turns 1 and 2: cancelled
         (1 h live, 7 days correspondence)
    (correspondence: accept opens the first turn at once)

Moderation: stop (a game in progress is cancelled), freeze (a duel not finished ends without a result), void (a
finished duel no longer counts). Every transition that moves credits appends its ledger lines to the duel.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from gameserver.platform.duels.credits import CreditKind, LedgerLine, check_stake
from gameserver.platform.duels.duel import Duel, DuelStatus, Ending
from gameserver.platform.duels.modes import DUEL_PACES, Pace, proposal_lapses, ready_room_closes
from gameserver.platform.duels.settlement import settle, void_lines

#: "the first two turns have both passed with no orders from either side": the duel is cancelled then.
SILENT_TURNS_TO_CANCEL = 2
#: "the game goes on and always ends in 8 turns at most".
LAST_TURN = 8
#: The rule a late answer to a proposal breaks: accept, decline and withdraw come before its lapse time.
PROPOSAL_LAPSED = "answer-before-lapse"


class DuelRuleError(ValueError):
    """An event the duel's rules refuse in its current state; ``rule`` names the rule for the API's error."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Accept:
    """The opponent accepts: their stake goes into escrow; a ready room opens, or (correspondence) the game."""

    by: str
    at: datetime


@dataclass(frozen=True)
class Decline:
    by: str
    at: datetime


@dataclass(frozen=True)
class Withdraw:
    """The proposer takes back a proposal not yet answered."""

    by: str
    at: datetime


@dataclass(frozen=True)
class ProposalLapses:
    """Nobody answered the proposal in time (the sweep): refused before ``lapses_at``; the stake comes back."""

    at: datetime


@dataclass(frozen=True)
class Ready:
    """A player clicks Ready in the ready room; the second click starts the game."""

    by: str
    at: datetime


@dataclass(frozen=True)
class ReadyRoomCloses:
    """The ready room's time is up (a timer or the sweep); refused before 30 minutes after the acceptance."""

    at: datetime


@dataclass(frozen=True)
class TurnResolved:
    """A turn of the duel's game resolved.

    ``senders``: the members who sent orders themselves for this turn. ``too_fast``: the members judged faster
    than a human at this resolution (``gameserver.platform.fairplay``). ``over``: the game ended; ``winner`` then names
    the member who won, None for a draw. ``linked``: the two members are linked accounts (judged when the game
    ends; ignored before).
    """

    turn: int
    at: datetime
    senders: frozenset[str] = frozenset()
    too_fast: frozenset[str] = frozenset()
    over: bool = False
    winner: str | None = None
    linked: bool = False


@dataclass(frozen=True)
class Abandon:
    """A member leaves: in play it is a forfeit; in the ready room it cancels the duel like the room's closing."""

    by: str
    at: datetime
    linked: bool = False


@dataclass(frozen=True)
class Stop:
    """A moderator stops the game in progress (or a duel not started yet): cancelled, stakes returned."""

    at: datetime


@dataclass(frozen=True)
class Freeze:
    """A member's ratings are frozen: a duel not finished "ends without a result, the stakes returned"."""

    member: str
    at: datetime


@dataclass(frozen=True)
class Void:
    """A moderator voids a finished duel: stakes returned; the caller takes back its rating changes."""

    at: datetime


DuelEvent = (
    Accept | Decline | Withdraw | ProposalLapses | Ready | ReadyRoomCloses | TurnResolved | Abandon | Stop | Freeze
    | Void
)


def propose(
    duel_id: str, proposer: str, opponent: str | None, pace: Pace, stake: int, at: datetime, balance: int
) -> Duel:
    """A new proposal, to a named member or (``opponent`` None) open to anyone; the proposer's stake (if any)
    goes into escrow at once."""
    if proposer == opponent:
        raise DuelRuleError("a member cannot propose a duel to themselves", "duel-two-members")
    if Pace(pace) not in DUEL_PACES:
        raise DuelRuleError(f"a duel is played in {', '.join(DUEL_PACES)}, not {pace}", "duel-pace")
    check_stake(balance, stake)
    credits = (LedgerLine(proposer, -stake, CreditKind.ESCROW, duel_id),) if stake else ()
    return Duel(duel_id, proposer, opponent, Pace(pace), stake, at, credits=credits)


def _expect(duel: Duel, *statuses: DuelStatus, action: str) -> None:
    if duel.status not in statuses:
        raise DuelRuleError(f"cannot {action} duel {duel.id}: it is {duel.status}", f"{action}-when-{duel.status}")


def lapses_at(duel: Duel) -> datetime:
    """When the duel's proposal lapses if nobody answers it: 1 hour after it was made for blitz and rapid,
    7 days for correspondence."""
    return proposal_lapses(duel.pace, duel.proposed_at)


def _answer_in_time(duel: Duel, at: datetime, action: str) -> None:
    """An answer at or after the lapse time is refused: the proposal's stake goes back, no duel starts."""
    if at >= lapses_at(duel):
        raise DuelRuleError(f"cannot {action} duel {duel.id}: the proposal lapsed at {lapses_at(duel).isoformat()}",
                            PROPOSAL_LAPSED)


def _member(duel: Duel, member: str) -> None:
    if member not in duel.members:
        raise DuelRuleError(f"{member} is not a member of duel {duel.id}", "duel-member-only")


def _accepted_at(duel: Duel) -> datetime:
    if duel.accepted_at is None:
        raise ValueError(f"duel {duel.id} is in its ready room without an acceptance time")
    return duel.accepted_at


def _close(duel: Duel, status: DuelStatus, ending: Ending, at: datetime, **changes: Any) -> Duel:
    closed = replace(duel, status=status, ending=ending, finished_at=at, **changes)
    return replace(closed, credits=closed.credits + settle(closed))


def apply(duel: Duel, event: DuelEvent, balance: int | None = None) -> Duel:
    """The duel after ``event``; raises DuelRuleError when the rules refuse the event now.

    ``balance`` is the accepting member's balance (needed only by Accept with a stake).
    """
    match event:
        case Accept(by=by, at=at):
            _expect(duel, DuelStatus.PROPOSED, action="accept")
            _answer_in_time(duel, at, "accept")
            if duel.open:
                if by == duel.proposer:
                    raise DuelRuleError("a member cannot accept their own open duel", "duel-two-members")
                duel = replace(duel, opponent=by)
            elif by != duel.opponent:
                raise DuelRuleError("only the member the duel was proposed to can accept it", "accept-by-opponent")
            if duel.stake and balance is None:
                raise ValueError("accepting a duel with a stake needs the member's balance")
            check_stake(balance or 0, duel.stake)
            credits = duel.credits
            if duel.stake:
                credits += (LedgerLine(by, -duel.stake, CreditKind.ESCROW, duel.id),)
            if duel.pace.has_ready_room:
                return replace(duel, status=DuelStatus.READY_ROOM, accepted_at=at, credits=credits)
            return replace(duel, status=DuelStatus.PLAYING, accepted_at=at, started_at=at, credits=credits)
        case Decline(by=by, at=at):
            _expect(duel, DuelStatus.PROPOSED, action="decline")
            _answer_in_time(duel, at, "decline")
            if by != duel.opponent:
                raise DuelRuleError("only the member the duel was proposed to can decline it", "decline-by-opponent")
            return _close(duel, DuelStatus.DECLINED, Ending.DECLINED, at)
        case Withdraw(by=by, at=at):
            _expect(duel, DuelStatus.PROPOSED, action="withdraw")
            _answer_in_time(duel, at, "withdraw")
            if by != duel.proposer:
                raise DuelRuleError("only the proposer can withdraw a proposal", "withdraw-by-proposer")
            return _close(duel, DuelStatus.WITHDRAWN, Ending.WITHDRAWN, at)
        case ProposalLapses(at=at):
            _expect(duel, DuelStatus.PROPOSED, action="lapse")
            if at < lapses_at(duel):
                raise DuelRuleError(f"the proposal stays open until {lapses_at(duel).isoformat()}",
                                    "proposal-open-until-lapse")
            return _close(duel, DuelStatus.LAPSED, Ending.LAPSED, at)
        case Ready(by=by, at=at):
            _expect(duel, DuelStatus.READY_ROOM, action="ready")
            _member(duel, by)
            if at >= ready_room_closes(_accepted_at(duel)):
                raise DuelRuleError("the ready room has closed", "ready-within-30-minutes")
            ready = duel.ready | {by}
            if ready == frozenset(duel.members):
                return replace(duel, status=DuelStatus.PLAYING, ready=ready, started_at=at)
            return replace(duel, ready=ready)
        case ReadyRoomCloses(at=at):
            _expect(duel, DuelStatus.READY_ROOM, action="close-ready-room")
            if at < ready_room_closes(_accepted_at(duel)):
                raise DuelRuleError("the ready room stays open 30 minutes after the acceptance", "ready-room-open")
            return _close(duel, DuelStatus.CANCELLED, Ending.READY_ROOM_CLOSED, at)
        case TurnResolved():
            return _turn_resolved(duel, event)
        case Abandon(by=by, at=at, linked=linked):
            _expect(duel, DuelStatus.READY_ROOM, DuelStatus.PLAYING, action="abandon")
            _member(duel, by)
            if duel.status is DuelStatus.READY_ROOM:
                return _close(duel, DuelStatus.CANCELLED, Ending.LEFT_READY_ROOM, at)
            return _close(
                duel, DuelStatus.WON, Ending.FORFEIT, at, winner=duel.other(by), abandoned_by=by, linked=linked
            )
        case Stop(at=at):
            _expect(duel, DuelStatus.PROPOSED, DuelStatus.READY_ROOM, DuelStatus.PLAYING, action="stop")
            return _close(duel, DuelStatus.CANCELLED, Ending.STOPPED, at)
        case Freeze(member=member, at=at):
            _expect(duel, DuelStatus.PROPOSED, DuelStatus.READY_ROOM, DuelStatus.PLAYING, action="freeze")
            _member(duel, member)
            return _close(duel, DuelStatus.CANCELLED, Ending.FROZEN, at)
        case Void(at=at):
            _expect(duel, DuelStatus.WON, DuelStatus.DRAWN, action="void")
            voided = replace(duel, status=DuelStatus.VOIDED, voided_at=at)
            return replace(voided, credits=voided.credits + void_lines(voided))
    raise TypeError(f"not a duel event: {event!r}")


def _turn_resolved(duel: Duel, event: TurnResolved) -> Duel:
    _expect(duel, DuelStatus.PLAYING, action="resolve-turn")
    if event.turn != duel.turns_passed + 1:
        raise DuelRuleError(
            f"turn {event.turn} cannot resolve after turn {duel.turns_passed}", "turns-resolve-in-order"
        )
    if event.turn == LAST_TURN and not event.over:
        raise DuelRuleError("the game always ends in 8 turns at most", "game-ends-by-turn-8")
    for member in event.senders | event.too_fast:
        _member(duel, member)
    if event.winner is not None:
        _member(duel, event.winner)
        if not event.over:
            raise DuelRuleError("a winner comes only with the end of the game", "winner-at-game-end")
    played = replace(
        duel,
        turns_passed=event.turn,
        senders=duel.senders | event.senders,
        too_fast=duel.too_fast | event.too_fast,
    )
    if not played.senders and (event.over or event.turn >= SILENT_TURNS_TO_CANCEL):
        return _close(played, DuelStatus.CANCELLED, Ending.NO_ORDERS, event.at)
    if not event.over:
        return played
    if event.winner is None:
        return _close(played, DuelStatus.DRAWN, Ending.GAME, event.at, linked=event.linked)
    return _close(played, DuelStatus.WON, Ending.GAME, event.at, winner=event.winner, linked=event.linked)
