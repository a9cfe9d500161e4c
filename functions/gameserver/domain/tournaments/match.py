"""A tournament match's game (the ``match`` mode): following it turn by turn, and what its end does to the
tournament.

"Each match is a game in correspondence, 12 hours per turn [...]: the first turn opens at once, with no start
room, and the game ends in 8 turns at most". The game is a game of the pipeline whose id is the match's
(``{tournament}-m{slot}``); its steps read the match item and the tournament as companions. Each turn's update of
the match (who sent, the order delays, the next turn's notices) rides in the step's own transaction, claimed by
the match's version; the turn that ends the game carries the tournament's update too (the result, the next match
created if both its players are now known, the ratings, the prizes of a final), claimed by the tournament's
version. When it cannot ride (the match lags its game, it was not read with the step, or nobody sent orders in
the first two turns, which also closes the game), ``after_step`` catches the match up once the step has
committed (``sync``); the match's own deadline in the due index makes the sweep do it if that fails too. Every
write is claimed by a version and every event is refused by the rules once applied, so catching up twice, late
or out of order changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gameserver.clock import Clock, parse_iso
from gameserver.domain.feinthold import rules
from gameserver.domain.tournaments import transition
from gameserver.domain.tournaments.transition import MATCH, Known, Moved, turn_notices
from gameserver.platform.fairplay import order_delay
from gameserver.platform.fairplay.delays import faster_than_a_human_in_game
from gameserver.platform.ids import is_match_id
from gameserver.platform.tournaments import (
    Freeze,
    GameOver,
    MatchStatus,
    NoOrders,
    Tallies,
    TournamentEvent,
    TournamentRuleError,
    apply,
    match_ref,
)
from gameserver.platform.tournaments import Stop as MatchStop
from gameserver.play.modes import Deadlines, Mode, Stop, StopReason, register
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import GameClose, StepCommit, StepRead
from gameserver.storage.records import Game, HiddenState, StepRecord
from gameserver.storage.tournaments import (
    MatchCompanion,
    MatchWrite,
    StoredMatch,
    StoredTournament,
    TournamentCompanion,
    TournamentWrite,
)

if TYPE_CHECKING:
    from gameserver.storage.games import Companion
    from gameserver.storage.port import Store, Write

log = logging.getLogger(__name__)

#: "A match with no orders from either side in its first two turns is void at once."
FIRST_TURNS = 2


class MatchMode(Mode):
    name = MATCH
    deadlines = Deadlines.TIMED

    def writes_with_step(self, store: Store, clock: Clock, commit: StepCommit, read: StepRead) -> Sequence[Write]:
        return riding_writes(store, clock, commit, read)

    def companions_as_written(self, riders: Sequence[Write]) -> dict[Companion, Any]:
        carried: dict[Companion, Any] = {}
        for write in riders:
            if isinstance(write, MatchWrite):
                match = write.match
                carried[MatchCompanion(match.tournament_id, match.slot)] = replace(
                    match, version=(write.before_version or 0) + 1)
            elif isinstance(write, TournamentWrite):
                tournament = write.tournament
                carried[TournamentCompanion(tournament.id)] = StoredTournament(
                    tournament, (write.before_version or 0) + 1)
        return carried

    def after_step(self, store: Store, clock: Clock, commit: StepCommit, riders: Sequence[Write]) -> None:
        """The match rode: its notices go out (and the first turn's timer of a match the step created). It did
        not: catch it up now; a failure is logged, never raised (the step stands, and the match's deadline in
        the due index, or the next request on it, catches it up)."""
        if riders:
            transition.after_commit(Moved.of(riders))
            return
        tournament_id, slot = match_ref(commit.game.game_id)
        try:
            sync(store, clock, tournament_id, slot, commit.records)
        except Exception:
            log.exception("match %s not caught up after step %s; the sweep will", commit.game.game_id,
                          commit.records[-1].step)


    def writes_with_stop(self, store: Store, clock: Clock, close: GameClose, read: StepRead, stop: Stop
                         ) -> Sequence[Write] | None:
        """A tournament match's game has the match's id: stopped, the match is void and the bracket goes on
        without it; frozen, the freeze's forfeit."""
        if not is_match_id(close.game.game_id):
            return ()
        moved = stopped_match(store, clock, *match_ref(close.game.game_id), stop)
        return None if moved is None else moved.writes

    def after_stop(self, store: Store, clock: Clock, close: GameClose, stop: Stop, writes: Sequence[Write]) -> None:
        """The notices go out, and the first turn's timer of a match the bracket's move created."""
        transition.after_commit(Moved.of(writes))



def stopped_match(store: Store, clock: Clock, tournament_id: str, slot: int, stop: Stop) -> Moved | None:
    """A match's game stopped (``play.stop``, which writes the game's end). By a moderator: "a stopped tournament
    match has no result, as if no orders were sent: neither player goes on, the next opponent advances without
    playing (stopping is not a freeze)". By a freeze (``tournaments.service.freeze``): "A freeze during it ends
    the member's current match at once as a forfeit, and every later opponent of theirs advances without
    playing" (the tournament's ``Freeze`` of every member frozen at once). The tournament's writes; None when the
    match lagged its game (caught up here: read again), has its result already or is missing."""
    read = store.tournaments.read_match(tournament_id, slot)
    if read.tournament is None:
        return None
    stored, game = read.match, read.game
    if stored is not None and game is not None and not stored.decided and game.epoch > stored.turns_passed:
        sync(store, clock, tournament_id, slot)  # the match lags its game: catch it up first
        return None
    now = clock.now()
    try:
        event: TournamentEvent = Freeze(stop.frozen or frozenset({stop.by}), now) \
            if stop.reason is StopReason.FROZEN else MatchStop(slot, now)
        after = apply(read.tournament.tournament, event)
    except TournamentRuleError:
        return None
    known = Known(matches={} if stored is None else {slot: stored}, games={} if game is None else {slot: game},
                  ended_on_board=frozenset({slot}))
    return transition.writes(store, read.tournament, after, now, known=known)


MODE = register(MatchMode())


def followed(stored: StoredMatch, game: Game, records: Sequence[StepRecord]) -> StoredMatch:
    """The match after the turns of ``records`` (in order, each the next one): who sent orders themselves, and
    each member's order delay ("whole seconds from a turn opening to the member's last full submission")."""
    senders, delays = set(stored.senders), {sub: dict(turns) for sub, turns in stored.delays.items()}
    for record in records:
        for side, submission in record.submissions.items():
            if not record.missed.get(side, True) and submission.sent_at:
                member = game.players[side]
                senders.add(member)
                delays.setdefault(member, {})[record.step] = order_delay(parse_iso(record.opened_at),
                                                                         parse_iso(submission.sent_at))
    return replace(stored, turns_passed=stored.turns_passed + len(records), senders=frozenset(senders),
                   delays=delays)


def too_fast(progress: StoredMatch) -> frozenset[str]:
    """The players whose orders were faster than a human's at any judged moment of the turns played: "A match is
    a duel for fair play: a player whose orders were faster than a human's loses it"."""
    return frozenset(member for member in progress.players
                     if faster_than_a_human_in_game(progress.delays.get(member, {}), progress.turns_passed))


def _void(stored: StoredMatch, records: Sequence[StepRecord], game: Game) -> StepRecord | None:
    """The record of the turn that makes the match void, if any: its first two turns (or a shorter game's
    turns) passed with no orders from either side."""
    if stored.turns_passed >= FIRST_TURNS:
        return None  # judged when its second turn passed
    early = [r for r in records if r.step <= FIRST_TURNS]
    judged = (early and early[-1].step == FIRST_TURNS) or (game.status == "over" and early)
    if not judged:
        return None
    if stored.senders or followed(stored, game, early).senders:
        return None
    return early[-1]


def _game_over(game: Game, board: HiddenState, progress: StoredMatch, at: str) -> GameOver:
    """The end of the game on the board: its winner (None for a draw, then both players' tallies break it)."""
    slot = match_ref(game.game_id)[1]
    winner = game.players.get(game.winner) if game.winner in game.players else None
    counts = rules().tallies(rules().load(board.state))
    tallies = {game.players[side]: Tallies(*count) for side, count in counts.items()}
    return GameOver(slot, parse_iso(at), winner, tallies, too_fast(progress))


def riding_writes(store: Store, clock: Clock, commit: StepCommit, read: StepRead) -> list[Write]:
    """The match's update for the step ``commit`` writes, to ride in its transaction (built from the match and
    the tournament read with the step, so the transaction's claims on their versions cover it): the turn's
    senders, delays and notices, or the game's end on the board with all it does to the tournament.

    Nothing when it cannot ride, and ``after_step`` catches the match up once the step has committed: the match
    or the tournament was not read with the step, the match lags its game, the step is not the next turn, the
    match is void (its game must be closed too), or building the end failed."""
    game = commit.game
    tournament_id, slot = match_ref(game.game_id)
    stored = read.companions.get(MatchCompanion(tournament_id, slot))
    held = read.companions.get(TournamentCompanion(tournament_id))
    if stored is None or held is None or len(commit.records) != 1:
        return []
    record = commit.records[0]
    try:
        if stored.decided or stored.turns_passed != game.epoch - 1 or record.step != stored.turns_passed + 1 \
                or held.tournament.match(slot).status is not MatchStatus.PLAYING or _void(stored, [record], game):
            return []
        progress = followed(stored, game, [record])
        if game.status == "open":
            return [MatchWrite(progress, stored.version, due_at=game.deadline,
                               notices=turn_notices(tournament_id, game))]
        event = _game_over(game, commit.board, progress, record.resolved_at)
        after = apply(held.tournament, event)
        moved = transition.writes(store, held, after, clock.now(),
                                  known=Known(matches={slot: progress}, ended_on_board=frozenset({slot})))
    except Exception:
        log.exception("match %s does not ride step %s; it is caught up after", game.game_id, record.step)
        return []
    return moved.writes


def sync(store: Store, clock: Clock, tournament_id: str, slot: int, records: Sequence[StepRecord] = ()) -> str:
    """Catch the match up with its game: the turns its game resolved since, then its end (on the board, or void
    when nobody sent orders in the first two turns, which also closes the game) with all it does to the
    tournament.

    ``synced``, ``current`` (nothing to do), ``closed`` (the match is decided), ``missing``, ``contended``."""
    for _ in range(ATTEMPTS):
        read = store.tournaments.read_match(tournament_id, slot)
        held, stored, game = read.tournament, read.match, read.game
        if held is None or stored is None or game is None:
            return "missing"
        if stored.decided or held.tournament.match(slot).status is not MatchStatus.PLAYING:
            return "closed"
        if game.epoch <= stored.turns_passed:
            return "current"
        wanted = range(stored.turns_passed + 1, game.epoch + 1)
        known = [r for r in records if r.step in wanted]
        if [r.step for r in known] != list(wanted):
            known = [r for r in store.games.step_records(game.game_id) if r.step in wanted]
        progress = followed(stored, game, known)
        void = _void(stored, known, game)
        event: TournamentEvent | None = None
        if void is not None:
            event = NoOrders(slot, parse_iso(void.resolved_at))
        elif game.status == "over":
            board = store.games.board(game.game_id)
            if board is None:
                return "missing"
            event = _game_over(game, board, progress, known[-1].resolved_at)
        try:
            if event is None:
                moved = Moved([MatchWrite(progress, stored.version, due_at=game.deadline,
                                          notices=turn_notices(tournament_id, game))])
                moved.notices = Moved.of(moved.writes).notices
            else:
                try:
                    after = apply(held.tournament, event)
                except TournamentRuleError:
                    return "closed"
                moved = transition.writes(
                    store, held, after, clock.now(),
                    known=Known(matches={slot: progress}, games={slot: game},
                                ended_on_board=frozenset({slot}) if game.status == "over" else frozenset()))
            store.transact(moved.writes)
        except WriteConflict:
            continue
        transition.after_commit(moved)
        return "synced"
    return "contended"

