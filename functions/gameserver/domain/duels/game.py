"""A duel's game (the ``duel`` mode): starting it, following it turn by turn, ending it (off the board too),
rating the result.

"The default doctrine is copied into the game when it starts; later edits do not reach a game in progress."
The game is a game of the pipeline with the duel's id. Its steps read the duel as a companion, and the duel's
update (senders, fair play, the next turn's notices, or the end with its payout and ratings) rides in the
step's own transaction, claimed by the duel's version: refused in any part, nothing is written and the
caller's retry (or the sweep) does it all again. When the duel cannot ride, ``after_step`` catches it up once
the step has committed (``sync``), which is idempotent: a turn already applied is refused by the duel's rules,
and every write is claimed by the duel's version.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gameserver.clock import Clock, iso, parse_iso
from gameserver.domain import members
from gameserver.domain.duels import events
from gameserver.domain.fairplay import link_of
from gameserver.domain.feinthold import KIND
from gameserver.errors import Conflict, ErrorCode
from gameserver.ids import new_seed
from gameserver.platform.duels import (
    Abandon,
    Duel,
    DuelEvent,
    DuelRuleError,
    DuelStatus,
    Freeze,
    TurnResolved,
    apply,
    credit_lines,
    rate_duel,
    rating_verdict,
)
from gameserver.platform.duels import Stop as DuelStop
from gameserver.platform.duels.rated import DAILY_LIMIT_WINDOW
from gameserver.platform.fairplay import faster_than_a_human, order_delay
from gameserver.platform.fairplay.links import Link
from gameserver.platform.fairplay.marks import linked_marks, play_marks
from gameserver.play import start
from gameserver.play import stop as play_stop
from gameserver.play.modes import RULES, Deadlines, Mode, Stop, StopReason, register
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.duels import (
    DuelCompanion,
    DuelWrite,
    MonthLine,
    PairRecent,
    Ratings,
    StoredDuel,
)
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import GameClose, NewGame, StepCommit, StepRead
from gameserver.storage.members import Notice
from gameserver.storage.records import Game, LedgerLine, StepRecord

if TYPE_CHECKING:
    from gameserver.storage.games import Companion
    from gameserver.storage.port import Store, Write

log = logging.getLogger(__name__)



class DuelMode(Mode):
    name = "duel"
    deadlines = Deadlines.TIMED

    def writes_with_step(self, store: Store, clock: Clock, commit: StepCommit, read: StepRead) -> Sequence[Write]:
        change = riding_write(store, clock, commit, read)
        return () if change is None else (change,)

    def companions_as_written(self, riders: Sequence[Write]) -> dict[Companion, Any]:
        return {DuelCompanion(change.duel.id): StoredDuel(change.duel, (change.before_version or 0) + 1,
                                                          change.rating_changes, dict(change.delays or {}))
                for change in riders if isinstance(change, DuelWrite)}

    def after_step(self, store: Store, clock: Clock, commit: StepCommit, riders: Sequence[Write]) -> None:
        """The duel rode: its notices go out. It did not: catch it up now; a failure is logged, never raised (the
        step stands, and the duel's deadline in the due index, or the next read, catches the duel up)."""
        if riders:
            events.publish([notice for change in riders if isinstance(change, DuelWrite) for notice in change.notices])
            return
        try:
            sync(store, clock, commit.game.game_id, commit.records)
        except Exception:
            log.exception("duel %s not caught up after step %s; the sweep will", commit.game.game_id,
                          commit.records[-1].step)


    def writes_with_stop(self, store: Store, clock: Clock, close: GameClose, read: StepRead, stop: Stop
                         ) -> Sequence[Write] | None:
        """"A duel is then cancelled, the stakes returned" (a moderator's stop, a freeze of either member)."""
        change = stopped_duel(store, clock, read, stop)
        return None if change is None else (change,)

    def after_stop(self, store: Store, clock: Clock, close: GameClose, stop: Stop, writes: Sequence[Write]) -> None:
        events.publish([notice for change in writes if isinstance(change, DuelWrite) for notice in change.notices])



def lagging(duel: Duel, game: Game | None) -> bool:
    """A duel in play whose game has passed turns the duel has not caught up with yet."""
    return duel.status is DuelStatus.PLAYING and game is not None and game.epoch > duel.turns_passed


def stopped_duel(store: Store, clock: Clock, read: StepRead, stop: Stop) -> DuelWrite | None:
    """The duel of the game ``read`` holds, as its game is stopped (``play.stop``): its member's abandon, a
    forfeit (payout, ratings); or "a duel is then cancelled, the stakes returned", a moderator's stop or a
    freeze of either member. None when the duel must be read again
    with its game (it lagged its game and was caught up here) or is no longer in play."""
    assert read.game is not None
    stored = read.companions.get(DuelCompanion(read.game.game_id))
    if stored is None:
        stored = store.duels.read(read.game.game_id).stored
    if stored is None or stored.duel.status is not DuelStatus.PLAYING:
        return None
    if lagging(stored.duel, read.game):
        if stop.reason is StopReason.FORFEIT and stop.by == RULES:
            # The duel's catch-up ends it off its game's board (``sync``): the catch-up is the stop's part.
            change = caught_up(store, clock, stored, read.game)
            return change if change.duel.status.closed else None
        sync(store, clock, stored.duel.id)
        return None
    now, before = clock.now(), stored.duel
    closing: Closing | None = None
    event: DuelEvent
    if stop.reason is StopReason.ABANDONED:
        # A forfeit ends a played duel: its read (ratings, links) comes first, the link goes with the event.
        closing = closing_read(store, before, now)
        event = Abandon(stop.by, now, linked=closing.link is not None)
    else:
        event = Freeze(stop.by, now) if stop.reason is StopReason.FROZEN else DuelStop(now)
    try:
        after = apply(before, event)
    except DuelRuleError:
        return None
    change = DuelWrite(after, stored.version, iso(now), lines=ledger_lines(before, after, now), delays=stored.delays)
    if closing is not None:
        rate(after, change, closing)
    return change


MODE = register(DuelMode())


def ledger_lines(before: Duel | None, after: Duel, now: datetime) -> tuple[LedgerLine, ...]:
    """The duel's new ledger lines as stored."""
    return members.ledger_lines(after.id, 0 if before is None else len(before.credits), credit_lines(before, after),
                                now)


# ------------------------------------------------------------------ the game of a duel
def new_game(duel: Duel, now: datetime, defaults: dict[str, dict[str, Any] | None]) -> NewGame:
    """Turn 1 of the duel's game; each member's default doctrine "is copied into the game when it starts"."""
    assert duel.opponent is not None, "a duel starts once accepted"
    first, second = (duel.proposer, duel.opponent) if secrets.randbits(1) else (duel.opponent, duel.proposer)
    players = {"south": first, "north": second}
    stand_ins = {side: defaults.get(sub) for side, sub in players.items()}
    return start.new_game(game_id=duel.id, kind=KIND, mode=MODE.name, players=players, pace=str(duel.pace),
                          options={}, seed=new_seed(), stand_ins=stand_ins, now=now)


def turn_notices(duel: Duel, game: Game) -> list[Notice]:
    return members.step_opened(game, duel.id)


def riding_write(store: Store, clock: Clock, commit: StepCommit, read: StepRead) -> DuelWrite | None:
    """The duel's update for the step ``commit`` writes, to ride in the step's own transaction (the pipeline's
    budget: a turn is 1 read + 1 transaction), built from the duel read with the step (its companion), so the
    transaction's claim on the duel's version covers it.

    None when it cannot ride, and ``after_step`` catches the duel up once the step has committed, as it always
    could: the duel was not read with the step, is not in play, lags its game (catching up reads the step
    records), or ends off the board (no orders at all, which also closes the game); or building it failed
    (the final turn's reads of the 24-hour window and the ratings)."""
    stored = read.companions.get(DuelCompanion(commit.game.game_id))
    if stored is None or len(commit.records) != 1:
        return None
    record, after = commit.records[0], commit.game
    try:
        duel = stored.duel
        if duel.status is not DuelStatus.PLAYING or duel.turns_passed != after.epoch - 1 \
                or record.step != duel.turns_passed + 1:
            return None
        delays = _delays(stored, after, [record])
        closing = closing_read(store, duel, parse_iso(record.resolved_at)) if after.status == "over" else None
        ended = apply(duel, _turn_resolved(duel, after, record, delays, closing))
        now = clock.now()
        change = DuelWrite(ended, stored.version, iso(now), lines=ledger_lines(duel, ended, now), delays=delays)
        if ended.status is DuelStatus.PLAYING:
            change.due_at = after.deadline
            change.notices = turn_notices(ended, after)
        elif after.status == "open":
            return None
        else:
            rate(ended, change, closing)
    except Exception:
        log.exception("duel %s does not ride step %s; it is caught up after", after.game_id, record.step)
        return None
    return change


def sync(store: Store, clock: Clock, duel_id: str, records: Sequence[StepRecord] = ()) -> str:
    """Catch the duel up with its game: one ``TurnResolved`` per turn the game resolved since, then the end
    (payout, ratings) or, if neither member ever sent orders, the cancellation that also ends the game, through
    the game's stop (``play.stop``: the game's end, and the duel's catch-up as the mode's part, in one
    transaction).

    ``synced``, ``current`` (nothing to do), ``closed`` (the duel has ended), ``missing``, ``contended``."""
    for _ in range(ATTEMPTS):
        read = store.duels.read(duel_id, game=True)
        stored, game = read.stored, read.game
        if stored is None or game is None:
            return "missing"
        if stored.duel.status is not DuelStatus.PLAYING:
            return "closed"
        if game.epoch <= stored.duel.turns_passed:
            return "current"
        change = caught_up(store, clock, stored, game, records)
        if change.duel.status.closed and game.status == "open":
            winner = game.seat_of(change.duel.winner) if change.duel.winner else None
            try:
                play_stop.stop(store, clock, duel_id, Stop(StopReason.FORFEIT, RULES, winner), kind=KIND)
            except Conflict as error:
                if error.code is ErrorCode.GAME_OVER:
                    continue  # its game ended meanwhile: read again
                if error.code is ErrorCode.BUSY:
                    return "contended"
                raise
            return "synced"
        try:
            store.transact([change])
        except WriteConflict:
            continue
        events.publish(change.notices)
        return "synced"
    return "contended"


def caught_up(store: Store, clock: Clock, stored: StoredDuel, game: Game, records: Sequence[StepRecord] = ()
              ) -> DuelWrite:
    """The duel's write that catches it up with ``game`` (``records``: the step records it lags by, when the
    caller holds them; read otherwise): its turns applied, then, at the end, its payout and ratings."""
    before = stored.duel
    wanted = range(before.turns_passed + 1, game.epoch + 1)
    if [r.step for r in records] == list(wanted):
        known = list(records)
    else:
        known = [r for r in store.games.step_records(before.id) if r.step in wanted]
    delays = _delays(stored, game, known)
    ordered = sorted(known, key=lambda r: r.step)
    closing = closing_read(store, before, parse_iso(ordered[-1].resolved_at)) \
        if game.status == "over" and ordered else None
    after = before
    for step_record in ordered:
        after = apply(after, _turn_resolved(after, game, step_record, delays, closing))
        if after.status.closed:
            break
    now = clock.now()
    change = DuelWrite(after, stored.version, iso(now), lines=ledger_lines(before, after, now), delays=delays)
    if after.status is DuelStatus.PLAYING:
        change.due_at = game.deadline
        change.notices = turn_notices(after, game)
    else:
        rate(after, change, closing)
    return change


def _delays(stored: StoredDuel, game: Game, records: Sequence[StepRecord]) -> dict[str, dict[int, int]]:
    """Each member's order delays per turn (whole seconds from the opening to their last submission)."""
    delays = {sub: dict(turns) for sub, turns in stored.delays.items()}
    for step_record in records:
        for side, submission in step_record.submissions.items():
            if submission.sent and submission.sent_at:
                delays.setdefault(game.players[side], {})[step_record.step] = order_delay(
                    parse_iso(step_record.opened_at), parse_iso(submission.sent_at)
                )
    return delays


def _turn_resolved(duel: Duel, game: Game, record: StepRecord, delays: dict[str, dict[int, int]],
                   closing: Closing | None = None) -> TurnResolved:
    """``closing``: what the end read (read only when the game is over), whose link makes the duel unrated."""
    last = record.step == game.epoch and game.status == "over"
    senders = frozenset(game.players[side] for side, missed in record.missed.items() if not missed)
    too_fast = frozenset(
        sub for sub in duel.members if faster_than_a_human(delays.get(sub, {}), record.step, last)
    )
    winner = game.players.get(game.winner) if last and game.winner in game.players else None
    return TurnResolved(record.step, parse_iso(record.resolved_at), senders=senders, too_fast=too_fast,
                        over=last, winner=winner, linked=closing is not None and closing.link is not None)


# ------------------------------------------------------------------ the end: linked accounts, ratings
@dataclass(frozen=True)
class Closing:
    """What a duel's end reads, in one request, before its last event is applied: both members' ratings,
    month lines and account creation, the pair's recent duels (the 24-hour rule), and what links the two
    members (linked accounts, judged at the end's time), if anything."""

    ratings: dict[str, Ratings]
    months: dict[str, MonthLine | None]
    created: dict[str, str]
    recent: PairRecent
    link: Link | None


def closing_read(store: Store, duel: Duel, at: datetime) -> Closing:
    """The end's read of a duel in play (``at``: the end's time, whose month is the board's). "Between linked
    accounts a duel is unrated": the link is passed with the end's event (``TurnResolved``, ``Abandon``)."""
    assert duel.opponent is not None, "a duel in play has two members"
    members = (duel.proposer, duel.opponent)
    standing = store.duels.standing(members, iso(at)[:7])
    return Closing(standing.ratings, standing.months, standing.created, standing.recent,
                   link_of(standing.seen, members, at))


def rate(duel: Duel, change: DuelWrite, closing: Closing | None) -> None:
    """A finished duel moves both members' game rating and common Elo, unless a rule says it is unrated; the
    changes are stored with the duel (and each member's line of the month's board). Between linked accounts
    each member gets a mark for moderators, in the same transaction. ``closing``: the end's read, made before
    the end's event (None only when no played duel can finish: a finished one without it is refused)."""
    if not duel.status.finished or duel.finished_at is None or duel.opponent is None:
        return
    month = iso(duel.finished_at)[:7]
    if closing is None:
        raise ValueError(f"duel {duel.id} finished without its end's read: linked accounts were not judged")
    ratings, months, created, recent = closing.ratings, closing.months, closing.created, closing.recent
    if duel.linked and closing.link is not None:
        change.marks = linked_marks(duel.id, (duel.proposer, duel.opponent), closing.link, iso(duel.finished_at))
    if change.delays:
        turns = max((turn for own in change.delays.values() for turn in own), default=0)
        change.marks = (*change.marks, *play_marks(duel.id, change.delays, turns, iso(duel.finished_at)))
    # The pair's duels that can still count for a later one: a duel caught up late may have finished a little
    # before one already written, so those within two windows stay.
    kept = [d for d in recent.duels if d.id != duel.id and d.finished_at is not None
            and d.finished_at > duel.finished_at - 2 * DAILY_LIMIT_WINDOW]
    change.recent = PairRecent((*kept, duel), recent.version)
    verdict = rating_verdict(duel, kept)
    if verdict is not None:
        change.rating_changes = {"rated": False, "why": str(verdict)}
        return
    changes = rate_duel(duel, {s: r.game for s, r in ratings.items()}, {s: r.elo for s, r in ratings.items()})
    change.rating_changes = {"rated": True, "game": {s: c.to_json() for s, c in changes.game.items()},
                             "elo": {s: c.points for s, c in changes.elo.items()}}
    for sub in duel.members:
        game_rating = changes.game[sub].apply(ratings[sub].game)
        change.ratings[sub] = (ratings[sub], game_rating, changes.elo[sub].apply(ratings[sub].elo))
        line = months[sub]
        change.months.append((MonthLine(sub, month, (line.rated if line else 0) + 1, game_rating.rating,
                                        created[sub]), line.rated if line else 0))
