"""Duels between members, wired to storage: proposals, answers, the ready room, the end off the board, the
duels' own deadlines, the month's board.

The rules are the pure ``gameserver.platform.duels`` state machine: each request reads the duel, applies one
event, and writes the duel, its ledger lines and balances (and the game it starts or closes) in one
transaction claimed by the duel's version. A refused event is a 409 naming the rule; a replayed or late one
changes nothing.

The duel's game is a game of the pipeline in the ``duel`` mode (``game``), with the duel's id: orders go
through the games API, turns resolve there and move the duel in the same transaction. If the duel could not
ride a turn, its own deadline in the due index makes the sweep catch it up, and reading the duel does too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal, NotRequired, cast

from pydantic import Discriminator, Field, Tag
from typing_extensions import TypedDict

from gameserver.clock import Clock, Pace, iso
from gameserver.domain.duels import events
from gameserver.domain.duels.game import (
    lagging,
    ledger_lines,
    new_game,
    sync,
    turn_notices,
)
from gameserver.domain.feinthold import KIND
from gameserver.domain.moderation.guards import Refused, guard, refusal, refuse_frozen
from gameserver.errors import Conflict, ErrorCode, InvalidInput, NotFound, wire
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.platform.duels import (
    DUEL_PACES,
    Abandon,
    Accept,
    Decline,
    Duel,
    DuelEvent,
    DuelRuleError,
    DuelStatus,
    Ending,
    Freeze,
    ProposalLapses,
    Ready,
    ReadyRoomCloses,
    Void,
    Withdraw,
    apply,
    lapses_at,
    propose,
    ready_room_closes,
)
from gameserver.platform.duels.credits import CreditError
from gameserver.platform.duels.lifecycle import PROPOSAL_LAPSED
from gameserver.platform.duels.rated import Unrated
from gameserver.platform.ratings import EloChange, Glicko2Change
from gameserver.play import steps, timers
from gameserver.play import stop as play_stop
from gameserver.play.modes import Stop as PlayStop
from gameserver.play.modes import StopReason
from gameserver.play.sweeps import each_due
from gameserver.storage.duels import (
    OPEN_DUELS,
    DueDuel,
    DuelWrite,
    InsufficientCredits,
    MonthLine,
    PairRecent,
    StoredDuel,
    proposals_to,
)
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import NewGame
from gameserver.storage.moderation import AccountFrozen
from gameserver.storage.records import Game
from gameserver.words import DecimalText, Month, NextCursor, ServerNow, Timestamp

if TYPE_CHECKING:
    from gameserver.storage.port import Store, Write

log = logging.getLogger(__name__)

MAX_STAKE = 1_000_000


# ------------------------------------------------------------------ answers
class GlickoChange(TypedDict):
    """How a game rating moved: each figure's change."""

    rating: DecimalText
    deviation: DecimalText
    volatility: DecimalText


class RatedDuel(TypedDict):
    rated: Literal[True]
    game: Annotated[dict[str, GlickoChange],
                    Field(description="each member's game rating change (Glicko-2), by subject")]
    elo: Annotated[dict[str, int], Field(description="each member's Elo change, by subject")]


class UnratedDuel(TypedDict):
    rated: Literal[False]
    why: Unrated


def _rated(rating: Any) -> str:
    rated = rating.get("rated") if isinstance(rating, dict) else getattr(rating, "rated", None)
    return "rated" if rated is True else "unrated"


DuelRating = Annotated[
    Annotated[RatedDuel, Tag("rated")] | Annotated[UnratedDuel, Tag("unrated")],
    Discriminator(_rated),
]


