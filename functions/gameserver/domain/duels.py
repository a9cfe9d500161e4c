"""Duels between members, wired to storage: proposals, answers, the ready room, the game, the end.

The rules are the pure ``gameserver.duels`` state machine: each request reads the duel, applies one event, and
writes the duel, its ledger lines and balances (and the game it starts or closes) in one transaction claimed
by the duel's version. A refused event is a 409 naming the rule; a replayed or late one changes nothing.

The duel's game is an ordinary game of the spine (``mode="duel"``, the same id as the duel): orders go through
the games API, turns resolve there. After each resolved turn ``turn_committed`` catches the duel up with its
game (who sent orders, delays for fair play, the end: payout, ratings). If that second write is lost, the
duel's own deadline in the due index makes the sweep catch it up, and reading the duel does too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from gameserver.clock import Clock, iso
from gameserver.domain import notices
from gameserver.domain.duel_game import (
    closing_read,
    duel_storage,
    game_closed,
    ledger_lines,
    new_game,
    rate,
    sync,
    turn_notices,
)
from gameserver.domain.errors import Conflict, DomainError, InvalidInput, NotFound
from gameserver.domain.ids import new_id
from gameserver.duels import (
    Abandon,
    Accept,
    Decline,
    Duel,
    DuelEvent,
    DuelRuleError,
    DuelStatus,
    Pace,
    ProposalLapses,
    Ready,
    ReadyRoomCloses,
    Withdraw,
    apply,
    lapses_at,
    propose,
    ready_room_closes,
)
from gameserver.duels.credits import CreditError
from gameserver.duels.lifecycle import PROPOSAL_LAPSED
from gameserver.identity import Caller
from gameserver.storage import port
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.duels import (
    OPEN_DUELS,
    DuelStorage,
    DuelWrite,
    InsufficientCredits,
    StoredDuel,
    proposals_to,
)
from gameserver.storage.records import Game

log = logging.getLogger(__name__)

MAX_STAKE = 1_000_000
_ATTEMPTS = 4


# ------------------------------------------------------------------ answers
def duel_json(stored: StoredDuel, game: Game | None = None) -> dict[str, Any]:
    duel = stored.duel
    return {
        "duel_id": duel.id,
        "proposer": duel.proposer,
        "opponent": duel.opponent,
        "pace": str(duel.pace),
        "stake": duel.stake,
        "status": str(duel.status),
        "proposed_at": iso(duel.proposed_at),
        "lapses_at": iso(lapses_at(duel)) if duel.status is DuelStatus.PROPOSED else None,
        "accepted_at": _iso(duel.accepted_at),
        "ready_room_closes": _iso(ready_room_closes(duel.accepted_at))
        if duel.accepted_at and duel.pace.has_ready_room else None,
        "ready": sorted(duel.ready),
        "started_at": _iso(duel.started_at),
        "game_id": duel.id if duel.started_at else None,
        "turns_passed": duel.turns_passed,
        "turn": game.turn if game is not None and game.status == "open" else None,
        "deadline": game.deadline if game is not None and game.status == "open" else None,
        "winner": duel.winner,
        "ending": None if duel.ending is None else str(duel.ending),
        "finished_at": _iso(duel.finished_at),
        "rating": stored.rating_changes,
        "version": stored.version,
    }


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else iso(moment)


def _refused(error: DuelRuleError | CreditError) -> DomainError:
    if isinstance(error, CreditError):
        return Conflict(str(error), field="stake", rule=error.rule, code="insufficient_credits")
    if error.rule == PROPOSAL_LAPSED or error.rule.endswith(f"-when-{DuelStatus.LAPSED}"):
        return Conflict(str(error), rule=error.rule, code="duel_lapsed")
    return Conflict(str(error), rule=error.rule, code="duel_refused")


# ------------------------------------------------------------------ proposing
def propose_duel(store: Any, clock: Clock, caller: Caller, *, opponent: str | None, pace: str,
                 stake: int) -> dict[str, Any]:
    """Propose a duel to ``opponent`` (None: open to anyone); the stake leaves my balance at once."""
    try:
        chosen = Pace(pace)
    except ValueError as error:
        raise InvalidInput(f"unknown pace {pace!r}; one of {', '.join(p.value for p in Pace)}",
                           field="pace") from error
    if not 0 <= stake <= MAX_STAKE:
        raise InvalidInput(f"a stake is 0 to {MAX_STAKE} credits", field="stake")
    if opponent == caller.sub:
        raise InvalidInput("a duel needs another member", field="opponent")
    ds = duel_storage(store)
    balances = ds.balances((caller.sub,) if opponent is None else (caller.sub, opponent))
    if opponent is not None and opponent not in balances:
        raise NotFound(f"no member {opponent}", field="opponent")
    balance = balances.get(caller.sub, 0)
    now = clock.now()
    try:
        duel = propose(new_id(), caller.sub, opponent, chosen, stake, now, balance)
    except (DuelRuleError, CreditError) as error:
        raise _refused(error) from error
    _write(ds, DuelWrite(duel=duel, before_version=None, at=iso(now), due_at=iso(lapses_at(duel)),
                         lines=ledger_lines(None, duel, now)))
    return duel_json(StoredDuel(duel, 1))


def list_duels(store: Any, clock: Clock, caller: Caller, which: str, cursor: str | None,
               limit: int) -> dict[str, Any]:
    """``open``: proposals open to anyone (not mine); ``to-me``: proposals naming me. Oldest first; a proposal
    past its lapse time is left out before the sweep takes it off the list."""
    partition = OPEN_DUELS if which == "open" else proposals_to(caller.sub)
    try:
        found, next_cursor = duel_storage(store).proposals(partition, cursor, limit)
    except InvalidCursor as error:
        raise DomainError(str(error), field="cursor", code="invalid_cursor") from error
    now = clock.now()
    return {"duels": [duel_json(s) for s in found if s.duel.proposer != caller.sub and now < lapses_at(s.duel)],
            "cursor": next_cursor}


def read_duel(store: Any, clock: Clock, caller: Caller, duel_id: str) -> dict[str, Any]:
    """A duel as its members (or, while it is open, anyone) see it; a lagging duel is caught up first."""
    ds = duel_storage(store)
    stored, game, _, _ = ds.read(duel_id, game=True)
    if stored is None or not _may_see(stored.duel, caller.sub):
        raise NotFound(f"no duel {duel_id} of yours", field="duel_id")
    if _lagging(stored.duel, game) or _lapsing(stored.duel, clock.now()):
        if stored.duel.status is DuelStatus.PROPOSED:
            lapse_proposal(store, clock, duel_id)
        else:
            sync(store, clock, duel_id)
        stored, game, _, _ = ds.read(duel_id, game=True)
        assert stored is not None
    return duel_json(stored, game)


def _may_see(duel: Duel, sub: str) -> bool:
    return sub in duel.members or duel.open


def _lagging(duel: Duel, game: Game | None) -> bool:
    return duel.status is DuelStatus.PLAYING and game is not None and game.epoch > duel.turns_passed


def _lapsing(duel: Duel, now: datetime) -> bool:
    """A proposal past its lapse time that the sweep has not reached yet."""
    return duel.status is DuelStatus.PROPOSED and now >= lapses_at(duel)


# ------------------------------------------------------------------ answers to a proposal, the ready room
def accept_duel(store: Any, clock: Clock, caller: Caller, duel_id: str) -> dict[str, Any]:
    """Accept: my stake goes into escrow; correspondence opens turn 1 now, blitz and rapid a ready room."""
    return _move(store, clock, caller, duel_id, lambda now: Accept(caller.sub, now), accepting=True)


def decline_duel(store: Any, clock: Clock, caller: Caller, duel_id: str) -> dict[str, Any]:
    return _move(store, clock, caller, duel_id, lambda now: Decline(caller.sub, now))


def withdraw_duel(store: Any, clock: Clock, caller: Caller, duel_id: str) -> dict[str, Any]:
    """Take my proposal back before it is accepted: my stake comes back."""
    return _move(store, clock, caller, duel_id, lambda now: Withdraw(caller.sub, now))


def ready(store: Any, clock: Clock, caller: Caller, duel_id: str) -> dict[str, Any]:
    """I click Ready; the second Ready starts the game (turn 1 opens)."""
    return _move(store, clock, caller, duel_id, lambda now: Ready(caller.sub, now))


def abandon(store: Any, clock: Clock, caller: Caller, duel_id: str) -> dict[str, Any]:
    """Leave: in play a forfeit (the other member wins); in the ready room the duel is cancelled."""
    return _move(store, clock, caller, duel_id, lambda now: Abandon(caller.sub, now))


def close_ready_room(store: Any, clock: Clock, duel_id: str) -> str:
    """The ready room's timer (or the sweep): cancel the duel if both did not click Ready within 30 minutes.

    ``cancelled``; ``early`` (refused before its time: left to a later call); ``stale`` (started or ended)."""
    return _on_time(store, clock, duel_id, DuelStatus.READY_ROOM, ReadyRoomCloses, "cancelled")


def lapse_proposal(store: Any, clock: Clock, duel_id: str) -> str:
    """The sweep (or a late answer): a proposal nobody answered in time lapses, the proposer's stake returned.

    ``lapsed``; ``early`` (before its lapse time: left to a later call); ``stale`` (answered, withdrawn, or
    lapsed already: a second sweep changes nothing); ``missing``. Claimed by the duel's version: of a withdraw
    and a lapse racing, exactly one is written, and the stake comes back once."""
    return _on_time(store, clock, duel_id, DuelStatus.PROPOSED, ProposalLapses, "lapsed")


def _lapse_now(store: Any, clock: Clock, duel_id: str) -> None:
    """Too late to answer: the proposal lapses at once, its stake returned. The answer stays a 409 whatever
    happens here; if this write fails, the sweep lapses the proposal within the minute."""
    try:
        lapse_proposal(store, clock, duel_id)
    except Exception:
        log.exception("proposal %s not lapsed on a late answer; the sweep will", duel_id)


def _on_time(store: Any, clock: Clock, duel_id: str, waiting: DuelStatus,
             event: Callable[[datetime], DuelEvent], done: str) -> str:
    """A deadline of the duel itself (not of its game): applies ``event`` to a duel still ``waiting``.

    ``done``; ``early`` (the duel's rules refuse it before its time); ``stale`` (no longer ``waiting``);
    ``missing``; ``contended`` (the duel kept changing under it: the sweep tries again)."""
    ds = duel_storage(store)
    for _ in range(_ATTEMPTS):
        stored, _, _, _ = ds.read(duel_id)
        if stored is None:
            return "missing"
        if stored.duel.status is not waiting:
            return "stale"
        now = clock.now()
        try:
            after = apply(stored.duel, event(now))
        except DuelRuleError:
            return "early"
        try:
            _write(ds, DuelWrite(after, stored.version, iso(now), lines=ledger_lines(stored.duel, after, now)))
        except Conflict:
            continue
        return done
    return "contended"


def _move(store: Any, clock: Clock, caller: Caller, duel_id: str, event_at: Callable[[datetime], DuelEvent],
          accepting: bool = False) -> dict[str, Any]:
    ds = duel_storage(store)
    for _ in range(_ATTEMPTS):
        stored, game, balances, defaults = ds.read(
            duel_id, game=True, profiles=(caller.sub,) if accepting else (), defaults=(caller.sub,)
        )
        if stored is not None and accepting and stored.duel.status not in (DuelStatus.PROPOSED, DuelStatus.LAPSED) \
                and caller.sub not in stored.duel.members:
            # Another member's accept came first: an open duel's id is public, so say so rather than 404.
            raise Conflict(f"duel {duel_id} was accepted by another member", code="duel_taken",
                           rule="accept-when-" + str(stored.duel.status))
        if stored is None or not _may_see(stored.duel, caller.sub):
            raise NotFound(f"no duel {duel_id} of yours", field="duel_id")
        if _lagging(stored.duel, game):
            sync(store, clock, duel_id)
            continue
        now = clock.now()
        before = stored.duel
        event, closing = event_at(now), None
        if isinstance(event, Abandon) and before.status is DuelStatus.PLAYING:
            # A forfeit ends a played duel: its read (ratings, links) comes first, the link goes with the event.
            closing = closing_read(ds, before, now)
            event = replace(event, linked=closing.link is not None)
        try:
            after = apply(before, event, balances.get(caller.sub, 0) if accepting else None)
        except (DuelRuleError, CreditError) as error:
            if isinstance(error, DuelRuleError) and error.rule == PROPOSAL_LAPSED:
                _lapse_now(store, clock, duel_id)
            raise _refused(error) from error
        change = DuelWrite(after, stored.version, iso(now), lines=ledger_lines(before, after, now), delays=stored.delays)
        if after.status is DuelStatus.READY_ROOM:
            change.due_at = iso(ready_room_closes(after.accepted_at or now))
        if after.status is DuelStatus.PLAYING and before.status is not DuelStatus.PLAYING:
            others = [m for m in after.members if m not in defaults]
            for member in others:
                defaults[member] = ds.read(duel_id, defaults=(member,))[3][member]
            change.new_game = new_game(after, now, defaults)
            change.due_at = change.new_game.game.deadline
            change.notices = turn_notices(after, change.new_game.game)
        if after.status.closed and before.status is DuelStatus.PLAYING and game is not None:
            try:
                change.game_update = game_closed(ds, game, after, now)
            except port.Conflict:  # a turn resolved meanwhile: read again
                continue
            rate(ds, after, change, closing)
        try:
            _write(ds, change)
        except Conflict:
            continue
        _after_commit(change)
        return duel_json(StoredDuel(after, stored.version + 1, change.rating_changes),
                         change.new_game.game if change.new_game else None)
    raise Conflict("the duel changed while your request was being stored; send it again", code="busy")


def _write(ds: DuelStorage, change: DuelWrite) -> None:
    try:
        ds.write(change)
    except InsufficientCredits as error:
        raise Conflict(f"your balance is below the stake of {change.duel.stake} credits", field="stake",
                       rule="stake-within-balance", code="insufficient_credits") from error
    except port.Conflict as error:
        raise Conflict("the duel changed meanwhile", code="duel_changed") from error


def _after_commit(change: DuelWrite) -> None:
    """What follows a committed transition: the timer of its next deadline, the turn-open events."""
    from gameserver.domain import timers

    if change.new_game is not None:
        timers.turn_opened(change.new_game.game)
    elif change.duel.status is DuelStatus.READY_ROOM and change.due_at:
        notices.start_ready_room_timer(change.duel.id, change.due_at)
    notices.publish(change.notices)


# ------------------------------------------------------------------ the sweep
def sweep(store: Any, clock: Clock, limit: int = 100) -> dict[str, int]:
    """Duels whose own deadline passed: proposals to lapse, ready rooms to close, playing duels to catch up with
    their game."""
    from gameserver.domain import turns

    outcomes: dict[str, int] = {}
    ds = duel_storage(store)
    for duel_id, _due in ds.due_duels(iso(clock.now()), limit):
        stored, game, _, _ = ds.read(duel_id, game=True)
        if stored is None:
            continue
        if stored.duel.status is DuelStatus.PROPOSED:
            outcome = lapse_proposal(store, clock, duel_id)
        elif stored.duel.status is DuelStatus.READY_ROOM:
            outcome = close_ready_room(store, clock, duel_id)
        else:
            if game is not None and turns.is_overdue(game, clock.now()):
                turns.resolve_turn(store, clock, duel_id, game.turn)
            outcome = sync(store, clock, duel_id)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes


# ------------------------------------------------------------------ the month's board
def leaderboard(store: Any, clock: Clock, month: str | None, cursor: str | None, limit: int) -> dict[str, Any]:
    """The month's duel board: members with 8 rated duels or more, by game rating, then more rated duels,
    then the older account (the key of the board's index holds that order)."""
    month = month or iso(clock.now())[:7]
    try:
        lines, before, next_cursor = duel_storage(store).month_board(month, cursor, limit)
    except InvalidCursor as error:
        raise DomainError(str(error), field="cursor", code="invalid_cursor") from error
    return {
        "month": month,
        "standings": [
            {"place": before + index + 1, "member": line.sub, "rating": f"{line.rating:.2f}",
             "rated_duels": line.rated, "account_created": line.account_created}
            for index, line in enumerate(lines)
        ],
        "cursor": next_cursor,
    }