class DuelOut(TypedDict):
    """A duel: where it stands, its game, its result and what it did to the ratings."""

    duel_id: str
    now: NotRequired[ServerNow]
    proposer: Annotated[str, Field(description="the proposing member's subject")]
    opponent: Annotated[str | None, Field(description="the opponent's subject; null while the proposal is open to "
                                                      "anyone")]
    pace: Pace
    stake: int
    status: DuelStatus
    proposed_at: Timestamp
    lapses_at: Annotated[Timestamp | None, Field(description="while proposed: unanswered by then (1 h blitz and "
                                                             "rapid, 7 days correspondence), the proposal lapses and "
                                                             "the stake returns")]
    accepted_at: Timestamp | None
    ready_room_closes: Annotated[Timestamp | None, Field(description="blitz and rapid: cancelled unless both are "
                                                                     "ready by then")]
    ready: Annotated[list[str], Field(description="the members who clicked Ready")]
    started_at: Timestamp | None
    game_id: Annotated[str | None, Field(description="the game (orders go to /v1/feinthold/games/{game_id}/...)")]
    turns_passed: int
    turn: Annotated[int | None, Field(description="the open turn while the game is on")]
    deadline: Timestamp | None
    winner: Annotated[str | None, Field(description="the subject of the member who won; null for no winner (yet)")]
    ending: Ending | None
    finished_at: Timestamp | None
    rating: Annotated[DuelRating | None, Field(description="once finished: rated (every rating change) or why not")]
    version: Annotated[int, Field(description="bumped by every change of the duel")]


class DuelList(TypedDict):
    """A page of duel proposals."""

    duels: list[DuelOut]
    cursor: NextCursor


class StandingOut(TypedDict):
    """A member's place on the month's duel board."""

    place: int
    member: str
    rating: Annotated[DecimalText, Field(description="the game rating (Glicko-2), to 2 decimals")]
    rated_duels: int
    account_created: Timestamp


class LeaderboardOut(TypedDict):
    """A page of the month's duel board."""

    month: Month
    standings: list[StandingOut]
    cursor: NextCursor


def duel_json(stored: StoredDuel, game: Game | None = None) -> DuelOut:
    duel = stored.duel
    return {
        "duel_id": duel.id,
        "proposer": duel.proposer,
        "opponent": duel.opponent,
        "pace": duel.pace,
        "stake": duel.stake,
        "status": duel.status,
        "proposed_at": iso(duel.proposed_at),
        "lapses_at": iso(lapses_at(duel)) if duel.status is DuelStatus.PROPOSED else None,
        "accepted_at": _iso(duel.accepted_at),
        "ready_room_closes": _iso(ready_room_closes(duel.accepted_at))
        if duel.accepted_at and duel.pace.has_ready_room else None,
        "ready": sorted(duel.ready),
        "started_at": _iso(duel.started_at),
        "game_id": duel.id if duel.started_at else None,
        "turns_passed": duel.turns_passed,
        "turn": game.step if game is not None and game.status == "open" else None,
        "deadline": game.deadline if game is not None and game.status == "open" else None,
        "winner": duel.winner,
        "ending": duel.ending,
        "finished_at": _iso(duel.finished_at),
        # the changes as the duel's end wrote them (domain.duels.game), read back from the store's JSON
        "rating": cast("DuelRating | None", stored.rating_changes),
        "version": stored.version,
    }


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else iso(moment)


def _refused(error: DuelRuleError | CreditError) -> Conflict:
    if isinstance(error, CreditError):
        return Conflict(str(error), field="stake", rule=error.rule, code=ErrorCode.INSUFFICIENT_CREDITS)
    if error.rule == PROPOSAL_LAPSED or error.rule.endswith(f"-when-{DuelStatus.LAPSED}"):
        return Conflict(str(error), rule=error.rule, code=ErrorCode.DUEL_LAPSED)
    return Conflict(str(error), rule=error.rule, code=ErrorCode.DUEL_REFUSED)


# ------------------------------------------------------------------ proposing
def propose_duel(store: Store, clock: Clock, caller: Caller, *, opponent: str | None, pace: str,
                 stake: int) -> DuelOut:
    """Propose a duel to ``opponent`` (None: open to anyone); the stake leaves my balance at once."""
    chosen = next((known for known in DUEL_PACES if known.value == pace), None)
    if chosen is None:
        raise InvalidInput(f"unknown pace {wire(pace)}; one of {', '.join(p.value for p in DUEL_PACES)}", field="pace")
    if not 0 <= stake <= MAX_STAKE:
        raise InvalidInput(f"a stake is 0 to {MAX_STAKE} credits", field="stake")
    if opponent == caller.sub:
        raise InvalidInput("a duel needs another member", field="opponent")
    balances = store.members.balances((caller.sub,) if opponent is None else (caller.sub, opponent))
    if opponent is not None and opponent not in balances:
        raise NotFound(f"no member {opponent}", field="opponent")
    balance = balances.get(caller.sub, 0)
    now = clock.now()
    try:
        duel = propose(new_id(), caller.sub, opponent, chosen, stake, now, balance)
    except (DuelRuleError, CreditError) as error:
        refuse_frozen(store, (caller.sub,), Refused.DUELS)
        raise _refused(error) from error
    _write(store, [DuelWrite(duel=duel, before_version=None, at=iso(now), due_at=iso(lapses_at(duel)),
                             lines=ledger_lines(None, duel, now)), guard(caller.sub)])
    return duel_json(StoredDuel(duel, 1))


def list_duels(store: Store, clock: Clock, caller: Caller, which: str, cursor: str | None,
               limit: int) -> DuelList:
    """``open``: proposals open to anyone (not mine); ``to-me``: proposals naming me. Oldest first; a proposal
    past its lapse time is left out before the sweep takes it off the list."""
    partition = OPEN_DUELS if which == "open" else proposals_to(caller.sub)
    found, next_cursor = store.duels.proposals(partition, cursor, limit)
    now = clock.now()
    return {"duels": [duel_json(s) for s in found if s.duel.proposer != caller.sub and now < lapses_at(s.duel)],
            "cursor": next_cursor}


def read_duel(store: Store, clock: Clock, caller: Caller, duel_id: str) -> DuelOut:
    """A duel as its members (or, while it is open, anyone) see it; a lagging duel is caught up first."""
    read = store.duels.read(duel_id, game=True)
    stored = read.stored
    if stored is None or not _may_see(stored.duel, caller.sub):
        raise _no_duel(duel_id)
    if lagging(stored.duel, read.game) or _lapsing(stored.duel, clock.now()):
        if stored.duel.status is DuelStatus.PROPOSED:
            lapse_proposal(store, clock, duel_id)
        else:
            sync(store, clock, duel_id)
        read = store.duels.read(duel_id, game=True)
        stored = read.stored
        assert stored is not None
    return duel_json(stored, read.game)


def _may_see(duel: Duel, sub: str) -> bool:
    """Its members see a duel, and anyone sees a proposal open to anyone (its id is on the open list)."""
    return sub in duel.members or duel.open


def _no_duel(duel_id: str) -> NotFound:
    """The one answer for a duel that does not exist and for one the caller may not see, on every route."""
    return NotFound(f"no duel {duel_id} of yours", field="duel_id")


def _lapsing(duel: Duel, now: datetime) -> bool:
    """A proposal past its lapse time that the sweep has not reached yet."""
    return duel.status is DuelStatus.PROPOSED and now >= lapses_at(duel)


# ------------------------------------------------------------------ answers to a proposal, the ready room
def accept_duel(store: Store, clock: Clock, caller: Caller, duel_id: str) -> DuelOut:
    """Accept: my stake goes into escrow; correspondence opens turn 1 now, blitz and rapid a ready room."""
    return _move(store, clock, caller, duel_id, lambda now: Accept(caller.sub, now), accepting=True)


def decline_duel(store: Store, clock: Clock, caller: Caller, duel_id: str) -> DuelOut:
    return _move(store, clock, caller, duel_id, lambda now: Decline(caller.sub, now))


def withdraw_duel(store: Store, clock: Clock, caller: Caller, duel_id: str) -> DuelOut:
    """Take my proposal back before it is accepted: my stake comes back."""
    return _move(store, clock, caller, duel_id, lambda now: Withdraw(caller.sub, now))


def ready(store: Store, clock: Clock, caller: Caller, duel_id: str) -> DuelOut:
    """I click Ready; the second Ready starts the game (turn 1 opens)."""
    return _move(store, clock, caller, duel_id, lambda now: Ready(caller.sub, now))


def abandon(store: Store, clock: Clock, caller: Caller, duel_id: str) -> DuelOut:
    """Leave: in play a forfeit (the other member wins); in the ready room the duel is cancelled."""
    return _move(store, clock, caller, duel_id, lambda now: Abandon(caller.sub, now))


def close_ready_room(store: Store, clock: Clock, duel_id: str) -> str:
    """The ready room's timer (or the sweep): cancel the duel if both did not click Ready within 30 minutes.

    ``cancelled``; ``early`` (refused before its time: left to a later call); ``stale`` (started or ended)."""
    return _on_time(store, clock, duel_id, DuelStatus.READY_ROOM, ReadyRoomCloses, "cancelled")


def lapse_proposal(store: Store, clock: Clock, duel_id: str) -> str:
    """The sweep (or a late answer): a proposal nobody answered in time lapses, the proposer's stake returned.

    ``lapsed``; ``early`` (before its lapse time: left to a later call); ``stale`` (answered, withdrawn, or
    lapsed already: a second sweep changes nothing); ``missing``. Claimed by the duel's version: of a withdraw
    and a lapse racing, exactly one is written, and the stake comes back once."""
    return _on_time(store, clock, duel_id, DuelStatus.PROPOSED, ProposalLapses, "lapsed")


def _lapse_now(store: Store, clock: Clock, duel_id: str) -> None:
    """Too late to answer: the proposal lapses at once, its stake returned. The answer stays a 409 whatever
    happens here; if this write fails, the sweep lapses the proposal within the minute."""
    try:
        lapse_proposal(store, clock, duel_id)
    except Exception:
        log.exception("proposal %s not lapsed on a late answer; the sweep will", duel_id)


def _on_time(store: Store, clock: Clock, duel_id: str, waiting: DuelStatus,
             event: Callable[[datetime], DuelEvent], done: str) -> str:
    """A deadline of the duel itself (not of its game): applies ``event`` to a duel still ``waiting``.

    ``done``; ``early`` (the duel's rules refuse it before its time); ``stale`` (no longer ``waiting``);
    ``missing``; ``contended`` (the duel kept changing under it: the sweep tries again)."""
    for _ in range(steps.ATTEMPTS):
        stored = store.duels.read(duel_id).stored
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
            _write(store, [DuelWrite(after, stored.version, iso(now), lines=ledger_lines(stored.duel, after, now))])
        except Conflict:
            continue
        return done
    return "contended"


def _move(store: Store, clock: Clock, caller: Caller, duel_id: str, event_at: Callable[[datetime], DuelEvent],
          accepting: bool = False) -> DuelOut:
    for _ in range(steps.ATTEMPTS):
        read = store.duels.read(duel_id, game=True, profiles=(caller.sub,) if accepting else (),
                                defaults=(caller.sub,))
        stored, game, defaults = read.stored, read.game, dict(read.defaults)
        if stored is None or not _may_see(stored.duel, caller.sub):
            # Whatever the action: an open duel another member accepted first is theirs now, and answers as an
            # id that does not exist (no state of a duel one may not see leaks through a refusal).
            raise _no_duel(duel_id)
        if lagging(stored.duel, game):
            sync(store, clock, duel_id)
            continue
        now = clock.now()
        before = stored.duel
        event = event_at(now)
        try:
            after = apply(before, event, read.balances.get(caller.sub, 0) if accepting else None)
        except (DuelRuleError, CreditError) as error:
            if isinstance(error, DuelRuleError) and error.rule == PROPOSAL_LAPSED:
                _lapse_now(store, clock, duel_id)
            if accepting:
                refuse_frozen(store, (caller.sub,), Refused.DUELS)
            raise _refused(error) from error
        if isinstance(event, Abandon) and before.status is DuelStatus.PLAYING and game is not None:
            try:
                return _forfeit(store, clock, game, event.by, after)
            except Conflict as error:
                if error.code is ErrorCode.GAME_OVER:
                    continue  # its game ended meanwhile: the duel follows it, read again
                raise
        change = DuelWrite(after, stored.version, iso(now), lines=ledger_lines(before, after, now), delays=stored.delays)
        writes: list[Write] = [change]
        if accepting or (after.status is DuelStatus.PLAYING and before.status is not DuelStatus.PLAYING):
            writes.append(guard(*after.members))  # a new duel, or its game's start: nobody frozen
        if after.status is DuelStatus.READY_ROOM:
            change.due_at = iso(ready_room_closes(after.accepted_at or now))
        started: NewGame | None = None
        if after.status is DuelStatus.PLAYING and before.status is not DuelStatus.PLAYING:
            for member in [m for m in after.members if m not in defaults]:
                defaults[member] = store.duels.read(duel_id, defaults=(member,)).defaults[member]
            started = new_game(after, now, defaults)
            writes.append(started)
            change.due_at = started.game.deadline
            change.notices = turn_notices(after, started.game)
        try:
            _write(store, writes)
        except Conflict:
            continue
        _after_commit(change, started)
        return duel_json(StoredDuel(after, stored.version + 1, change.rating_changes),
                         started.game if started else None)
    raise Conflict("the duel changed while your request was being stored; send it again", code=ErrorCode.BUSY)


def _forfeit(store: Store, clock: Clock, game: Game, member: str, abandoned: Duel) -> DuelOut:
    """A member abandons a duel in play: a forfeit, through its game's stop (``play.stop``, whose duel's part,
    ``stopped_duel``, ends the duel with its payout and ratings in the same transaction); ``abandoned``: the
    duel as the abandon leaves it, naming the winner the game's end names."""
    winner = game.seat_of(abandoned.winner) if abandoned.winner else None
    ended = play_stop.stop(store, clock, game.game_id, PlayStop(StopReason.ABANDONED, member, winner), kind=KIND)
    (change,) = (write for write in ended.own if isinstance(write, DuelWrite))
    return duel_json(StoredDuel(change.duel, (change.before_version or 0) + 1, change.rating_changes))


def _write(store: Store, writes: list[Write]) -> None:
    """The duel's transition (the first write) and what rides with it, in one transaction."""
    change = writes[0]
    assert isinstance(change, DuelWrite)
    try:
        store.transact(writes)
    except InsufficientCredits as error:
        raise Conflict(f"your balance is below the stake of {change.duel.stake} credits", field="stake",
                       rule="stake-within-balance", code=ErrorCode.INSUFFICIENT_CREDITS) from error
    except AccountFrozen as error:
        raise refusal(store, error, Refused.DUELS) from error
    except WriteConflict as error:
        raise Conflict("the duel changed meanwhile", code=ErrorCode.DUEL_CHANGED) from error


def _after_commit(change: DuelWrite, started: NewGame | None) -> None:
    """What follows a committed transition: the timer of its next deadline, the turn-open events."""
    if started is not None:
        timers.step_opened(started.game)
    elif change.duel.status is DuelStatus.READY_ROOM and change.due_at:
        events.start_ready_room_timer(change.duel.id, change.due_at)
    events.publish(change.notices)


# ------------------------------------------------------------------ moderation
def freeze_duel(store: Store, clock: Clock, duel_id: str, member: str) -> bool:
    """A member's ratings are frozen: a duel of theirs not finished "ends without a result, the stakes
    returned": a duel in play through its game's stop (``play.stop``, which writes the duel's end with it),
    proposals and ready rooms by themselves. False when it has ended already (safe twice)."""
    for _ in range(steps.ATTEMPTS):
        read = store.duels.read(duel_id, game=True)
        stored, game = read.stored, read.game
        if stored is None:
            return False
        if lagging(stored.duel, game):
            sync(store, clock, duel_id)  # the game ended (or moved on) before the duel followed: catch up first
            continue
        if stored.duel.status is DuelStatus.PLAYING and game is not None and game.status == "open":
            try:
                play_stop.stop(store, clock, duel_id, PlayStop(StopReason.FROZEN, member))
            except Conflict as error:
                if error.code is ErrorCode.GAME_OVER:
                    continue  # its game ended meanwhile: the duel follows it, read again
                raise
            return True
        now, before = clock.now(), stored.duel
        try:
            after = apply(before, Freeze(member, now))
        except DuelRuleError:
            return False
        change = DuelWrite(after, stored.version, iso(now), lines=ledger_lines(before, after, now), delays=stored.delays)
        try:
            store.transact([change])
        except WriteConflict:
            continue
        return True
    raise Conflict("the duel kept changing while it was being ended; send it again", code=ErrorCode.BUSY)


def void_duel(store: Store, clock: Clock, duel_id: str, riders: Sequence[Write]) -> StoredDuel:
    """A moderator voids a finished duel: "it no longer counts: the rating points won or lost are cancelled, the
    stakes returned". Exactly the rating changes it caused are taken back from both members' ratings as they are
    now (the changes of their later games stay as they are); what the payout moved between them goes back; the
    pair's recent duels forget it (the 24-hour count); and, while its month's prizes are not fixed yet, its
    month's line loses it (one rated duel less, its rating change off the line's rating). ``riders`` (the audit
    lines) in the same transaction. 404 for no such duel, 409 ``duel_refused`` (``void-when-...``) for one not
    finished."""
    for _ in range(steps.ATTEMPTS):
        stored = store.duels.read(duel_id).stored
        if stored is None:
            raise NotFound(f"no duel {duel_id}", field="duel_id")
        now, before = clock.now(), stored.duel
        try:
            after = apply(before, Void(now))
        except DuelRuleError as error:
            raise _refused(error) from error
        assert before.opponent is not None and before.finished_at is not None, "a finished duel has two members"
        month = iso(before.finished_at)[:7]
        standing = store.duels.standing((before.proposer, before.opponent), month)
        change = DuelWrite(after, stored.version, iso(now), lines=ledger_lines(before, after, now), delays=stored.delays,
                           rating_changes=stored.rating_changes,
                           recent=PairRecent(tuple(d for d in standing.recent.duels if d.id != duel_id),
                                             standing.recent.version))
        taken = stored.rating_changes or {}
        if taken.get("rated"):
            board_open = _month_board_open(store, month)
            for sub in before.members:
                ratings, game_change = standing.ratings[sub], Glicko2Change.from_json(taken["game"][sub])
                change.ratings[sub] = (ratings, game_change.take_back(ratings.game),
                                       EloChange(int(taken["elo"][sub])).take_back(ratings.elo))
                line = standing.months[sub]
                if board_open and line is not None and line.rated > 0:
                    change.months.append((MonthLine(sub, month, line.rated - 1, line.rating - game_change.rating,
                                                    line.account_created), line.rated))
        try:
            store.transact([change, *riders])
        except WriteConflict:
            continue
        return StoredDuel(after, stored.version + 1, stored.rating_changes, stored.delays)
    raise Conflict("the duel kept changing while it was being voided; send it again", code=ErrorCode.BUSY)


def _month_board_open(store: Store, month: str) -> bool:
    """"A duel voided after its month closed leaves that month's prizes and titles as they were": the month's
    line moves only until the season's prize stage is fixed."""
    closing = store.seasons.read(month).stored
    return closing is None or closing.close.duel_board_open


# ------------------------------------------------------------------ the sweep
def sweep(store: Store, clock: Clock, limit: int = 100) -> dict[str, int]:
    """Duels whose own deadline passed: proposals to lapse, ready rooms to close, playing duels to catch up with
    their game (each duel on its own: ``play.sweeps.each_due``)."""

    def settle_due(due: DueDuel) -> str:
        read = store.duels.read(due.duel_id, game=True)
        if read.stored is None:
            return "missing"
        if read.stored.duel.status is DuelStatus.PROPOSED:
            return lapse_proposal(store, clock, due.duel_id)
        if read.stored.duel.status is DuelStatus.READY_ROOM:
            return close_ready_room(store, clock, due.duel_id)
        if read.game is not None and steps.is_due(read.game, clock.now()):
            steps.resolve(store, clock, due.duel_id, read.game.step)
        return sync(store, clock, due.duel_id)

    return each_due(store.duels.due_duels(iso(clock.now()), limit), settle_due, lambda due: f"duel {due.duel_id}")


# ------------------------------------------------------------------ the month's board
def leaderboard(store: Store, clock: Clock, month: str | None, cursor: str | None, limit: int) -> LeaderboardOut:
    """The month's duel board: members with 8 rated duels or more, by game rating, then more rated duels,
    then the older account (the key of the board's index holds that order)."""
    month = month or iso(clock.now())[:7]
    page = store.duels.month_board(month, cursor, limit)
    return {
        "month": month,
        "standings": [
            {"place": page.before + index + 1, "member": line.sub, "rating": f"{line.rating:.2f}",
             "rated_duels": line.rated, "account_created": line.account_created}
            for index, line in enumerate(page.lines)
        ],
        "cursor": page.cursor,
    }
